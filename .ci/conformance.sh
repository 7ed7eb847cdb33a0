#!/usr/bin/env bash
# Runs the MCP conformance suite (@modelcontextprotocol/conformance, pinned
# with Node 22 in .ci/conformance/package-lock.json) against the example
# server examples/conformance over Streamable HTTP on 127.0.0.1.
#
# One pass per protocol revision, each against a server of its own, all at
# once:
#
#   2026-07-28  --requirements 2026-07-28: the scenarios the revision
#               requires, frozen at its release, run at its wire and scored
#   2025-11-25  --requirements 2025-11-25, likewise
#   2025-06-18  --suite all --spec-version 2025-06-18 (the suite has no
#               requirement set for it)
#   all         --suite all at the latest revision: every scenario, pending,
#               draft and extension ones included
#
# Each pass gets a line of its own (checks passed, failed, skipped,
# scenarios), so that no revision hides in a total; with
# CONFORMANCE_BY_SCENARIO=1 every scenario of every pass gets one too.
#
# Fails on any unexpected failure, on any check listed in
# .ci/conformance/expected-failures.yml that passes, on any check the suite
# SKIPPED (a feature the server lacks: the suite skips the checks of an
# extension the server does not declare, and its summary counts them
# nowhere), and on any scenario that ran and passed no check (its checks all
# informational, or none written), except what the suite itself skips as
# pending, listed in .ci/conformance/pending-skips. Needs go, npm and
# network access to the npm registry (for npm ci).
#
#   .ci/conformance.sh                       # all four passes
#   CONFORMANCE_PASSES="2025-11-25 2025-06-18" .ci/conformance.sh
#   CONFORMANCE_BY_SCENARIO=1 .ci/conformance.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
conf="$root/.ci/conformance"
passes="${CONFORMANCE_PASSES:-2026-07-28 2025-11-25 2025-06-18 all}"
by_scenario="${CONFORMANCE_BY_SCENARIO:-}"

work="$(mktemp -d "${TMPDIR:-/tmp}/mcpgen-conformance.XXXXXX")"
server_pids=()
cleanup() {
	for pid in "${server_pids[@]}"; do
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
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

# Build the server; each pass starts one on a free loopback port (it logs
# its URL), so that a scenario that changes the server's lists cannot
# disturb another pass's.
(cd "$root" && go build -o "$work/server" ./examples/conformance)
start_server() { # $1: the pass; sets url
	"$work/server" -http 127.0.0.1:0 2>"$work/server-$1.log" &
	local pid=$!
	server_pids+=("$pid")
	url=""
	for _ in $(seq 100); do
		url="$(sed -n 's/.*url=\(http:[^ ]*\).*/\1/p' "$work/server-$1.log" | head -n1)"
		[ -n "$url" ] && break
		if ! kill -0 "$pid" 2>/dev/null; then
			cat "$work/server-$1.log" >&2
			echo "conformance: server exited" >&2
			exit 1
		fi
		sleep 0.1
	done
	if [ -z "$url" ]; then
		cat "$work/server-$1.log" >&2
		echo "conformance: server did not start" >&2
		exit 1
	fi
}

# The suite's arguments for a pass.
pass_args() {
	case "$1" in
	all) echo "--suite all" ;;
	2025-06-18 | 2025-03-26 | 2024-11-05) echo "--suite all --spec-version $1" ;;
	*) echo "--requirements $1" ;;
	esac
}

pass_jobs=()
for p in $passes; do
	start_server "$p"
	# shellcheck disable=SC2046 # pass_args is words on purpose
	conformance server --url "$url" $(pass_args "$p") --expected-failures "$conf/expected-failures.yml" \
		-o "$work/results-$p" >"$work/out-$p.log" 2>&1 &
	pass_jobs+=("$p:$!")
done

status=0
for job in "${pass_jobs[@]}"; do
	p="${job%%:*}"
	vstatus=0
	wait "${job#*:}" || vstatus=$?
	echo "conformance: pass $p: conformance server $(pass_args "$p")"
	# The suite prints each failed scenario as failed (✗) before it compares the
	# failures with the expected ones. When every failure was expected (exit
	# status 0), print its summary with those marked as expected; otherwise
	# print everything it said.
	if [ "$vstatus" -eq 0 ] && grep -q "^=== SUMMARY ===" "$work/out-$p.log"; then
		awk -v list=".ci/conformance/expected-failures.yml" '
			/^=== SUMMARY ===/ { on = 1 }
			!on { next }
			/^✗ / { sub(/^✗ /, "~ "); $0 = $0 " (expected)" }
			/^Total: / { $0 = $0 ": every failure is expected, as listed in " list }
			{ print }
		' "$work/out-$p.log"
	else
		cat "$work/out-$p.log"
		status=$vstatus
	fi
