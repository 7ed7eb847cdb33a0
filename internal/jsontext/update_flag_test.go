package jsontext

import "flag"

// "go test ./... -update" rewrites the golden files of the packages that
// have them; this package has none, but its test binary receives the flag
// too and must not reject it.
var _ = flag.Bool("update", false, "ignored: this package has no golden files")
