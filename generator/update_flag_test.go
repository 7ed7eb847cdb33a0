package generator

import "flag"

// "go test ./... -update" rewrites the golden files of the packages that
// have them (cmd/mcpgen, parser); the generator's tests have none, but
// their binary receives the flag too and must not reject it.
var _ = flag.Bool("update", false, "ignored: this package has no golden files")
