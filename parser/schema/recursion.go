package schema

import (
	"strings"

	"github.com/invopop/jsonschema"
)

// Clients that cannot hold a recursive schema cut it short: LangChain's
// MCP adapter inlines each $ref and, where a definition comes back inside
// itself, writes {"type": "object"} instead, dropping whatever stood beside
// the $ref. Below that cut the model would see an object of unknown form.
// DescribeRecursion names each reference that can come back in words, where
// such a client still shows them: on the array or map that holds it ("each
// a Node: title, children"), or, for a property that is the reference
// itself, in the description of the object that holds the property ("head
// is a Person: name, dept").

// DescribeRecursion returns a copy of the input schema s in which, inside
// each definition of s.Definitions, every reference to a definition that
// leads back to it (a cycle, which a client may cut) is stated in a
// description. Only descriptions change, so the schema admits what s
// admits; s is not modified, and is returned as is when it has no cycle.
func DescribeRecursion(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || len(s.Definitions) == 0 {
		return s
	}
	// reach[a][b]: definition b can be reached from definition a.
	reach := map[string]map[string]bool{}
	for name, d := range s.Definitions {
		reach[name] = map[string]bool{}
		walkRefs(d, func(ref string) {
			if t := defTarget(ref); t != "" {
				reach[name][t] = true
			}
		})
	}
	for changed := true; changed; {
		changed = false
		for _, to := range reach {
			for mid := range to {
				for next := range reach[mid] {
					if !to[next] {
						to[next], changed = true, true
					}
				}
			}
		}
	}
	var defs jsonschema.Definitions
	for _, name := range sortedKeys(s.Definitions) {
		d := describeCycles(s.Definitions[name], func(target string) bool { return reach[target][name] }, s.Definitions)
		if d != s.Definitions[name] {
			if defs == nil {
				defs = jsonschema.Definitions{}
				for n, v := range s.Definitions {
					defs[n] = v
				}
			}
			defs[name] = d
		}
	}
	if defs == nil {
		return s
	}
	c := *s
	c.Definitions = defs
	return &c
}

// defTarget returns the definition a $ref names, or "".
func defTarget(ref string) string {
	name, _ := strings.CutPrefix(ref, "#/$defs/")
	if name == ref {
		return ""
	}
	return name
}

// walkRefs calls f with each $ref of s (not entering the definitions).
func walkRefs(s *jsonschema.Schema, f func(ref string)) {
	if s == nil {
		return
	}
	if s.Ref != "" {
		f(s.Ref)
	}
	mapSubschemas(s, func(x *jsonschema.Schema) *jsonschema.Schema {
		walkRefs(x, f)
		return x
	})
}

// describeCycles returns a copy of the object schema s (and of the objects
// in it) with each reference to a definition for which cyclic holds stated
// as the package comment says; s itself when there is none.
func describeCycles(s *jsonschema.Schema, cyclic func(target string) bool, defs jsonschema.Definitions) *jsonschema.Schema {
	if s == nil || s == jsonschema.FalseSchema {
		return s
	}
	named := func(target string) string {
		d := defs[target]
		name := target[strings.LastIndex(target, ".")+1:]
		if strings.ContainsAny(name[:1], "AEIOUaeiou") {
			name = "an " + name
		} else {
			name = "a " + name
		}
		if d == nil || d.Properties == nil || d.Properties.Len() == 0 {
			return name
		}
		var fields []string
		for p := d.Properties.Oldest(); p != nil; p = p.Next() {
			fields = append(fields, p.Key)
		}
		return name + ": " + strings.Join(fields, ", ")
	}
	// back returns the definition that x refers to when it leads back, or "".
	back := func(x *jsonschema.Schema) string {
		if x != nil {
			if t := defTarget(x.Ref); t != "" && cyclic(t) {
				return t
			}
		}
		return ""
	}
	c := *s
	changed := false
	var phrases []string
	// A container's elements: "each a Node: ...".
	if t := back(s.Items); t != "" {
		phrases = append(phrases, "each "+named(t))
	} else if t := back(s.AdditionalProperties); t != "" {
		phrases = append(phrases, "each value "+named(t))
	}
	if s.Properties != nil {
		props := newProperties(s.Properties.Len())
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			v := p.Value
			if t := back(v); t != "" {
				phrases = append(phrases, p.Key+" is "+named(t))
			} else if v.Ref == "" {
				if nv := describeCycles(v, cyclic, defs); nv != v {
					v, changed = nv, true
				}
			}
			props.Set(p.Key, v)
		}
		c.Properties = props
	}
	if s.Items != nil && s.Items.Ref == "" {
		if ni := describeCycles(s.Items, cyclic, defs); ni != s.Items {
			c.Items, changed = ni, true
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Ref == "" {
		if na := describeCycles(s.AdditionalProperties, cyclic, defs); na != s.AdditionalProperties {
			c.AdditionalProperties, changed = na, true
		}
	}
	if len(phrases) > 0 {
		c.Description = withConstraints(c.Description, phrases)
		changed = true
	}
	if !changed {
		return s
	}
	return &c
}
