#!/usr/bin/env bash
# End-to-end: the tuners' folders survive kills, failures and signals.
#   tuner spsa: kill -9 at named instants (libfiu crash points) and random
#   ones, injected write/sync/rename failures, SIGINT: the run resumes and
#   ends with the files of an uninterrupted run (killed in the
#   verification, tuned.ini says NOT VERIFIED until then).
#   tuner texel: a kill, a failure or SIGINT leaves whole files only; the
#   same command again ends with the files of an uninterrupted run.
# usage: e2e_tuner_crash.sh TUNER_BINARY CONFIGS_DIR
set -euo pipefail
tuner=$(realpath "$1")
. "$(dirname "$(realpath "$0")")/fiu_lib.sh"
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_tuner_crash.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
fiu_detect "$tuner"

cat > w.ini <<INI
[spsa]
name = w
iterations = 40
pairs = 2
verify_pairs = 8
openings = $configs/openings-15.ini
nodes = 400
seed = 5

[player w]
type = weighted

[param attack]
min = 500
max = 2000
r_end = 0.02
INI
"$tuner" spsa w.ini --threads 2 --out ref >/dev/null 2>&1 || fail "spsa reference run"
spsa_same() { # folder, label
	for f in trajectory.csv tuned.ini verify.csv; do
		cmp -s "ref/w/$f" "$1/$f" || fail "$2: $f differs"
	done
	! ls "$1" | grep -q '\.tmp$' || fail "$2: a .tmp file is left"
}
spsa_resume() { # folder, label
	"$tuner" spsa w.ini --out "$1" >/dev/null 2>err.txt || fail "$2: resume: $(cat err.txt)"
	spsa_same "$1/w" "$2"
}

# Random kills.
for i in 1 2 3 4; do
	rm -rf rnd
	"$tuner" spsa w.ini --threads 2 --out rnd >/dev/null 2>&1 &
	pid=$!
	sleep "0.$((i * 7 % 10))$i"
	kill -9 $pid 2>/dev/null || true
	wait $pid 2>/dev/null || true
	spsa_resume rnd "spsa random kill $i"
done

# SIGINT: exit 130, every finished iteration kept.
rm -rf sig
"$tuner" spsa w.ini --threads 1 --out sig >/dev/null 2>err.txt &
pid=$!
for _ in $(seq 300); do
	[ "$(cat sig/w/trajectory.csv 2>/dev/null | wc -l)" -gt 5 ] && break
	sleep 0.01
done
kill -INT $pid
set +e
wait $pid
st=$?
set -e
[ $st -eq 130 ] || [ $st -eq 0 ] || fail "spsa SIGINT: exit $st"
# The 40 iterations take milliseconds: the signal may come during the
# verification match, which is played again rather than resumed.
[ $st -eq 0 ] || grep -Eq "run the same command again to (resume|play it again)" err.txt ||
	fail "spsa SIGINT: $(cat err.txt)"
spsa_resume sig "spsa SIGINT"

# 120 games: from 60 of alphabeta's 300-node games (its root solver a
# proof-number search) the start evaluation predicts too little for K.
cat > t.ini <<INI
[texel]
name = t
games = 120
openings = $configs/openings-15.ini
verify_pairs = 6
seed = 9
nodes = 300

[player ab]
type = alphabeta
INI
"$tuner" texel t.ini --threads 2 --out tref >/dev/null 2>&1 || fail "texel reference run"
texel_same() { # folder, label
	cmp -s <(cut -d, -f1-10,13,14 tref/t/games.csv) <(cut -d, -f1-10,13,14 "$1/games.csv") ||
		fail "$2: games.csv differs"
	for f in texel.csv tuned.ini verify.csv; do
		cmp -s "tref/t/$f" "$1/$f" || fail "$2: $f differs"
	done
	! ls "$1" | grep -q '\.tmp$' || fail "$2: a .tmp file is left"
}
# Two texel runs into one folder at once: the second is refused (exit 1)
# and the first ends as the reference did (issue 30).
"$tuner" texel t.ini --threads 1 --out tlock >/dev/null 2>tlock1.txt &
pid=$!
for _ in $(seq 1000); do
	[ -e tlock/t/.lock ] && break
	sleep 0.01
done
set +e
"$tuner" texel t.ini --threads 1 --out tlock >/dev/null 2>tlock2.txt
st=$?
wait $pid
st1=$?
set -e
[ $st -eq 1 ] && grep -q "tlock/t: another process is writing this run folder" tlock2.txt ||
	fail "texel twice at once: exit $st, '$(cat tlock2.txt)'"
[ $st1 -eq 0 ] || fail "texel twice at once, the first: exit $st1, $(cat tlock1.txt)"
texel_same tlock/t "texel twice at once"

