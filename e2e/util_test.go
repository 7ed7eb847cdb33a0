package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// compact returns s without insignificant JSON whitespace (s itself if not JSON).
func compact(s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		return s
	}
	return b.String()
}

// dump renders v as JSON for messages.
func dump(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return tail(string(b), 2000)
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// short truncates s for messages.
func short(s string) string {
	if len(s) <= 300 {
		return s
	}
	return s[:300] + "..."
}

// skipFor skips t for want of a program, msg saying which and how to
// install it, and notes it in the file that $MCPGEN_SKIPPED names:
// ./test.sh prints those at its end, so that a skip is not lost in the log.
func skipFor(t testing.TB, msg string) {
	t.Helper()
	if name := os.Getenv("MCPGEN_SKIPPED"); name != "" {
		if f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\t%s\n", msg, t.Name())
			f.Close()
		}
	}
	t.Skip(msg)
}