done
# Every check of every pass, as each scenario's checks.json under -o says:
# one line per pass (per revision), and one per scenario with
# CONFORMANCE_BY_SCENARIO=1. A SKIPPED check fails, and so does a scenario
# that the pass ran (its log says so) and that passed no check, unless
# .ci/conformance/pending-skips lists it (a check, or a scenario, that the
# suite itself skips as pending); a listed one that no longer skips fails
# too (remove it then).
if ! node - "$work" "$conf/pending-skips" "$by_scenario" $passes <<'EOF'; then
const fs = require("fs"), path = require("path");
const [work, listFile, byScenario, ...passes] = process.argv.slice(2);
// -o writes one directory per scenario: server-NAME-TIMESTAMP.
const scenario = (d) => d.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
const dirs = (d) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []);
// pending-skips: one "scenario:check-id" (a check) or "scenario" (a scenario
// that passes no check) a line, # comments.
const listed = new Map(fs.readFileSync(listFile, "utf8").split("\n")
	.map((l) => l.replace(/#.*/, "").trim()).filter(Boolean).map((k) => [k, false]));
let unexpected = 0, checks = 0;
const ran = new Set();
for (const pass of passes) {
	const dir = path.join(work, `results-${pass}`);
	// The scenarios the pass ran, in its order, as its log names them.
	const logFile = path.join(work, `out-${pass}.log`);
	const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
	const names = [...log.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map((m) => m[1]);
	const results = new Map();
	for (const d of dirs(dir)) {
		const file = path.join(dir, d, "checks.json");
		if (fs.existsSync(file)) results.set(scenario(d), JSON.parse(fs.readFileSync(file, "utf8")));
	}
	for (const name of results.keys()) if (!names.includes(name)) names.push(name);
	const total = { passed: 0, failed: 0, skipped: 0, info: 0, empty: 0 };
	const lines = [];
	for (const name of names) {
		ran.add(name);
		const n = { passed: 0, failed: 0, skipped: 0, info: 0 };
		let pending = 0; // skipped checks listed in pending-skips
		for (const c of results.get(name) || []) {
			checks++;
			const key = `${name}:${c.id}`;
			if (c.status === "SUCCESS") n.passed++;
			else if (c.status === "FAILURE") n.failed++;
			else if (c.status === "SKIPPED") {
				n.skipped++;
				if (listed.has(key)) { listed.set(key, true); pending++; continue; }
				unexpected++;
				console.log(`conformance: SKIPPED at ${pass}: ${key}: ${c.errorMessage || c.description}`);
			} else n.info++;
		}
		for (const k of Object.keys(n)) total[k] += n[k];
		let note = "";
		if (n.passed + n.failed === 0) {
			total.empty++;
			if (listed.has(name)) { listed.set(name, true); note = " (passes no check: pending, as listed)"; }
			else if (pending > 0 && pending === n.skipped && n.info === 0) note = " (its checks pending, as listed)";
			else {
				unexpected++;
				note = " (passes no check)";
				console.log(`conformance: at ${pass}, scenario ${name} ran and passed no check (${results.has(name) ? `${n.skipped} skipped, ${n.info} informational` : "no checks.json"}): a skip that a total would hide`);
			}
		}
		lines.push(`conformance:   ${pass} ${name}: ${n.passed} passed, ${n.failed} failed, ${n.skipped} skipped${n.info ? `, ${n.info} informational` : ""}${note}`);
	}
	console.log(`conformance: ${pass}: ${total.passed} checks passed, ${total.failed} failed, ${total.skipped} skipped; ${names.length} scenarios, ${total.empty} of which passed no check (pending)`);
	if (byScenario) for (const l of lines) console.log(l);
}
const stale = [...listed].filter(([k, seen]) => !seen && ran.has(k.split(":")[0])).map(([k]) => k);
for (const k of stale) console.log(`conformance: ${k} is listed in .ci/conformance/pending-skips but was not skipped: remove it`);
console.log(`conformance: ${checks} checks, ${unexpected} skipped for a missing feature, ${listed.size - stale.length} pending as listed in .ci/conformance/pending-skips`);
process.exit(unexpected + stale.length > 0 ? 1 : 0);
EOF
	status=1
fi
if [ "$status" -ne 0 ]; then
	for p in $passes; do
		echo "conformance: server log of pass $p:" >&2
		cat "$work/server-$p.log" >&2
	done
fi
exit "$status"
