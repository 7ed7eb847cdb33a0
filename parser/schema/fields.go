package schema

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// A jsonField is one JSON object member of a struct type, resolved the way
// encoding/json resolves struct fields (typeFields in encoding/json/encode.go):
// embedded structs are flattened, and of several fields with the same name the
// dominant one (least deep, then tagged) wins while equal rivals cancel out.
type jsonField struct {
	name      string
	tagged    bool  // the name comes from a json tag
	index     []int // field indices from the outer struct
	v         *types.Var
	tag       reflect.StructTag
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option applies (scalar kinds only)
	stringOpt bool // the ",string" option is present, whether or not it applies
	// viaUnexportedPtr is the embedded field, if any, through which this field
	// is promoted from a pointer to an unexported struct type: encoding/json
	// cannot allocate it and fails to decode such fields.
	viaUnexportedPtr *types.Var
	// viaPointer reports that the field is promoted through an embedded
	// pointer, so encoding/json leaves it out when that pointer is nil.
	viaPointer bool
	// hiddenBy is the embedded field tagged jsonschema:"-", if any, through
	// which this field is promoted: invopop leaves all its fields out.
	hiddenBy *types.Var
	badName  string // a json tag name encoding/json ignores as invalid
}

type embedQueue struct {
	typ              types.Type // a struct type, or a named type whose underlying type is one
	index            []int
	viaUnexportedPtr *types.Var
	viaPointer       bool
	hiddenBy         *types.Var
}

// structFields returns the JSON members of the struct type t in the order
// encoding/json encodes them.
func structFields(t types.Type) []jsonField {
	fields, _ := resolveFields(t)
	return fields
}

// cancelledFields returns the names of the fields of t's embedded structs
// that encoding/json leaves out because two of them are as deep and as
// tagged as each other.
func cancelledFields(t types.Type) []string {
	_, cancelled := resolveFields(t)
	return cancelled
}

// resolveFields returns structFields(t) and cancelledFields(t). It is a
// port of encoding/json's typeFields, kept as one function to be read
// beside it, and over 100 lines for it (internal/funclen).
func resolveFields(t types.Type) (_ []jsonField, cancelled []string) {
	var fields []jsonField
	var current []embedQueue
	next := []embedQueue{{typ: t}}
	// count and nextCount record how often a type is embedded at the current
	// and next depth; visited stops cycles through embedded pointers. Most
	// structs embed nothing, so the maps are made when the first embedded
	// struct is met: reading a nil map is fine, and until then the only
	// type visited is t, the one being expanded (added on creation).
	var count, nextCount map[string]int
	var visited map[string]bool
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, nil
		for _, q := range current {
			key := typeKey(q.typ)
			if visited[key] {
				continue
			}
			if visited != nil {
				visited[key] = true
			}
			st, _ := q.typ.Underlying().(*types.Struct)
			if st == nil {
				continue
			}
			if fields == nil {
				fields = make([]jsonField, 0, st.NumFields())
			}
			for i := range st.NumFields() {
				sf := st.Field(i)
				tag := reflect.StructTag(st.Tag(i))
				if sf.Embedded() {
					et := sf.Type()
					if p, ok := et.(*types.Pointer); ok {
						et = p.Elem()
					}
					if !sf.Exported() && !isStruct(et) {
						continue // embedded unexported non-struct types are ignored
					}
				} else if !sf.Exported() {
					continue
				}
				jtag := tag.Get("json")
				if jtag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(jtag, ",")
				var badName string
				if name != "" && !validTagName(name) {
					badName, name = name, ""
				}
				var index []int
				if q.index == nil && i < len(topIndex) {
					index = topIndex[i : i+1 : i+1] // read only, shared
				} else {
					index = append(slices.Clone(q.index), i)
				}
				ft := sf.Type()
				if p, ok := ft.(*types.Pointer); ok {
					if _, named := ft.(*types.Named); !named {
						ft = p.Elem()
					}
				}
				if name != "" || !sf.Embedded() || !isStruct(ft) {
					f := jsonField{
						name:             name,
						tagged:           name != "",
						index:            index,
						v:                sf,
						tag:              tag,
						omitEmpty:        hasOption(opts, "omitempty"),
						omitZero:         hasOption(opts, "omitzero"),
						stringOpt:        hasOption(opts, "string"),
						viaUnexportedPtr: q.viaUnexportedPtr,
						viaPointer:       q.viaPointer,
						hiddenBy:         q.hiddenBy,
						badName:          badName,
					}
					if f.name == "" {
						f.name = sf.Name()
					}
					if f.stringOpt {
						if b, ok := ft.Underlying().(*types.Basic); ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 && b.Info()&types.IsComplex == 0 {
							f.quoted = true
						}
					}
					fields = append(fields, f)
					if count[key] > 1 {
						// The same type embedded twice at this depth: its fields
						// annihilate each other; a second copy makes that visible.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				ftKey := typeKey(ft)
				if nextCount == nil {
					nextCount = map[string]int{}
				}
				if visited == nil {
					visited = map[string]bool{key: true} // key is t's
				}
				nextCount[ftKey]++
				if nextCount[ftKey] == 1 {
					via := q.viaUnexportedPtr
					_, ptr := sf.Type().(*types.Pointer)
					if ptr && !sf.Exported() && via == nil {
						via = sf
					}
					hidden := q.hiddenBy
					if first, _, _ := strings.Cut(tag.Get("jsonschema"), ","); first == "-" && hidden == nil {
						hidden = sf
					}
					next = append(next, embedQueue{typ: ft, index: index, viaUnexportedPtr: via, viaPointer: q.viaPointer || ptr, hiddenBy: hidden})
				}
			}
		}
	}

	slices.SortStableFunc(fields, func(a, b jsonField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := len(a.index) - len(b.index); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		group := fields[i:j]
		// The first field dominates unless a rival is as shallow and as tagged.
		if len(group) == 1 || len(group[0].index) != len(group[1].index) || group[0].tagged != group[1].tagged {
			out = append(out, group[0])
		} else {
			cancelled = append(cancelled, group[0].name)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return out, cancelled
}

// topIndex backs the index of the fields of the outer struct (one element
// each), which are never modified, so that they need no allocation.
var topIndex = func() (idx [64]int) {
	for i := range idx {
		idx[i] = i
	}
	return idx
}()

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func typeKey(t types.Type) string { return types.TypeString(types.Unalias(t), nil) }

func hasOption(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// validTagName reports whether encoding/json accepts name as a JSON object
// key from a struct tag (isValidTag in encoding/json/encode.go).
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
