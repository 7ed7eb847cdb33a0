#!/usr/bin/env bash
# Follows the README as a new user would, running its commands and writing its
# files exactly as written. A fenced block preceded by a line
#
#   <!-- test: SCENARIO KIND [ARG] -->
#
# belongs to SCENARIO, and its KIND says what to do with it:
#
#   run         run the commands (bash, set -euo pipefail; one shell per scenario,
#               so that cd and variables carry over from block to block)
#   file NAME   write the block to the file NAME
#   stdout      the output the previous run block must print, exactly
#   serve       run the commands in the background, in a process group of their own
#               (as in a terminal), until the scenario's other blocks are done; then
#               Ctrl-C (SIGINT to the group): every process of it must exit and the
#               port must be free. (The exit status of go run is not the server's:
#               go run exits 1 when interrupted, whatever the server's status.)
#
# Scenarios:
#   quickstart  in the repository (a clone): an example server with go run, calls
#               with curl, Ctrl-C
#   background  in the repository: the example built and run in the background,
#               stopped with kill (exit status 0)
#   module      in a new temporary directory, as a user: a module of their own,
#               mcpgen installed with go get -tool, tools annotated, generated,
#               built, called, tested; the production modules (stores/redis,
#               auth/jwt, otel) installed with go get, and built
#   clone       the same module with mcpgen installed from a clone of this
#               repository in ~/src/mcpgen (a replace), and the production
#               modules likewise, built
#   sdk         a module of the user's on the official Go SDK, with the adapter
#               installed with go get
#
# A block may belong to several scenarios: <!-- test: module,clone run -->.
# The module and sdk scenarios install mcpgen's modules from a module proxy
# in a directory, written by internal/tools/modules from this tree at the
# release version, as they would be published: the go command fetches them
# as it fetches any module, into a module cache of their own (so that the
# release version never enters the real one), with the other modules from
# the real module cache or the usual proxy.
#
# If 127.0.0.1:8080 is taken, the blocks use a free port instead.
#
#   .ci/readme.sh [SCENARIO...]      # default: every scenario
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
readme="$root/README.md"
work="$(mktemp -d)"
serve_pgid=""
cleanup() {
	if [ -n "$serve_pgid" ]; then kill -KILL -- "-$serve_pgid" 2>/dev/null || true; fi
	chmod -R u+w "$work" 2>/dev/null || true # the module cache's files are read-only
	rm -rf "$work"
}
trap cleanup EXIT

# blocks SCENARIO: the scenario's blocks as records "KIND ARG\x1fTEXT\x1e".
blocks() {
	awk -v want="$1" '
		/^<!-- test: [^ ]+ [^ ]+( [^ ]+)? -->$/ {
			n = split($3, scens, ","); kind = $4; arg = ($5 == "-->") ? "" : $5
			pending = 0; for (i = 1; i <= n; i++) if (scens[i] == want) pending = 1
			next
		}
		pending && /^```/ && !inside { inside = 1; text = ""; next }
		inside && /^```$/ {
			printf "%s %s\x1f%s\x1e", kind, arg, text; inside = 0; pending = 0; next
		}
		inside { text = text $0 "\n" }
	' "$readme"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
	local p
	for p in $(seq 18080 18180); do
		if ! port_in_use "$p"; then echo "$p"; return; fi
	done
	echo "readme: no free port" >&2
	exit 1
}

# scenario NAME DIR: runs the scenario's blocks in DIR.
scenario() {
	local name="$1" dir="$2" n=0 port=8080 kind arg text
	if port_in_use 8080; then
		port="$(free_port)"
		echo "readme: 127.0.0.1:8080 is taken; using 127.0.0.1:$port"
	fi
	local script="$work/$name.sh" serve=""
	printf 'set -euo pipefail\ncd %q\n' "$dir" >"$script"
	while IFS= read -r -d $'\x1e' rec; do
		kind="${rec%%$'\x1f'*}"
		text="${rec#*$'\x1f'}"
		text="${text//127.0.0.1:8080/127.0.0.1:$port}"
		arg="${kind#* }"
		kind="${kind%% *}"
		n=$((n + 1))
		case "$kind" in
		run)
			printf 'echo "\n--- %s block %d:"; cat <<'"'"'README_EOF'"'"'\n%s''README_EOF\n' "$name" "$n" "$text" >>"$script"
			# The output goes to a file, for the stdout block that may follow, and is
			# shown after the block, also when the block fails (the EXIT trap).
			printf 'exec 3>&1 >%q\ntrap '"'"'exec >&3; cat %q'"'"' EXIT\n%s\nexec >&3 3>&-\ntrap - EXIT\ncat %q\n' \
				"$work/$name.$n.out" "$work/$name.$n.out" "$text" "$work/$name.$n.out" >>"$script"
			last="$work/$name.$n.out"
			;;
		file)
			printf 'echo "--- %s block %d: writing %s"\ncat >%q <<'"'"'README_EOF'"'"'\n%s''README_EOF\n' \
				"$name" "$n" "$arg" "$arg" "$text" >>"$script"
			;;
		stdout)
			printf '%s' "$text" >"$work/$name.$n.want"
			printf 'if ! diff -u %q %q; then echo "readme: %s block %d: the output differs from the README (- README, + got)" >&2; exit 1; fi\n' \
				"$work/$name.$n.want" "$last" "$name" "$n" >>"$script"
			;;
		serve)
			[ -z "$serve" ] || { echo "readme: $name: more than one serve block" >&2; exit 1; }
			serve="$text"
			;;
		*)
			echo "readme: $name block $n: unknown kind $kind" >&2
			exit 1
			;;
		esac
	done < <(blocks "$name")
	if [ "$n" -eq 0 ]; then
		echo "readme: no blocks for scenario $name in README.md" >&2
		exit 1
	fi

	local status=0
	if [ -n "$serve" ]; then
		echo "--- $name: in the background, as in a terminal of its own:"
		printf '%s' "$serve"
		(cd "$dir" && exec setsid bash -c "$serve") >"$work/$name.serve.log" 2>&1 &
		serve_pgid=$!
		for _ in $(seq 3000); do # up to 10 min: go run builds first, slow on a busy machine with a cold cache
			port_in_use "$port" && break
			if ! kill -0 "$serve_pgid" 2>/dev/null; then
				cat "$work/$name.serve.log" >&2
				echo "readme: $name: the server exited" >&2
				exit 1
			fi
			sleep 0.2
		done
		if ! port_in_use "$port"; then
			cat "$work/$name.serve.log" >&2
			echo "readme: $name: the server does not listen on 127.0.0.1:$port after 10 min" >&2
			exit 1
		fi
	fi
	bash "$script" || status=$?
	if [ -n "$serve" ]; then
		echo "--- $name: Ctrl-C (SIGINT to the process group)"
		kill -INT -- "-$serve_pgid" 2>/dev/null || true
		wait "$serve_pgid" || true
		for _ in $(seq 100); do
			kill -0 -- "-$serve_pgid" 2>/dev/null || break
			sleep 0.1
		done
		if kill -0 -- "-$serve_pgid" 2>/dev/null; then
			echo "readme: $name: a process of the server is still running after Ctrl-C:" >&2
			ps -o pid,pgid,args -g "$serve_pgid" >&2 || true
			status=1
		fi
		serve_pgid=""
		if port_in_use "$port"; then
			echo "readme: $name: 127.0.0.1:$port still accepts connections after Ctrl-C" >&2
			status=1
		fi
	fi
	if [ "$status" -ne 0 ]; then
		echo "readme: scenario $name failed (status $status)" >&2
		exit 1
	fi
	echo "--- $name: ok"
}

