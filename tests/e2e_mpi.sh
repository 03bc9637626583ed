#!/usr/bin/env bash
# End-to-end: the job engine on the ranks of an MPI world (arena/jobs/jobs_mpi.h).
#   every command that plays games, run by `mpirun -n 3` (ranks x threads),
#   writes byte for byte what one process writes (games.csv but its two
#   timing columns, elo.csv, pairs.csv, training samples, messages.txt, trajectory.csv, texel.csv,
#   tuned.ini, verify.csv, the openings, stdout): a round robin, a gauntlet
#   decided by the SPRT, engines that send MESSAGEs (one game cut), an SPSA run, Texel's self-play and verification,
#   arena balance, arena match; and the other ranks
#   did play some of the games (GA_MPI_STATS);
#   a game clock reaches every rank's engines (INFO timeout_match);
#   a kill -9 of mpirun mid-run, then the same command (as one process and
#   under mpirun) resumes to the same files;
#   an engine that cannot start on the other ranks gives crash outcomes, not
#   a hang; an engine those ranks cannot find fails the run, naming the rank.
# Skipped (status 77) when the build has no MPI or mpirun is missing.
# MPIRUN=mpirun.mpich (say) takes another launcher: that of the MPI the
# build was made with (cmake -DMPI_C_COMPILER=mpicc.mpich).
# usage: e2e_mpi.sh ARENA TUNER FAULT_ENGINE CONFIGS_DIR HAS_MPI
set -euo pipefail
launcher=${MPIRUN:-mpirun}
if [ "${5:-0}" != 1 ] || ! command -v "$launcher" >/dev/null; then
	echo "SKIP: built without MPI, or no mpirun (Debian: openmpi-bin libopenmpi-dev)"
	exit 77
fi
arena=$(realpath "$1")
tuner=$(realpath "$2")
fault=$(realpath "$3")
configs=$(realpath "$4")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d /tmp/e2e_mpi.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ -z "${KEEP:-}" ] || trap - EXIT # KEEP=1: keep the folder for a look
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# The launcher: Open MPI's wants leave to oversubscribe 2 cores with 3
# ranks and to run as root (CI's containers), shared memory without
# ptrace (which containers forbid) and no binding (ranks x threads).
mpi=("$launcher" -n 3)
if "$launcher" --version 2>/dev/null | grep -q 'Open MPI'; then
	mpi+=(--oversubscribe --bind-to none --mca btl self,vader)
	export OMPI_MCA_btl_vader_single_copy_mechanism=none
	[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)
fi
export GA_MPI_STATS=1
# An ASan build: Open MPI leaves its start-up allocations to the exit, some
# in plugins it unloads first; the slow unwinder finds the MPI library
# under those, which tests/lsan_mpi.supp names (and nothing of ours).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$here/lsan_mpi.supp"

# run DIR CMD...: CMD in DIR (made), stdout to DIR/out.txt, stderr to
# DIR/err.txt. Every run writes into its own DIR with the same names, so
# the paths it prints are the same.
run() {
	local d=$1
	shift
	mkdir -p "$d"
	(cd "$d" && timeout 120 "$@" > out.txt 2> err.txt) || fail "$d: $* (status $?): $(tail -3 "$d/err.txt")"
}
# GA_MPI_LEAD_THREADS that is no number of rank 0's threads is refused,
# named, rather than silently ignored (strtol took '0x1' as 0 and '5x' as 5).
mkdir -p lead
printf '[tournament]\nboard = 7\npairs = 1\n[player a]\ntype = random\n[player b]\ntype = random\n' \
	> lead/t.ini
for v in 0x1 5x 2 -1; do
	if (cd lead && GA_MPI_LEAD_THREADS=$v timeout 120 "${mpi[@]}" "$arena" run t.ini --threads 1 \
		> out.txt 2> err.txt); then
		fail "GA_MPI_LEAD_THREADS=$v was taken"
	fi
	grep -qF "GA_MPI_LEAD_THREADS='$v' is not a whole number from 0 to 1" lead/err.txt ||
		fail "GA_MPI_LEAD_THREADS=$v: $(head -3 lead/err.txt)"
	rm -rf lead/results
