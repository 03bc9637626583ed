#!/usr/bin/env bash
# End-to-end: tuner spsa.
#   the example configs/spsa-weighted.ini runs and writes every file; the
#   alphabeta examples, cut short, run
#   determinism: 1 and 2 threads give the same trajectory and verification
#   resume: a run killed with SIGKILL and resumed ends with the same files
#   bad input: exit status 2, file:line message, nothing written
#   the verdict: a run whose verification gains exits 0 and says so in
#   tuned.ini's first line, no warning; a run thrown off by a huge r_end
#   (weighted's attack to 20000) is rejected: exit 3, the warning on
#   stderr and in tuned.ini's first lines, every file still written; the
#   same command again (a finished run: it plays nothing) says the same
#   every command: --help exits 0, an unknown option exits 2
# usage: e2e_spsa.sh TUNER_BINARY CONFIGS_DIR
set -euo pipefail
tuner=$(realpath "$1")
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_spsa.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$tuner" --version | grep -Eq '^tuner [0-9]+\.[0-9]+\.[0-9]+$' || fail "tuner --version"

# The weighted example: a few seconds.
"$tuner" spsa "$configs/spsa-weighted.ini" --out ex >ex.txt 2>&1 || fail "spsa-weighted.ini: $(tail -3 ex.txt)"
for f in config.ini trajectory.csv tuned.ini verify.csv; do
	[ -s ex/spsa-weighted/$f ] || fail "spsa-weighted.ini wrote no $f"
done
[ "$(wc -l < ex/spsa-weighted/trajectory.csv)" -eq 302 ] || fail "trajectory: want 302 lines"
grep -q '^\[player weighted-tuned\]$' ex/spsa-weighted/tuned.ini || fail "tuned.ini section"

# The alphabeta examples, cut to a few games each: every key parses and
# the run writes its files. Two pairs decide nothing, so the verdict may
# be any (exit 0, or 3 when the start won both).
for f in "$configs"/spsa-alphabeta*.ini; do
	n=short-$(basename "$f" .ini)
	sed -e 's/^iterations = .*/iterations = 2/' -e 's/^pairs = .*/pairs = 1/' \
		-e 's/^verify_pairs = .*/verify_pairs = 2/' -e 's/^probe_pairs = .*/probe_pairs = 1/' \
		-e "s|^openings = |openings = $configs/|" "$f" >"$n.ini"
	rc=0
	"$tuner" spsa "$n.ini" --out short >short.txt 2>&1 || rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 3 ] || fail "$(basename "$f"): exit status $rc: $(tail -3 short.txt)"
	for out in trajectory.csv tuned.ini verify.csv; do
		[ -s "short/$n/$out" ] || fail "$(basename "$f") wrote no $out"
	done
done
grep -q 'Elo' ex.txt || fail "no verification printed"
tail -1 ex/spsa-weighted/verify.csv | grep -q ',H1 accepted,gain$' || fail "spsa-weighted verify.csv: no gain"
# It gains (+80 Elo at this writing): exit 0, tuned.ini says so first, no warning.
head -1 ex/spsa-weighted/tuned.ini | grep -q '^; VERIFIED: the verification measured a gain: Elo +' ||
	fail "spsa-weighted tuned.ini begins '$(head -1 ex/spsa-weighted/tuned.ini)'"
! grep -q 'WARNING' ex.txt ex/spsa-weighted/tuned.ini || fail "spsa-weighted: a warning"

# A run thrown off its start: attack goes to 20000 at the first step and
# loses nearly every game. Rejected: exit 3, every file written, the
# warning first in tuned.ini and on stderr; again the same.
cat > bad.ini <<INI
[spsa]
iterations = 4
pairs = 2
verify_pairs = 120
openings = $configs/openings-15.ini
seed = 1

[player weighted]
type = weighted

[param attack]
r_end = 1000
INI
for pass in 1 2; do
	set +e
	"$tuner" spsa bad.ini --threads 2 --out bad >bad.out 2>bad.err
	rc=$?
	set -e
	[ $rc -eq 3 ] || fail "a rejected run, pass $pass: exit status $rc, want 3 ($(tail -3 bad.err))"
	for f in config.ini trajectory.csv tuned.ini verify.csv report.html; do
		[ -s bad/bad/$f ] || fail "a rejected run wrote no $f"
	done
	if [ $pass -eq 1 ]; then
		grep -q '^written: bad/bad/config.ini' bad.out || fail "a rejected run: no 'written:' line"
	else # finished: the verdict read back from verify.csv, nothing played
		grep -q '^verification: already in bad/bad/verify.csv, not played again$' bad.err ||
			fail "a rejected run run again: $(grep '^verification' bad.err)"
	fi
	head -3 bad/bad/tuned.ini > head.txt
	grep -q '^; WARNING: the verification rejected these values: Elo -[0-9.]* +/- [0-9.]* (95%), SPRT \[0, 10\] H0 accepted' head.txt &&
		grep -q '^; Do not adopt them (the tuner exits with status 3)\.$' head.txt ||
		fail "a rejected run's tuned.ini begins: $(cat head.txt)"
	grep -q '^tuner spsa: WARNING: the verification rejected these values: Elo -' bad.err &&
		grep -q '^bad/bad/tuned.ini says so in its first lines\.$' bad.err ||
		fail "a rejected run's stderr: $(cat bad.err)"
	grep -q '^attack = 20000$' bad/bad/tuned.ini || fail "a rejected run's tuned.ini: no attack = 20000"
	tail -1 bad/bad/verify.csv | grep -q ',H0 accepted,rejected$' ||
		fail "a rejected run's verify.csv: $(tail -1 bad/bad/verify.csv)"
	[ $pass -eq 1 ] && cp bad/bad/tuned.ini bad-tuned.ini
