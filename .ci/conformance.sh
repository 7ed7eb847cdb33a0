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
# Fails on any unexpected failure, on any check listed in
# .ci/conformance/expected-failures.yml that passes, and on any check the
# suite SKIPPED (a feature the server lacks: the suite skips the checks of
# an extension the server does not declare, and its summary counts them
# nowhere), except the checks the suite itself skips as pending, listed
# in .ci/conformance/pending-skips. Needs go, npm and network access to the npm
# registry (for npm ci).
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
# Every check of every pass, as each scenario's checks.json under -o says:
# a SKIPPED one fails, unless .ci/conformance/pending-skips lists it (a
# check the suite itself skips as pending), and a listed one that no
# longer skips fails too (remove it then).
if ! node - "$work" "$conf/pending-skips" <<'EOF'; then
const fs = require("fs"), path = require("path");
const [work, listFile] = process.argv.slice(2);
// -o writes one directory per scenario: server-NAME-TIMESTAMP.
const scenario = (d) => d.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
const dirs = (d) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []);
// pending-skips: one "scenario:check-id" a line, # comments.
const listed = new Map(fs.readFileSync(listFile, "utf8").split("\n")
	.map((l) => l.replace(/#.*/, "").trim()).filter(Boolean).map((k) => [k, false]));
let skipped = 0, checks = 0;
const ran = new Set();
for (const pass of dirs(work).filter((d) => d.startsWith("results-"))) {
	for (const d of dirs(path.join(work, pass))) {
		const file = path.join(work, pass, d, "checks.json");
		if (!fs.existsSync(file)) continue;
		for (const c of JSON.parse(fs.readFileSync(file, "utf8"))) {
			checks++;
			ran.add(scenario(d));
			const key = `${scenario(d)}:${c.id}`;
			if (c.status !== "SKIPPED") continue;
			if (listed.has(key)) { listed.set(key, true); continue; }
			skipped++;
			console.log(`conformance: SKIPPED at ${pass.slice("results-".length)}: ${key}: ${c.errorMessage || c.description}`);
		}
	}
}
const stale = [...listed].filter(([k, seen]) => !seen && ran.has(k.split(":")[0])).map(([k]) => k);
for (const k of stale) console.log(`conformance: ${k} is listed in .ci/conformance/pending-skips but was not skipped: remove it`);
console.log(`conformance: ${checks} checks, ${skipped} skipped for a missing feature, ${listed.size - stale.length} pending as listed in .ci/conformance/pending-skips`);
process.exit(skipped + stale.length > 0 ? 1 : 0);
EOF
	status=1
fi
if [ "$status" -ne 0 ]; then
	echo "conformance: server log:" >&2
	cat "$work/server.log" >&2
fi
exit "$status"
