#!/usr/bin/env bash
# run.sh runs the API client trial of docs/apiclients.md, "What a trial gave":
# it copies three API client libraries nobody here wrote out of the module
# cache, adds to each the package-level lines in testdata/lines/ (one file,
# mcp.go), generates with this tree's mcpgen, serves the tools over
# streamable HTTP and calls them with the Go MCP SDK against a fake API on
# loopback, comparing every result with a direct Go call of the same method
# (testdata/harness/). It prints, per library, the warnings, the methods
# annotated and left out, the tools, the calls equal, the bytes of tools/list
# and the largest tool; then the same with the output schemas bounded (or
# not) the other way.
#
#   e2e/apiclients/run.sh [WORKDIR]
#
# It needs the Go module proxy (the libraries and the Go SDK); it is not part
# of test.sh. WORKDIR (default: a new temporary directory) is kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/e2e/apiclients/testdata
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
echo "trial in $work, mcpgen of $root ($(git -C "$root" rev-parse --short HEAD)), $(go version)"

# name module version package-directory-in-module
libs=(
  "github github.com/google/go-github/v72 v72.0.0 github"
  "slack github.com/slack-go/slack v0.35.0 ."
  "godo github.com/digitalocean/godo v1.237.0 ."
)
for l in "${libs[@]}"; do
  read -r name mod ver pkg <<<"$l"
  dir=$(go mod download -json "$mod@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  rm -rf "$name"
  cp -r "$dir" "$name"
  chmod -R u+w "$name"
  sed -i '/^toolchain /d' "$name/go.mod" # a newer patch release than this Go is not needed
  (cd "$name" && go mod download)
  cp "$here/lines/$name.go" "$name/$pkg/mcp.go"
done
cat >go.work <<EOW
go 1.26.0

use (
	./harness
	./github
	./slack
	./godo
	$root
)

replace github.com/mcpgen/mcpgen v0.1.0 => $root
EOW
mkdir -p harness
cp "$here"/harness/*_test.go harness/
cat >harness/go.mod <<'EOM'
module trial

go 1.26.0

require (
	github.com/digitalocean/godo v1.237.0
	github.com/google/go-github/v72 v72.0.0
	github.com/mcpgen/mcpgen v0.1.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/slack-go/slack v0.35.0
)
EOM
(cd harness && go mod download github.com/modelcontextprotocol/go-sdk)
(cd "$root" && go build -o "$work/mcpgen" ./cmd/mcpgen)

generate() {
  for l in "${libs[@]}"; do
    read -r name mod ver pkg <<<"$l"
    (
      cd "$name/$pkg"
      rm -f mcp_gen.go
      "$work/mcpgen" 2>"$work/$name.warnings.txt"
      "$work/mcpgen" -catalog 2>&1 | grep '^mcpgen: catalog' || true
      echo "  $(grep -c '' "$work/$name.warnings.txt") warning lines (mcpgen -v: $("$work/mcpgen" -v 2>&1 >/dev/null | grep -c ''))," \
        "$(grep -c 's.MustAddTool' mcp_gen.go) tools, $(grep -c 'OutputSchema:' mcp_gen.go) with an output schema," \
        "package-level lines: $(grep -c '^//mcp:' mcp.go)"
      grep -o '//mcp:tools [A-Za-z]*: [0-9]* of the [0-9]* methods it annotates are left out' "$work/$name.warnings.txt" | sed 's/^/  /' || true
    )
  done
  (cd harness && rm -f "$work/report.txt" && TRIAL_REPORT="$work/report.txt" go test -count=1 . >"$work/test.txt" 2>&1) || { cat "$work/test.txt"; exit 1; }
  sed 's/^/  /' "$work/report.txt"
}

echo "== as in testdata/lines (go-github: no //mcp:output; slack-go: //mcp:output max=16384)"
generate
echo "== go-github with //mcp:output max=8192, slack-go without //mcp:output"
echo '//mcp:output max=8192' >>github/github/mcp.go
sed -i '/^\/\/mcp:output/d' slack/mcp.go
generate
