package schema

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

// This file checks the promise of the package against the real runtime:
// whatever an input schema admits, encoding/json decodes into the Go type
// without error and without a silent change; whatever encoding/json writes
// for a Go value, the output schema admits.
//
// One relaxation, for portability: the schema states no numeric bound
// beyond ±(2^53−1) (see portable.go), so it may admit a number beyond the
// range of the Go type (int64, uint, float32...). runtime.Decode then
// rejects it with an error that names the field's path and the Go type;
// rangeRejection recognises exactly that, and nothing else is excused.
//
// For every corpus type it derives a valid instance from our input schema,
// then replaces each value in it, one at a time, by tricky values (null,
// out-of-range and fractional numbers, non-canonical strings, unknown
// members...). Each document goes through runtime validation and, when
// admitted, runtime.Decode; a decode failure, or a value that does not
// survive decoding and encoding again, is an error. Every decoded value and
// every zero value is then encoded and validated against the output schema.

// trickyValues replace a value in a valid instance.
var trickyValues = []string{
	`null`, `true`, `0`, `-1`, `1.5`, `1.0`, `1e2`, `127`, `128`, `-129`, `255`, `256`, `65536`,
	`2147483648`, `4294967296`, `9223372036854775807`, `9223372036854775808`, `18446744073709551616`,
	`-9223372036854775809`, `3.5e38`, `1e400`, `""`, `"x"`, `"0"`, `"128"`, `"-0"`, `"007"`, `"1.5"`,
	`"1e3"`, `"true"`, `"null"`, `"QQ"`, `"QUJD"`, `"2006-01-02T15:04:05Z"`, `[]`, `[null]`, `[1,1]`, `{}`,
	`{"x":1}`, `{"128":"a"}`, `{"-1":"a","7":"b"}`, `{"007":"a"}`, `{"x":null}`,
}

type e2eServer struct {
	srv      *runtime.Server
	mu       sync.Mutex
	failures []string // decode failures after validation
	relaxed  int      // numbers beyond a Go type's range, rejected by Decode (rangeRejection)
	decoded  map[string][]any
}

// instance returns a valid instance of schema s (resolving refs in root).
func instance(t *testing.T, root map[string]any, schema any) any {
	t.Helper()
	s, ok := schema.(map[string]any)
	if !ok {
		return 1 // the true schema: any value
	}
	if ref, ok := s["$ref"].(string); ok {
		return instance(t, root, at(t, root, strings.TrimPrefix(ref, "#/")).(map[string]any))
	}
	if one, ok := s["oneOf"].([]any); ok {
		return instance(t, root, one[0])
	}
	if enum, ok := s["enum"].([]any); ok {
		return enum[0]
	}
	switch s["type"] {
	case "object":
		obj := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		for _, name := range req {
			obj[name.(string)] = instance(t, root, props[name.(string)])
		}
		return obj
	case "array":
		var arr []any
		n := 0
		if m, ok := s["minItems"].(float64); ok {
			n = int(m)
		}
		items := s["items"]
		for i := range n {
			v := instance(t, root, items)
			if f, ok := v.(float64); ok {
				v = f + float64(i) // unique items
			}
			arr = append(arr, v)
		}
		if arr == nil {
			arr = []any{}
		}
		return arr
	case "string":
		for _, c := range []string{"a", "A", "QUJD", "0", "AB", "abc", "2006-01-02T15:04:05Z", "a@example.com",
			"123e4567-e89b-12d3-a456-426614174000", "false"} {
			if stringOK(s, c) {
				return c
			}
		}
		t.Fatalf("no string instance for %v", s)
	case "integer", "number":
		for _, c := range []float64{0, 5, 0.5, 1, -1} {
			if numberOK(s, c) {
				return c
			}
		}
		t.Fatalf("no number instance for %v", s)
	case "boolean":
		return false
	}
	return 1 // any value
}

func stringOK(s map[string]any, c string) bool {
	if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(c) {
		return false
	}
	if m, ok := s["minLength"].(float64); ok && len(c) < int(m) {
		return false
	}
	if m, ok := s["maxLength"].(float64); ok && len(c) > int(m) {
		return false
	}
	switch s["format"] {
	case "date-time":
		return c == "2006-01-02T15:04:05Z"
	case "email":
		return c == "a@example.com"
	case "uuid":
		return c == "123e4567-e89b-12d3-a456-426614174000"
	}
	return true
}

func numberOK(s map[string]any, c float64) bool {
	if s["type"] == "integer" && c != float64(int64(c)) {
		return false
	}
	if m, ok := s["minimum"].(float64); ok && c < m {
		return false
	}
	if m, ok := s["maximum"].(float64); ok && c > m {
		return false
	}
	if m, ok := s["exclusiveMinimum"].(float64); ok && c <= m {
		return false
	}
	if m, ok := s["exclusiveMaximum"].(float64); ok && c >= m {
		return false
	}
	return true
}

