package parser

import "testing"

func TestDescribes(t *testing.T) {
	for in, want := range map[string]string{
		"Package weather forecasts the weather.":              "Forecasts the weather.",
		"Command weather serves forecasts.":                   "Serves forecasts.",
		"Command calculator is the smallest useful server.":   "The smallest useful server.",
		"Weather forecasts, by city.":                         "Weather forecasts, by city.",
		"Package weather":                                     "Package weather",
		"Package weather Forecasts is a name, left as it is.": "Package weather Forecasts is a name, left as it is.",
	} {
		if got := describes(in); got != want {
			t.Errorf("describes(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheckServerVersion(t *testing.T) {
	for v, bad := range map[string]bool{
		"1.0.0": false, "2.1.0-alpha": false, "v1.2": false, "2026.12.02": false, "1.0.0-rc.x": false,
		"": true, "latest": true, "^1.2.3": true, "~1.2.3": true, ">=1.2.3": true, "1.x": true, "1.2.*": true,
		"1 - 2": true, "1.2 || 1.3": true,
	} {
		if msg := CheckServerVersion(v); (msg != "") != bad {
			t.Errorf("CheckServerVersion(%q) = %q, want bad %v", v, msg, bad)
		}
	}
}
