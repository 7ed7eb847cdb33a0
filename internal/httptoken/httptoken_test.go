package httptoken

import "testing"

func TestValid(t *testing.T) {
	for s, want := range map[string]bool{
		"Region": true, "X-Tenant_ID.v2": true, "a!#$%&'*+-.^_`|~z": true,
		"": false, "Two Words": false, "Colon:": false, "Quote\"": false, "Ünï": false, "tab\t": false,
	} {
		if got := Valid(s); got != want {
			t.Errorf("Valid(%q) = %v, want %v", s, got, want)
		}
	}
}
