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
#   VERBOSE=1            the pbrain engines send a MESSAGE line before each
#                        move (--verbose), which the arena parses
#   OLD_ARENA=path       another build's arena, run alternately with
#                        ARENA_BINARY (run by run, so that the load of a
#                        shared machine falls on both alike); both printed
#   GOMOKU_CLI=path      c-gomoku-cli (github.com/nkg114mc/c-gomoku-cli, built
#                        by you: it is not a Debian package), run alternately
#                        with the arena in the restart=off runs with the same
#                        engines and openings (converted to its offset format),
#                        1 s a move, -concurrency for the threads; its own CPU
#                        and its engines' are split by tests/engines/cpu_split.c
#                        (built here with cc; clock ticks, 10 ms). The games
#                        are the arena's, so its engine moves are counted there.
#                        ENGINES=pbrain only (it waits for an answer to
#                        ABOUT, which the instant engine never gives)
#   AFFINITY=on|both     [tournament] affinity = on (each game thread and its
#                        engines pinned to one CPU); both: the arena run
#                        with and without it alternately (lines "pin", "free")
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
usage() { echo "usage: tests/bench_external.sh ARENA_BINARY PBRAIN_DIR [RUNS] [MODES]: $*" >&2 && exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || usage "RUNS is a whole number from 1, not '$runs'"
for m in $modes; do
	case $m in on | off | legacy) ;; *) usage "MODES: on, off or both of them, not '$m'" ;; esac
done
case ${AFFINITY:-off} in
off | both) ;;
on) [ -z "$old" ] || { echo "AFFINITY=on: not with OLD_ARENA (an older arena refuses the key); AFFINITY=both" >&2 && exit 2; } ;;
*) echo "AFFINITY: on, off or both" >&2 && exit 2 ;;
esac
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
# VERBOSE=1: the pbrain engines send a MESSAGE line (depth, score, nodes,
# pv) before each move, which the arena reads (engine_message.h).
if [ -n "${VERBOSE:-}" ]; then
	[ "$engines" = instant ] && { echo "VERBOSE: not with ENGINES=instant" >&2 && exit 2; }
	cmd_a="$cmd_a --verbose" cmd_b="$cmd_b --verbose"
fi
echo "engines: $engines; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

cli=${GOMOKU_CLI:+$(realpath "$GOMOKU_CLI")}
if [ -n "$cli" ]; then
	[ "$engines" = pbrain ] || { echo "GOMOKU_CLI: ENGINES=pbrain only" >&2 && exit 2; }
	"${CC:-cc}" -O2 -o cpu_split "$here/engines/cpu_split.c"
	# Its offset format: one opening a line, "dx,dy, dx,dy" from the centre,
	# in Gomocup's x (from the left) and y (from the top): ours are a
	# column letter and a row counted from the bottom.
	awk '/^\[opening / { if (m != "") print m; m = "" }
	     /^moves *=/ { s = $0; sub(/^moves *= */, "", s); n = split(s, w, " ")
	                   for (i = 1; i <= n; i++) {
	                       x = index("abcdefghijklmno", substr(w[i], 1, 1)) - 1
	                       y = 15 - substr(w[i], 2)
	                       m = m (i > 1 ? ", " : "") (x - 7) "," (y - 7) } }
	     END { if (m != "") print m }' "$openings" > openings.txt
	[ "$(wc -l < openings.txt)" -eq 60 ] || { echo "not 60 openings"; exit 1; }
fi

# The engines' moves of a run: the plies of each game less its opening's.
engine_moves() {
	awk -F, 'FNR == NR { if ($0 ~ /^\[opening /) { n = $0; sub(/^\[opening /, "", n);
	                     sub(/\].*/, "", n) } else if ($0 ~ /^moves *=/) { m = $0;
	                     sub(/^moves *= */, "", m); len[n] = split(m, w, " ") } next }
	         FNR > 1 { s += $9 - len[$4] } END { print s }' "$openings" "$1"
}

