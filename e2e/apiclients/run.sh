#!/usr/bin/env bash
# run.sh runs the API client trial of docs/apiclients.md, "What a trial gave":
# a module of its own (example.com/apis) holds one package per API client library,
# each a single file of lines that name the library's types (testdata/mcp/),
# with nothing added to the libraries, which the go command downloads as any
# user's module does. It generates with this tree's mcpgen, serves the tools
# over streamable HTTP and calls them with the Go MCP SDK against a fake API
# on loopback, comparing every result with a direct Go call of the same
# method (testdata/harness/). It prints, per library, the warnings, the
# methods annotated and left out, the tools, the calls equal, the bytes of
# tools/list, the largest tool and the bytes of the results' text; then the
# same with the output schemas bounded (or not) the other way; then
# go-github again without ghmcp's //mcp:view lines (the results whole).
# WORKDIR keeps each library's warnings and -catalog output
# (NAME.warnings.txt, NAME.catalog.txt, of the last pass that made them).
#
#   e2e/apiclients/run.sh [WORKDIR]
#
# It needs the Go module proxy (the libraries and the Go SDK); test.sh runs it
# in a temporary directory. WORKDIR (default: a new temporary directory) is kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/e2e/apiclients/testdata
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
echo "trial in $work, mcpgen of $root ($(git -C "$root" rev-parse --short HEAD)), $(go version)"

# name package-in-the-module library-module version
libs=(
  "github ghmcp github.com/google/go-github/v72 v72.0.0"
  "slack slackmcp github.com/slack-go/slack v0.35.0"
  "godo godomcp github.com/digitalocean/godo v1.237.0"
)
rm -rf apis
mkdir -p apis
cat >apis/go.mod <<EOM
module example.com/apis

go 1.26.0

require (
	github.com/digitalocean/godo v1.237.0
	github.com/google/go-github/v72 v72.0.0
	github.com/mcpgen/mcpgen v0.1.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/slack-go/slack v0.35.0
)

replace github.com/mcpgen/mcpgen v0.1.0 => $root
EOM
for l in "${libs[@]}"; do
  read -r name pkg mod ver <<<"$l"
  mkdir -p "apis/$pkg"
  cp "$here/mcp/$pkg.go" "apis/$pkg/mcp.go"
done
cp "$here"/harness/*_test.go apis/
# docs/apiclients.md's first example: ghmcp and this command
mkdir -p apis/cmd/ghserver
cp "$here/ghserver/main.go" apis/cmd/ghserver/
(cd apis && GOWORK=off go mod tidy)
(cd "$root" && go build -o "$work/mcpgen" ./cmd/mcpgen)
export GOWORK=off

# generate [NAME [TESTRUN]]: every library, or only NAME with go test -run TESTRUN.
generate() {
  for l in "${libs[@]}"; do
    read -r name pkg mod ver <<<"$l"
    [ -z "${1:-}" ] || [ "$1" = "$name" ] || continue
    (
      cd "apis/$pkg"
      rm -f mcp_gen.go
      "$work/mcpgen" 2>"$work/$name.warnings.txt"
      "$work/mcpgen" -catalog >"$work/$name.catalog.txt" 2>&1 || true
      grep '^mcpgen: catalog' "$work/$name.catalog.txt" || true
      echo "  $name: $(grep -c '' "$work/$name.warnings.txt") warning lines (mcpgen -v: $("$work/mcpgen" -v 2>&1 >/dev/null | grep -c ''))," \
        "$(grep -c 's.MustAddTool' mcp_gen.go) tools, $(grep -c 'OutputSchema:' mcp_gen.go) with an output schema," \
        "lines in mcp.go: $(grep -c '^//mcp:' mcp.go), files added to $mod: 0"
      grep -o '//mcp:tools [^ ]*: [0-9]* of the [0-9]* methods it annotates are left out' "$work/$name.warnings.txt" | sed 's/^/  /' || true
    )
  done
  (cd apis && rm -f "$work/report.txt" && TRIAL_REPORT="$work/report.txt" go test -count=1 -run "${2:-.}" . >"$work/test.txt" 2>&1) || { cat "$work/test.txt"; exit 1; }
  sed 's/^/  /' "$work/report.txt"
}

echo "== as in testdata/mcp (go-github: no //mcp:output; slack-go: //mcp:output max=16384)"
generate
echo "== docs/apiclients.md's first example: cmd/ghserver over stdio (initialize, tools/list)"
(cd apis && go build -o "$work/ghserver" ./cmd/ghserver)
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"run.sh","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' |
  "$work/ghserver" | tail -n 1 |
  python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]["tools"]; print("  ghserver: %d tools, the first %s, the last %s" % (len(r), r[0]["name"], r[-1]["name"]))'
echo "== go-github with //mcp:output max=8192, slack-go without //mcp:output"
echo '//mcp:output max=8192' >>apis/ghmcp/mcp.go
sed -i '/^\/\/mcp:output/d' apis/slackmcp/mcp.go
generate
echo "== go-github as in testdata/mcp without its //mcp:view lines"
cp "$here/mcp/ghmcp.go" apis/ghmcp/mcp.go
sed -i '/^\/\/mcp:view/d' apis/ghmcp/mcp.go
generate github TestGitHub
