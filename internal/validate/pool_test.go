package validate

import "testing"

// TestValidateStatePool: a pooled state carries nothing of its last call
// into the next, and valid arguments are validated without allocating.
func TestValidateStatePool(t *testing.T) {
	v, err := Compile(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}`)
	if err != nil {
		t.Fatal(err)
	}
	bad := []byte(`{"a":"x","b":2,"c":3,"a":1}`)
	good := []byte(`{"a":1,"b":2}`)
	s := getValState(bad)
	s.value(v.root)
	if len(s.viols) == 0 || len(s.keys) == 0 && len(s.path) == 0 && s.pos == 0 {
		t.Fatalf("the bad arguments left no trace to clear: %+v", s)
	}
	putValState(s)
	if s.data != nil || s.pos != 0 || len(s.viols) != 0 || s.omitted != 0 || s.fatal || len(s.path) != 0 ||
		len(s.keys) != 0 || len(s.arena) != 0 || len(s.buf) != 0 || len(s.canon) != 0 || len(s.spans) != 0 {
		t.Errorf("a state in the pool keeps its last call: %+v", s)
	}
	for range 3 {
		if v.Validate(bad) == nil {
			t.Fatal("bad arguments passed")
		}
		if err := v.Validate(good); err != nil {
			t.Fatalf("good arguments after bad ones: %v", err)
		}
	}
	if raceEnabled {
		return // the race detector makes sync.Pool drop items at random
	}
	if allocs := testing.AllocsPerRun(100, func() { v.Validate(good) }); allocs != 0 {
		t.Errorf("validating valid arguments allocates %.1f times", allocs)
	}
}
