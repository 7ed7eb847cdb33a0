package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorCases loads each testdata/errors_* package and compares its
// diagnostics, with file names relative to the case folder, with
// want/errors.txt. Run with -update to rewrite the goldens.
func TestErrorCases(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "testdata", "errors_*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no testdata/errors_* cases")
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			abs, err := filepath.Abs(dir)
			if err != nil {
				t.Fatal(err)
			}
			_, all, err := Load(abs, nil, ".")
			if err != nil {
				t.Fatal(err)
			}
			diags := relDiags(t, abs, all, true)
			got := strings.Join(diags, "\n") + "\n"
			if len(diags) == 0 {
				t.Errorf("no diagnostics: an errors_ case must have some")
			}
			golden := filepath.Join(dir, "want", "errors.txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("diagnostics differ from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}
