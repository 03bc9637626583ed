#!/usr/bin/env bash
# End-to-end: tuner spsa on external engines (issue 19).
#   the same tuner: with node budgets, `type = external` running
#   pbrain-weighted (its parameters and the game's seed by INFO, or on its
#   command line) gives the very trajectory.csv, tuned values and
#   verify.csv of `type = weighted`; pbrain-alphabeta too, with a real
#   parameter (integer = off) and its node budget by INFO max_node; the
#   same on 1 and 2 threads
#   tuned.ini: `arena run` plays its [player NAME-tuned] section as it is
#   crash safety: kill -9 at random instants and SIGINT, then the same
#   command, end with the files of an uninterrupted run; no engine is left
#   faults: an engine that crashes or times out loses those games, every
#   iteration counts, faults.csv holds each one and the run says how many;
#   run again when finished, it plays nothing and leaves faults.csv alone
#   configs/spsa-external.ini runs
# usage: e2e_spsa_external.sh TUNER ARENA PBRAIN_DIR FAULT_ENGINE CONFIGS_DIR
set -euo pipefail
tuner=$(realpath "$1")
arena=$(realpath "$2")
pbrain_dir=$(realpath "$3")
fault=$(realpath "$4")
configs=$(realpath "$5")
work=$(mktemp -d /tmp/e2e_spsa_external.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# Copies of the engines in the work folder: `pgrep -f "$work/"` then finds
# any left running, and nothing else.
mkdir engines
cp "$pbrain_dir/pbrain" engines/pbrain-weighted
cp "$pbrain_dir/pbrain" engines/pbrain-alphabeta
cp "$fault" engines/fault
eng=$work/engines

spsa_head() { # name, iterations, pairs
	cat <<INI
[spsa]
name = $1
iterations = $2
pairs = $3
verify_pairs = 8
openings = $configs/openings-15.ini
nodes = 400
seed = 7
INI
}
weighted_params() { # the start of each parameter, or nothing
	cat <<INI

[param attack]
${1:+start = 1300}
min = 500
max = 2000
c_end = 75
r_end = 0.02

[param defence]
${1:+start = 1000}
min = 200
max = 3000
c_end = 100
r_end = 0.02
INI
}
{ spsa_head w 40 3; printf '\n[player w]\ntype = weighted\n'; weighted_params; } > w.ini
{ spsa_head w 40 3; printf '\n[player w]\ntype = external\ncommand = %s\ninfo = seed {seed}\n' \
	"$eng/pbrain-weighted"; weighted_params 1; } > info.ini
{ spsa_head w 40 3; printf '\n[player w]\ntype = external\nparams_via = command\n'
  printf 'command = %s --set attack={attack} --set defence={defence}\ninfo = seed {seed}\n' \
	"$eng/pbrain-weighted"; weighted_params 1; } > command.ini

# The tuned values as tuned.ini's comments give them ("; attack: 1300 -> 1187").
tuned_values() { grep -E '^; [a-z_]+: ' "$1"; }
same_run() { # folder, folder, label
	cmp -s "$1/trajectory.csv" "$2/trajectory.csv" || fail "$3: trajectory.csv differs"
	cmp -s "$1/verify.csv" "$2/verify.csv" || fail "$3: verify.csv differs"
	[ "$(tuned_values "$1/tuned.ini")" = "$(tuned_values "$2/tuned.ini")" ] ||
		fail "$3: tuned values differ"
}
for f in w info command; do
	"$tuner" spsa $f.ini --threads 2 --out $f >$f.out 2>$f.err || fail "$f.ini: $(tail -3 $f.err)"
done
[ "$(wc -l < w/w/trajectory.csv)" -eq 42 ] || fail "trajectory: want 42 lines"
same_run w/w info/w "params_via = info against type = weighted"
same_run w/w command/w "params_via = command against type = weighted"
attack=$(sed -n 's/^attack = //p' w/w/tuned.ini)
defence=$(sed -n 's/^defence = //p' w/w/tuned.ini)
grep -qx "info = seed {seed}; attack $attack; defence $defence" info/w/tuned.ini ||
	fail "info tuned.ini: $(grep '^info' info/w/tuned.ini)"
grep -qx "command = $eng/pbrain-weighted --set attack=$attack --set defence=$defence" \
	command/w/tuned.ini || fail "command tuned.ini: $(grep '^command' command/w/tuned.ini)"
grep -q "^games lost to faults: 0 of 240 in the iterations, 0 of 16 in the verification$" \
	info.out || fail "info.ini: $(grep faults info.out)"
"$tuner" spsa info.ini --threads 1 --out one >/dev/null 2>&1 || fail "info.ini on 1 thread"
same_run info/w one/w "params_via = info on 1 and 2 threads"
echo "weighted: type = weighted, params_via = info and command: the same run (attack $attack, defence $defence)"

# alphabeta: a real parameter, exactly; the node budget reaches the engine
# as INFO max_node.
ab_params() {
	cat <<INI

[param ratio]
${1:+start = 0.556635}
min = 0
max = 2
r_end = 0.02
${1:+integer = off}

[param futility_margin]
${1:+start = 1500}
min = 0
max = 4000
INI
}
{ spsa_head ab 10 2; printf '\n[player ab]\ntype = alphabeta\nhash_mb = 1\n'; ab_params; } > ab.ini
{ spsa_head ab 10 2; printf '\n[player ab]\ntype = external\ncommand = %s --set hash_mb=1\n' \
	"$eng/pbrain-alphabeta"; ab_params 1; } > abx.ini
"$tuner" spsa ab.ini --out ab >/dev/null 2>&1 || fail "ab.ini"
"$tuner" spsa abx.ini --out abx >/dev/null 2>abx.err || fail "abx.ini: $(tail -3 abx.err)"
same_run ab/ab abx/ab "alphabeta in process and as an engine"
echo "alphabeta: in process and as an engine told INFO ratio and max_node: the same run"

# tuned.ini plays in a tournament as it is.
{ printf '[tournament]\npairs = 4\nopenings = %s/openings-15.ini\nnodes = 400\nout = arena\n\n' \
	"$configs"; sed -n '/^\[player/,$p' info/w/tuned.ini
  printf '\n[player w]\ntype = weighted\nattack = %s\ndefence = %s\n' "$attack" "$defence"; } > t.ini
"$arena" run t.ini >arena.out 2>&1 || fail "arena run of tuned.ini: $(tail -3 arena.out)"
[ "$(($(wc -l < arena/t/games.csv) - 1))" -eq 8 ] || fail "arena run: want 8 games"
grep -q "^ends: " arena.out && ! grep -q "crash\|timeout\|protocol" arena.out ||
	fail "arena run: $(grep ends arena.out)"
echo "tuned.ini: arena run plays [player w-tuned] as it is"

# Crash safety: random kills, then SIGINT, each resumed to the reference.
engines_left() { sleep 0.3; ! pgrep -f "$eng/" >/dev/null || fail "$1: an engine is left"; }
rows() { cat "$1" 2>/dev/null | wc -l; }
kill_after() { # file, run name, rows of its trajectory.csv to wait for; then kill -9
	"$tuner" spsa "$1" --threads 2 --out cut >/dev/null 2>&1 &
	local pid=$! _
	for _ in $(seq 1 1000); do
		[ "$(rows cut/$2/trajectory.csv)" -gt "$3" ] && break
		sleep 0.005
	done
	kill -9 $pid 2>/dev/null || true
	wait $pid 2>/dev/null || true
	killed_at="$killed_at $(($(rows cut/$2/trajectory.csv) - 2))"
}
killed_at=""
for i in 1 2 3; do
	rm -rf cut
	kill_after info.ini w $((i * i * 4))
	engines_left "kill $i"
	"$tuner" spsa info.ini --out cut >resumed.txt 2>&1 || fail "resume $i: $(tail -3 resumed.txt)"
	same_run info/w cut/w "kill -9 $i and resume"
	cmp -s info/w/tuned.ini cut/w/tuned.ini || fail "kill $i: tuned.ini differs"
	cmp -s info/w/faults.csv cut/w/faults.csv || fail "kill $i: faults.csv differs"
done
rm -rf cut
"$tuner" spsa command.ini --threads 2 --out cut >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 300); do
	[ "$(cat cut/w/trajectory.csv 2>/dev/null | wc -l)" -gt 5 ] && break
	sleep 0.01
