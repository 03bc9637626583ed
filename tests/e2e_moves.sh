#!/usr/bin/env bash
# End-to-end: moves.csv. A run of built-in players and an external engine
# (pbrain-alphabeta --verbose, whose MESSAGE lines the arena reads) killed
# with -9 mid-run and resumed ends with the moves.csv of an uninterrupted
# run but for the ms column, also when the kill left rows of a game not in
# games.csv and a torn last row; the engine's eval, depth and nodes are
# there, its nodes summed in games.csv; arena show prints them; the
# written: line names moves.csv. With msg = on, messages.txt holds every
# MESSAGE line of the engine grouped by game in c-gomoku-cli's -msg layout
# (arena/store/messages.h), and the kill and resume leave it as the
# uninterrupted run's but for the times the engine gives.
# usage: e2e_moves.sh ARENA_BINARY PBRAIN_BINARY
set -euo pipefail
arena=$(realpath "$1")
pbrain=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_moves.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

printf '0,0\n0,0, 1,1\n0,0, 1,0, 0,1\n-1,-1, 1,1, 2,2, 0,1\n' > open.txt
cat > t.ini <<INI
[tournament]
name = t
pairs = 8
openings = open.txt
seed = 5
nodes = 400
msg = on

[player ext]
type = external
command = $pbrain --player alphabeta --nodes 400 --verbose

[player ab]
type = alphabeta

[player w]
type = weighted
INI

"$arena" run t.ini --threads 2 --out ref >ref.out 2>&1 || fail "reference run: $(tail -3 ref.out)"
grep -q "^written: .*moves.csv" ref.out || fail "the written: line names no moves.csv"
m=ref/t/moves.csv
[ "$(head -1 $m)" = "job,ply,player,move,ms,eval,depth,seldepth,nodes,pv" ] || fail "header"
# No row of an opening stone: a game's first row is after its opening.
awk -F, 'NR > 1 && $2 < 2 { exit 1 }' $m || fail "a row of an opening stone"
# Every played stone has its row: a job's plies run on to its last stone.
awk -F, 'FNR == 1 { next }
	FILENAME ~ /moves/ { if (!($1 in lo)) lo[$1] = $2; hi[$1] = $2; n[$1]++; next }
	{ if (hi[$1] != $9 || n[$1] != hi[$1] - lo[$1] + 1) { print "job " $1; exit 1 } }' \
	ref/t/moves.csv ref/t/games.csv || fail "a job whose rows are not its moves"
rows=$(($(wc -l < $m) - 1))
[ "$rows" -gt 0 ] || fail "no rows"
# The engine said eval, depth and nodes of its moves (MESSAGE lines).
awk -F, '$3 == "ext" && ($6 == "" || $7 == "" || $9 == "") { exit 1 }' $m ||
	fail "a move of the engine without eval, depth or nodes"
grep -q ',ext,' $m || fail "no move of the engine"
# games.csv's node columns are the sums of the moves' nodes, the engine's too.
awk -F, 'FNR == 1 { next }
	FILENAME ~ /moves/ { sum[$1 "," ($2 % 2 ? "b" : "w")] += $9; next }
	{ if (sum[$1 ",b"] != $13 || sum[$1 ",w"] != $14) { print "job " $1; exit 1 } }' \
	$m ref/t/games.csv || fail "games.csv nodes are not the sums of moves.csv's"
awk -F, 'NR > 1 && ($5 == "ext" && $13 == 0 || $6 == "ext" && $14 == 0) { exit 1 }' \
	ref/t/games.csv || fail "the engine's nodes are 0 in games.csv"
# Sorted by job, then ply.
cmp -s <(tail -n +2 $m) <(tail -n +2 $m | sort -t, -k1,1n -k2,2n -s) || fail "not sorted"

# arena show prints each move's time, eval and depth.
"$arena" show ref/t/games.csv 0 > show.out || fail "arena show"
grep -q "^moves (moves.csv" show.out || fail "arena show: no moves.csv section"
grep -Eq "^ +[0-9]+ [a-o][0-9]+ +(black|white) +[0-9]+ ms  eval -?[0-9]+  depth [0-9]+" show.out ||
	fail "arena show: no move with its eval and depth"

# messages.txt: a separator, then a block a game in job order (Game ID
# job + 1, Engines black x white, the messages, a separator).
t=ref/t/messages.txt
grep -q "^written: .*messages.txt" ref.out || fail "the written: line names no messages.txt"
awk -F, 'NR > 1 { print "Game ID: " $1 + 1; print "Engines: " $5 " x " $6 }' \
	ref/t/games.csv > want_heads
