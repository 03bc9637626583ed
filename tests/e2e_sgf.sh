#!/usr/bin/env bash
# End-to-end: SGF game records (arena/store/sgf.h).
#   `sgf = on`: arena run leaves games.sgf, one game tree per game of
#   games.csv with its players and result, the board and rule of the run;
#   `arena sgf games.csv` prints the same, `--out` writes the same;
#   a games.csv alone: 15x15 freestyle unless --size / --rule say;
#   bad input: exit 2, nothing written;
#   sgf may be turned on for a finished run: its games.sgf appears;
#   with moves.csv beside games.csv, a comment per move (its time, and
#   the eval and depth the player said), the event, date and round.pair
#   in the root;
#   kill -9 inside the write of games.sgf (libfiu crash points, when built
#   in): no games.sgf, and the resumed run writes the same file.
# usage: e2e_sgf.sh ARENA_BINARY
set -euo pipefail
arena=$(realpath "$1")
. "$(dirname "$(realpath "$0")")/fiu_lib.sh"
work=$(mktemp -d /tmp/e2e_sgf.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# Two runs' records are the same but for the moves' times (moves.csv's ms,
# in each move's C[...]), and for the date in DT if the day changed.
same_sgf() {
	cmp -s <(sed -E 's/[0-9]+ms\]/ms]/g; s/DT\[[^]]*\]//' "$1") \
		<(sed -E 's/[0-9]+ms\]/ms]/g; s/DT\[[^]]*\]//' "$2")
}

printf '0,0\n0,0, 1,1\n-1,-1, 1,1\n' > open.txt
cat > t.ini <<'INI'
[tournament]
name = t
pairs = 4
board = 13
rule = renju
openings = open.txt
nodes = 300
sgf = on

[player a]
type = random

[player b]
type = random
distance = 1

[player c]
type = random
distance = 3
INI

"$arena" run t.ini --threads 2 --out ref >/dev/null 2>err.txt || fail "run: $(cat err.txt)"
csv=ref/t/games.csv sgf=ref/t/games.sgf
[ -f "$sgf" ] || fail "no games.sgf"
games=$(($(wc -l < "$csv") - 1))
[ "$games" -eq 24 ] || fail "expected 24 games, got $games"
[ "$(grep -c '^(;GM\[4\]' "$sgf")" -eq "$games" ] || fail "not one tree per game"
[ "$(grep -c '^(' "$sgf")" -eq "$games" ] || fail "a tree that is not a game"
grep -q 'SZ\[13\]RU\[renju\]' "$sgf" || fail "board and rule not from the run"
grep -q 'EV\[t\]DT\[[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]\]' "$sgf" || fail "no EV and DT"
grep -q 'RO\[1\.0\]' "$sgf" || fail "no RO round.pair"
grep -q ';B\[[a-z][a-z]\]C\[opening move\]' "$sgf" || fail "no opening move comment"
grep -qE ';W\[[a-z][a-z]\]C\[[0-9]+ms\]' "$sgf" || fail "no time comment (random players say no eval)"
[ "$(grep -o 'ms\]' "$sgf" | wc -l)" -eq "$(($(wc -l < "${sgf%/*}/moves.csv") - 1))" ] ||
	fail "not one time comment per row of moves.csv"
# Each tree's players and result are its games.csv line's.
paste -d' ' <(tail -n +2 "$csv" | cut -d, -f5-7) \
	<(grep -o 'PB\[[^]]*\]PW\[[^]]*\]RE\[[^]]*\]' "$sgf") |
	while IFS=' ' read -r line tree; do
		IFS=, read -r black white result <<<"$line"
		case $result in 1-0) re='B\+[TF]?' ;; 0-1) re='W\+[TF]?' ;; *) re=0 ;; esac
		[[ $tree =~ ^PB\[$black\]PW\[$white\]RE\[$re\]$ ]] ||
			fail "tree $tree does not match game $line"
	done
# Stones per tree: the plies column.
[ "$(tail -n +2 "$csv" | cut -d, -f9 | awk '{s += $1} END {print s}')" -eq \
	"$(grep -o ';[BW]\[' "$sgf" | wc -l)" ] || fail "stone count differs from plies"

"$arena" sgf "$csv" > out.sgf || fail "arena sgf failed"
cmp -s out.sgf "$sgf" || fail "arena sgf differs from the run's games.sgf"
"$arena" sgf "$csv" --out out2.sgf || fail "arena sgf --out failed"
cmp -s out2.sgf "$sgf" || fail "--out differs"
[ ! -e out2.sgf.tmp ] || fail "--out left its temporary file"

# A games file alone: the defaults, or what the options say.
mkdir alone && cp "$csv" alone/
"$arena" sgf alone/games.csv | head -1 | grep -q 'SZ\[15\]RU\[freestyle\]' ||
	fail "defaults are not 15x15 freestyle"
"$arena" sgf alone/games.csv --size 20 --rule standard | head -1 |
	grep -q 'SZ\[20\]RU\[standard\]' || fail "--size/--rule ignored"

# Bad input: exit 2, nothing written.
set +e
"$arena" sgf missing.csv --out bad.sgf 2>err.txt; st=$?
set -e
[ $st -eq 2 ] || fail "missing file: status $st"
[ ! -e bad.sgf ] && [ ! -e bad.sgf.tmp ] || fail "a bad input wrote a file"
printf '%s\n0,0,1,o,x,y,1-0,five,1,z99,0,0,0,0\n' "$(head -1 "$csv")" > alone/off.csv
set +e
"$arena" sgf alone/off.csv --out bad.sgf 2>err.txt; st=$?
set -e
[ $st -eq 2 ] && grep -q 'off.csv:2:' err.txt || fail "off-board move: status $st, $(cat err.txt)"
[ ! -e bad.sgf ] || fail "an off-board move wrote a file"

# sgf is free: a finished run without it, run again with it, gains
# games.sgf and keeps its games.
sed 's/^sgf = on/sgf = off/' t.ini > off.ini
"$arena" run off.ini --threads 2 --out late >/dev/null 2>err.txt || fail "off: $(cat err.txt)"
[ ! -e late/t/games.sgf ] || fail "sgf = off wrote games.sgf"
"$arena" run t.ini --out late >/dev/null 2>err.txt || fail "sgf turned on refused: $(cat err.txt)"
same_sgf late/t/games.sgf "$sgf" || fail "games.sgf written late differs"

fiu_detect "$arena"
if [ $have_fiu = 0 ]; then
	echo "SKIP: crash points (libfiu not installed or not built in)"
	exit 0
fi
# Killed inside games.sgf's write: none left; the resume writes it whole.
for point in mid-write after-rename; do
	d=k/$point
	set +e
	fiu -c "enable name=kill/games.sgf/$point" "$arena" run t.ini --threads 2 --out "$d" \
		>/dev/null 2>&1
	st=$?
	set -e
	[ $st -eq 137 ] || fail "$point: expected a kill (137), got $st"
	if [ $point = mid-write ]; then
		[ ! -e "$d/t/games.sgf" ] || fail "$point: a games.sgf after the kill"
	else
		same_sgf "$d/t/games.sgf" "$sgf" || fail "$point: games.sgf not whole"
	fi
	"$arena" run t.ini --out "$d" >/dev/null 2>err.txt || fail "$point: resume: $(cat err.txt)"
	same_sgf "$d/t/games.sgf" "$sgf" || fail "$point: resumed games.sgf differs"
done
echo "e2e_sgf: ok"
