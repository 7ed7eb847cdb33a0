package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net"
	"strconv"
	"strings"
	"testing"
)

type decodeInner struct {
	X int `json:"x"`
}

func TestDecode(t *testing.T) {
	var in struct {
		A int8   `json:"a"`
		B []byte `json:"b"`
	}
	if err := Decode(json.RawMessage(`{"a":3,"b":"aGk="}`), &in); err != nil || in.A != 3 || string(in.B) != "hi" {
		t.Errorf("Decode = %v, %+v", err, in)
	}
	if err := Decode(nil, &in); err != nil {
		t.Errorf("Decode(nil) = %v", err)
	}
	err := Decode(json.RawMessage(`{"a":300}`), &in)
	var ae *ArgumentError
	if !errors.As(err, &ae) || ae.Violations[0].Path != "a" || !strings.Contains(err.Error(), `"a": must be an integer from -128 to 127 (got 300)`) {
		t.Errorf("Decode overflow = %v", err)
	}
	var ints struct {
		A int          `json:"a"`
		B []uint8      `json:"b"`
		C float64      `json:"c"`
		D string       `json:"d"`
		E int64        `json:"e"`
		F *decodeInner `json:"f"`
	}
	if err := Decode(json.RawMessage(`{"a":1.0,"b":[2e0,3.00,40E-1],"c":1.5,"d":"1.0","e":-9.223372036854775808e18,"f":{"x":1.0}}`), &ints); err != nil ||
		ints.A != 1 || len(ints.B) != 3 || ints.B[2] != 4 || ints.C != 1.5 || ints.D != "1.0" || ints.E != -9223372036854775808 || ints.F.X != 1 {
		t.Errorf("Decode of integral numbers = %v, %+v", err, ints)
	}
	var u struct{ U uint }
	if err := Decode(json.RawMessage(`{"U":-0}`), &u); err != nil {
		t.Errorf("Decode of -0 into uint = %v", err)
	}
	if err := Decode(json.RawMessage(`{"a":1.5}`), &ints); err == nil || !strings.Contains(err.Error(), `"a": must be an integer from `+strconv.Itoa(math.MinInt)+` to `+strconv.Itoa(math.MaxInt)+` (got 1.5)`) {
		t.Errorf("Decode of 1.5 into int = %v", err)
	}
	err = Decode(json.RawMessage(`{"a":`), &in)
	if !errors.As(err, &ae) {
		t.Errorf("Decode syntax error = %T %v", err, err)
	}
}

const nullAbsentSchema = `{"type":"object","additionalProperties":false,
	"properties":{
		"a":{"type":"integer"},
		"b":{"type":"string"},
		"o":{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"},"y":{"type":"boolean"}},"required":["x"]}
	},
	"required":["a"]}`

// TestNullAsAbsent calls a tool as a client does: null for an optional
// argument is accepted and decodes as its absence; null for a required one
// is still rejected.
func TestNullAsAbsent(t *testing.T) {
	s := NewServer("t", "1")
	var got string
	s.MustAddTool(Tool{Name: "f", InputSchema: nullAbsentSchema, Handler: func(_ context.Context, args json.RawMessage) (*Result, error) {
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
		`{"n":[1,2,"3"]}`:                                 `invalid arguments: "n[2]": must be an integer from ` + strconv.Itoa(math.MinInt) + ` to ` + strconv.Itoa(math.MaxInt) + ` (got a string)`,
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
