#!/usr/bin/env bash
# test.sh runs every test mcpgen has, the way CI runs them:
#   1. gofmt, go vet (also for windows and darwin), staticcheck and go mod tidy -diff in every
#      module, and the rules of the modules (internal/tools/modules); the unit, golden and
#      fuzz-seed tests of the main module, with the race detector; every benchmark once;
#   2. freshness of every committed generated file (mcpgen -check);
#   3. the end-to-end suite (e2e/), which builds generated servers and drives them with the
#      official Go SDK client, the official TypeScript SDK client and the MCP Inspector CLI,
#      also through the adapters to the official Go SDK and mcp-go (adapters/);
#      then the go-github trial (e2e/ghtrial: a thin package over go-github with and without
#      //mcp:view, served against a fake GitHub API), the adapter modules, their examples and
#      auth/jwt: vet, tests;
#   4. the benchmark harness (bench/), one short round with every answer checked;
#   5. the official MCP conformance suite against examples/conformance (.ci/conformance.sh);
#   6. the README's quickstart, its "Annotate, generate, serve" steps and its adapter in new
#      modules, exactly as written, with mcpgen's modules installed from a module proxy of
#      this tree as a user installs them (.ci/readme.sh).
# It installs what it needs (Go modules; npm packages into e2e/node_modules) on first use.
set -euo pipefail
cd "$(dirname "$0")"

# Each step says when it starts, so that a slow one shows (bash counts SECONDS from the start).
elapsed() { printf '%dm%02ds' $((SECONDS / 60)) $((SECONDS % 60)); }
step() { printf '\n== [%s] %s\n' "$(elapsed)" "$*"; }

step "gofmt and go vet (main module)"
# testdata/errors_nearmiss is deliberately not gofmt'd (see the file).
unformatted=$(gofmt -l . | grep -v '^testdata/errors_nearmiss/' || true)
if [ -n "$unformatted" ]; then echo "not gofmt'd:"; echo "$unformatted"; exit 1; fi
go vet ./...

step "the modules' rules, go mod tidy -diff, staticcheck, go vet for windows and darwin (every module)"
# internal/tools, a module of its own, pins staticcheck (go tool -n prints the
# path of its built binary) and checks the modules (docs/contributing.md, Modules).
(cd internal/tools && go test -count=1 ./... && go run ./modules -root ../.. check && go run ./modules -root ../.. tidy)
staticcheck=$(cd internal/tools && go tool -n staticcheck)
for m in $(find . -name go.mod -not -path '*/node_modules/*' -exec dirname {} \; | sort); do
  (
    cd "$m"
    "$staticcheck" ./...
    GOOS=windows go vet ./...
    GOOS=darwin go vet ./...
  )
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
