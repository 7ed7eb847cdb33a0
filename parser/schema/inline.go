package schema

import (
	"strings"

	"github.com/invopop/jsonschema"
)

// A client that cannot follow a $ref shows its model nothing of what it
// names: LangChain's MCP adapter inlines the references to "#/$defs/..."
// and leaves one to an anchor ("#Point") as it is. The schema stays as
// stated (servers keep $defs and $ref: the conformance suite's
// json-schema-2020-12 scenario checks it), but RefsByPlace names each
// anchored definition by its place.

// RefsByPlace returns a copy of the input schema s in which each $ref to
// the $anchor at the top of a definition of s.Definitions ("#Point") is
// written as that definition's place ("#/$defs/point"), which names the
// same schema; s is returned as is when there is none.
func RefsByPlace(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || len(s.Definitions) == 0 {
		return s
	}
	places := map[string]string{}
	for name, d := range s.Definitions {
		if d != nil && d.Anchor != "" && plainPointerToken(name) {
			places["#"+d.Anchor] = "#/$defs/" + name
		}
	}
	if len(places) == 0 {
		return s
	}
	var rewrite func(x *jsonschema.Schema) *jsonschema.Schema
	rewrite = func(x *jsonschema.Schema) *jsonschema.Schema {
		if x == nil || isFalseSchema(x) {
			return x
		}
		c := mapSubschemas(x, rewrite)
		if place, ok := places[x.Ref]; ok {
			if c == x {
				cp := *x
				c = &cp
			}
			c.Ref = place
		}
		if x.Definitions != nil {
			defs := jsonschema.Definitions{}
			changed := false
			for name, d := range x.Definitions {
				defs[name] = rewrite(d)
				changed = changed || defs[name] != d
			}
			if changed {
				if c == x {
					cp := *x
					c = &cp
				}
				c.Definitions = defs
			}
		}
		return c
	}
	return rewrite(s)
}

// plainPointerToken reports whether a definition's name can stand in a
// JSON pointer in a URI fragment as it is.
func plainPointerToken(name string) bool {
	return name != "" && !strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-", r))
	})
}

// mapSubschemas returns a copy of s whose subschemas (not its
// definitions) are f of s's, or s itself when f changes none.
func mapSubschemas(s *jsonschema.Schema, f func(*jsonschema.Schema) *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || isFalseSchema(s) {
		return s
	}
	c := *s
	changed := false
	one := func(p **jsonschema.Schema) {
		if *p != nil {
			if n := f(*p); n != *p {
				*p, changed = n, true
			}
		}
	}
	list := func(p *[]*jsonschema.Schema) {
		if *p == nil {
			return
		}
		out := make([]*jsonschema.Schema, len(*p))
		for i, v := range *p {
			out[i] = f(v)
			changed = changed || out[i] != v
		}
		*p = out
	}
	set := func(p *map[string]*jsonschema.Schema) {
		if *p == nil {
			return
		}
		out := make(map[string]*jsonschema.Schema, len(*p))
		for k, v := range *p {
			out[k] = f(v)
			changed = changed || out[k] != v
		}
		*p = out
	}
	if s.Properties != nil {
		props := newProperties(s.Properties.Len())
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			v := f(p.Value)
			changed = changed || v != p.Value
			props.Set(p.Key, v)
		}
		c.Properties = props
	}
	one(&c.Items)
	one(&c.AdditionalProperties)
	one(&c.Not)
	one(&c.If)
	one(&c.Then)
	one(&c.Else)
	one(&c.Contains)
	one(&c.PropertyNames)
	list(&c.AnyOf)
	list(&c.AllOf)
	list(&c.OneOf)
	list(&c.PrefixItems)
	set(&c.PatternProperties)
	set(&c.DependentSchemas)
	if !changed {
		return s
	}
	return &c
}