for i in 1 2; do
	rm -rf trnd
	"$tuner" texel t.ini --threads 2 --out trnd >/dev/null 2>&1 &
	pid=$!
	sleep "0.$((i * 4))"
	kill -9 $pid 2>/dev/null || true
	wait $pid 2>/dev/null || true
	if [ -f trnd/t/games.csv ]; then # whole, or absent
		head -1 trnd/t/games.csv | grep -q '^job,' || fail "texel kill: torn games.csv"
	fi
	"$tuner" texel t.ini --out trnd >/dev/null 2>err.txt || fail "texel rerun: $(cat err.txt)"
	texel_same trnd/t "texel random kill $i"
done

if [ $have_fiu = 0 ]; then
	echo "SKIP: libfiu not installed or not built in"
	exit 0
fi

# Named instants.
for point in kill/config.ini/mid-write kill/config.ini/after-rename \
	kill/trajectory.csv/after-header kill/trajectory.csv/mid-line kill/tuned.ini/mid-write kill/params.png/after-rename \
	kill/verify.csv.part/mid-write kill/verify.csv/before-rename; do
	case $point in *png*) command -v gnuplot >/dev/null || continue ;; esac
	d=k/${point//\//_}
	rm -rf "$d"
	set +e
	fiu -c "enable name=$point" "$tuner" spsa w.ini --threads 2 --out "$d" >/dev/null 2>&1
	st=$?
	set -e
	[ $st -eq 137 ] || fail "spsa $point: expected a kill (137), got $st"
	# Killed in the verification: tuned.ini says it is not verified.
	if [ $point = kill/verify.csv.part/mid-write ]; then
		head -1 "$d/w/tuned.ini" | grep -q '^; NOT VERIFIED: the verification match' ||
			fail "spsa $point: tuned.ini begins '$(head -1 "$d/w/tuned.ini")'"
	fi
	spsa_resume "$d" "spsa $point"
done
for point in kill/games.csv/mid-write kill/texel.csv/after-rename kill/tuned.ini/mid-write; do
	d=tk/${point//\//_}
	rm -rf "$d"
	set +e
	fiu -c "enable name=$point" "$tuner" texel t.ini --threads 2 --out "$d" >/dev/null 2>&1
	st=$?
	set -e
	[ $st -eq 137 ] || fail "texel $point: expected a kill (137), got $st"
	"$tuner" texel t.ini --out "$d" >/dev/null 2>err.txt || fail "texel $point: $(cat err.txt)"
	texel_same "$d/t" "texel $point"
done

if [ $asan = 1 ]; then
	echo "SKIP under AddressSanitizer: injected failures (Release covers them)"
	exit 0
fi
# Injected failures (28: ENOSPC, 5: EIO): exit 1 with a message, then the
# same command completes.
n=0 failed=0
mkdir -p f
for point in posix/io/rw/write posix/io/sync/fsync posix/io/dir/rename; do
	for errno in 28 5; do
		n=$((n + 1))
		d=f/$n
		set +e
		fiu -x -c "enable_random name=$point,probability=0.5,failinfo=$errno" \
			"$tuner" spsa w.ini --threads 2 --out "$d" >/dev/null 2>"$d.err"
		st=$?
		set -e
		[ $st -eq 0 ] || [ $st -eq 1 ] || fail "spsa $point $errno: exit $st: $(cat "$d.err")"
		[ $st -eq 0 ] || failed=$((failed + 1))
		# A failed write says why: "disk full", not a bare "write error".
		if [ $st -eq 1 ] && [ $errno = 28 ] && [ $point != posix/io/dir/rename ]; then
			grep -Eq "disk full|No space left on device" "$d.err" ||
				fail "spsa $point ENOSPC: '$(cat "$d.err")'"
		fi
		spsa_resume "$d" "spsa $point errno $errno"
		d=f/t$n
		set +e
		fiu -x -c "enable_random name=$point,probability=0.5,failinfo=$errno" \
			"$tuner" texel t.ini --threads 2 --out "$d" >/dev/null 2>"$d.err"
		st=$?
		set -e
		[ $st -eq 0 ] || [ $st -eq 1 ] || fail "texel $point $errno: exit $st: $(cat "$d.err")"
		[ $st -eq 0 ] || failed=$((failed + 1))
		"$tuner" texel t.ini --out "$d" >/dev/null 2>err.txt || fail "texel $point: $(cat err.txt)"
		texel_same "$d/t" "texel $point errno $errno"
	done
done
[ $failed -ge $n ] || fail "only $failed of $((2 * n)) runs saw an injected failure"
echo "ok: spsa and texel folders survive kills, failures and SIGINT ($failed of $((2 * n)) runs failed on purpose)"