done

# The games but their timing columns (11, 12).
games() { cut -d, -f1-10,13- "$1"; }
same() { # same A B FILE...: the files of run folders A and B are equal
	local a=$1 b=$2
	shift 2
	for f in "$@"; do
		if [ "${f##*/}" = games.csv ]; then
			cmp -s <(games "$a/$f") <(games "$b/$f") || fail "$f differs: $a, $b"
		else
			cmp -s "$a/$f" "$b/$f" || fail "$f differs: $a, $b: $(diff "$a/$f" "$b/$f" | head -5)"
		fi
	done
}
# The other ranks played: "games by rank: N0 N1 N2" with N1 + N2 > 0.
others_played() {
	local line
	line=$(grep '^mpi: 3 ranks' "$1/err.txt" | tail -1) || fail "$1: no figures of the world"
	set -- $(echo "$line" | sed 's/.*games by rank: \([0-9 ]*\);.*/\1/')
	[ $(($2 + $3)) -gt 0 ] || fail "only rank 0 played: $line"
}

cp "$configs/openings-15.ini" .
cat > rr.ini <<INI
[tournament]
name = rr
pairs = 3
openings = $work/openings-15.ini
nodes = 300
seed = 7
psq = on
sample = csv
sample_freq = 0.6

[player naive]
type = naive
[player weighted]
type = weighted
[player ab]
type = alphabeta
hash_mb = 1
[player mcts]
type = mcts
INI
# affinity (each game thread pinned to one CPU) changes no game.
run rr1 "$arena" run ../rr.ini --threads 2 --out r --set tournament.affinity=on
run rr3 "${mpi[@]}" "$arena" run ../rr.ini --threads 1 --out r
same rr1 rr3 r/rr/games.csv r/rr/elo.csv r/rr/pairs.csv r/rr/samples.csv out.txt
[ "$(ls rr3/r/rr/games | wc -l)" -eq 36 ] || fail "rank 0 wrote $(ls rr3/r/rr/games | wc -l) .psq records, not 36"
others_played rr3
echo "round robin: 3 ranks x 1 thread = 1 process x 2 threads"

