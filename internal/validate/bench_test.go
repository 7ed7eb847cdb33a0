package validate

import (
	"encoding/json"
	"strings"
	"testing"
)

const benchSmallSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "minLength": 1, "description": "what to find"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100},
    "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9]+$"}},
    "since": {"type": "string", "format": "date-time"},
    "unit": {"type": "string", "enum": ["c", "f", "k"]}
  },
  "required": ["query"],
  "additionalProperties": false
}`

const benchSmallArgs = `{"query":"meeting notes","limit":20,"tags":["work","q3"],"since":"2026-11-01T00:00:00Z","unit":"c"}`

type benchSmallInput struct {
	Query string   `json:"query"`
	Limit int      `json:"limit,omitempty"`
	Tags  []string `json:"tags,omitempty"`
	Since string   `json:"since,omitempty"`
	Unit  string   `json:"unit,omitempty"`
}

const benchStringSchema = `{"type":"object","properties":{"text":{"type":"string","maxLength":100000}},"required":["text"],"additionalProperties":false}`

func benchStringArgs() []byte {
	return []byte(`{"text":"` + strings.Repeat("lorem ipsum dolor sit amet, é ", 64<<10/31) + `"}`)
}

func benchValidate(b *testing.B, schema string, args []byte) {
	v, err := Compile(schema)
	if err != nil {
		b.Fatal(err)
	}
	if err := v.Validate(args); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		if err := v.Validate(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateSmall measures validation alone of a small arguments object.
func BenchmarkValidateSmall(b *testing.B) {
	benchValidate(b, benchSmallSchema, []byte(benchSmallArgs))
}

// BenchmarkDecodeSmall is the hand-written baseline: encoding/json into the Go type.
func BenchmarkDecodeSmall(b *testing.B) {
	args := []byte(benchSmallArgs)
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		var in benchSmallInput
		if err := json.Unmarshal(args, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateDecodeSmall is what a tools/call costs: validate, then
// decode (runtime.Decode is json.Unmarshal when that succeeds).
func BenchmarkValidateDecodeSmall(b *testing.B) {
	v, _ := Compile(benchSmallSchema)
	args := []byte(benchSmallArgs)
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		if err := v.Validate(args); err != nil {
			b.Fatal(err)
		}
		var in benchSmallInput
		if err := json.Unmarshal(args, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateString64K measures validation of one 64 KiB string argument.
func BenchmarkValidateString64K(b *testing.B) {
	benchValidate(b, benchStringSchema, benchStringArgs())
}

// BenchmarkDecodeString64K is the baseline for BenchmarkValidateString64K.
func BenchmarkDecodeString64K(b *testing.B) {
	args := benchStringArgs()
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		var in struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(args, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateDecodeString64K is validate plus Decode of a 64 KiB string.
func BenchmarkValidateDecodeString64K(b *testing.B) {
	v, _ := Compile(benchStringSchema)
	args := benchStringArgs()
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		if err := v.Validate(args); err != nil {
			b.Fatal(err)
		}
		var in struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(args, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// benchBytesSchema is what mcpgen emits for a []byte field.
const benchBytesSchema = `{"type":"object","properties":{"data":{"type":"string","contentEncoding":"base64",` +
	`"pattern":"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"}},"required":["data"],"additionalProperties":false}`

func benchBytesArgs() []byte {
	raw := make([]byte, 48<<10)
	for i := range raw {
		raw[i] = byte(i * 7)
	}
	b, _ := json.Marshal(map[string][]byte{"data": raw})
	return b
}

// BenchmarkValidateBytes64K measures validation of a 64 KiB base64 argument ([]byte field).
func BenchmarkValidateBytes64K(b *testing.B) {
	benchValidate(b, benchBytesSchema, benchBytesArgs())
}

// BenchmarkDecodeBytes64K is the baseline for BenchmarkValidateBytes64K.
func BenchmarkDecodeBytes64K(b *testing.B) {
	args := benchBytesArgs()
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		var in struct {
			Data []byte `json:"data"`
		}
		if err := json.Unmarshal(args, &in); err != nil {
			b.Fatal(err)
		}
	}
}