// mutations returns copies of v with one value (at any depth) replaced by
// each tricky value, and objects given an extra member.
func mutations(v any) []any {
	var out []any
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			for _, m := range append(tricky(), mutations(child)...) {
				c := clone(v).(map[string]any)
				c[k] = m
				out = append(out, c)
			}
		}
		c := clone(v).(map[string]any)
		c["unknown_member"] = 1
		out = append(out, c)
	case []any:
		for i, child := range v {
			for _, m := range append(tricky(), mutations(child)...) {
				c := clone(v).([]any)
				c[i] = m
				out = append(out, c)
			}
		}
	}
	return out
}

func tricky() []any {
	var out []any
	for _, tv := range trickyValues {
		out = append(out, decodeExact([]byte(tv)))
	}
	return out
}

func clone(v any) any {
	b, _ := json.Marshal(v)
	return decodeExact(b)
}

// decodeExact decodes JSON keeping numbers exact.
func decodeExact(b []byte) any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	d.Decode(&v)
	return v
}

func TestEndToEnd(t *testing.T) {
	l := corpusLoaded(t)
	e := &e2eServer{srv: runtime.NewServer("e2e", "1"), decoded: map[string][]any{}}
	var calls []string
	var outputChecks []string
	call := func(tool string, args any) {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": len(calls) + 1, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": args}})
		calls = append(calls, string(b))
	}
	for _, v := range corpus {
		q := qualifiedName(v)
		in, _ := l.schema(t, q, false)
		inText, _ := Marshal(in)
		rt := reflect.TypeOf(v)
		e.srv.MustAddTool(runtime.Tool{Name: q, InputSchema: inText, Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			p := reflect.New(rt)
			err := runtime.Decode(args, p.Interface())
			e.mu.Lock()
			defer e.mu.Unlock()
			if err != nil && knownGap(err) {
				return nil, nil
			}
			if err != nil && rangeRejection(args, err) {
				e.relaxed++
				return nil, nil
			}
			if err != nil {
				e.failures = append(e.failures, fmt.Sprintf("%s: admitted %s, but decoding fails: %v", q, args, err))
				return nil, nil
			}
			if msg := survives(args, p.Interface()); msg != "" {
				e.failures = append(e.failures, fmt.Sprintf("%s: admitted %s, but %s", q, args, msg))
			}
			e.decoded[q] = append(e.decoded[q], p.Elem().Interface())
			return nil, nil
		}})
		if !inputOnly[q] {
			// The output schema, registered as an input schema, checks what
			// encoding/json writes.
			out, _ := l.schema(t, q, true)
			outText, _ := Marshal(out)
			e.srv.MustAddTool(runtime.Tool{Name: q + ".out", InputSchema: outText, Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
				return nil, nil
			}})
			outputChecks = append(outputChecks, q)
		}
		root := generic(t, in)
		base := instance(t, root, root)
		call(q, base)
		for _, m := range mutations(base) {
			call(q, m)
		}
	}
	replies := e.run(t, calls)
	accepted := 0
	for _, r := range replies {
		if !r {
			continue
		}
		accepted++
	}
	if accepted < len(corpus) {
		t.Errorf("only %d of %d calls admitted; the base instances should all be valid", accepted, len(calls))
	}
	for _, f := range e.failures {
		t.Error(f)
	}
	t.Logf("%d calls, %d admitted, %d beyond a Go type's range rejected by Decode", len(calls), accepted, e.relaxed)
	if e.relaxed == 0 {
		t.Error("no number beyond a Go type's range reached Decode: the relaxed bounds are untested")
	}

	// Second round: what encoding/json writes must satisfy the output schema.
	calls = nil
	var what []string
	for _, q := range outputChecks {
		var v any
		for _, c := range corpus {
			if qualifiedName(c) == q {
				v = c
			}
		}
		values := e.decoded[q]
		if !strings.HasPrefix(q, "schema_tags.") {
			// The zero value, except where the user's own tags (such as
			// minimum) say it is not a valid result.
			values = append(values, v)
		}
		for _, val := range values {
			b, err := json.Marshal(val)
			if err != nil {
				t.Fatal(err)
			}
			call(q+".out", decodeExact(b))
			what = append(what, q+": "+string(b))
		}
	}
	for i, ok := range e.run(t, calls) {
		if !ok {
			t.Errorf("output schema rejects what encoding/json writes for %s", what[i])
		}
	}
}

// knownGap reports the decode failures the schemas knowingly do not prevent:
//   - a TextUnmarshaler's own checks (the fixture's "unknown level"): the
//     schema can only say "string";
//   - numbers beyond the float64 range (1e400) in float64 and any fields:
//     JSON Schema cannot bound every number inside an arbitrary value, and
//     float64 fields would carry ±1.8e308 bounds for a case that
//     runtime.Decode reports clearly anyway.
func knownGap(err error) bool {
	return strings.Contains(err.Error(), "unknown level") || strings.Contains(err.Error(), "(got 1e400)")
}

