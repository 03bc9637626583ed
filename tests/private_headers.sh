#!/usr/bin/env bash
# The players and arena libraries export only their public headers: with the include
# path arena and tuner compile with, the public headers of the interface and
# of the rooms compile, and every header of a room's internal/ folder is
# not found.
# usage: private_headers.sh CC PLAYERS_DIR INCLUDE_DIR...
set -euo pipefail
cc=$1 players=$2
shift 2
flags=()
for d in "$@"; do flags+=("-I$d"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
compiles() { printf '#include "%s"\n' "$1" >"$tmp/t.c" && "$cc" -std=c17 "${flags[@]}" -fsyntax-only "$tmp/t.c" 2>"$tmp/err"; }

public=0
for h in "$players"/*.h "$players"/*/*.h; do
	compiles "$(basename "$h")" || fail "public header $(basename "$h") does not compile: $(cat "$tmp/err")"
	public=$((public + 1))
done
private=0
for h in "$players"/*/internal/*.h; do
	! compiles "$(basename "$h")" || fail "private header ${h#"$players"/} is reachable from arena and tuner"
	grep -q 'No such file' "$tmp/err" || fail "${h#"$players"/}: $(cat "$tmp/err")"
	private=$((private + 1))
done
# The arena's rooms: their public headers compile from the tuner, their
# internal/ headers are out of its reach.
for h in "$players"/../arena/*/*.h; do
	case $h in */cmd/* | */internal/*) continue ;; esac
	compiles "$(basename "$h")" || fail "public header ${h#"$players"/../} does not compile: $(cat "$tmp/err")"
	public=$((public + 1))
done
for h in "$players"/../arena/internal/*.h "$players"/../arena/*/internal/*.h; do
	! compiles "$(basename "$h")" || fail "private header ${h#"$players"/../} is reachable from the tuner"
	grep -q 'No such file' "$tmp/err" || fail "${h#"$players"/../}: $(cat "$tmp/err")"
	private=$((private + 1))
done
[ "$public" -ge 8 ] && [ "$private" -ge 10 ] || fail "only $public public and $private private headers found"
echo "$public public headers compile, $private private headers are out of reach"
