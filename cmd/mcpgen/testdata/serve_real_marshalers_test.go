package real_marshalers

// This test is added to testdata/gen_real_marshalers, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// every value its schema admits is decoded as promised, null for an
// optional field is its absence, and a value the type's own decoder
// rejects is named by its path.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("real", "1.0.0")
	RegisterTools(srv)
	const order = `"amount":123456789012345678901234567890,"host":"192.0.2.1","addr":"2001:db8::1","version":"v1.2.3",` +
		`"at":"2026-12-01T10:00:00+01:00","price":{"cents":1234,"currency":"EUR"},"token":"customer-42"`
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result, as JSON
	}{
		{"place", `{` + order + `}`, []string{`"amount":123456789012345678901234567890`, `"host":"192.0.2.1"`, `"addr":"2001:db8::1"`,
			`"version":"v1.2.3"`, `"at":"2026-12-01T10:00:00+01:00"`, `"code":"EUR"`, `"level":"INFO"`, `"ratio":null`,
			`customer-42 - `}},
		{"place", `{` + order + `,"ratio":"1/3","precise":"1.5e3","network":"192.0.2.0/24","level":"WARN+2","note":"n","extra":[1],"meta":{"a":null},"any":null}`,
			[]string{`"ratio":"1/3"`, `"level":"WARN+2"`, `customer-42 n 192.0.2.0/24`}},
		// JSON Schema integers with a fraction or exponent.
		{"place", `{` + strings.Replace(order, `123456789012345678901234567890`, `1.5e3`, 1) + `}`, []string{`"amount":1500`}},
		// null for optional fields is their absence.
		{"place", `{` + order + `,"note":null,"ratio":null,"network":null,"level":null}`, []string{`"ratio":null`, `customer-42 - `}},
		// The schema rejects what the types would.
		{"place", `{` + strings.Replace(order, `v1.2.3`, `1.2`, 1) + `}`, []string{`"isError":true`, `\"version\": must match the pattern`}},
		{"place", `{` + strings.Replace(order, `EUR`, `eur`, 1) + `}`, []string{`"isError":true`, `\"price.currency\": must match the pattern`}},
		{"place", `{` + strings.Replace(order, `"192.0.2.1"`, `null`, 1) + `}`, []string{`"isError":true`, `\"host\"`}},
		// What only the type's own decoder rejects is named by its path.
		{"place", `{` + strings.Replace(order, `2001:db8::1`, `not-an-ip`, 1) + `}`, []string{`"isError":true`, `\"addr\": ParseAddr(\"not-an-ip\")`}},
		{"lookup", `{"code":"USD","at":"2026-01-02T03:04:05Z","amount":null}`, []string{`"text":"USD 2026 \u003cnil\u003e"`}},
		{"lookup", `{"code":"USD","at":"2026-01-02T03:04:05Z","amount":7}`, []string{`"text":"USD 2026 7"`}},
	} {
		res, err := srv.Call(t.Context(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, _ := json.Marshal(res)
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s %s:\n got %s\nwant %s", c.name, c.args, b, w)
			}
		}
	}
}