# The user's environment: a new HOME with the clone in ~/src/mcpgen; the Go
# caches, proxy and toolchain settings as they are, no GOFLAGS (CI sets some).
# With "proxy", mcpgen's modules come from the proxy of this tree.
module_env() {
	local v
	for v in GOPATH GOMODCACHE GOCACHE GOPROXY GOSUMDB GONOSUMDB GOPRIVATE GONOPROXY GOINSECURE GOTOOLCHAIN; do
		export "$v=$(go env "$v")"
	done
	export GOFLAGS=""
	export HOME="$work/home"
	mkdir -p "$HOME/src"
	[ -e "$HOME/src/mcpgen" ] || ln -s "$root" "$HOME/src/mcpgen"
	if [ "${1:-}" = proxy ]; then
		export GOPROXY="file://$work/proxy,file://$GOMODCACHE/cache/download,$GOPROXY"
		export GONOSUMDB="github.com/mcpgen/mcpgen${GONOSUMDB:+,$GONOSUMDB}"
		export GOMODCACHE="$usercache"
	fi
}

# proxy writes the module proxy of this tree (once) and chooses the user's
# module cache: one per clone and content of mcpgen's modules, kept between
# runs, so that the build cache serves the other modules' packages (it knows
# them by their directory). The content is in its name because the go
# command takes a module cache's contents to be immutable (its index of
# packages is keyed by directory): mcpgen's v0.1.0 changes with the tree.
usercache=""
proxy() {
	[ -z "$usercache" ] || return 0
	(cd "$root/internal/tools" && go run ./modules -root "$root" proxy "$work/proxy" >/dev/null)
	local base content old
	base="$(dirname "$(go env GOMODCACHE)")/mod-readme-$(printf %s "$root" | cksum | cut -d' ' -f1)"
	content="$(find "$work/proxy" -name '*.zip' | sort | xargs cat | cksum | cut -d' ' -f1)"
	usercache="$base-$content"
	for old in "$base"-*; do
		if [ -d "$old" ] && [ "$old" != "$usercache" ]; then chmod -R u+w "$old" && rm -rf "$old"; fi
	done
}

command -v curl >/dev/null || { echo "readme: the README's commands need curl" >&2; exit 1; }

# curl as in a terminal: no progress meter, errors shown.
export CURL_HOME="$work/curl"
mkdir -p "$CURL_HOME"
printf 'silent\nshow-error\n' >"$CURL_HOME/.curlrc"

scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(quickstart background module clone sdk)
for s in "${scenarios[@]}"; do
	case "$s" in
	quickstart | background) scenario "$s" "$root" ;;
	module | sdk) proxy; (module_env proxy && mkdir -p "$work/$s" && scenario "$s" "$work/$s") ;;&
	module)
		# The README's go get of the production modules only adds requirements: build
		# their packages in the user's module, as the user's own imports of them would.
		(module_env proxy && cd "$work/module/hello" && go build github.com/mcpgen/mcpgen/stores/redis \
			github.com/mcpgen/mcpgen/auth/jwt github.com/mcpgen/mcpgen/otel && echo "--- module: the production modules build")
		;;
	sdk) ;;
	clone)
		(module_env && mkdir -p "$work/clone" && scenario clone "$work/clone" &&
			cd "$work/clone/hello" && go build github.com/mcpgen/mcpgen/stores/redis \
			github.com/mcpgen/mcpgen/auth/jwt github.com/mcpgen/mcpgen/otel && echo "--- clone: the production modules build")
		;;
	*) echo "readme: unknown scenario $s" >&2; exit 2 ;;
	esac
done
