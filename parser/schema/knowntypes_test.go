package schema

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// TestKnownTypes checks the schema of each known standard-library type
// against encoding/json: every sample the schema admits decodes into the
// type (the runtime's validation, then runtime.Decode, as a tool call
// does), except that a string the schema states no pattern for (an IP
// address, a regular expression) may fail the type's parser, with an
// error that names the argument; and what encoding/json writes for the
// decoded value is admitted by the schema again.
func TestKnownTypes(t *testing.T) {
	samples := []string{`0`, `-7`, `1.0`, `1e3`, `1.5`, `123456789012345678901234567890`, `"1.5"`, `"-2e10"`, `"+Inf"`, `"inf"`,
		`"1/3"`, `"-1/3"`, `"1/0"`, `"2"`, `"1e9999"`, `"192.0.2.1"`, `"2001:db8::1"`, `"fe80::1%eth0"`, `""`, `"x"`,
		`"192.0.2.0/24"`, `"192.0.2.1:80"`, `"[2001:db8::1]:443"`, `"INFO"`, `"WARN+2"`, `"DEBUG-1"`, `"info"`, `"a+b*"`,
		`"2026-12-01T10:00:00Z"`, `true`, `null`, `[]`, `{}`}
	types := map[string]any{
		"time.Time": new(time.Time), "encoding/json.RawMessage": new(json.RawMessage), "encoding/json.Number": new(json.Number),
		"math/big.Int": new(big.Int), "math/big.Float": new(big.Float), "math/big.Rat": new(big.Rat),
		"net.IP": new(net.IP), "net/netip.Addr": new(netip.Addr), "net/netip.AddrPort": new(netip.AddrPort),
		"net/netip.Prefix": new(netip.Prefix), "log/slog.Level": new(slog.Level), "regexp.Regexp": new(regexp.Regexp),
	}
	for key := range knownTypes {
		if types[key] == nil {
			t.Errorf("no sample value of %s", key)
		}
	}
	for key, ptr := range types {
		k, ok := knownTypes[key]
		if !ok {
			t.Errorf("%s is not a known type", key)
			continue
		}
		text, err := Marshal(k.schema())
		if err != nil {
			t.Fatal(err)
		}
		typ := reflect.TypeOf(ptr).Elem()
		srv := runtime.NewServer("t", "1")
		var decodeErr error
		srv.MustAddTool(runtime.Tool{Name: "f", InputSchema: `{"type":"object","properties":{"v":` + text + `},"required":["v"]}`,
			Handler: func(_ context.Context, args json.RawMessage) (*runtime.Result, error) {
				in := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: reflect.PointerTo(typ), Tag: `json:"v"`}}))
				decodeErr = runtime.Decode(args, in.Interface())
				if decodeErr != nil {
					return nil, decodeErr
				}
				out, err := json.Marshal(in.Elem().Field(0).Interface())
				if err != nil {
					return nil, err
				}
				return runtime.TextResult(string(out)), nil
			}})
		admitted := 0
		for _, sample := range samples {
			decodeErr = nil
			res, err := srv.Call(t.Context(), "f", json.RawMessage(`{"v":`+sample+`}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			if decodeErr != nil {
				if s := k.schema(); s.Type != "string" || s.Pattern != "" || !strings.HasPrefix(decodeErr.Error(), `invalid arguments: "v": `) {
					t.Errorf("%s: the schema admits %s, but it does not decode: %v", key, sample, decodeErr)
				}
				continue
			}
			if res.IsError {
				continue // the schema rejects it
			}
			admitted++
			written := res.Content[0].(*runtime.TextContent).Text
			if written == "null" {
				continue // a nil pointer; the field is not required to be non-null in an output schema
			}
			again, err := srv.Call(t.Context(), "f", json.RawMessage(`{"v":`+written+`}`), nil)
			if err != nil || again.IsError {
				t.Errorf("%s: encoding/json writes %s (from %s), which the schema does not admit", key, written, sample)
			}
		}
		if admitted == 0 {
			t.Errorf("%s: the schema admits none of the samples", key)
		}
	}
}
