package schema

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/mcpgen/mcpgen/internal/httptoken"
)

// This file derives x-mcp-header marks (SEP-2243,
// https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http):
// a tool argument that HTTP clients of protocol 2026-07-28 mirror into an
// Mcp-Param-{Name} header, so that gateways can route on it without reading
// the body. A struct field asks for it with the tag mcp:"header=Name".

// headerKeyword is the schema keyword of the mark.
const headerKeyword = "x-mcp-header"

// headerMark is a property marked in the schema being derived.
type headerMark struct {
	s    *jsonschema.Schema
	name string
	at   site
}

// headerTag reads the mcp tag of a struct field: the header name, if any.
// Malformed tags are reported.
func headerTag(tag reflect.StructTag, report func(string)) string {
	v, ok := tag.Lookup("mcp")
	if !ok {
		return ""
	}
	name := ""
	for opt := range strings.SplitSeq(v, ",") {
		key, val, _ := strings.Cut(strings.TrimSpace(opt), "=")
		switch key {
		case "header":
			if !httptoken.Valid(val) {
				report(`mcp:"header=` + val + `": the header name must be a non-empty HTTP token (letters, digits and !#$%&'*+-.^_` + "`|~" + `)`)
				return ""
			}
			name = val
		default:
			report(`unknown option ` + `"` + opt + `" in the mcp tag (known: header=Name)`)
			return ""
		}
	}
	return name
}

// markHeader marks prop, the schema of a field of Go type t, with the
// header name. Only strings, integers and booleans can be mirrored: a
// header has no room for a structure, and a float's text is ambiguous.
func (c *conv) markHeader(prop *jsonschema.Schema, t types.Type, name string, at site) {
	if c.output {
		c.report(at, `mcp:"header=`+name+`" marks a tool argument; it has no meaning in a result`)
		return
	}
	switch prop.Type {
	case "string", "integer", "boolean":
	default:
		c.report(at, `mcp:"header=`+name+`": only a string, integer or boolean argument can be sent as a header, not `+c.typeString(t))
		return
	}
	if prop.Extras == nil {
		prop.Extras = map[string]any{}
	}
	prop.Extras[headerKeyword] = name
	c.headers = append(c.headers, headerMark{s: prop, name: name, at: at})
}

// checkHeaders checks the marks of an input schema: each must be reached
// from the root through properties only (never through items, maps,
// composition or a recursive type's $ref), and the names must differ
// ignoring case.
func (c *conv) checkHeaders(root *jsonschema.Schema) {
	if len(c.headers) == 0 {
		return
	}
	reached := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || reached[s] {
			return
		}
		reached[s] = true
		if s.Properties != nil {
			for p := s.Properties.Oldest(); p != nil; p = p.Next() {
				walk(p.Value)
			}
		}
	}
	walk(root)
	seen := map[string]string{}
	for _, h := range c.headers {
		if !reached[h.s] {
			c.report(h.at, `mcp:"header=`+h.name+`": a header argument must be reached from the arguments through object properties only, not inside an array, a map, anyOf (nullable) or a recursive type`)
			continue
		}
		key := strings.ToLower(h.name)
		if other, dup := seen[key]; dup {
			c.report(h.at, `mcp:"header=`+h.name+`": another argument already uses the header name `+other+` (names are compared ignoring case)`)
			continue
		}
		seen[key] = h.name
	}
}
