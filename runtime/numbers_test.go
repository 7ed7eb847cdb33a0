package runtime

import (
	"encoding/json"
	"reflect"
	"testing"
)

type numbersInner struct {
	Any any
}

type numbersArgs struct {
	X      any
	M      map[string]any
	L      []any
	P      *any
	Nested map[string][]any
	Arr    [2]any
	numbersInner
	Typed  float64
	Raw    json.RawMessage
	Number json.Number
	Own    ownDecoder
}

// ownDecoder decodes itself, with encoding/json's float64.
type ownDecoder struct{ V any }

func (o *ownDecoder) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &o.V) }

// TestDecodeUntypedNumbers: a number written as an integer reaches a
// position of type any as an int, exactly, wherever encoding/json puts
// it; any other number as float64; typed positions and types that decode
// themselves are as encoding/json leaves them.
func TestDecodeUntypedNumbers(t *testing.T) {
	args := `{"X":7,"M":{"a":9007199254740993,"b":[1,2.5,{"c":-3}],"d":"s"},"L":[1e2,1.0,-0,99999999999999999999,18446744073709551615,9223372036854775808],
		"P":3,"Nested":{"k":[4]},"Arr":[5,true],"Any":6,"Typed":8,"Raw":9,"Number":10,"Own":{"V":11}}`
	var got numbersArgs
	if err := Decode(json.RawMessage(args), &got); err != nil {
		t.Fatal(err)
	}
	var p any = 3
	want := numbersArgs{
		X:            7,
		M:            map[string]any{"a": 9007199254740993, "b": []any{1, 2.5, map[string]any{"c": -3}}, "d": "s"},
		L:            []any{float64(100), float64(1), 0, float64(1e20), uint64(18446744073709551615), uint64(9223372036854775808)},
		P:            &p,
		Nested:       map[string][]any{"k": {4}},
		Arr:          [2]any{5, true},
		numbersInner: numbersInner{Any: 6},
		Typed:        8,
		Raw:          json.RawMessage("9"),
		Number:       "10",
		Own:          ownDecoder{V: map[string]any{"V": float64(11)}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode:\n got %#v\nwant %#v", got, want)
	}

	var float numbersArgs
	if err := DecodeFloat64(json.RawMessage(`{"X":7,"M":{"a":9007199254740993}}`), &float); err != nil {
		t.Fatal(err)
	}
	if float.X != float64(7) || float.M["a"] != float64(9007199254740992) {
		t.Errorf("DecodeFloat64: X = %#v, M = %#v, want float64s as encoding/json decodes them", float.X, float.M)
	}

	var top any
	if err := Decode(json.RawMessage(`[1,{"a":2}]`), &top); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(top, []any{1, map[string]any{"a": 2}}) {
		t.Errorf("Decode into *any: %#v", top)
	}

	if untypedIn(reflect.TypeFor[*struct {
		A int
		B []string
		C ownDecoder
		d any
	}]()) {
		t.Error("untypedIn: a type without an empty interface encoding/json fills reports one")
	}
}

// TestDecodeUntypedNumbersErrors: a number beyond float64 in an untyped
// position is an argument error, as encoding/json makes it; a bad value
// elsewhere keeps its path.
func TestDecodeUntypedNumbersErrors(t *testing.T) {
	var v numbersArgs
	err := Decode(json.RawMessage(`{"X":1e400}`), &v)
	if err == nil || err.Error() == "" {
		t.Fatalf("Decode of 1e400 into any: err = %v, want an error", err)
	}
	err = Decode(json.RawMessage(`{"X":1,"Typed":"s"}`), &v)
	ae, ok := err.(*ArgumentError)
	if !ok || len(ae.Violations) != 1 || ae.Violations[0].Path != "Typed" {
		t.Errorf("Decode of a string into float64: %v, want a violation at Typed", err)
	}
}
