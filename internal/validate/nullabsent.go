package validate

import (
	"bytes"
	"slices"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// Models often send null for an argument they mean to leave out. For an
// optional property whose schema does not admit null, the runtime takes
// null to mean "absent": DropNullOptionals removes the member before the
// arguments are validated and decoded, so the Go value is exactly what it
// would be without it (the zero value, a nil pointer). Where the schema
// admits null, null is a value and is kept.

// DropNullOptionals returns args without the members whose value is null
// and which the schema (followed through properties and array items) makes
// optional and does not admit null. It returns args itself when there are
// none, and leaves invalid JSON for Validate to report.
func (v *Validator) DropNullOptionals(args []byte) []byte {
	n := v.root
	if n == nil || !bytes.Contains(args, []byte("null")) {
		return args
	}
	var cuts [][2]int
	if _, ok := nullCuts(args, jsontext.SkipSpace(args, 0), n, 0, &cuts); !ok || len(cuts) == 0 {
		return args
	}
	out := make([]byte, 0, len(args))
	last := 0
	for _, c := range mergeCuts(cuts) {
		out = append(out, args[last:c[0]]...)
		last = c[1]
	}
	return append(out, args[last:]...)
}

// mergeCuts sorts the byte ranges and joins overlapping ones.
func mergeCuts(cuts [][2]int) [][2]int {
	slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	out := cuts[:1]
	for _, c := range cuts[1:] {
		if top := &out[len(out)-1]; c[0] <= top[1] {
			top[1] = max(top[1], c[1])
		} else {
			out = append(out, c)
		}
	}
	return out
}

// nullCuts scans the value at b[i] under schema n and appends to cuts the
// ranges to remove; it returns the index after the value, and false on
// invalid JSON.
func nullCuts(b []byte, i int, n *schemaNode, depth int, cuts *[][2]int) (int, bool) {
	for hops := 0; n != nil && n.ref != nil && n.props == nil && n.items == nil && hops < 64; hops++ {
		n = n.ref
	}
	if i >= len(b) || depth >= jsontext.MaxDepth {
		return i, false
	}
	switch {
	case b[i] == '{' && n != nil && n.props != nil:
		return objectNullCuts(b, i, n, depth, cuts)
	case b[i] == '[' && n != nil && n.items != nil:
		i = jsontext.SkipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, true
		}
		for {
			end, ok := nullCuts(b, i, n.items, depth+1, cuts)
			if !ok {
				return end, false
			}
			i = jsontext.SkipSpace(b, end)
			if i >= len(b) {
				return i, false
			}
			if b[i] == ']' {
				return i + 1, true
			}
			if b[i] != ',' {
				return i, false
			}
			i = jsontext.SkipSpace(b, i+1)
		}
	}
	end, err := jsontext.ScanValue(b, i, depth)
	return end, err == nil
}

// objectNullCuts is nullCuts for an object with properties.
func objectNullCuts(b []byte, i int, n *schemaNode, depth int, cuts *[][2]int) (int, bool) {
	i = jsontext.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	type span struct {
		start, end int
		drop       bool
	}
	var members []span
	dropped := false
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		keyStart := i
		keyEnd, str, err := jsontext.ScanString(b, i)
		if err != nil {
			return keyEnd, false
		}
		key := b[i+1 : keyEnd-1]
		if str.Escaped || str.BadUTF8 {
			key = jsontext.AppendUnquoted(nil, key)
		}
		i = jsontext.SkipSpace(b, keyEnd)
		if i >= len(b) || b[i] != ':' {
			return i, false
		}
		start := jsontext.SkipSpace(b, i+1)
		p, known := n.props[string(key)]
		if known && p.schema != nil {
			e, ok := nullCuts(b, start, p.schema, depth+1, cuts)
			if !ok {
				return e, false
			}
			i = e
		} else if i, err = jsontext.ScanValue(b, start, depth+1); err != nil {
			return i, false
		}
		drop := known && p.req < 0 && string(b[start:i]) == "null" && !admitsNull(p.schema)
		dropped = dropped || drop
		members = append(members, span{keyStart, i, drop})
		i = jsontext.SkipSpace(b, i)
		if i >= len(b) {
			return i, false
		}
		if b[i] == '}' {
			break
		}
		if b[i] != ',' {
			return i, false
		}
		i = jsontext.SkipSpace(b, i+1)
	}
	if dropped {
		// A dropped member goes with the text up to the next member; the
		// dropped members after the last kept one go with the text from
		// the end of that one (its comma included).
		lastKept := -1
		for k, m := range members {
			if !m.drop {
				lastKept = k
			}
		}
		for k, m := range members {
			switch {
			case !m.drop:
			case k < lastKept:
				*cuts = append(*cuts, [2]int{m.start, members[k+1].start})
			case lastKept >= 0:
				*cuts = append(*cuts, [2]int{members[lastKept].end, m.end})
			default:
				*cuts = append(*cuts, [2]int{members[0].start, m.end})
			}
		}
	}
	return i + 1, true
}

// admitsNull reports whether the schema n accepts null.
func admitsNull(n *schemaNode) bool {
	if n == nil {
		return true
	}
	return (&Validator{root: n}).Validate([]byte("null")) == nil
}
