package e2e

import (
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// buildDir is the run's temporary directory (TestMain), where the examples
// built by buildExample stay until the run ends.
var buildDir string

// built holds, by example name, a *builtExample: each example is built once
// per run, however many tests serve it.
var built sync.Map

type builtExample struct {
	once sync.Once
	bin  string
	err  error
}

// buildExample builds examples/NAME once for the run and returns the
// binary's path; a failed build fails t.
func buildExample(t *testing.T, name string) string {
	t.Helper()
	v, _ := built.LoadOrStore(name, new(builtExample))
	b := v.(*builtExample)
	b.once.Do(func() {
		b.bin = filepath.Join(buildDir, "example-"+name)
		if out, err := exec.Command("go", "build", "-o", b.bin, "github.com/mcpgen/mcpgen/examples/"+name).CombinedOutput(); err != nil {
			b.err = err
			b.bin = string(out)
		}
	})
	if b.err != nil {
		t.Fatalf("go build examples/%s: %v\n%s", name, b.err, b.bin)
	}
	return b.bin
}

// tsEras runs the TypeScript client script against bin over stdio and over
// HTTP (bin -http, which logs its url=), with the SDK v1 as a legacy client
// and v2 as a legacy and as a modern one. parallel runs the three clients of
// an endpoint at once: only for a script that changes nothing the others
// see.
func tsEras(t *testing.T, bin, script string, parallel bool) {
	t.Helper()
	needNode(t)
	for _, ep := range []*endpoint{stdioEndpointFor(bin), conformanceHTTP(t, bin)} {
		t.Run(ep.name, func(t *testing.T) {
			for _, c := range []struct{ sdk, era, wantVersion string }{
				{"v1", "legacy", ""},
				{"v2", "legacy", "2025-11-25"},
				{"v2", "modern", "2026-07-28"},
			} {
				t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
					if parallel {
						t.Parallel()
					}
					runTSScript(t, script, c.sdk, c.era, c.wantVersion, ep.nodeArgs, nil)
				})
			}
		})
	}
}
