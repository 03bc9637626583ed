#!/usr/bin/env bash
# End-to-end: `arena balance` writes the same openings for any number of
# threads (its games are jobs like a tournament's, seeded by their ids), and
# a player it cannot make is an error, not games quietly left out.
# usage: e2e_balance.sh ARENA_BINARY
set -euo pipefail
arena=$(realpath "$1")
work=$(mktemp -d /tmp/e2e_balance.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

args=(balance --candidates 16 --keep 8 --games 2 --nodes 300 --step 100 --tolerance 0.5)
"$arena" "${args[@]}" --threads 1 > one.ini 2> one.err || fail "1 thread: $(tail -2 one.err)"
"$arena" "${args[@]}" --threads 2 > two.ini 2> two.err || fail "2 threads: $(tail -2 two.err)"
cmp -s one.ini two.ini || fail "openings differ between 1 and 2 threads: $(diff one.ini two.ini | head)"
[ "$(grep -c '^\[opening ' one.ini)" -ge 1 ] || fail "no opening kept"
# The openings it writes are a valid openings file.
printf '[tournament]\nname = t\nopenings = one.ini\nnodes = 100\n[player a]\ntype = naive\n[player b]\ntype = weighted\n' > t.ini
"$arena" run t.ini --out out >/dev/null 2>&1 || fail "its openings do not load"

# A type that cannot be made from its defaults (an external engine needs a
# command): refused before any game, status 2, nothing on stdout.
rc=0
"$arena" balance --candidates 3 --games 1 --nodes 100 --player external > ext.ini 2> ext.err || rc=$?
[ $rc -eq 2 ] || fail "balance --player external: status $rc, expected 2"
[ ! -s ext.ini ] || fail "balance --player external wrote openings"
grep -q external ext.err || fail "balance --player external: no message naming it: $(cat ext.err)"
echo "e2e_balance: ok"
