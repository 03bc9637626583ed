#!/usr/bin/env bash
# Benchmark (not a test): the arena's own cost around fast external engines.
# A round robin of two engines, both `type = external`, ms = 1000, 120
# games from configs/openings-15.ini (60 pairs, colours swapped), for 1 and
# 2 threads and both restart modes (a fresh process every game, or one kept
# and sent RESTART); RUNS runs each (default 5). Prints the medians of wall
# time, games/s, the CPU of the arena process and of the engine processes
# (as arena run reports them), that CPU per engine move in microseconds, and
# the harness's share of the total CPU.
# usage: tests/bench_external.sh ARENA_BINARY PBRAIN_DIR [RUNS] [MODES]
#   MODES: "on off" (default) or one of them, for an arena without `restart`
# Environment:
#   PONDER=off|watch|on  the players' `ponder` (default: the arena's)
#   ENGINES=pbrain       pbrain-naive against pbrain-weighted (the default)
#   ENGINES=instant      the floor: tests/engines/instant.c (built here with
#                        cc) against itself, an engine that answers every
#                        move at once with one read and one write
#   ENGINES=alphabeta:N  pbrain-alphabeta against itself at N nodes a move
#   OLD_ARENA=path       another build's arena, run alternately with
#                        ARENA_BINARY (run by run, so that the load of a
#                        shared machine falls on both alike); both printed
#   SYSCALLS=1           one more 1-thread run of each arena under
#                        `perf stat` (tracepoints; root or a low
#                        perf_event_paranoid): the arena's system calls per
#                        engine move, in all and by kind
set -euo pipefail
arena=$(realpath "$1")
pbrain=$(realpath "$2")
runs=${3:-5}
modes=${4:-on off}
engines=${ENGINES:-pbrain}
old=${OLD_ARENA:+$(realpath "$OLD_ARENA")}
here=$(dirname "$(realpath "$0")")
openings=$here/../configs/openings-15.ini
work=$(mktemp -d /tmp/bench_external.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

case $engines in
pbrain) cmd_a=$pbrain/pbrain-naive cmd_b=$pbrain/pbrain-weighted ;;
instant)
	"${CC:-cc}" -O2 -o instant "$here/engines/instant.c"
	cmd_a=$work/instant cmd_b=$work/instant
	;;
alphabeta:*)
	cmd_a="$pbrain/pbrain-alphabeta --nodes ${engines#alphabeta:}"
	cmd_b=$cmd_a
	;;
*) echo "ENGINES: pbrain, instant or alphabeta:N" >&2 && exit 2 ;;
esac
echo "engines: $engines; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# The engines' moves of a run: the plies of each game less its opening's.
engine_moves() {
	awk -F, 'FNR == NR { if ($0 ~ /^\[opening /) { n = $0; sub(/^\[opening /, "", n);
	                     sub(/\].*/, "", n) } else if ($0 ~ /^moves *=/) { m = $0;
	                     sub(/^moves *= */, "", m); len[n] = split(m, w, " ") } next }
	         FNR > 1 { s += $9 - len[$4] } END { print s }' "$openings" "$1"
}

write_ini() { # restart
	cat > x.ini <<INI
[tournament]
name = x
pairs = 60
openings = $openings
ms = 1000

[player a]
type = external
command = $cmd_a
$([ "$1" = legacy ] || echo "restart = $1")
$([ -z "${PONDER:-}" ] || echo "ponder = $PONDER")

[player b]
type = external
command = $cmd_b
$([ "$1" = legacy ] || echo "restart = $1")
$([ -z "${PONDER:-}" ] || echo "ponder = $PONDER")
INI
}

one_run() { # binary threads stats-file
	rm -rf out
	"$1" run x.ini --out out --threads "$2" >/dev/null 2>err.txt || { cat err.txt; exit 1; }
	local line wall acpu kcpu
	line=$(grep '^played ' err.txt)
	wall=$(echo "$line" | sed 's/.* in \([0-9.]*\) s:.*/\1/')
	acpu=$(echo "$line" | sed 's/.*CPU: arena \([0-9.]*\) s.*/\1/')
	kcpu=$(echo "$line" | sed 's/.*engine processes \([0-9.]*\) s.*/\1/')
	[ "$(($(wc -l < out/x/games.csv) - 1))" -eq 120 ] || { echo "not 120 games"; exit 1; }
	echo "$wall $acpu $kcpu $(engine_moves out/x/games.csv)" >> "$3"
}

report() { # label restart threads stats-file
	local wall acpu kcpu moves
	wall=$(cut -d' ' -f1 "$4" | median)
	acpu=$(cut -d' ' -f2 "$4" | median)
	kcpu=$(cut -d' ' -f3 "$4" | median)
	moves=$(cut -d' ' -f4 "$4" | median)
	printf '%-4s restart=%-3s %d thread%s, median of %d: %6.3f s, %5.0f games/s, CPU arena %.3f s + engines %.3f s (%.1f + %.1f us a move), harness %.1f%%\n' \
		"$1" "$2" "$3" "$([ "$3" = 1 ] && echo " " || echo s)" "$runs" "$wall" \
		"$(echo "120 / $wall" | bc -l)" "$acpu" "$kcpu" \
		"$(echo "1000000 * $acpu / $moves" | bc -l)" "$(echo "1000000 * $kcpu / $moves" | bc -l)" \
		"$(echo "100 * $acpu / ($acpu + $kcpu)" | bc -l)"
}

for restart in $modes; do
	write_ini "$restart"
	for threads in 1 2; do
		: > new.txt
		: > old.txt
		for _ in $(seq "$runs"); do
			one_run "$arena" "$threads" new.txt
			[ -z "$old" ] || one_run "$old" "$threads" old.txt
		done
		[ -z "$old" ] || report old "$restart" "$threads" old.txt
		report "${old:+new}" "$restart" "$threads" new.txt
	done
	if [ -n "${SYSCALLS:-}" ]; then
		# One thread: every move is on the main thread, which is what
		# --no-inherit counts (the engines are not).
		kinds=read,poll,pwritev2,write,clock_gettime,kill
		events=raw_syscalls:sys_enter
		for k in ${kinds//,/ }; do events+=",syscalls:sys_enter_$k"; done
		for bin in $old $arena; do
			rm -rf out
			perf stat --no-inherit -x, -e "$events" -o perf.txt \
				"$bin" run x.ini --out out --threads 1 >/dev/null 2>&1
			moves=$(engine_moves out/x/games.csv)
			awk -F, -v m="$moves" -v who="$([ "$bin" = "$arena" ] && echo new || echo old)" \
				-v r="$restart" '$3 ~ /sys_enter/ { n = $3; sub(/.*sys_enter_?/, "", n);
				    t = t sprintf(" %s %.2f", n == "" ? "all" : n, $1 / m) }
				END { print who " restart=" r " arena system calls a move:" t }' perf.txt
		done
	fi
done