done
kill -INT $pid
set +e
wait $pid
rc=$?
set -e
[ $rc -eq 130 ] || fail "SIGINT: exit status $rc, want 130"
engines_left "SIGINT"
"$tuner" spsa command.ini --out cut >/dev/null 2>&1 || fail "resume after SIGINT"
same_run command/w cut/w "SIGINT and resume"
echo "crash safety: killed after iterations$killed_at of 40 and interrupted, resumed to identical files, no engine left"
# Named instants (libfiu's crash points), faults.csv's among them.
. "$(dirname "$(realpath "$0")")/fiu_lib.sh"
fiu_detect "$tuner"
if [ $have_fiu = 1 ]; then
	for point in kill/faults.csv/mid-write kill/faults.csv/after-rename \
		kill/trajectory.csv/after-header kill/tuned.ini/mid-write kill/verify.csv.part/mid-write \
		kill/verify.csv/before-rename; do
		d=k/${point//\//_}
		set +e
		fiu -c "enable name=$point" "$tuner" spsa info.ini --threads 2 --out "$d" >/dev/null 2>&1
		st=$?
		set -e
		[ $st -eq 137 ] || fail "$point: expected a kill (137), got $st"
		engines_left "$point"
		"$tuner" spsa info.ini --out "$d" >/dev/null 2>err.txt || fail "$point: resume: $(cat err.txt)"
		same_run info/w "$d/w" "$point"
		cmp -s info/w/faults.csv "$d/w/faults.csv" || fail "$point: faults.csv differs"
		! ls "$d/w" | grep -q '\.tmp$' || fail "$point: a .tmp file is left"
	done
	echo "crash safety: killed at 6 named instants, resumed to identical files"
else
	echo "SKIP: libfiu not installed or not built in: no named instants"
fi

# Faults: an engine that crashes at its {at}-th move of every game, and one
# that takes {delay} ms a move against timeout_turn = 40.
{ spsa_head crash 20 2; printf '\n[player crashy]\ntype = external\nparams_via = command\n'
  printf 'command = %s crash {at}\n\n[param at]\nstart = 4\nmin = 2\nmax = 30\nc_end = 2\nr_end = 0.05\n' \
	"$eng/fault"; } > crash.ini
{ spsa_head slow 6 1; printf 'max_plies = 12\n\n[player slow]\ntype = external\n'
  printf 'params_via = command\ncommand = %s slow {delay}\ntimeout_turn = 40\ntolerance = 0\n' "$eng/fault"
  printf '\n[param delay]\nstart = 50\nmin = 0\nmax = 120\nc_end = 30\nr_end = 0.05\n'; } > slow.ini
for f in crash slow; do
	"$tuner" spsa $f.ini --threads 2 --out faults >$f.out 2>$f.err || fail "$f.ini: $(tail -3 $f.err)"
	d=faults/$f
	iters=$(sed -n 's/^iterations = //p' $f.ini)
	pairs=$(sed -n 's/^pairs = //p' $f.ini)
	[ "$(wc -l < $d/trajectory.csv)" -eq $((iters + 2)) ] || fail "$f: not every iteration counted"
	awk -F, -v g=$((2 * pairs)) 'NR > 1 && $(NF-2) + $(NF-1) + $NF != (NR == 2 ? 0 : g) {exit 1}' \
		$d/trajectory.csv || fail "$f: an iteration without all its games"
	lost=$(grep -c '^[0-9]' $d/faults.csv || true)
	vlost=$(grep -c '^verify,' $d/faults.csv || true)
	[ "$lost" -gt 0 ] || fail "$f: no fault in faults.csv"
	reason=$([ $f = crash ] && echo crash || echo timeout)
	! grep -v "^iteration,\|,$reason," $d/faults.csv | grep -q . || fail "$f: other faults than $reason"
	grep -q "^games lost to faults: $lost of $((2 * pairs * iters)) in the iterations ($reason $lost), $vlost of 16 in the verification" \
		$f.out || fail "$f: $(grep faults $f.out)"
	grep -q "lost to faults" $f.err || fail "$f: no fault count on the progress lines"
	echo "faults: $f: $lost games of $((2 * pairs * iters)) lost by $reason, every iteration counted"
done
# The crash run, finished, run again: nothing played, faults.csv (the
# verification's lines too) left as it was, not rewritten.
keep() { sha256sum faults/crash/faults.csv faults/crash/verify.csv; stat -c %i faults/crash/faults.csv; }
before=$(keep)
"$tuner" spsa crash.ini --threads 2 --out faults >again.out 2>again.err ||
	fail "crash.ini run again: $(tail -3 again.err)"
! grep -q '^verification: [0-9]* games in' again.err || fail "crash.ini run again played the verification"
[ "$(keep)" = "$before" ] || fail "crash.ini run again changed faults.csv or verify.csv"
# The crashing engine learns to crash later, and a resumed faulty run ends
# with the same faults.
start=$(sed -n '2s/^0,\([^,]*\),.*/\1/p' faults/crash/trajectory.csv)
end=$(tail -1 faults/crash/trajectory.csv | cut -d, -f2)
awk -v a="$start" -v b="$end" 'BEGIN {exit !(b > a + 3)}' || fail "crash: at went $start -> $end"
rm -rf cut
killed_at=""
kill_after crash.ini crash 8
"$tuner" spsa crash.ini --out cut >/dev/null 2>&1 || fail "crash: resume"
cmp -s faults/crash/trajectory.csv cut/crash/trajectory.csv || fail "crash: resumed trajectory differs"
diff <(cut -d, -f1-5 faults/crash/faults.csv) <(cut -d, -f1-5 cut/crash/faults.csv) >/dev/null ||
	fail "crash: resumed faults.csv differs"
echo "faults: at $start -> $end; killed after iteration$killed_at, resumed to the same trajectory and faults"
# The example file, shortened, with the engine and openings where they are.
sed -e "s|^command = build/players/|command = $eng/|" -e 's/^iterations = .*/iterations = 10/' \
	-e 's/^verify_pairs = .*/verify_pairs = 10/' -e "s|^openings = |openings = $configs/|" \
	"$configs/spsa-external.ini" > example.ini
"$tuner" spsa example.ini --out example >example.out 2>&1 || fail "spsa-external.ini: $(tail -3 example.out)"
grep -q '^info = seed {seed}; attack [0-9]*; defence [0-9]*$' example/spsa-external/tuned.ini ||
	fail "spsa-external.ini: tuned.ini"
echo "configs/spsa-external.ini runs (10 iterations)"
engines_left "the end"
echo "e2e_spsa_external: all checks passed"
