#!/usr/bin/env bash
# Benchmark (not a test): what the arena itself costs around fast games, and
# the write path's part of it. Plays 2,000 games between two alphabeta
# players at 300 nodes a move (about 4 ms a game), with psq = off and on,
# RUNS times each (default 3), and prints the medians of: wall time, CPU
# time of the whole process (user + sys), the players' thinking time (the
# sum of games.csv's black_ms + white_ms), the harness's share of the CPU
# (1 - thinking / CPU: making players, playing the moves on the board,
# writing files, progress) and, where the arena reports it, the share of
# the thread time spent recording finished games (the write path).
# usage: tests/bench_write_path.sh ARENA_BINARY [RUNS] [THREADS]
set -euo pipefail
arena=$(realpath "$1")
runs=${2:-3}
threads=${3:-2}
openings=$(realpath "$(dirname "$0")/../configs/openings-15.ini")
work=$(mktemp -d /tmp/bench_write_path.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for psq in off on; do
	cat > w.ini <<INI
[tournament]
name = w
pairs = 1000
openings = $openings
nodes = 300
psq = $psq

[player a]
type = alphabeta
hash_mb = 1

[player b]
type = alphabeta
hash_mb = 1
ratio = 0.3
INI
	: > stats.txt
	for _ in $(seq "$runs"); do
		rm -rf out
		/usr/bin/time -f "%e %U %S" -o time.txt "$arena" run w.ini --out out \
			--threads "$threads" >/dev/null 2>err.txt
		read -r wall user sys < time.txt
		think=$(awk -F, 'NR > 1 { s += $11 + $12 } END { printf "%.2f", s / 1000 }' out/w/games.csv)
		rec=$(sed -n 's/.*recording the games took \([0-9.]*\)%.*/\1/p' err.txt)
		echo "$wall $(echo "$user + $sys" | bc) $think ${rec:-n/a}" >> stats.txt
	done
	wall=$(cut -d' ' -f1 stats.txt | median)
	cpu=$(cut -d' ' -f2 stats.txt | median)
	think=$(cut -d' ' -f3 stats.txt | median)
	rec=$(cut -d' ' -f4 stats.txt | median)
	share=$(echo "scale=1; 100 * ($cpu - $think) / $cpu" | bc)
	printf 'psq=%-3s 2000 games, %d threads, median of %d: wall %ss, CPU %ss, players %ss, harness %s%% of the CPU, recording games %s%% of the thread time\n' \
		"$psq" "$threads" "$runs" "$wall" "$cpu" "$think" "$share" "$rec"
done
