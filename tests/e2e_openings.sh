#!/usr/bin/env bash
# End-to-end: `arena openings` and the openings formats in a run.
#   conversion: ini -> pos -> offset -> ini keeps every opening's moves, and
#   pos and offset are c-gomoku-cli's (its example lines); --out writes the
#   file, stdout otherwise; bad input (a bad line, an unknown format, an
#   empty opening to pos, --live on a file): exit 2, file:line, nothing
#   written;
#   a run on pos openings; a run's .psq records, one after the other, as
#   the openings of the next (openings_plies), kept once a position;
#   health: `arena openings RUNDIR` prints a row an opening with its games;
#   --live writes the openings not dead, which a run reads.
# usage: e2e_openings.sh ARENA_BINARY
set -euo pipefail
arena=$(realpath "$1")
work=$(mktemp -d /tmp/e2e_openings.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > open.ini <<'INI'
[opening a]
moves = h8 i9 j10
[opening b]
moves = h8 h9
note = two stones
[opening c]
moves = a1 o15 g7
INI
"$arena" openings open.ini --to pos > open.pos 2>err.txt || fail "to pos: $(cat err.txt)"
grep -q "3 openings read as ini" err.txt || fail "no note: $(cat err.txt)"
printf 'h8i7j6\nh8h7\na15o1g9\n' | cmp -s - open.pos || fail "pos: $(cat open.pos)"
"$arena" openings open.pos --to offset --out open.txt 2>err.txt || fail "to offset: $(cat err.txt)"
printf '0,0, 1,-1, 2,-2\n0,0, 0,-1\n-7,7, 7,-7, -1,1\n' | cmp -s - open.txt ||
	fail "offset: $(cat open.txt)"
"$arena" openings open.txt > back.ini 2>err.txt || fail "to ini: $(cat err.txt)"
[ "$(grep '^moves' back.ini)" = "$(grep '^moves' open.ini)" ] || fail "ini: $(cat back.ini)"
# c-gomoku-cli's example openings (opening_examples/), on its 20x20 board
printf 'd3e5f6d7\nk10j10i9j9m7\n' > ex.pos
"$arena" openings ex.pos --size 20 --to offset > ex.txt 2>/dev/null || fail "example pos"
printf '%s\n' '-7,-8, -6,-6, -5,-5, -7,-4' '0,-1, -1,-1, -2,-2, -1,-2, 2,-4' | cmp -s - ex.txt ||
	fail "example pos as offsets: $(cat ex.txt)"

# Bad input: exit 2, the place, nothing written.
bad() { # want, arguments...
	local want=$1 st=0
	shift
	"$arena" openings "$@" --out out.txt >/dev/null 2>err.txt || st=$?
	[ "$st" -eq 2 ] || fail "openings $*: status $st, expected 2"
	grep -qF -- "$want" err.txt || fail "openings $*: '$(cat err.txt)' lacks '$want'"
	[ ! -e out.txt ] || fail "openings $*: wrote out.txt"
}
printf 'h8i9\nh8 i9\n' > b1.txt
bad "b1.txt:2: expected a letter a to o, found a blank" b1.txt
bad "(read as pos" b1.txt
printf '0,0\n0,0,1\n' > b2.txt
bad "b2.txt:2: expected ',' between x and y" b2.txt --to pos
printf 'xyz!\n' > b3.txt
bad "b3.txt:1: cannot tell the openings' format" b3.txt
printf '[opening e]\nmoves =\n' > e.ini
bad "opening 'e' has no moves" e.ini --to pos
bad "--live takes a run folder" open.ini --live
st=0
"$arena" openings open.ini --to sgf >/dev/null 2>&1 || st=$?
[ "$st" -eq 2 ] || fail "--to sgf: status $st"

# A run on pos openings, its records kept.
cat > t.ini <<'INI'
[tournament]
name = t
board = 15
openings = open.pos
nodes = 200
psq = on
threads = 2

[player a]
type = random

[player b]
type = random
distance = 1
INI
"$arena" run t.ini --out res >/dev/null 2>err.txt || fail "run on pos: $(cat err.txt)"
games=$(($(wc -l < res/t/games.csv) - 1))
[ "$games" -eq 6 ] || fail "pos run: $games games, expected 6"
cut -d, -f4 res/t/games.csv | grep -qx "line 3" || fail "pos run: no opening 'line 3'"

# Its records as the next run's openings: the first 3 moves of each game,
# which are the openings' 3 stones (or 2 and one more): at most 6 distinct.
cat res/t/games/*.psq > all.psq
"$arena" openings all.psq --plies 2 > two.ini 2>err.txt || fail "psq: $(cat err.txt)"
grep -q "from 6 games" err.txt || fail "psq note: $(cat err.txt)"
[ "$(grep -c '^\[opening' two.ini)" -eq 3 ] || fail "psq: the 2-move openings of 3 not once each"
cat > r.ini <<'INI'
[tournament]
name = r
openings = all.psq
openings_plies = 3
nodes = 200

[player a]
type = random

[player b]
type = random
distance = 1
INI
"$arena" run r.ini --out res >/dev/null 2>err.txt || fail "run on psq: $(cat err.txt)"
grep -qx "openings_plies = 3" res/r/config.ini || fail "config.ini lacks openings_plies"
grep -q "^openings_format" res/r/config.ini && fail "config.ini writes openings_format = auto"
sed -i 's/^openings_plies = 3/openings_plies = 0/' r.ini
st=0
"$arena" run r.ini --out res2 >/dev/null 2>err.txt || st=$?
[ "$st" -eq 2 ] && grep -q "openings_plies" err.txt || fail "psq without plies: $st $(cat err.txt)"

# Health: a row an opening, the games add up.
"$arena" openings res/t > health.txt 2>err.txt || fail "health: $(cat err.txt)"
[ "$(grep -c '^line ' health.txt)" -eq 3 ] || fail "health rows: $(cat health.txt)"
grep -q "^3 openings, 6 games: " health.txt || fail "health summary: $(tail -1 health.txt)"
total=$(awk '/^line / { n += $3 } END { print n }' health.txt)
[ "$total" -eq 6 ] || fail "health: $total games"
# Live: the openings not dead, as ini and as pos, and a run reads them.
"$arena" openings res/t --live --out live.ini 2>err.txt || fail "live: $(cat err.txt)"
dead=$(grep -c '^line .* dead$' health.txt || true)
[ "$(grep -c '^\[opening' live.ini)" -eq $((3 - dead)) ] || fail "live: $(cat live.ini health.txt)"
for name in $(awk '/^line .* dead$/ { print $2 }' health.txt); do
	! grep -q "^\[opening line $name\]" live.ini || fail "live: dead line $name kept"
done
"$arena" openings res/t --live --to pos > live.pos 2>/dev/null || fail "live as pos"
[ "$(wc -l < live.pos)" -eq $((3 - dead)) ] || fail "live pos: $(cat live.pos)"
sed 's/^openings = open.pos/openings = live.pos/; s/^name = t/name = l/' t.ini > l.ini
"$arena" run l.ini --out res >/dev/null 2>err.txt || fail "run on live.pos: $(cat err.txt)"
[ "$(($(wc -l < res/l/games.csv) - 1))" -eq $((2 * (3 - dead))) ] || fail "live run: games"
bad "--out writes openings" res/t
echo "e2e_openings: OK"