// rangeRejection reports whether err is Decode's rejection of a number the
// schema admits only because its bounds stop at ±(2^53−1): one violation
// whose path leads, in args, to that number, beyond ±(2^53−1) (or beyond
// float32's range), and whose message states the Go type's range.
func rangeRejection(args json.RawMessage, err error) bool {
	var ae *runtime.ArgumentError
	if !errors.As(err, &ae) || len(ae.Violations) != 1 || ae.Violations[0].Path == "" {
		return false
	}
	v := ae.Violations[0]
	m := regexp.MustCompile(`^must be (?:an integer from -?[0-9]+ to [0-9]+|a number of magnitude at most \S+) \(got (-?[0-9]+)\)$`).FindStringSubmatch(v.Message)
	if m == nil {
		return false
	}
	got, _ := new(big.Int).SetString(m[1], 10)
	if new(big.Int).Abs(got).Cmp(big.NewInt(1<<53-1)) <= 0 {
		return false
	}
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var doc any
	if d.Decode(&doc) != nil {
		return false
	}
	parts := regexp.MustCompile(`[^.\[\]]+`).FindAllString(v.Path, -1)
	if numberAt(doc, parts, got) {
		return true
	}
	// encoding/json names a field promoted from an embedded struct by its
	// Go path ("Left.Score" for the member "Score"): the last part is the
	// member's name.
	return numberAt(doc, parts[len(parts)-1:], got)
}

// numberAt reports whether the member at path in doc is the number want.
func numberAt(doc any, path []string, want *big.Int) bool {
	for _, part := range path {
		switch x := doc.(type) {
		case map[string]any:
			doc = x[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i >= len(x) {
				return false
			}
			doc = x[i]
		default:
			return false
		}
	}
	n, ok := doc.(json.Number)
	if !ok {
		return false
	}
	r, ok := new(big.Rat).SetString(string(n))
	return ok && r.Cmp(new(big.Rat).SetInt(want)) == 0
}

// run sends the calls to the server and reports, per call, whether the tool
// ran without an error result.
func (e *e2eServer) run(t *testing.T, calls []string) []bool {
	t.Helper()
	var in bytes.Buffer
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	for _, c := range calls {
		in.WriteString(c + "\n")
	}
	var out bytes.Buffer
	if err := e.srv.Serve(t.Context(), &in, &out); err != nil {
		t.Fatal(err)
	}
	ok := make([]bool, len(calls)+1)
	seen := 0
	dec := json.NewDecoder(&out)
	for dec.More() {
		var msg struct {
			ID     *int `json:"id"`
			Result *struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
			Error any `json:"error"`
		}
		if err := dec.Decode(&msg); err != nil {
			t.Fatal(err)
		}
		if msg.ID == nil || *msg.ID == 0 {
			continue
		}
		if msg.Error != nil {
			t.Fatalf("call %d: %v", *msg.ID, msg.Error)
		}
		seen++
		ok[*msg.ID] = !msg.Result.IsError
	}
	if seen != len(calls) {
		t.Fatalf("%d replies to %d calls", seen, len(calls))
	}
	return ok[1:]
}

// survives reports how the admitted arguments changed when decoded into v
// and encoded again: every member of args must come back equal, unless
// encoding/json omits it as empty.
func survives(args json.RawMessage, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "encoding fails: " + err.Error()
	}
	var sent, back any
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	d.Decode(&sent)
	d = json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	d.Decode(&back)
	return diff("", sent, back)
}

func diff(path string, sent, back any) string {
	switch s := sent.(type) {
	case map[string]any:
		b, ok := back.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
		}
		keys := make([]string, 0, len(s))
		for k := range s {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			bv, ok := b[k]
			if !ok {
				continue // omitted as empty
			}
			if msg := diff(path+"/"+k, s[k], bv); msg != "" {
				return msg
			}
		}
		return ""
	case []any:
		b, ok := back.([]any)
		if !ok || len(b) != len(s) {
			return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
		}
		for i := range s {
			if msg := diff(fmt.Sprintf("%s/%d", path, i), s[i], b[i]); msg != "" {
				return msg
			}
		}
		return ""
	case json.Number:
		b, ok := back.(json.Number)
		if !ok {
			return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
		}
		x, _ := new(big.Float).SetString(string(s))
		y, _ := new(big.Float).SetString(string(b))
		if x == nil || y == nil {
			return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
		}
		// float32 keeps about 7 digits.
		d := new(big.Float).Sub(x, y)
		d.Abs(d)
		lim := new(big.Float).Abs(x)
		lim.Mul(lim, big.NewFloat(1e-6))
		if d.Cmp(lim) > 0 {
			return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
		}
		return ""
	}
	if sent == "-0" && back == "0" {
		return "" // a ",string" integer: the same value
	}
	if fmt.Sprint(sent) != fmt.Sprint(back) {
		return fmt.Sprintf("%s: sent %v, got back %v", path, sent, back)
	}
	return ""
}
