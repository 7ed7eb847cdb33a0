package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
)

const nullSchema = `{"type":"object","additionalProperties":false,
	"properties":{
		"a":{"type":"integer"},
		"b":{"type":"string"},
		"c":{"oneOf":[{"type":"string"},{"type":"null"}]},
		"d":{},
		"o":{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"},"y":{"type":"boolean"}},"required":["x"]},
		"l":{"type":"array","items":{"type":"object","properties":{"z":{"type":"string"}}}}
	},
	"required":["a"]}`

func TestDropNullOptionals(t *testing.T) {
	v, err := compileSchema(nullSchema)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`{"a":1}`:                `{"a":1}`,
		`{"a":1,"b":null}`:       `{"a":1}`,
		`{"b":null,"a":1}`:       `{"a":1}`,
		`{ "b" : null , "a":1 }`: `{ "a":1 }`,
		`{"b":null}`:             `{}`,
		`{"a":null,"b":null}`:    `{"a":null}`, // a is required: null stays, and is rejected
		`{"a":1,"b":null,"o":{"x":null,"y":null}}`:   `{"a":1,"o":{"x":null}}`,
		`{"a":1,"c":null,"d":null}`:                  `{"a":1,"c":null,"d":null}`, // they admit null
		`{"a":1,"l":[{"z":null},{"z":"q"},null]}`:    `{"a":1,"l":[{},{"z":"q"},null]}`,
		`{"a":1,"\u0062":null}`:                      `{"a":1}`,
		`{"a":1,"zz":null}`:                          `{"a":1,"zz":null}`, // unknown: the validator says so
		`{"a":1,"b":null`:                            `{"a":1,"b":null`,   // invalid: left to the validator
		`{"b":null,"b":null,"a":1}`:                  `{"a":1}`,
		`{"a":1,"b":null,"c":"x","o":null,"l":null}`: `{"a":1,"c":"x"}`,
		`{"a":1 , "b":null , "l":null }`:             `{"a":1 }`,
		`{"b":null,"l":null}`:                        `{}`,
		`{"b":null,"a":2,"l":null}`:                  `{"a":2}`,
	} {
		if got := string(dropNullOptionals([]byte(in), v.root)); got != want {
			t.Errorf("dropNullOptionals(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestNullAsAbsent calls a tool as a client does: null for an optional
// argument is accepted and decodes as its absence; null for a required one
// is still rejected.
func TestNullAsAbsent(t *testing.T) {
	s := NewServer("t", "1")
	var got string
	s.MustAddTool(Tool{Name: "f", InputSchema: nullSchema, Handler: func(_ context.Context, args json.RawMessage) (*Result, error) {
		got = string(args)
		var in struct {
			A int     `json:"a"`
			B *string `json:"b,omitempty"`
		}
		if err := Decode(args, &in); err != nil {
			return nil, err
		}
		if in.B != nil {
			return nil, errors.New("b is not nil")
		}
		return TextResult("ok"), nil
	}})
	res, err := s.Call(t.Context(), "f", json.RawMessage(`{"a":1,"b":null,"o":{"x":2,"y":null}}`), nil)
	if err != nil || res.IsError {
		t.Fatalf("null for optional arguments: %v %+v", err, res)
	}
	if got != `{"a":1,"o":{"x":2}}` {
		t.Errorf("the handler got %s", got)
	}
	res, err = s.Call(t.Context(), "f", json.RawMessage(`{"a":null}`), nil)
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*TextContent).Text, `"a": `) {
		t.Errorf("null for a required argument: %v %+v", err, res)
	}
}

func TestDecodeErrorPath(t *testing.T) {
	type host struct {
		IP net.IP `json:"ip"`
	}
	var in struct {
		Hosts []host          `json:"hosts"`
		ByKey map[string]host `json:"by_key"`
		N     []int           `json:"n"`
		One   net.IP          `json:"one"`
	}
	for args, want := range map[string]string{
		`{"hosts":[{"ip":"1.2.3.4"},{"ip":"not-an-ip"}]}`: `invalid arguments: "hosts[1].ip": invalid IP address: not-an-ip`,
		`{"by_key":{"my key":{"ip":"x"}}}`:                `invalid arguments: "by_key[\"my key\"].ip": invalid IP address: x`,
		`{"one":"y"}`:                                     `invalid arguments: "one": invalid IP address: y`,
		`{"n":[1,2,"3"]}`:                                 `invalid arguments: "n[2]": must be a value of Go type int (got string)`,
	} {
		buf := []byte(args)
		err := Decode(buf, &in)
		if err == nil || err.Error() != want {
			t.Errorf("Decode(%s) = %v\nwant %s", args, err, want)
		}
		// Finding the path must not write into the caller's arguments
		// (Server.Call's, or a request buffer).
		if string(buf) != args {
			t.Errorf("Decode changed its arguments %s to %s", args, buf)
		}
	}
	// A failing member followed by another: its value is a subslice of
	// the arguments with room after it.
	args := `{"one":"y","hosts":[]}`
	buf := []byte(args)
	if err := Decode(buf, &in); err == nil || string(buf) != args {
		t.Errorf("Decode(%s) = %v, arguments now %s", args, err, buf)
	}
}
