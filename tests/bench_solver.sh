#!/usr/bin/env bash
# The threat solver on the position sets of tests/data/solver/ (README.md
# there): wins found per length class at a node budget, nodes and time a
# position, every win checked against every defence (threat_check.c).
#
#   tests/bench_solver.sh BUILD_DIR [NODES]           (NODES default 1000000)
#   OLD_ARENA=/path/to/arena tests/bench_solver.sh BUILD_DIR [NODES]
#
# With OLD_ARENA, another build's `arena solve --vct --depth 32` runs on the
# same positions at the same budget too (one process a position), to compare
# a change of the solver with the solver before it. A benchmark, not a test:
# the found counts are exact, the times depend on the machine's load.
set -euo pipefail
build=${1:?usage: bench_solver.sh BUILD_DIR [NODES]}
nodes=${2:-1000000}
data=$(cd "$(dirname "$0")" && pwd)/data/solver
"$build/tests/solver_bench" bench "$data" "$nodes"
if [ -n "${OLD_ARENA:-}" ]; then
	for set in short medium long hard nowin; do
		found=0 total=0 start=$(date +%s.%N)
		while read -r name rule kind plies moves; do
			case $name in '#'*|'') continue ;; esac
			total=$((total + 1))
			if "$OLD_ARENA" solve --moves "$moves" --rule "$rule" --vct --depth 32 \
				--nodes "$nodes" > /dev/null 2>&1; then
				found=$((found + 1))
			fi
		done < "$data/$set.txt"
		end=$(date +%s.%N)
		printf 'old %-8s %3d/%-3d found at %s nodes; %.1f s\n' "$set" "$found" "$total" \
			"$nodes" "$(echo "$end - $start" | bc)"
	done
fi
