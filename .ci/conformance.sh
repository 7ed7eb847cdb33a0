#!/usr/bin/env bash
# Runs the MCP conformance suite (@modelcontextprotocol/conformance, pinned
# with Node 22 in .ci/conformance/package-lock.json) against the example
# server examples/conformance over Streamable HTTP on 127.0.0.1.
#
# It runs the whole server suite (--suite all: every scenario, pending and
# extension ones included) once at each scenario's latest protocol version,
# and again at the legacy versions 2025-11-25 and 2025-06-18, so that the
# scenarios valid in both eras are also run against the legacy protocol.
#
# Fails on any unexpected failure, and on any check listed in
# .ci/conformance/expected-failures.yml that passes. Needs go, npm and
# network access to the npm registry (for npm ci).
#
#   .ci/conformance.sh                       # all three passes
#   CONFORMANCE_SUITE=active .ci/conformance.sh
#   CONFORMANCE_SPEC_VERSIONS=latest .ci/conformance.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
conf="$root/.ci/conformance"
suite="${CONFORMANCE_SUITE:-all}"
versions="${CONFORMANCE_SPEC_VERSIONS:-latest 2025-11-25 2025-06-18}"

work="$(mktemp -d "${TMPDIR:-/tmp}/mcpgen-conformance.XXXXXX")"
server_pid=""
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

# Node 22 and the suite, installed locally from the lock file.
(cd "$conf" && npm ci --no-audit --no-fund --loglevel=error)
export PATH="$conf/node_modules/.bin:$PATH"
case "$(node --version)" in
v22.*) ;;
*) echo "conformance: expected Node 22, got $(node --version)" >&2; exit 1 ;;
esac

# Build and start the server on a free loopback port; it logs its URL.
(cd "$root" && go build -o "$work/server" ./examples/conformance)
"$work/server" -http 127.0.0.1:0 2>"$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 100); do
	url="$(sed -n 's/.*url=\(http:[^ ]*\).*/\1/p' "$work/server.log" | head -n1)"
	[ -n "$url" ] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		cat "$work/server.log" >&2
		echo "conformance: server exited" >&2
		exit 1
	fi
	sleep 0.1
done
if [ -z "$url" ]; then
	cat "$work/server.log" >&2
	echo "conformance: server did not start" >&2
	exit 1
fi
echo "conformance: server at $url"

status=0
for v in $versions; do
	echo "conformance: --suite $suite, protocol version $v"
	args=(server --url "$url" --suite "$suite" --expected-failures "$conf/expected-failures.yml" -o "$work/results-$v")
	if [ "$v" != latest ]; then
		args+=(--spec-version "$v")
	fi
	# The suite prints each failed scenario as failed (✗) before it compares the
	# failures with the expected ones. When every failure was expected (exit
	# status 0), print its summary with those marked as expected; otherwise
	# print everything it said.
	vstatus=0
	conformance "${args[@]}" >"$work/out-$v.log" 2>&1 || vstatus=$?
	if [ "$vstatus" -eq 0 ] && grep -q "^=== SUMMARY ===" "$work/out-$v.log"; then
		awk -v list=".ci/conformance/expected-failures.yml" '
			/^=== SUMMARY ===/ { on = 1 }
			!on { next }
			/^✗ / { sub(/^✗ /, "~ "); $0 = $0 " (expected)" }
			/^Total: / { $0 = $0 ": every failure is expected, as listed in " list }
			{ print }
		' "$work/out-$v.log"
	else
		cat "$work/out-$v.log"
		if [ "$vstatus" -ne 0 ]; then status=$vstatus; fi
	fi
done
if [ "$status" -ne 0 ]; then
	echo "conformance: server log:" >&2
	cat "$work/server.log" >&2
fi
exit "$status"