done
cmp -s bad-tuned.ini bad/bad/tuned.ini || fail "a finished rejected run run again: another tuned.ini"

cat > ab.ini <<INI
[spsa]
iterations = 60
pairs = 2
verify_pairs = 6
openings = $configs/openings-15.ini
nodes = 300
seed = 3

[player ab]
type = alphabeta
hash_mb = 1

[param ratio]
min = 0
max = 2
r_end = 0.02

[param futility_margin]
min = 0
max = 4000
INI

# Determinism across thread counts.
"$tuner" spsa ab.ini --threads 1 --out one >/dev/null 2>&1 || fail "run with 1 thread"
"$tuner" spsa ab.ini --threads 2 --out two >/dev/null 2>&1 || fail "run with 2 threads"
for f in trajectory.csv tuned.ini verify.csv; do
	cmp -s one/ab/$f two/ab/$f || fail "$f differs between 1 and 2 threads"
done
# 6 pairs prove nothing either way: exit 0 and tuned.ini says which.
head -1 one/ab/tuned.ini | grep -Eq '^; (UNPROVEN|VERIFIED): the verification' ||
	fail "ab.ini's tuned.ini begins '$(head -1 one/ab/tuned.ini)'"

# Resume after SIGKILL.
"$tuner" spsa ab.ini --threads 2 --out cut >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 500); do
	[ -f cut/ab/trajectory.csv ] && [ "$(wc -l < cut/ab/trajectory.csv)" -gt 12 ] && break
	sleep 0.01
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
done_before=$(($(wc -l < cut/ab/trajectory.csv) - 2))
"$tuner" spsa ab.ini --threads 1 --out cut >resumed.txt 2>&1 || fail "resumed run"
for f in trajectory.csv tuned.ini verify.csv; do
	cmp -s one/ab/$f cut/ab/$f || fail "$f differs after kill -9 at iteration $done_before and resume"
done
echo "resume: killed after iteration $done_before of 60, resumed to identical files"

# Two runs into one folder at once (issue 30): the second is refused with
# exit 1 and writes nothing; the first finishes with the uninterrupted
# run's files. Without the lock both appended to one trajectory.csv.
"$tuner" spsa ab.ini --threads 1 --out twice >first.txt 2>&1 &
pid=$!
for _ in $(seq 1 1000); do
	[ -f twice/ab/trajectory.csv ] && [ "$(wc -l < twice/ab/trajectory.csv)" -gt 3 ] && break
	sleep 0.01
done
set +e
"$tuner" spsa ab.ini --threads 1 --out twice >/dev/null 2>second.txt
rc=$?
wait $pid
rc1=$?
set -e
[ $rc -eq 1 ] || fail "a second run into a busy folder: exit status $rc, want 1 ($(cat second.txt))"
grep -q "twice/ab: another process is writing this run folder" second.txt ||
	fail "a second run into a busy folder: '$(cat second.txt)'"
[ $rc1 -eq 0 ] || fail "the first of two runs: exit status $rc1 ($(tail -3 first.txt))"
for f in trajectory.csv tuned.ini verify.csv; do
	cmp -s one/ab/$f twice/ab/$f || fail "$f differs after a second run tried the folder"
done

# A different configuration in the same folder is refused.
sed 's/seed = 3/seed = 4/' ab.ini > ab2.ini && cp ab2.ini ab.ini
set +e
"$tuner" spsa ab.ini --out cut >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "another configuration" err.txt || fail "changed config resumed (rc $rc)"

# Bad input: status 2, a file:line message, no run folder.
printf '[spsa]\nopenings = %s/openings-15.ini\n[player w]\ntype = weighted\n[param five]\n' \
	"$configs" > bad.ini
set +e
"$tuner" spsa bad.ini --out badout >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] || fail "bad config: exit status $rc, want 2"
grep -q "^bad.ini:5: \[param five\]: type weighted has no parameter 'five'" err.txt ||
	fail "bad config: message '$(cat err.txt)'"
[ ! -e badout ] || fail "bad config wrote output"

# Every command, as `tuner --help` lists them (so a new one is checked too):
# COMMAND --help prints its usage and exits 0; an unknown option is refused
# with status 2, a message naming it and nothing on stdout.
commands=$("$tuner" --help | awk '/^  [a-z]/ {print $1}')
[ "$(echo "$commands" | wc -l)" -ge 2 ] || fail "tuner --help lists: $commands"
for c in $commands; do
	"$tuner" "$c" --help >help.txt || fail "tuner $c --help: exit status $?"
	grep -q "^usage: tuner $c" help.txt && grep -q -- "--help" help.txt ||
		fail "tuner $c --help: $(head -1 help.txt)"
	set +e
	"$tuner" "$c" --no-such-option >out.txt 2>err.txt
	rc=$?
	set -e
	[ $rc -eq 2 ] && [ ! -s out.txt ] &&
		grep -qx "tuner $c: unknown option '--no-such-option' (try --help)" err.txt ||
		fail "tuner $c --no-such-option: rc $rc, '$(cat err.txt)'"
done

echo "e2e_spsa: all checks passed"