grep -E '^(Game ID|Engines): ' $t > got_heads
cmp -s want_heads got_heads || fail "messages.txt: its games are not games.csv's, in order"
awk -v sep=------------------------------ '
	NR == 1 { if ($0 != sep) exit 1; prev = $0; next }
	/^Game ID: / { if (prev != sep) exit 1 }
	/^[0-9]+\) / { if (prev !~ /^(Engines: |[0-9]+\) )/) exit 1 }
	{ prev = $0 } END { if (prev != sep) exit 1 }' $t || fail "messages.txt: not c-gomoku-cli's layout"
# Each of the engine's moves has its MESSAGE, as the engine wrote it, at
# its ply (the stones on the board + 1), and only the engine says any.
awk -F, 'NR > 1 && $3 == "ext" { print $1 + 1 " " $2 }' $m | sort > want_plies
awk '/^Game ID: / { id = $3 } /^[0-9]+\) / { sub(/\)/, "", $1); print id " " $1 }' $t |
	sort > got_plies
cmp -s want_plies got_plies || fail "messages.txt: not a MESSAGE at each of the engine's moves"
grep -E '^[0-9]+\) ' $t | grep -Evq '^[0-9]+\) ext: depth [0-9]+ .* ms [0-9]+ budget 0 ms pv( [0-9]+,[0-9]+)+$' &&
	fail "messages.txt: a line that is not the engine's MESSAGE as it wrote it"

# Killed with -9 mid-run, then resumed: the same moves.csv but for ms.
same_moves() { cmp -s <(cut -d, -f1-4,6- "$1") <(cut -d, -f1-4,6- "$2"); }
same_msgs() { cmp -s <(sed 's/ ms [0-9]* budget/ ms _ budget/' "$1") <(sed 's/ ms [0-9]* budget/ ms _ budget/' "$2"); }
same_games() { cmp -s <(cut -d, -f1-10,13,14 "$1") <(cut -d, -f1-10,13,14 "$2"); }
# run_and_kill DIR LINES: a run into DIR killed with -9 once its games.csv
# has more than LINES lines (or when it ends first).
run_and_kill() {
	"$arena" run t.ini --threads 2 --out "$1" >/dev/null 2>&1 &
	local pid=$! _
	for _ in $(seq 1 600); do
		[ -f "$1"/t/games.csv ] && [ "$(wc -l < "$1"/t/games.csv)" -gt "$2" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.05
	done
	kill -9 $pid 2>/dev/null || true
	wait $pid 2>/dev/null || true
}
for k in 1 2 3; do
	d=k$k
	run_and_kill $d $((k * 3))
	# Job 15 must still be to play for the rows faked below; on a loaded
	# machine the run can finish between two looks, so try again.
	for _ in 1 2 3 4 5; do
		[ $k = 2 ] && grep -q '^15,' $d/t/games.csv 2>/dev/null || break
		rm -rf $d
		run_and_kill $d $((k * 3))
	done
	if [ $k = 2 ] && [ -f $d/t/moves.csv ]; then
		# What a kill between a game's rows and its games.csv line leaves:
		# rows of a job not in games.csv, and a torn last row.
		grep -q '^15,' $d/t/games.csv && fail "job 15 already done in 6 tries: kill earlier"
		tail -n 3 ref/t/moves.csv | sed 's/^[0-9]*,/15,/' >> $d/t/moves.csv
		cut -d, -f1-6 ref/t/moves.csv | tail -1 | tr -d '\n' >> $d/t/moves.csv
		# And of messages.txt: a block of job 15 and a torn line.
		if [ -f $d/t/messages.txt ]; then
			printf 'Game ID: 16\nEngines: ext x ab\n3) ext: depth 1\n' >> $d/t/messages.txt
			printf -- '------------------------------\nGame ID: 16\n5) ext: to' >> $d/t/messages.txt
		fi
	fi
	"$arena" run t.ini --out $d >$d.out 2>&1 || fail "resume $k: $(tail -3 $d.out)"
	same_games ref/t/games.csv $d/t/games.csv || fail "resume $k: games.csv differs"
	same_moves $m $d/t/moves.csv || {
		diff <(cut -d, -f1-4,6- $m) <(cut -d, -f1-4,6- $d/t/moves.csv) | head -5
		fail "resume $k: moves.csv differs (but for ms)"
	}
	same_msgs $t $d/t/messages.txt || fail "resume $k: messages.txt differs (but for ms)"
done
echo "e2e_moves: ok ($rows moves, $(grep -c '^[0-9]*) ' $t) messages)"
