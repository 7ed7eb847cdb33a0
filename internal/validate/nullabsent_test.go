package validate

import (
	"testing"
)

const nullSchema = `{"type":"object","additionalProperties":false,
	"properties":{
		"a":{"type":"integer"},
		"b":{"type":"string"},
		"c":{"oneOf":[{"type":"string"},{"type":"null"}]},
		"d":{},
		"o":{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"},"y":{"type":"boolean"}},"required":["x"]},
		"l":{"type":"array","items":{"type":"object","properties":{"z":{"type":"string"}}}}
	},
	"required":["a"]}`

func TestDropNullOptionals(t *testing.T) {
	v, err := Compile(nullSchema)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`{"a":1}`:                `{"a":1}`,
		`{"a":1,"b":null}`:       `{"a":1}`,
		`{"b":null,"a":1}`:       `{"a":1}`,
		`{ "b" : null , "a":1 }`: `{ "a":1 }`,
		`{"b":null}`:             `{}`,
		`{"a":null,"b":null}`:    `{"a":null}`, // a is required: null stays, and is rejected
		`{"a":1,"b":null,"o":{"x":null,"y":null}}`:   `{"a":1,"o":{"x":null}}`,
		`{"a":1,"c":null,"d":null}`:                  `{"a":1,"c":null,"d":null}`, // they admit null
		`{"a":1,"l":[{"z":null},{"z":"q"},null]}`:    `{"a":1,"l":[{},{"z":"q"},null]}`,
		`{"a":1,"\u0062":null}`:                      `{"a":1}`,
		`{"a":1,"zz":null}`:                          `{"a":1,"zz":null}`, // unknown: the validator says so
		`{"a":1,"b":null`:                            `{"a":1,"b":null`,   // invalid: left to the validator
		`{"b":null,"b":null,"a":1}`:                  `{"a":1}`,
		`{"a":1,"b":null,"c":"x","o":null,"l":null}`: `{"a":1,"c":"x"}`,
		`{"a":1 , "b":null , "l":null }`:             `{"a":1 }`,
		`{"b":null,"l":null}`:                        `{}`,
		`{"b":null,"a":2,"l":null}`:                  `{"a":2}`,
	} {
		if got := string(v.DropNullOptionals([]byte(in))); got != want {
			t.Errorf("DropNullOptionals(%s) = %s, want %s", in, got, want)
		}
	}
}
