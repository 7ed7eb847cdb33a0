package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

var updateMessages = flag.Bool("update", false, "rewrite testdata/messages.txt")

// messageCases is one call for every class of isError text the runtime
// writes: each validation rule, each decoding failure, and the runtime's
// own texts. A host puts content[0].text before the model (Claude Code and
// Codex show no structuredContent), so each must be one short line that
// names the field and says what to send.
var messageCases = []struct {
	class, schema, args string
}{
	{"type", `{"type":"object","properties":{"a":{"type":"number"}}}`, `{"a":"x"}`},
	{"type, several", `{"type":"object","properties":{"a":{"type":["string","null"]}}}`, `{"a":1}`},
	{"required", `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`, `{}`},
	{"required, null", `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`, `{"q":null}`},
	{"unknown property", `{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"additionalProperties":false}`, `{"qurey":"x"}`},
	{"unknown property, many known", `{"type":"object","properties":{"a1":{},"a2":{},"a3":{},"a4":{},"a5":{},"a6":{},"a7":{},"a8":{},"a9":{},"a10":{},"a11":{},"a12":{}},"additionalProperties":false}`, `{"b":1}`},
	{"unknown property, patternProperties", `{"type":"object","patternProperties":{"^x-":{}},"additionalProperties":false}`, `{"b":1}`},
	{"enum", `{"type":"object","properties":{"u":{"type":"string","enum":["celsius","fahrenheit"]}}}`, `{"u":"kelvin"}`},
	{"const", `{"type":"object","properties":{"v":{"const":2}}}`, `{"v":3}`},
	{"minLength", `{"type":"object","properties":{"s":{"type":"string","minLength":3}}}`, `{"s":"ab"}`},
	{"maxLength", `{"type":"object","properties":{"s":{"type":"string","maxLength":3}}}`, `{"s":"abcd"}`},
	{"pattern", `{"type":"object","properties":{"id":{"type":"string","pattern":"^R[0-9]+$"}}}`, `{"id":"X1"}`},
	{"pattern, long", `{"type":"object","properties":{"id":{"type":"string","pattern":"^(?:[a-z0-9!#$%&'*+/=?^_{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_{|}~-]+)*|\"(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x21\\x23-\\x5b\\x5d-\\x7f]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])*\")$"}}}`, `{"id":"a b"}`},
	{"pattern, long, described", `{"type":"object","properties":{"id":{"type":"string","pattern":"^(?:[a-z0-9!#$%&'*+/=?^_{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_{|}~-]+)*|\"(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x21\\x23-\\x5b\\x5d-\\x7f]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])*\")$","description":"An email address's local part, as RFC 5322 allows."}}}`, `{"id":"a b"}`},
	{"pattern, a quoted integer", `{"type":"object","properties":{"n":{"type":"string","pattern":"^(?:0|[1-9][0-9]?|1[01][0-9]|12[0-7]|-(?:[1-9][0-9]?|1[01][0-9]|12[0-8]))$"}}}`, `{"n":"300"}`},
	{"property name, an integer key", `{"type":"object","properties":{"m":{"type":"object","propertyNames":{"pattern":"^(?:0|[1-9][0-9]?|1[0-9]{2}|2[0-4][0-9]|25[0-5])$"}}}}`, `{"m":{"x":1}}`},
	{"format", `{"type":"object","properties":{"at":{"type":"string","format":"date-time"}}}`, `{"at":"tomorrow"}`},
	{"base64", `{"type":"object","properties":{"b":{"type":"string","contentEncoding":"base64"}}}`, `{"b":"not base64!"}`},
	{"minimum", `{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}`, `{"n":0}`},
	{"maximum", `{"type":"object","properties":{"n":{"type":"integer","maximum":255}}}`, `{"n":300}`},
	{"exclusiveMinimum", `{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0}}}`, `{"n":0}`},
	{"exclusiveMaximum", `{"type":"object","properties":{"n":{"type":"number","exclusiveMaximum":1}}}`, `{"n":1}`},
	{"multipleOf", `{"type":"object","properties":{"n":{"type":"number","multipleOf":0.25}}}`, `{"n":0.3}`},
	{"minItems", `{"type":"object","properties":{"l":{"type":"array","minItems":1}}}`, `{"l":[]}`},
	{"maxItems", `{"type":"object","properties":{"l":{"type":"array","maxItems":2}}}`, `{"l":[1,2,3]}`},
	{"uniqueItems", `{"type":"object","properties":{"l":{"type":"array","uniqueItems":true}}}`, `{"l":[1,2,1]}`},
	{"minProperties", `{"type":"object","properties":{"m":{"type":"object","minProperties":1}}}`, `{"m":{}}`},
	{"maxProperties", `{"type":"object","properties":{"m":{"type":"object","maxProperties":1}}}`, `{"m":{"a":1,"b":2}}`},
	{"anyOf, nullable", `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer","maximum":10},{"type":"null"}]}}}`, `{"n":30}`},
	{"anyOf, types", `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer"},{"type":"string"}]}}}`, `{"n":true}`},
	{"anyOf", `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer","maximum":1},{"type":"integer","minimum":10}]}}}`, `{"n":5}`},
	{"anyOf, objects", `{"type":"object","properties":{"n":{"anyOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}}}`, `{"n":{}}`},
	{"anyOf, other", `{"type":"object","properties":{"n":{"anyOf":[{"type":"object","required":["a","b"]},{"type":"object","required":["c","d"]}]}}}`, `{"n":{}}`},
	{"anyOf, objects, a discriminator", `{"type":"object","$defs":{"circle":{"title":"a circle","type":"object","properties":{"kind":{"const":"circle"},"radius":{"type":"number"}},"required":["kind","radius"]},"rect":{"title":"a rectangle","type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},"required":["kind","w","h"]}},"properties":{"shape":{"anyOf":[{"$ref":"#/$defs/circle"},{"$ref":"#/$defs/rect"}]}}}`, `{"shape":{"kind":"circle","w":1,"h":2}}`},
	{"oneOf, none", `{"type":"object","properties":{"n":{"oneOf":[{"type":"string"},{"type":"boolean"}]}}}`, `{"n":1}`},
	{"oneOf", `{"type":"object","properties":{"n":{"oneOf":[{"type":"integer"},{"type":"number"}]}}}`, `{"n":1}`},
	{"not", `{"type":"object","properties":{"n":{"not":{"type":"string"}}}}`, `{"n":"x"}`},
	{"not, required", `{"type":"object","properties":{"n":{"type":"object","not":{"required":["id"]}}}}`, `{"n":{"id":1}}`},
	{"not, other", `{"type":"object","properties":{"n":{"not":{"type":"string","minLength":2}}}}`, `{"n":"xy"}`},
	{"if/then", `{"type":"object","properties":{"kind":{"type":"string"},"url":{"type":"string"}},"if":{"properties":{"kind":{"const":"link"}}},"then":{"required":["url"]}}`, `{"kind":"link"}`},
	{"duplicate key", `{"type":"object"}`, `{"a":1,"a":2}`},
	{"invalid UTF-8", `{"type":"object","properties":{"s":{"type":"string"}}}`, "{\"s\":\"\xff\"}"},
	{"unpaired surrogate", `{"type":"object","properties":{"s":{"type":"string"}}}`, `{"s":"\ud800"}`},
	{"nested path", `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"qty":{"type":"integer","maximum":255}}}}}}`, `{"items":[{"qty":1},{"qty":2},{"qty":300}]}`},
	{"several violations", `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["c"]}`, `{"a":"x","b":"y"}`},
	{"too many violations", `{"type":"object","additionalProperties":{"type":"number"}}`, `{"a":"","b":"","c":"","d":"","e":"","f":"","g":"","h":"","i":"","j":"","k":"","l":""}`},
}

