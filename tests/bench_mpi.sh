#!/usr/bin/env bash
# Benchmark (not a ctest test): the MPI backend (arena/jobs/jobs_mpi.h).
#   1. games/s of one fast tournament (alphabeta and mcts at 1000 nodes,
#      180 games) played by 2 ranks x 1 thread and by 1 process x 2
#      threads, RUNS times each, alternating; the medians and their ratio,
#      and the same for the CPU time they took (mpirun's included).
#   2. rank 0's cost per finished game: FLOOD - 1 ranks (oversubscribed)
#      play very short games (random players, 30 plies, 20,000 games) and
#      send their records to rank 0, which only dispatches; GA_MPI_STATS
#      gives the CPU time its dispatching thread spent (receiving, handing
#      out, the runner's games.csv line; with psq = on also a .psq file)
#      per game from the other ranks.
# The machine is shared and noisy: compare figures taken side by side.
# usage: bench_mpi.sh ARENA [RUNS] [FLOOD]   (defaults 5 and 8)
#   MPIRUN=mpirun.mpich for another launcher
set -euo pipefail
arena=$(realpath "$1")
runs=${2:-5}
flood=${3:-8}
launcher=${MPIRUN:-mpirun}
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d /tmp/bench_mpi.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$here/../configs/openings-15.ini" .
mpi=("$launcher")
if "$launcher" --version 2>/dev/null | grep -q 'Open MPI'; then
	mpi+=(--oversubscribe --bind-to none --mca btl self,vader)
	export OMPI_MCA_btl_vader_single_copy_mechanism=none
	[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)
fi
export GA_MPI_STATS=1
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
rate() { sed -n 's/^played .*: \([0-9.]*\) games\/s.*/\1/p' "$1"; }

cat > fast.ini <<INI
[tournament]
name = fast
pairs = 30
openings = openings-15.ini
nodes = 1000
seed = 3

[player ab]
type = alphabeta
hash_mb = 1
[player ab2]
type = alphabeta
hash_mb = 1
ratio = 0.8
[player mcts]
type = mcts
INI
# CPU seconds (user + system) of a command and all its children: on a
# loaded machine the fairer figure, as wall time depends on the others.
# cpu FILE CMD...: appends CMD's figure to FILE.
cpu() {
	local f=$1
	shift
	/usr/bin/time -f '%U %S' -o cpu.txt "$@" > /dev/null
	awk '{print $1 + $2}' cpu.txt >> "$f"
}
: > one.txt
: > two.txt
: > one.cpu
: > two.cpu
for i in $(seq "$runs"); do
	cpu one.cpu "$arena" run fast.ini --threads 2 --out o$i 2> o$i.err
	rate o$i.err >> one.txt
	cpu two.cpu "${mpi[@]}" -n 2 "$arena" run fast.ini --threads 1 --out m$i 2> m$i.err
	rate m$i.err >> two.txt
done
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f%%", 100 * a / b}'; }
a=$(median < one.txt)
b=$(median < two.txt)
ca=$(median < one.cpu)
cb=$(median < two.cpu)
echo "fast tournament (180 games), medians of $runs runs:"
echo "  1 rank x 2 threads: $a games/s, $ca s of CPU"
echo "  2 ranks x 1 thread: $b games/s, $cb s of CPU (mpirun's included)"
echo "  games/s: $(pct "$b" "$a"); games per CPU second: $(pct "$ca" "$cb")"
grep -h '^mpi:' m*.err | tail -1

cat > flood.ini <<INI
[tournament]
name = flood
pairs = 10000
max_plies = 30
nodes = 1

[player r1]
type = random
[player r2]
type = random
INI
# Rank 0 only dispatches (GA_MPI_LEAD_THREADS=0): its thread's CPU is then
# the coordinator's alone, without its own games' lock and files.
for psq in off on; do
	GA_MPI_LEAD_THREADS=0 "${mpi[@]}" -n "$flood" "$arena" run flood.ini --threads 1 \
		--out f-$psq --set tournament.psq=$psq > /dev/null 2> f-$psq.err
	echo "flood, psq = $psq: $(sed -n 's/^played \([0-9]* games in [0-9.]* s: [0-9.]* games\/s\).*/\1/p' f-$psq.err)"
	grep '^mpi:' f-$psq.err
	echo "  rank 0's cost per finished game: $(sed -n 's/.* \([0-9.]*\) us per game.*/\1/p' f-$psq.err) us of CPU"
done
