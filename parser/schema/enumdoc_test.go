package schema

import "testing"

func TestNameWords(t *testing.T) {
	for _, tc := range []struct{ name, typ, want string }{
		{"PriorityHigh", "Priority", "high"},
		{"HighPriority", "Priority", "high"},
		{"DryGoods", "Category", "dry goods"},
		{"ModeHTTPOnly", "Mode", "HTTP only"},
		{"January", "Month", "january"},
		{"Level_Debug", "Level", "debug"},
		{"Modest", "Mode", "modest"}, // not Mode + st
		{"Priority", "Priority", "priority"},
		{"V2Beta", "Version", "v2 beta"},
	} {
		if got := nameWords(tc.name, tc.typ); got != tc.want {
			t.Errorf("nameWords(%q, %q) = %q, want %q", tc.name, tc.typ, got, tc.want)
		}
	}
}
