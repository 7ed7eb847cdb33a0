package runtime

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// What reaches an untyped position. encoding/json decodes every JSON number
// that goes into an interface{} (an argument or field of type any, and the
// maps and slices it builds there) as float64: 7 arrives as 7.0, which
// changes what `x % 2` means to an expression evaluator, what a TOML writer
// writes (1.0), and 9007199254740993 (beyond 2^53) arrives as
// 9007199254740992. A Go caller of the same function passes int for an
// integer. So Decode gives a number written as an integer (digits only, no
// fraction or exponent) that fits in int64 as an int (an int64 where int has
// 32 bits), exactly, a larger one that fits in uint64 as a uint64, exactly;
// any other number, and an integer beyond uint64, as float64, the nearest
// one, as encoding/json does. [DecodeFloat64] is
// encoding/json's rule, for code that relies on float64.

// errBeyondFloat64 reports a number in an untyped position beyond the
// range of float64, which encoding/json refuses too.
var errBeyondFloat64 = errors.New("a number beyond float64")

// untypedCache caches, per reflect.Type, whether decoding into it can put
// a JSON number into an empty interface (untypedIn).
var untypedCache sync.Map // reflect.Type -> bool

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// untypedIn reports whether encoding/json, decoding into a value of type t,
// may store a JSON value in an empty interface: t is one, or holds one in
// an element, a map value or a field encoding/json sets. A type with its
// own UnmarshalJSON or UnmarshalText decodes itself and does not count.
func untypedIn(t reflect.Type) bool {
	if v, ok := untypedCache.Load(t); ok {
		return v.(bool)
	}
	v := untypedWalk(t, map[reflect.Type]bool{})
	untypedCache.Store(t, v)
	return v
}

func untypedWalk(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false // a recursive type: decided where it was first met
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		if p := reflect.PointerTo(t); p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler) {
			return false
		}
	}
	switch t.Kind() {
	case reflect.Interface:
		return t.NumMethod() == 0
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return untypedWalk(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous || f.Tag.Get("json") == "-" {
				continue
			}
			if untypedWalk(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// unmarshalNumbers is json.Unmarshal, except that a number stored in an
// empty interface is a json.Number.
func unmarshalNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if len(jsontext.TrimSpace(data[dec.InputOffset():])) > 0 {
		return json.Unmarshal(data, v) // its syntax error for what follows the value
	}
	return nil
}

// untypedNumbers replaces, in the decoded value v points to, every
// json.Number that unmarshalNumbers stored in an empty interface by an int
// or a float64 (see the rule above).
func untypedNumbers(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil
	}
	return numbersIn(rv.Elem())
}

// numbersIn converts the numbers in v, which is settable or reached
// through a reference (a pointer, slice or map).
func numbersIn(v reflect.Value) error {
	if !untypedIn(v.Type()) {
		return nil
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() || !v.CanSet() {
			return nil
		}
		x := v.Interface()
		c, err := untypedValue(x)
		if err != nil {
			return err
		}
		if _, ok := x.(json.Number); ok {
			v.Set(reflect.ValueOf(c)) // maps and slices were converted in place
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return numbersIn(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := numbersIn(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		elem := reflect.New(v.Type().Elem()).Elem()
		iter := v.MapRange()
		for iter.Next() {
			elem.Set(iter.Value())
			if err := numbersIn(elem); err != nil {
				return err
			}
			v.SetMapIndex(iter.Key(), elem)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			if err := numbersIn(v.Field(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// untypedValue returns x, a value encoding/json stored in an empty
// interface with UseNumber, with its numbers converted: a json.Number
// becomes an int or a float64, and the maps and slices encoding/json builds
// ([]any, map[string]any) are converted in place.
func untypedValue(x any) (any, error) {
	switch x := x.(type) {
	case json.Number:
		return numberValue(x)
	case []any:
		for i, e := range x {
			c, err := untypedValue(e)
			if err != nil {
				return nil, err
			}
			x[i] = c
		}
	case map[string]any:
		for k, e := range x {
			c, err := untypedValue(e)
			if err != nil {
				return nil, err
			}
			x[k] = c
		}
	}
	return x, nil
}

// numberValue returns the Go value of the JSON number n in an untyped
// position: an int for an integer within int64 (an int64 where int has 32
// bits), a uint64 for a larger integer within uint64 (a Go caller writes
// 18446744073709551615 as a uint64; as a float64 it would round to 2^64,
// which a conversion to uint64 turns into another number), else the
// nearest float64.
func numberValue(n json.Number) (any, error) {
	s := string(n)
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			if strconv.IntSize == 32 && (i < math.MinInt32 || i > math.MaxInt32) {
				return i, nil
			}
			return int(i), nil
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64) // also an integer beyond uint64
	if err != nil {
		return nil, errBeyondFloat64
	}
	return f, nil
}
