package jsontext

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestIDScanner(t *testing.T) {
	big := strings.Repeat("x", 1000)
	for _, tt := range []struct {
		msg, want string
	}{
		{`{"jsonrpc":"2.0","id":5,"method":"ping"}`, `5`},
		{`{"jsonrpc":"2.0","id":"a\"b","method":"ping"}`, `"a\"b"`},
		{`{"method":"tools/call","params":{"id":1,"arguments":{"text":"` + big + `"}},"jsonrpc":"2.0","id":42}`, `42`},
		{`{ "id" : -7.5e3 , "method":"x"}`, `-7.5e3`},
		{`{"method":"id","params":{"text":"\"id\":3"},"id":"last"}`, `"last"`},
		{`{"params":{"id":1}}`, ``},                  // nested ids do not count
		{`{"id":null,"method":"x"}`, ``},             // null is no id
		{`{"id":{"a":1},"method":"x"}`, ``},          // neither is an object
		{`{"id":1,"id":2}`, ``},                      // two ids: none to trust
		{`{"id":1,"method":"x","params":{"t":"`, ``}, // the line ended early
		{`["id",1]`, ``},
		{`{"idx":1,"i":2}`, ``},
	} {
		var s IDScanner
		for i := 0; i < len(tt.msg); i += 7 { // in pieces, as chunks arrive
			s.Write([]byte(tt.msg[i:min(i+7, len(tt.msg))]))
		}
		if got := string(s.Result()); got != tt.want {
			t.Errorf("%.60s: id %q, want %q", tt.msg, got, tt.want)
		}
	}
}

// FuzzIDScanner: on any input the scanner never panics; on a JSON object
// whose top-level id encoding/json reads as a string or number, it finds
// that id (the same JSON value); what it returns is always valid JSON.
func FuzzIDScanner(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":5,"method":"ping"}`,
		`{"method":"x","params":{"id":1,"t":"\"id\":2"},"id":"z"}`,
		`{"id":"\u0041\\"}`, `{"id":1e5}`, `[{"id":1}]`, `{"id":{"id":1}}`, `{"\u0069d":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s IDScanner
		s.Write(data)
		got := s.Result()
		if got != nil && !json.Valid(got) {
			t.Fatalf("id %q is not valid JSON", got)
		}
		var msg map[string]json.RawMessage
		if json.Unmarshal(data, &msg) != nil || bytes.Count(data, []byte(`"id"`)) != 1 {
			// Not an object; or an id key that may be repeated or nested;
			// or one spelt with escapes ("\u0069d"), which the scanner
			// does not decode: such a message is answered without id.
			return
		}
		id, ok := msg["id"]
		if !ok || len(id) == 0 || (id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9')) {
			return
		}
		var want, have any
		json.Unmarshal(id, &want)
		if json.Unmarshal(got, &have) != nil || !reflect.DeepEqual(want, have) {
			t.Fatalf("id %q, want %s", got, id)
		}
	})
}
