#!/usr/bin/env bash
# Benchmark (not a test): the arena's own cost around fast external engines.
# A round robin of pbrain-naive against pbrain-weighted, both `type =
# external`, ms = 1000, 120 games from configs/openings-15.ini (60 pairs,
# colours swapped), for 1 and 2 threads and both restart modes (a fresh
# process every game, or one kept and sent RESTART); RUNS runs each (default
# 5). Prints the medians of wall time, games/s, and the CPU of the arena
# process and of the engine processes (as arena run reports them), and the
# harness's share of the total CPU.
# usage: tests/bench_external.sh ARENA_BINARY PBRAIN_DIR [RUNS] [MODES]
#   MODES: "on off" (default) or one of them, for an arena without `restart`
#   PONDER=off|watch|on in the environment sets the players' `ponder` (by
#   default the arena's default), to see what stopping engines costs
set -euo pipefail
arena=$(realpath "$1")
pbrain=$(realpath "$2")
runs=${3:-5}
modes=${4:-on off}
openings=$(realpath "$(dirname "$0")/../configs/openings-15.ini")
work=$(mktemp -d /tmp/bench_external.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for restart in $modes; do
	for threads in 1 2; do
		cat > x.ini <<INI
[tournament]
name = x
pairs = 60
openings = $openings
ms = 1000

[player naive]
type = external
command = $pbrain/pbrain-naive
$([ "$restart" = legacy ] || echo "restart = $restart")
$([ -z "${PONDER:-}" ] || echo "ponder = $PONDER")

[player weighted]
type = external
command = $pbrain/pbrain-weighted
$([ "$restart" = legacy ] || echo "restart = $restart")
$([ -z "${PONDER:-}" ] || echo "ponder = $PONDER")
INI
		: > stats.txt
		for _ in $(seq "$runs"); do
			rm -rf out
			"$arena" run x.ini --out out --threads "$threads" >/dev/null 2>err.txt ||
				{ cat err.txt; exit 1; }
			line=$(grep '^played ' err.txt)
			wall=$(echo "$line" | sed 's/.* in \([0-9.]*\) s:.*/\1/')
			arena_cpu=$(echo "$line" | sed 's/.*CPU: arena \([0-9.]*\) s.*/\1/')
			kids_cpu=$(echo "$line" | sed 's/.*engine processes \([0-9.]*\) s.*/\1/')
			echo "$wall $arena_cpu $kids_cpu" >> stats.txt
			[ "$(($(wc -l < out/x/games.csv) - 1))" -eq 120 ] || { echo "not 120 games"; exit 1; }
		done
		wall=$(cut -d' ' -f1 stats.txt | median)
		acpu=$(cut -d' ' -f2 stats.txt | median)
		kcpu=$(cut -d' ' -f3 stats.txt | median)
		printf 'restart=%-6s %d thread%s, median of %d: %6.3f s, %6.0f games/s, CPU arena %.3f s + engines %.3f s, harness %.1f%% of the CPU\n' \
			"$restart" "$threads" "$([ "$threads" = 1 ] && echo " " || echo s)" "$runs" "$wall" \
			"$(echo "120 / $wall" | bc -l)" "$acpu" "$kcpu" "$(echo "100 * $acpu / ($acpu + $kcpu)" | bc -l)"
	done
done
