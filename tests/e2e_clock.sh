#!/usr/bin/env bash
# End-to-end: time management under the referee's clock. A round robin of
# the built-in players (alphabeta, mcts, naive, weighted, random) plays 100
# games at 50 ms a move and 3 s a game from the balanced openings, on every
# core; no game may be lost on time (games.csv reasons) and no player may
# fault at all. It prints each player's thinking time per move (median and
# maximum, from the .psq records) and per game, against the limits: a
# report, not an assertion of speed (the machine may be loaded; the
# referee's tolerance is there for that).
# usage: e2e_clock.sh ARENA_BINARY CONFIGS_DIR   (KEEP=1 keeps its folder)
set -euo pipefail
arena=$(realpath "$1")
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_clock.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > clock.ini <<INI
[tournament]
name = clock
pairs = 5
openings = $configs/openings-15.ini
opening_order = random
ms = 50
game_ms = 3000
psq = on
status_every = 1000

[player alphabeta]
type = alphabeta

[player mcts]
type = mcts

[player naive]
type = naive

[player weighted]
type = weighted

[player random]
type = random
INI

start=$(date +%s.%N)
"$arena" run clock.ini --out out >run.log 2>&1 || { cat run.log >&2; fail "arena run"; }
end=$(date +%s.%N)
dir=out/clock
games=$(($(wc -l < $dir/games.csv) - 1))
[ "$games" -eq 100 ] || fail "expected 100 games, found $games"
grep -q '^game_ms = 3000$' $dir/config.ini || fail "config.ini does not record game_ms"

# The ending of every game: the reason column.
reasons=$(tail -n +2 $dir/games.csv | cut -d, -f8 | sort | uniq -c | tr -s ' ' | tr '\n' ';')
echo "100 games in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s; endings:$reasons"
timeouts=$(tail -n +2 $dir/games.csv | cut -d, -f8 | grep -c '^timeout$' || true)
if [ "$timeouts" -ne 0 ]; then
	cat $dir/faults.csv >&2
	fail "$timeouts games lost on time"
fi
bad=$(tail -n +2 $dir/games.csv | cut -d, -f8 |
	grep -cv -e '^five$' -e '^full-board$' -e '^forbidden$' || true)
[ "$bad" -eq 0 ] || { cat $dir/faults.csv >&2; fail "$bad games ended by a fault"; }

# Time per move from the .psq records (x,y,ms lines after the header; the
# opening's stones, as many as its `moves`, are nobody's), per game from
# games.csv; median and maximum per player.
awk -F, -v dir="$dir" '
	FNR == 1 { file++ }
	file == 1 && /^\[opening / { name = $0; sub(/^\[opening /, "", name); sub(/\].*/, "", name) }
	file == 1 && /^moves *=/ { v = $0; sub(/^moves *= */, "", v); stones[name] = split(v, w, " ") }
	file == 2 && FNR > 1 {
		p[0] = $5; p[1] = $6
		gt[$5] = gt[$5] " " $11; gt[$6] = gt[$6] " " $12
		psq = sprintf("%s/games/%06d.psq", dir, $1)
		k = 0
		getline line < psq   # the header
		while ((getline line < psq) > 0) {
			n = split(line, f, ",")
			if (n != 3) break
			if (k >= stones[$4]) mt[p[k % 2]] = mt[p[k % 2]] " " f[3]
			k++
		}
		close(psq)
	}
	function stats(list,    a, n, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++)   # insertion sort: a few thousand numbers
			for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n ? sprintf("%6d %6d %6d", n, a[int((n + 1) / 2)], a[n]) : "     0      -      -"
	}
	END { for (q in gt) printf "%-10s %s   %s\n", q, stats(mt[q]), stats(gt[q]) }
' "$configs/openings-15.ini" $dir/games.csv | sort >times.txt
printf '%-10s %6s %6s %6s   %6s %6s %6s   ms (limits: 50 a move, 3000 a game)\n' \
	player moves median max games median max
cat times.txt
[ "$(wc -l < times.txt)" -eq 5 ] || fail "expected the times of 5 players"
# arena match on the clock: the same referee, each player's ms a move.
"$arena" match alphabeta mcts --ms 50 --game-ms 3000 --pairs 2 >match.txt 2>&1 ||
	{ cat match.txt >&2; fail "arena match on the clock"; }
grep -q '^ms/move: alphabeta [0-9.]*, mcts [0-9.]*$' match.txt || fail "no ms/move in: $(cat match.txt)"
grep -q 'timeout' match.txt && fail "arena match: a game lost on time: $(cat match.txt)"
cat match.txt
"$arena" match alphabeta mcts --nodes 0 >match.txt 2>&1 && fail "arena match with no limit ran"
grep -q 'no limit a move' match.txt || fail "arena match with no limit: $(cat match.txt)"
echo "e2e_clock: OK"
