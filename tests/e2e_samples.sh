#!/usr/bin/env bash
# End-to-end: training samples in c-gomoku-cli's formats ([tournament]
# sample, sample_freq, sample_file, sample_loseonly; arena/store/samples.h).
#   - csv, bin and bin_lz4 read back by an independent reader
#     (tests/tools/samples_check.c; LZ4 through liblz4's LZ4F API) are
#     exactly the positions, moves and results of games.csv's games, but
#     for the games lost by a fault (an engine that plays an illegal move),
#     which give none; the opening's stones are never sampled;
#   - sample_freq 0.5 samples a part, the same bytes on 1 and 2 threads;
#   - killed with -9 mid-run (and left with the bytes of a game that never
#     reached games.csv), then resumed: the same bytes as an uninterrupted run;
#   - sample_loseonly: only the games the gauntlet's challenger lost;
#   - sample_file names the file; the written: line names it.
# Bad values (file:line, status 2) are cases of tests/inputs/tournament.cases.
# usage: e2e_samples.sh ARENA SAMPLES_CHECK FAULT_ENGINE HAVE_LZ4(0|1)
set -euo pipefail
arena=$(realpath "$1")
check=$(realpath "$2")
fault=$(realpath "$3")
have_lz4=$4
work=$(mktemp -d /tmp/e2e_samples.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Openings of two stones each (Gomocup offsets): never sampled.
printf '0,0, 1,1\n0,0, 1,0\n-1,-1, 1,1\n2,0, 0,2\n' > open.txt
ini() { # name format freq [extra lines]
	cat <<INI
[tournament]
name = $1
pairs = 6
openings = open.txt
seed = 7
nodes = 300
sample = $2
sample_freq = $3
${4:-}

[player ab]
type = alphabeta

[player w]
type = weighted

[player bad]
type = external
command = $fault illegal 4
INI
}
formats="csv bin"
if [ "$have_lz4" = 1 ]; then
	formats="$formats bin_lz4"
else # built without liblz4: bin_lz4 refused at its line, nothing written
	ini z bin_lz4 1 > z.ini
	st=0
	"$arena" run z.ini --out none >z.out 2>&1 || st=$?
	[ $st = 2 ] && grep -q "^z.ini:7: 'sample = bin_lz4' needs liblz4" z.out && [ ! -e none ] ||
		fail "bin_lz4 without liblz4: status $st, $(cat z.out)"
	echo "bin_lz4 refused: this arena was built without liblz4"
fi
ext() { case $1 in csv) echo csv ;; bin) echo bin ;; *) echo bin.lz4 ;; esac; }

for f in $formats; do
	ini $f $f 1 > $f.ini
	"$arena" run $f.ini --threads 2 --out all >$f.out 2>&1 || fail "$f: $(tail -3 $f.out)"
	s=all/$f/samples.$(ext $f)
	[ -s $s ] || fail "$f: no $s"
	grep -q "^written: .*samples.$(ext $f)" $f.out || fail "$f: the written: line names no samples file"
	grep -q ',illegal,' all/$f/games.csv || fail "$f: no game lost by an illegal move"
	"$check" $f $s all/$f/games.csv 15 0 2 all >$f.check 2>&1 ||
		fail "$f: $(cat $f.check)"
done
echo "all moves: $(cat csv.check)"
[ "$have_lz4" = 1 ] && file_says=$(head -c 4 all/bin_lz4/samples.bin.lz4 | od -An -tx1 | tr -d ' ') &&
	{ [ "$file_says" = 04224d18 ] || fail "bin_lz4 does not begin with the LZ4 frame magic"; }

# A part of the moves: the same bytes on 1 and 2 threads.
for f in $formats; do
	ini $f $f 0.5 'sample_file = part.data' > p$f.ini
	"$arena" run p$f.ini --threads 2 --out t2 >/dev/null 2>&1 || fail "$f 0.5, 2 threads"
	"$arena" run p$f.ini --threads 1 --out t1 >/dev/null 2>&1 || fail "$f 0.5, 1 thread"
	cmp -s t1/$f/part.data t2/$f/part.data || fail "$f: samples differ on 1 and 2 threads"
	"$check" $f t2/$f/part.data t2/$f/games.csv 15 0 2 some >/dev/null 2>&1 ||
		fail "$f 0.5: $("$check" $f t2/$f/part.data t2/$f/games.csv 15 0 2 some 2>&1)"
done

# Killed with -9 mid-run, then resumed: the bytes of an uninterrupted run.
for f in $formats; do
	s=samples.$(ext $f)
	for k in 1 2; do
		d=k$k
		"$arena" run p$f.ini --threads 2 --out $d >/dev/null 2>&1 &
		pid=$!
		for _ in $(seq 1 600); do
			[ -f $d/$f/games.csv ] && [ "$(wc -l < $d/$f/games.csv)" -gt $((k * 4)) ] && break
			kill -0 $pid 2>/dev/null || break
			sleep 0.05
		done
		kill -9 $pid 2>/dev/null || true
		wait $pid 2>/dev/null || true
		echo "$f kill $k: $(($(wc -l < $d/$f/games.csv) - 1)) games on disk"
		# What a kill between a game's samples and its games.csv line
		# leaves: bytes of a game that is played again.
		[ $k = 2 ] && [ -f $d/$f/part.data ] && head -c 37 t1/$f/part.data >> $d/$f/part.data
		"$arena" run p$f.ini --out $d >$d.out 2>&1 || fail "$f resume $k: $(tail -3 $d.out)"
		cmp -s t1/$f/part.data $d/$f/part.data || fail "$f resume $k: samples differ"
		rm -rf $d
	done
done

# sample_loseonly: only the games the challenger lost.
ini g csv 1 'type = gauntlet
challengers = w
sample_loseonly = on' > g.ini
"$arena" run g.ini --threads 2 --out lo >g.out 2>&1 || fail "loseonly: $(tail -3 g.out)"
grep -q ',0-1,five,\|,1-0,five,' lo/g/games.csv || fail "loseonly: no game decided by a five"
"$check" csv lo/g/samples.csv lo/g/games.csv 15 0 2 all w >g.check 2>&1 ||
	fail "loseonly: $(cat g.check)"
echo "e2e_samples: ok ($formats; loseonly: $(cat g.check))"
