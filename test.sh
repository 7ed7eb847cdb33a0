#!/usr/bin/env bash
# test.sh runs every test mcpgen has, the way CI runs them:
#   1. gofmt, go vet, staticcheck and go mod tidy -diff in every module (one staticcheck for the
#      workspace), go vet for windows and darwin where the code differs by system, and the rules
#      of the modules (internal/tools/modules); the unit, golden and
#      fuzz-seed tests of the main module, with the race detector; every benchmark once;
#   2. freshness of every committed generated file (mcpgen -check);
#   3. the end-to-end suite (e2e/), which builds generated servers and drives them with the
#      official Go SDK client, the official TypeScript SDK client and the MCP Inspector CLI,
#      also through the adapters to the official Go SDK and mcp-go (adapters/);
#      then the go-github trial (e2e/ghtrial: a thin package over go-github with and without
#      //mcp:view, served against a fake GitHub API), the API client trial (e2e/apiclients/run.sh:
#      go-github, slack-go and godo from a module of one's own), the adapter modules, their
#      examples and auth/jwt: vet, tests;
#   4. the benchmark harness (bench/), one short round with every answer checked;
#   5. the official MCP conformance suite against examples/conformance (.ci/conformance.sh);
#   6. the README's quickstart, its "Annotate, generate, serve" steps and its adapter in new
#      modules, exactly as written, with mcpgen's modules installed from a module proxy of
#      this tree as a user installs them (.ci/readme.sh).
# It installs what it needs (Go modules; npm packages into e2e/node_modules) on first use, and
# ends by saying which tests skipped for want of redis-server, nginx or chromium.
set -euo pipefail
cd "$(dirname "$0")"

# Each step says when it starts, so that a slow one shows (bash counts SECONDS from the start).
elapsed() { printf '%dm%02ds' $((SECONDS / 60)) $((SECONDS % 60)); }
step() { printf '\n== [%s] %s\n' "$(elapsed)" "$*"; }

# A test that needs a program this machine lacks (redis-server, nginx, chromium) skips, and
# notes it in $MCPGEN_SKIPPED ("message<TAB>test" lines): at the end, passed or failed, each
# missing program is said once, with the command that installs it and the tests it skipped.
MCPGEN_SKIPPED=$(mktemp)
export MCPGEN_SKIPPED
report_skipped() {
  if [ -s "$MCPGEN_SKIPPED" ]; then
    printf '\nskipped, for want of a program (install it and run again):\n'
    sort -u "$MCPGEN_SKIPPED" | awk -F'\t' '
      $1 != last { if (last != "") print ""; printf "  %s: %s", $1, $2; last = $1; next }
      { printf ", %s", $2 }
      END { print "" }'
  fi
  rm -f "$MCPGEN_SKIPPED"
}
trap report_skipped EXIT

step "gofmt and go vet (main module)"
# testdata/errors_nearmiss is deliberately not gofmt'd (see the file).
unformatted=$(gofmt -l . | grep -v '^testdata/errors_nearmiss/' || true)
if [ -n "$unformatted" ]; then echo "not gofmt'd:"; echo "$unformatted"; exit 1; fi
go vet ./...

step "the modules' rules, go mod tidy -diff, staticcheck (every module), go vet for windows and darwin (where files differ)"
# internal/tools, a module of its own, pins staticcheck (go tool -n prints the
# path of its built binary) and checks the modules (docs/contributing.md, Modules).
(cd internal/tools && go test -count=1 ./... && go run ./modules -root ../.. check && go run ./modules -root ../.. tidy)
staticcheck=$(cd internal/tools && go tool -n staticcheck)
# One staticcheck over every module of go.work (each dependency analysed once, not once per
# module), and one over internal/tools, which has a go.work of its own.
workspace=$(go list -m -f '{{.Dir}}' | sed "s|^$PWD|.|; s|\$|/...|")
# shellcheck disable=SC2086 # one pattern per module
"$staticcheck" $workspace
(cd internal/tools && "$staticcheck" ./...)
# go vet for another system where the code differs for it: the packages whose files differ
# (_windows.go, //go:build unix, ...), as go list on both systems says.
os_packages() {
  local files='{{.ImportPath}} {{.GoFiles}}{{.CgoFiles}}{{.TestGoFiles}}{{.XTestGoFiles}}'
  # shellcheck disable=SC2086
  { diff <(go list -e -f "$files" $workspace) <(GOOS=$1 go list -e -f "$files" $workspace) || true; } |
    sed -n 's/^[<>] \([^ ]*\) .*/\1/p' | sort -u
}
for goos in windows darwin; do
  pkgs=$(os_packages "$goos")
  echo "GOOS=$goos go vet:" $pkgs
  # shellcheck disable=SC2086
  GOOS=$goos go vet $pkgs
