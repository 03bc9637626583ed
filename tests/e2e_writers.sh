#!/usr/bin/env bash
# End-to-end: the records other tools read, and the written: lines.
#   arena run (sgf = on, psq = on): its written: line names exactly the
#   files of the run folder (but .lock), and the PGN of its games has the
#   Seven Tag Roster with the run's name, round.pair, PlyCount and
#   Termination; arena report's and arena elo's written: lines name files
#   that are there; arena elo of a games file outside a run folder, whose
#   games include faults, does not point to a faults.csv that is not there;
#   arena pgn of a file outside a run folder takes the file's name as the
#   event, and of a bad file exits 2 with nothing written; arena show of
#   game N of the run's PGN (--moves) and SGF prints the same moves and
#   result as of games.csv, and refuses an unknown or a missing N; arena
#   report of records writes what arena elo writes, merged inputs too.
# usage: e2e_writers.sh ARENA_BINARY
set -euo pipefail
arena=$(realpath "$1")
work=$(mktemp -d /tmp/e2e_writers.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# The files a written: line names, one a line, as paths ("DIR/a, b" ->
# DIR/a, DIR/b); globs (games/*.psq) expanded.
named() {
	local line dir first
	line=$(grep '^written: ' "$1" | tail -1 | sed 's/^written: //')
	first=${line%%, *}
	dir=${first%/*}
	echo "$line" | sed 's/, /\n/g' | sed "1s#^$dir/##" | while read -r f; do
		for p in "$dir"/$f; do echo "$p"; done
	done | sort
}

printf '0,0\n0,0, 1,1\n' > open.txt
cat > t.ini <<'INI'
[tournament]
name = cup
pairs = 2
openings = open.txt
nodes = 200
sgf = on
psq = on

[player a]
type = alphabeta

[player b]
type = weighted
INI
"$arena" run t.ini --out r >run.out 2>&1 || fail "run: $(tail -3 run.out)"
named run.out > said.txt
find r/cup -type f ! -name .lock | sort > there.txt
diff said.txt there.txt >/dev/null ||
	fail "arena run's written: line is not the folder: $(diff said.txt there.txt | tr '\n' ' ')"
grep -q 'games.sgf' said.txt || fail "games.sgf not named"

"$arena" report r/cup >report.out 2>&1 || fail "report: $(cat report.out)"
named report.out > said.txt
while read -r f; do [ -f "$f" ] || fail "arena report names $f, not there"; done < said.txt
[ "$(wc -l < said.txt)" -ge 4 ] || fail "arena report names too few files"

# The PGN of the run: the roster, then the other tags; round.pair.
"$arena" pgn r/cup/games.csv > cup.pgn || fail "arena pgn"
[ "$(grep -c '^\[Event "cup"\]$' cup.pgn)" -eq 4 ] || fail "Event is not the run's name"
grep -q '^\[Site "?"\]$' cup.pgn || fail "no Site"
grep -qE '^\[Date "[0-9]{4}\.[0-9]{2}\.[0-9]{2}"\]$' cup.pgn || fail "no Date"
grep -q '^\[Round "1\.1"\]$' cup.pgn || fail "no Round 1.1"
grep -qE '^\[PlyCount "[0-9]+"\]$' cup.pgn || fail "no PlyCount"
grep -q '^\[Termination "normal"\]$' cup.pgn || fail "no Termination"
! grep -q 'TimeControl' cup.pgn || fail "a TimeControl for nodes"
tags=$(awk '/^\[/ { sub(/ .*/, ""); printf "%s", $0 } /^$/ { exit }' cup.pgn)
[ "$tags" = '[Event[Site[Date[Round[White[Black[Result[PlyCount[Termination' ] ||
	fail "tags out of order: $tags"

# arena show replays game N from every format: the run's games as PGN
# (with their moves) and SGF show the same moves and result as games.csv
# (job N - 1); an unknown N and a missing one are bad input.
"$arena" pgn --moves r/cup/games.csv > cupm.pgn || fail "arena pgn --moves"
grep -q '^1\. h8 ' cupm.pgn || fail "no movetext in arena pgn --moves"
for n in 1 2 3 4; do
	"$arena" show r/cup/games.csv $((n - 1)) > csv.show || fail "show games.csv $((n - 1))"
	grep -q "^recorded: job $((n - 1))," csv.show || fail "show games.csv: no recorded line"
	for f in cupm.pgn r/cup/games.sgf; do
		"$arena" show "$f" $n > rec.show 2>&1 || fail "show $f $n: $(cat rec.show)"
		diff <(grep -E '^(freestyle|result):? ' csv.show) \
			<(grep -E '^(freestyle|result):? ' rec.show) >/dev/null ||
			fail "show $f $n differs from games.csv: $(cat rec.show)"
		grep -q "^recorded: game $n (" rec.show || fail "show $f $n: $(tail -1 rec.show)"
	done
done
grep -q '^result: ' rec.show && grep -q ' moves: h8 ' rec.show || fail "show printed no moves"
one=$(ls r/cup/games/*.psq | head -1)
"$arena" show "$one" > one.show || fail "show of a .psq without N"
set +e
"$arena" show r/cup/games.sgf 9 > none.out 2> none.err
st=$?
"$arena" show cupm.pgn > some.out 2> some.err
st2=$?
set -e
[ $st -eq 2 ] && grep -q 'r/cup/games.sgf: no game 9 (it holds 4)' none.err ||
	fail "unknown N: status $st, $(cat none.err)"
[ $st2 -eq 2 ] && grep -q 'holds 4 games: N picks one' some.err ||
	fail "no N for 4 games: status $st2, $(cat some.err)"
[ ! -s none.out ] && [ ! -s some.out ] || fail "bad input printed a board"

# A games file of another origin, with faults, no faults.csv beside it.
mkdir m
{
	head -1 r/cup/games.csv
	echo '0,0,1,o,x,y,1-0,crash,2,h8 i8,1,1,0,0'
	echo '1,0,1,o,y,x,0-1,timeout,2,h8 i8,1,1,0,0'
} > m/merged.csv
"$arena" elo m/merged.csv >elo.out 2>&1 || fail "elo: $(cat elo.out)"
grep -q 'crash 1' elo.out || fail "elo does not count the crash: $(cat elo.out)"
! grep -q 'faults.csv' elo.out || fail "arena elo points to a faults.csv that is not there"
named elo.out > said.txt
while read -r f; do [ -f "$f" ] || fail "arena elo names $f, not there"; done < said.txt
# --out elsewhere: the faults.csv looked for is the one beside the games
# file, not one in the output folder.
mkdir d
echo 'not a faults file' > d/faults.csv
"$arena" elo m/merged.csv --out d >elo.out 2>&1 || fail "elo --out d read d/faults.csv: $(cat elo.out)"
! grep -q 'faults.csv' elo.out || fail "arena elo --out points to the output folder's faults.csv"
cp r/cup/faults.csv m/faults.csv
"$arena" elo m/merged.csv --out d >elo.out 2>&1 || fail "elo --out d: $(cat elo.out)"
grep -q '(the evidence of each fault: faults.csv)' elo.out ||
	fail "arena elo --out does not point to the faults.csv beside the games: $(cat elo.out)"
rm m/faults.csv
"$arena" pgn m/merged.csv > m.pgn || fail "pgn of merged.csv"
grep -q '^\[Event "merged"\]$' m.pgn || fail "Event is not the file's name"
grep -q '^\[Termination "abandoned"\]$' m.pgn || fail "crash is not abandoned"
grep -q '^\[Termination "time forfeit"\]$' m.pgn || fail "timeout is not a time forfeit"

# arena report of records (not a run folder): the files arena elo writes,
# the same tables; several inputs merged; --out with a run folder.
"$arena" report cupm.pgn --out rep >rep.out 2>&1 || fail "report of a PGN: $(cat rep.out)"
"$arena" elo cupm.pgn --out rep2 >elo2.out 2>&1 || fail "elo of a PGN: $(cat elo2.out)"
for f in elo.csv pairs.csv los.csv report.html; do
	[ -s "rep/$f" ] || fail "arena report of a PGN wrote no $f"
done
cmp -s rep/elo.csv rep2/elo.csv || fail "arena report and arena elo differ: $(diff rep/elo.csv rep2/elo.csv)"
[ "$(named rep.out)" = "$(named elo2.out | sed 's#^rep2/#rep/#')" ] ||
	fail "report and elo name different files: $(named rep.out | tr '\n' ' ')"
{
	head -1 r/cup/games.csv
	echo '0,0,1,o,a,x,1-0,five,2,h8 i8,1,1,0,0'
	echo '1,0,1,o,x,b,1/2-1/2,five,2,h8 i9,1,1,0,0'
} > x.csv
"$arena" report r/cup/games.sgf x.csv --out rep3 >rep3.out 2>&1 ||
	fail "report of two records: $(cat rep3.out)"
[ "$(tail -n +2 rep3/elo.csv | wc -l)" -eq 3 ] || fail "merged report: not 3 players: $(cat rep3/elo.csv)"
[ "$(awk -F, 'NR > 1 { n += $6 } END { print n }' rep3/elo.csv)" -eq 12 ] ||
	fail "merged report: not 6 games: $(cat rep3/elo.csv)"
"$arena" report r/cup --out rep4 >rep4.out 2>&1 || fail "report of a run --out: $(cat rep4.out)"
[ -s rep4/report.html ] && [ -s rep4/elo.csv ] || fail "report of a run --out wrote nothing there"

# Bad input: exit 2, nothing on standard output.
{ head -1 r/cup/games.csv; echo '0,0,1,o,x,y,1-0,five,2,h8 i8,1,1,0,0'; echo 'bad'; } > bad.csv
set +e
"$arena" pgn bad.csv > bad.pgn 2>err.txt
st=$?
set -e
[ $st -eq 2 ] && grep -q 'bad.csv:3:' err.txt || fail "bad games file: status $st, $(cat err.txt)"
[ ! -s bad.pgn ] || fail "a bad games file wrote PGN"
echo "e2e_writers: ok"