# A game clock reaches the other ranks: each engine is told it, on every
# rank (the header once carried nodes, depth and ms only, and the other
# ranks' games were played without a clock).
pbrain=$(dirname "$arena")/../players/pbrain-naive
cat > clock.ini <<INI
[tournament]
name = clock
pairs = 3
game_ms = 5000
inc_ms = 20
seed = 3
restart = on
[player a]
type = external
command = $pbrain
[player b]
type = external
command = $pbrain
INI
run clock3 "${mpi[@]}" "$arena" run ../clock.ini --threads 1 --out r --log
others_played clock3
n=$(grep -l 'INFO timeout_match 5000' clock3/r/clock/logs/*.log | wc -l)
[ "$n" -eq 12 ] || fail "$n of 12 engine logs were told the clock: $(grep -h timeout_match clock3/r/clock/logs/*.log | sort | uniq -c)"
echo "game clock: told on every rank"

# messages.txt (msg = on): the engines' MESSAGE lines of the games played
# on the other ranks come back with them, a game cut at 64 KiB too.
cat > msg.ini <<INI
[tournament]
name = msg
pairs = 3
seed = 3
ms = 2000
msg = on
[player e]
type = external
command = $fault eval 7
[player f]
type = external
command = $fault flood 8
INI
run msg1 "$arena" run ../msg.ini --threads 1 --out r
run msg3 "${mpi[@]}" "$arena" run ../msg.ini --threads 1 --out r
others_played msg3
same msg1 msg3 r/msg/games.csv r/msg/messages.txt
grep -q '^[0-9]*) e: depth 1 eval 7$' msg3/r/msg/messages.txt || fail "messages.txt: no message of e"
grep -q '^\[messages cut at 65536 bytes\]$' msg3/r/msg/messages.txt || fail "messages.txt: no game cut"
echo "messages: the same messages.txt on 3 ranks"

cat > sprt.ini <<INI
[tournament]
name = g
type = gauntlet
challengers = swapped
sprt = on
elo0 = 0
elo1 = 50
pairs = 200
openings = $work/openings-15.ini
opening_order = random
nodes = 300

[player swapped]
type = weighted
attack = 1000
defence = 1300
[player published]
type = weighted
INI
run g1 "$arena" run ../sprt.ini --threads 1 --out r
run g3 "${mpi[@]}" "$arena" run ../sprt.ini --threads 2 --out r --set tournament.affinity=on
grep -q '^SPRT after' g1/out.txt || fail "the SPRT did not decide: $(cat g1/out.txt)"
same g1 g3 r/g/games.csv r/g/elo.csv r/g/pairs.csv out.txt
others_played g3
echo "gauntlet: $(grep '^SPRT after' g3/out.txt)"

cat > ab.ini <<INI
[spsa]
iterations = 12
pairs = 2
verify_pairs = 6
openings = $work/openings-15.ini
nodes = 300
seed = 3

[player ab]
type = alphabeta
hash_mb = 1

[param ratio]
min = 0
max = 2
r_end = 0.02
INI
run s1 "$tuner" spsa ../ab.ini --threads 1 --out r
run s3 "${mpi[@]}" "$tuner" spsa ../ab.ini --threads 1 --out r
same s1 s3 r/ab/trajectory.csv r/ab/tuned.ini r/ab/verify.csv out.txt
others_played s3
echo "spsa: the same trajectory, tuned values and verification"

cat > t.ini <<INI
[texel]
name = t
games = 40
openings = $work/openings-15.ini
verify_pairs = 6
seed = 9
nodes = 300

[player ab]
type = alphabeta
hash_mb = 1
INI
run t1 "$tuner" texel ../t.ini --threads 1 --out r
run t3 "${mpi[@]}" "$tuner" texel ../t.ini --threads 1 --out r
same t1 t3 r/t/games.csv r/t/texel.csv r/t/tuned.ini r/t/verify.csv
# Times and the fit's speed (it runs on rank 0 alone) aside, and the
# carriage returns of a terminal (Open MPI gives ranks a pty).
untimed() { tr -d '\r' < "$1" | sed -E -e 's/[0-9.]+ s\b/T s/g' -e 's/[0-9.e+]+ positions\/s.*//'; }
cmp -s <(untimed t1/out.txt) <(untimed t3/out.txt) || fail "texel's output differs"
others_played t3
echo "texel: the same self-play, fit and verification"

bal=(balance --candidates 12 --keep 6 --games 2 --pairs 1 --nodes 300 --spread 0.34 --tolerance 0.5)
run b1 "$arena" "${bal[@]}" --threads 1
run b3 "${mpi[@]}" "$arena" "${bal[@]}" --threads 1
same b1 b3 out.txt
others_played b3
run m1 "$arena" match alphabeta mcts --pairs 4 --nodes 300 --threads 2
run m3 "${mpi[@]}" "$arena" match alphabeta mcts --pairs 4 --nodes 300 --threads 1
cmp -s <(grep -v -e '^nodes/s' -e '^ms/move' m1/out.txt) <(grep -v -e '^nodes/s' -e '^ms/move' m3/out.txt) || fail "arena match differs"
others_played m3
echo "balance and match: the same output"

# kill -9 of the launcher mid-run: every rank goes with it (jobs_mpi.h),
# and the same command resumes, under mpirun and as one process.
sed -e 's/^pairs = 3/pairs = 8/' -e 's/^name = rr/name = cut/' rr.ini > cut.ini
run c1 "$arena" run ../cut.ini --threads 2 --out r
for how in mpi one; do
	d=c-$how
	mkdir -p $d
	(cd $d && exec "${mpi[@]}" "$arena" run ../cut.ini --threads 1 --out r > /dev/null 2>&1) &
	pid=$!
	for _ in $(seq 600); do
		[ "$(cat $d/r/cut/games.csv 2>/dev/null | wc -l)" -gt 30 ] && break
		sleep 0.02
	done
	ranks=$(pgrep -P $pid || true) # Open MPI's ranks; hydra's proxies
	for p in $ranks; do ranks="$ranks $(pgrep -P "$p" || true)"; done
	kill -9 $pid
	wait $pid 2>/dev/null || true
	for _ in $(seq 250); do
		alive=0
		for p in $ranks; do kill -0 "$p" 2>/dev/null && alive=1; done
		[ $alive -eq 0 ] && break
		sleep 0.02
	done
	[ $alive -eq 0 ] || fail "ranks outlived mpirun's kill -9"
	before=$(($(wc -l < $d/r/cut/games.csv) - 1))
	[ "$before" -lt 96 ] || fail "the run ended before the kill"
	if [ $how = mpi ]; then
		run $d "${mpi[@]}" "$arena" run ../cut.ini --threads 1 --out r
	else
		run $d "$arena" run ../cut.ini --threads 2 --out r
	fi
	same c1 $d r/cut/games.csv r/cut/elo.csv r/cut/pairs.csv
	echo "kill -9 of mpirun after $before of 96 games, resumed ($how): the same files"
done

# External engines on the other ranks. Ranks 1 and 2 start from `env`
# (mpirun's MPMD form), with PATH or a variable of their own.
mkdir -p bin
cat > bin/engine <<SH
#!/bin/sh
[ -z "\$BROKEN" ] || exit 1
exec "$fault" slow 2
SH
chmod +x bin/engine
cat > ext.ini <<INI
[tournament]
name = ext
pairs = 6
openings = $work/openings-15.ini
nodes = 100

[player engine]
type = external
command = engine
timeout_start = 2000
[player naive]
type = naive
INI
# Rank 0 runs the command, ranks 1-2 `env VAR=VALUE` the command.
one=("${mpi[@]}")
one[2]=1
cmd=("$arena" run ../ext.ini --threads 1 --out r)
export PATH="$work/bin:$PATH"
run e3 "${one[@]}" "${cmd[@]}" : -n 2 env BROKEN=1 "${cmd[@]}"
[ "$(($(wc -l < e3/r/ext/games.csv) - 1))" -eq 12 ] || fail "the broken engine's run is not complete"
others_played e3
grep -q ',crash,' e3/r/ext/games.csv || fail "no crash outcome from the ranks whose engine cannot start"
echo "an engine that cannot start on ranks 1-2: $(grep -c ',crash,' e3/r/ext/games.csv) crash outcomes of 12 games"
rc=0
cmd[6]=r2
(cd e3 && timeout 120 "${one[@]}" "${cmd[@]}" : -n 2 env PATH=/usr/bin:/bin "${cmd[@]}" \
	> out2.txt 2> err2.txt) || rc=$?
[ $rc -eq 1 ] || fail "an engine missing on ranks 1-2: status $rc, expected 1"
! grep -q Sanitizer e3/err2.txt || fail "a sanitizer's report: $(grep -A5 Sanitizer e3/err2.txt)"
grep -q 'cannot create player engine: .*(rank [12] on ' e3/err2.txt ||
	fail "no message naming the job, the player and the rank: $(cat e3/err2.txt)"
echo "an engine missing on ranks 1-2: $(grep -o 'job [0-9]*: cannot create player engine' e3/err2.txt | head -1) ... (rank N on HOST)"
echo "e2e_mpi: ok"