done

step "go test -race (main module)"
go test -race -count=1 ./...

step "the packages with goldens accept -update (the README's command to rewrite them)"
go test -count=1 -run '^$' ./cmd/mcpgen ./parser ./internal/hardening -update >/dev/null

step "every benchmark runs once (main module)"
go test -count=1 -run '^$' -bench . -benchtime 1x ./... >/dev/null

step "generated files are fresh"
go run ./cmd/mcpgen -check ./examples/... ./internal/hardening/...

step "short fuzz runs (the seed corpora already ran above)"
# Counts, not durations: go1.26's fuzz coordinator can report "context deadline exceeded" at the
# end of a -fuzztime duration with no failing input (go.dev/issue/75804, fixed in go1.27).
go test -run '^$' -fuzz '^FuzzDispatch$' -fuzztime 120000x -fuzzminimizetime 50x ./runtime/
go test -run '^$' -fuzz '^FuzzOptionsRoundTrip$' -fuzztime 30000x ./parser/
go test -run '^$' -fuzz '^FuzzURITemplate$' -fuzztime 8000x ./internal/uritemplate/

if [ -d e2e ]; then
  step "end-to-end suite (e2e module)"
  (
    cd e2e
    # npm checks engines against the Node.js that runs it, not the Node.js 22 that this
    # installs for the clients (package.json): --loglevel=error keeps those warnings out.
    # A lock newer than what npm last installed (node_modules/.package-lock.json) means a
    # package was added or changed since: install again.
    if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci --no-audit --no-fund --loglevel=error
    fi
    go run github.com/mcpgen/mcpgen/cmd/mcpgen -check ./...
    go vet ./...
    go test -race -count=1 ./...
  )
fi

step "the go-github trial (e2e/ghtrial, own module): freshness, vet, served and compared with direct Go calls"
(
  cd e2e/ghtrial
  go tool mcpgen -check ./thin
  go tool mcpgen -check ./viewed
  go vet ./...
  go test -count=1 -bench . -benchtime 1x ./... # the benchmark of views runs once, its figures unread
)

step "the API client trial (e2e/apiclients/run.sh): go-github, slack-go and godo served from a module of one's own, every call compared with a direct Go call"
# Nothing is written into the libraries, which the go command downloads as a user's module does.
trial=$(mktemp -d)
e2e/apiclients/run.sh "$trial" >"$trial/run.log" 2>&1 || { cat "$trial/run.log"; exit 1; }
grep -E 'tools served' "$trial/run.log"
rm -rf "$trial"

step "adapter, store, auth/jwt and otel modules and their examples (own modules): vet, tests"
for m in adapters/gosdk adapters/mcpgo examples/gosdk examples/mcpgo stores/redis examples/fleet auth/jwt examples/oauth otel examples/otel; do
  (cd "$m" && go vet ./... && go test -race -count=1 ./...)
done

if [ -d bench ]; then
  step "benchmark harness (bench module): vet, freshness, one short checked round"
  (
    cd bench
    go vet ./...
    go tool mcpgen -check ./tools
    # Every answer is checked; the figures of so short a run mean nothing.
    go run ./driver -rounds 1 -scale 0.05 -many 20 >/dev/null
  )
fi

if [ -x .ci/conformance.sh ]; then
  step "official MCP conformance suite"
  .ci/conformance.sh
fi

step "the README, followed as written: quickstart, a server in the background, modules of your own (installed, from a clone, on the SDK)"
.ci/readme.sh

printf '\nall tests passed in %s\n' "$(elapsed)"
