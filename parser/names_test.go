package parser

import (
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/internal/toolname"
)

func TestSnakeCase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SearchNotes", "search_notes"},
		{"GetHTTPStatus", "get_http_status"},
		{"ID", "id"},
		{"HTTPServer2", "http_server2"},
		{"HTTP2Server", "http2_server"},
		{"Base64Encode", "base64_encode"},
		{"V2Client", "v2_client"},
		{"add", "add"},
		{"Add", "add"},
		{"getUserID", "get_user_id"},
		{"ListURLs", "list_urls"},
		{"IDsFor", "ids_for"},
		{"ParseJSONToXML", "parse_json_to_xml"},
		{"GetHTTPS", "get_https"},
		{"HTTPSServer", "https_server"},
		{"already_snake", "already_snake"},
		{"Mixed_Case", "mixed_case"},
		{"Trailing_", "trailing"},
		{"A", "a"},
		{"ABTest", "ab_test"},
		{"Größe", "größe"},
	}
	for _, tt := range tests {
		if got := snakeCase(tt.in); got != tt.want {
			t.Errorf("snakeCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestValidToolName(t *testing.T) {
	long := make([]byte, 129)
	for i := range long {
		long[i] = 'a'
	}
	tests := []struct {
		name string
		want bool
	}{
		{"search_notes", true},
		{"a.b-c_D9", true},
		{string(long[:128]), true},
		{string(long), false},
		{"", false},
		{"has space", false},
		{"größe", false},
		{"a/b", false},
	}
	for _, tt := range tests {
		if got := toolname.Valid(tt.name); got != tt.want {
			t.Errorf("toolname.Valid(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// FuzzSnakeCase checks that the default name of an ASCII identifier is a
// valid tool name made of lower-case letters, digits and single '_'.
func FuzzSnakeCase(f *testing.F) {
	for _, seed := range []string{"SearchNotes", "GetHTTPStatus", "ID", "HTTPServer2", "a_B", "URLs"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if name == "" || len(name) > 100 || !isASCIIIdent(name) {
			t.Skip()
		}
		got := snakeCase(name)
		if strings.Trim(name, "_") != "" && !toolname.Valid(got) {
			t.Errorf("snakeCase(%q) = %q, not a valid tool name", name, got)
		}
		if got != strings.ToLower(got) || strings.Contains(got, "__") {
			t.Errorf("snakeCase(%q) = %q", name, got)
		}
	})
}

func isASCIIIdent(s string) bool {
	for i, c := range []byte(s) {
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
		if !letter && !(i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}