write_ini() { # restart file affinity
	cat > "$2" <<INI
[tournament]
name = x
$([ "$3" = on ] && echo "affinity = on")
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

one_run() { # binary threads stats-file [ini]
	rm -rf out
	"$1" run "${4:-x.ini}" --out out --threads "$2" >/dev/null 2>err.txt || { cat err.txt; exit 1; }
	local line wall acpu kcpu
	line=$(grep '^played ' err.txt)
	wall=$(echo "$line" | sed 's/.* in \([0-9.]*\) s:.*/\1/')
	acpu=$(echo "$line" | sed 's/.*CPU: arena \([0-9.]*\) s.*/\1/')
	kcpu=$(echo "$line" | sed 's/.*engine processes \([0-9.]*\) s.*/\1/')
	[ "$(($(wc -l < out/x/games.csv) - 1))" -eq 120 ] || { echo "not 120 games"; exit 1; }
	echo "$wall $acpu $kcpu $(engine_moves out/x/games.csv)" >> "$3"
}

# c-gomoku-cli: the same 120 games (each opening twice, colours swapped),
# 1 s a move, engines kept. Its moves are the arena's of the same run.
cli_run() { # threads stats-file moves
	rm -rf cli && mkdir cli
	(cd cli && ../cpu_split ../split.txt "$cli" -each tc=0/1 \
		-engine "cmd=$cmd_a" name=a -engine "cmd=$cmd_b" name=b \
		-rule 0 -boardsize 15 -games 120 -repeat \
		-openings file=../openings.txt type=offset order=sequential \
		-concurrency "$1" > out.txt 2>&1) || { cat cli/out.txt; exit 1; }
	[ "$(grep -c 'Finished game' cli/out.txt)" -eq 120 ] || { echo "c-gomoku-cli: not 120 games"; exit 1; }
	read -r self children wall < split.txt
	echo "$wall $self $children $3" >> "$2"
}

report() { # label restart threads stats-file
	local wall acpu kcpu moves
	wall=$(cut -d' ' -f1 "$4" | median)
	acpu=$(cut -d' ' -f2 "$4" | median)
	kcpu=$(cut -d' ' -f3 "$4" | median)
	moves=$(cut -d' ' -f4 "$4" | median)
	printf '%-4s restart=%-3s %d thread%s, median of %d: %6.3f s, %5.0f games/s, CPU %s %.3f s + engines %.3f s (%.1f + %.1f us a move), harness %.1f%%\n' \
		"$1" "$2" "$3" "$([ "$3" = 1 ] && echo " " || echo s)" "$runs" "$wall" \
		"$(echo "120 / $wall" | bc -l)" "$([ "$1" = cli ] && echo client || echo arena)" "$acpu" "$kcpu" \
		"$(echo "1000000 * $acpu / $moves" | bc -l)" "$(echo "1000000 * $kcpu / $moves" | bc -l)" \
		"$(echo "100 * $acpu / ($acpu + $kcpu)" | bc -l)"
}

for restart in $modes; do
	write_ini "$restart" x.ini "$([ "${AFFINITY:-off}" = on ] && echo on || echo off)"
	[ "${AFFINITY:-}" != both ] || write_ini "$restart" pin.ini on
	for threads in 1 2; do
		: > new.txt
		: > old.txt
		: > cli.txt
		: > pin.txt
		with_cli=$([ -n "$cli" ] && [ "$restart" = off ] && echo 1 || true)
		for _ in $(seq "$runs"); do
			one_run "$arena" "$threads" new.txt
			[ -z "$old" ] || one_run "$old" "$threads" old.txt
			[ -z "$with_cli" ] || cli_run "$threads" cli.txt "$(tail -1 new.txt | cut -d' ' -f4)"
			[ "${AFFINITY:-}" != both ] || one_run "$arena" "$threads" pin.txt pin.ini
		done
		[ -z "$old" ] || report old "$restart" "$threads" old.txt
		[ -z "$with_cli" ] || report cli "$restart" "$threads" cli.txt
		label=${old:+new}
		[ "${AFFINITY:-}" != both ] || { report pin "$restart" "$threads" pin.txt; label=free; }
		report "$label" "$restart" "$threads" new.txt
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
