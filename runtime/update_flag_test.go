package runtime_test

import "flag"

// "go test ./... -update" rewrites the golden files of the packages that
// have them (cmd/mcpgen, parser); this package has none, but its test
// binary receives the flag too and must not reject it.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "ignored: this package has no golden files")
	}
}