// decodeCases are the failures of Decode, after validation passed.
var decodeCases = []struct {
	class, args string
	into        func() any
}{
	{"Go integer range", `{"count":9223372036854775808}`, func() any { return new(struct{ Count int64 }) }},
	{"Go unsigned range", `{"count":-1}`, func() any { return new(struct{ Count uint32 }) }},
	{"Go float32 range", `{"x":1e39}`, func() any {
		return new(struct {
			X float32 `json:"x"`
		})
	}},
	{"Go type", `{"n":"3"}`, func() any {
		return new(struct {
			N []int `json:"n"`
		})
	}},
	{"a type's own decoder", `{"hosts":[{"ip":"10.0.0.1"},{"ip":"not-an-ip"}]}`, func() any {
		return new(struct{ Hosts []struct{ IP netip.Addr } })
	}},
}

// TestMessages writes one isError text of every class to
// testdata/messages.txt (go test -run TestMessages -update rewrites it), so
// that a change of wording shows in review, and holds each to the rule: one
// line, short, in content[0].text (the only content, no structuredContent).
func TestMessages(t *testing.T) {
	s := NewServer("messages", "1.0.0")
	var b strings.Builder
	b.WriteString("# One isError text of every class, as content[0].text; see TestMessages.\n")
	call := func(class, name, args string) {
		t.Helper()
		res, err := s.Call(context.Background(), name, json.RawMessage(args), nil)
		if err != nil {
			t.Fatalf("%s: %v", class, err)
		}
		wire, _ := json.Marshal(res)
		var got struct {
			Content []struct {
				Type, Text string
			} `json:"content"`
			IsError    bool            `json:"isError"`
			Structured json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(wire, &got); err != nil || !got.IsError || len(got.Content) != 1 || got.Content[0].Type != "text" || got.Structured != nil {
			t.Errorf("%s: not one isError text block: %s", class, wire)
			return
		}
		text := got.Content[0].Text
		// Up to 10 violations are listed, so that a model can correct
		// them all at once: each is short.
		max := 200
		if n := strings.Count(text, `; "`) + 1; n > 1 {
			max = 120 * n
		}
		if strings.ContainsAny(text, "\n\r") || utf8.RuneCountInString(text) > max || !utf8.ValidString(text) {
			t.Errorf("%s: not one short line (%d characters): %q", class, utf8.RuneCountInString(text), text)
		}
		if a := []rune(args); len(a) > 70 {
			args = string(a[:60]) + "…"
		}
		fmt.Fprintf(&b, "\n%s\n  %s\n  %s\n", class, strings.ToValidUTF8(args, `\xff`), text)
	}
	b.WriteString("\n## Validation (the input schema)\n")
	for i, c := range messageCases {
		name := fmt.Sprintf("v%d", i)
		s.MustAddTool(Tool{Name: name, InputSchema: c.schema, Handler: func(context.Context, json.RawMessage) (*Result, error) {
			return TextResult("ok"), nil
		}})
		call(c.class, name, c.args)
	}
	b.WriteString("\n## Decoding (runtime.Decode, as generated handlers call it)\n")
	for i, c := range decodeCases {
		name := fmt.Sprintf("d%d", i)
		s.MustAddTool(Tool{Name: name, InputSchema: `{"type":"object"}`, Handler: func(_ context.Context, args json.RawMessage) (*Result, error) {
			if err := Decode(args, c.into()); err != nil {
				return nil, err
			}
			return TextResult("ok"), nil
		}})
		call(c.class, name, c.args)
	}
	b.WriteString("\n## The runtime's own\n")
	s.MustAddTool(Tool{Name: "explode", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*Result, error) {
		panic("boom")
	}})
	call("a panic", "explode", `{}`)
	s.MustAddTool(Tool{Name: "nan", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*Result, error) {
		return StructuredResult(map[string]float64{"x": 0 * func() float64 { return 1 }() / 0})
	}})
	call("a result that cannot be encoded", "nan", `{}`)
	s.MustAddTool(Tool{Name: "ask", InputSchema: `{"type":"object"}`, Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
		_, err := Sample(ctx, &SamplingRequest{Messages: []SamplingMessage{UserText("hi")}, MaxTokens: 10})
		return nil, err
	}})
	call("a question the client cannot take (returned by the tool)", "ask", `{}`)
	s.MustAddTool(Tool{Name: "fail", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*Result, error) {
		return nil, errors.New("cannot divide by zero: b must not be 0")
	}})
	call("a tool's own error (its text, as is)", "fail", `{}`)

	const file = "testdata/messages.txt"
	if *updateMessages {
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test -run TestMessages -update writes it)", err)
	}
	if string(want) != b.String() {
		t.Errorf("the messages changed (go test -run TestMessages -update rewrites %s after review):\n%s", file, b.String())
	}
}
