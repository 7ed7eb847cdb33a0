package mcpmeta

import "testing"

func TestIcons(t *testing.T) {
	for _, tc := range []struct {
		check func(string) string
		in    string
		ok    bool
	}{
		{CheckIconSrc, "https://example.com/a.png", true},
		{CheckIconSrc, "http://localhost:8080/a.png", true},
		{CheckIconSrc, "data:image/png;base64,iVBORw0KGgo=", true},
		{CheckIconSrc, "data:image/png,raw", false},
		{CheckIconSrc, "data:image/png;base64,!!", false},
		{CheckIconSrc, "data:image/png;base64,", false},
		{CheckIconSrc, "file:///etc/a.png", false},
		{CheckIconSrc, "javascript:alert(1)", false},
		{CheckIconSrc, "icon.png", false},
		{CheckIconSrc, "https:///a.png", false},
		{CheckIconMIME, "image/png", true},
		{CheckIconMIME, "image/svg+xml", true},
		{CheckIconMIME, "text/html", false},
		{CheckIconMIME, "png", false},
		{CheckIconSize, "48x48", true},
		{CheckIconSize, "any", true},
		{CheckIconSize, "0x48", false},
		{CheckIconSize, "048x48", false},
		{CheckIconSize, "+48x48", false},
		{CheckIconSize, "48X48", false},
		{CheckIconSize, "48", false},
		{CheckIconTheme, "light", true},
		{CheckIconTheme, "dark", true},
		{CheckIconTheme, "Dark", false},
	} {
		if got := tc.check(tc.in); (got == "") != tc.ok {
			t.Errorf("%q: %q, want ok=%v", tc.in, got, tc.ok)
		}
	}
}

// TestKeys follows the examples of the specification's _meta rules
// (spec 2026-07-28 basic/index).
func TestKeys(t *testing.T) {
	for key, want := range map[string][2]bool{ // well formed, reserved
		"com.example/name":                {true, false},
		"com.example.mcp/x":               {true, false},
		"io.modelcontextprotocol/related": {true, true},
		"dev.mcp/x":                       {true, true},
		"org.modelcontextprotocol.api/x":  {true, true},
		"com.mcp.tools/x":                 {true, true},
		"ui":                              {true, false},
		"ui/resourceUri":                  {true, false},
		"progressToken":                   {true, true},
		"traceparent":                     {true, true},
		"com.example/":                    {true, false},
		"a-b_c.d":                         {true, false},
		"":                                {false, false},
		"-x":                              {false, false},
		"x-":                              {false, false},
		"1com/x":                          {false, false},
		"com./x":                          {false, false},
		"com.ex ample/x":                  {false, false},
		"name with space":                 {false, false},
	} {
		if ok := CheckKey(key) == ""; ok != want[0] {
			t.Errorf("CheckKey(%q) = %q, want well formed %v", key, CheckKey(key), want[0])
		}
		if want[0] {
			if r := Reserved(key) != ""; r != want[1] {
				t.Errorf("Reserved(%q) = %v, want %v", key, r, want[1])
			}
		}
	}
	if CheckObject(`{"com.example/a":1}`) != "" || CheckObject(`[]`) == "" || CheckObject(`null`) == "" || CheckObject(`{"-":1}`) == "" {
		t.Error("CheckObject")
	}
}
