#!/usr/bin/env bash
# End-to-end: adjudication on scripted evals. Fake engines (fault eval N)
# say the same eval before every move: +600 against -600 is a resign after
# each side's third move, 0 against 0 a draw in the band; the rules are off
# by default, off for a player of unknown units (with a warning), off in an
# SPRT unless sprt_adjudicate = on; SGF writes the resign as R; a resumed
# run gives the same games; a bad key is file:line with status 2.
# usage: e2e_adjudicate.sh ARENA_BINARY FAULT_ENGINE
set -euo pipefail
arena=$(realpath "$1")
fault=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_adjudicate.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# ini NAME EXTRA_TOURNAMENT_KEYS EVAL_A EVAL_B [EXTRA_KEYS_OF_B]
ini() {
	cat > "$1.ini" <<INI
[tournament]
name = $1
pairs = 2
seed = 3
nodes = 100
max_plies = 30
$2

[player up]
type = external
command = $fault eval $3

[player down]
type = external
command = $fault eval $4
${5:-}
INI
}
# reasons FILE: the reason column's distinct values
reasons() { awk -F, 'NR > 1 { print $8 }' "$1" | sort -u | tr '\n' ' '; }

ini resign 'resign_moves = 3
resign_score = 500
sgf = on' 600 -600
"$arena" run resign.ini --threads 2 >resign.out 2>&1 || fail "resign run: $(tail -3 resign.out)"
g=results/resign/games.csv
[ "$(reasons $g)" = "adjudicated " ] || fail "resign: reasons $(reasons $g)"
# The side saying -600 loses, at ply 6, whatever its colour.
awk -F, 'NR > 1 && ($9 != 6 || ($5 == "down") != ($7 == "0-1")) { exit 1 }' $g ||
	fail "resign: not the losing side at ply 6: $(cat $g)"
grep -q 'RE\[[BW]+R\]' results/resign/games.sgf || fail "resign: no B+R or W+R in games.sgf"
grep -q "adjudicated 4" resign.out || fail "resign: the ends line: $(grep ends resign.out)"

# The same run, resumed after its first games were dropped from games.csv,
# gives the same games.
head -3 $g > cut.csv && mv cut.csv $g
"$arena" run resign.ini --threads 1 >resume.out 2>&1 || fail "resume: $(tail -3 resume.out)"
ini resign2 'resign_moves = 3
resign_score = 500' 600 -600
"$arena" run resign2.ini --threads 1 >/dev/null 2>&1 || fail "a second resign run"
cmp <(cut -d, -f1-10 $g) <(cut -d, -f1-10 results/resign2/games.csv) ||
	fail "a resumed run's games differ"

ini draw 'draw_moves = 2
draw_score = 10
draw_after = 4' 0 0
"$arena" run draw.ini --threads 2 >draw.out 2>&1 || fail "draw run: $(tail -3 draw.out)"
g=results/draw/games.csv
awk -F, 'NR > 1 && ($8 != "adjudicated" || $7 != "1/2-1/2" || $9 != 8) { exit 1 }' $g ||
	fail "draw: $(cat $g)"

# Off by default: the same engines play on.
ini off '' 600 -600
"$arena" run off.ini --threads 2 >off.out 2>&1 || fail "off run: $(tail -3 off.out)"
! grep -q adjudicated results/off/games.csv || fail "adjudicated with the rules off"
grep -q "warning" off.out && fail "a warning with the rules off"

# A player of unknown units: no adjudication in its games, a warning.
ini unknown 'resign_moves = 3
resign_score = 500' 600 -600 'eval_units = 0'
"$arena" run unknown.ini --threads 2 >unknown.out 2>&1 || fail "unknown: $(tail -3 unknown.out)"
grep -q "warning: \[player down\]: its eval units are unknown" unknown.out ||
	fail "unknown: no warning: $(cat unknown.out)"
! grep -q adjudicated results/unknown/games.csv || fail "adjudicated with units unknown"
# eval_units scales: -6 in units of 100 is -600.
ini scaled 'resign_moves = 3
resign_score = 500' 600 -6 'eval_units = 100'
"$arena" run scaled.ini --threads 2 >scaled.out 2>&1 || fail "scaled: $(tail -3 scaled.out)"
[ "$(reasons results/scaled/games.csv)" = "adjudicated " ] || fail "scaled: not adjudicated"

# SPRT: not unless asked.
ini sprt 'sprt = on
elo1 = 50
resign_moves = 3
resign_score = 500' 600 -600
"$arena" run sprt.ini --threads 2 >sprt.out 2>&1 || fail "sprt: $(tail -3 sprt.out)"
grep -q "warning: no adjudication in an SPRT unless sprt_adjudicate = on" sprt.out ||
	fail "sprt: no warning"
! grep -q adjudicated results/sprt/games.csv || fail "an SPRT adjudicated unasked"
ini sprt2 'sprt = on
elo1 = 50
sprt_adjudicate = on
resign_moves = 3
resign_score = 500' 600 -600
"$arena" run sprt2.ini --threads 2 >sprt2.out 2>&1 || fail "sprt2: $(tail -3 sprt2.out)"
grep -q adjudicated results/sprt2/games.csv || fail "an SPRT asked did not adjudicate"

# Bad values: file:line, status 2, nothing written.
bad() { # NAME LINE_NUMBER EXPECTED_TEXT TOURNAMENT_KEYS [KEYS_OF_B]
	ini "$1" "$4" 600 -600 "${5:-}"
	set +e
	"$arena" run "$1.ini" >"$1.out" 2>&1
	rc=$?
	set -e
	[ $rc -eq 2 ] || fail "$1: status $rc: $(cat "$1.out")"
	grep -q "$1.ini:$2: .*$3" "$1.out" || fail "$1: message: $(cat "$1.out")"
	[ ! -e "results/$1" ] || fail "$1: a run folder was written"
}
bad bad_moves 7 "resign_moves" 'resign_moves = -1'
bad bad_score 8 "resign_score" 'resign_moves = 3
resign_score = many'
bad bad_pair 7 "needs both resign_moves and resign_score" 'resign_moves = 3'
bad bad_pair2 7 "needs both resign_moves and resign_score" 'resign_score = 300'
bad bad_draw 7 "draw_after" 'draw_after = 100000'
bad bad_sprt 7 "sprt_adjudicate" 'sprt_adjudicate = maybe'
bad bad_units 16 "eval_units" '' 'eval_units = -1'
echo "e2e_adjudicate: ok"
