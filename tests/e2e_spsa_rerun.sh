#!/usr/bin/env bash
# End-to-end: a finished `tuner spsa` run, run again, replays nothing.
#   the same command again on a finished folder exits with the same status,
#   prints the same verdict, plays no game (no "verification: N games"
#   line) and leaves config.ini, trajectory.csv, verify.csv, tuned.ini and report.html
#   as they were, the same files (not rewritten); for a gain or unproven
#   run (exit 0) and a rejected one (exit 3)
#   a verify.csv cut short, or another verify_pairs, plays the
#   verification again, as a run killed during it does
#   a trajectory cut back (iterations to play again) makes the verify.csv
#   there another trajectory's: played again, not read back
# usage: e2e_spsa_rerun.sh TUNER_BINARY CONFIGS_DIR
set -euo pipefail
tuner=$(realpath "$1")
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_spsa_rerun.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

files="config.ini trajectory.csv verify.csv tuned.ini report.html"
# Checksum, inode and modification time of each file: a file rewritten with
# the same bytes is still a file changed.
state() { (cd "$1" && for f in $files; do
	echo "$(sha256sum "$f" | cut -c1-64) $(stat -c '%i %Y.%y' "$f") $f"
done); }
# tuner spsa INI DIR: runs it, its status in $rc, stdout in DIR.out,
# stderr in DIR.err.
run() {
	set +e
	"$tuner" spsa "$1" --threads 2 --out "$2" >"$2.out" 2>"$2.err"
	rc=$?
	set -e
}
verdict() { grep -E '^(VERIFIED|UNPROVEN)|WARNING' "$1" | head -1 || true; }

# A gain or unproven run (node budget, 6 iterations) and one thrown off
# its start (attack to 20000 at once: rejected, exit 3).
cat > ok.ini <<INI
[spsa]
iterations = 6
pairs = 2
verify_pairs = 8
openings = $configs/openings-15.ini
nodes = 300
seed = 5

[player w]
type = weighted

[param attack]
INI
sed 's/^\[param attack\]$/[param attack]\nr_end = 1000/; s/verify_pairs = 8/verify_pairs = 30/' \
	ok.ini > bad.ini
for name in ok bad; do
	want=0
	[ $name = bad ] && want=3
	run $name.ini $name
	[ $rc -eq $want ] || fail "$name: exit status $rc, want $want ($(tail -3 $name.err))"
	dir=$name/$name
	state $dir > first.txt
	v1=$(verdict $name.out; verdict $name.err)
	cp $name.out first.out
	sleep 1.1 # a rewrite would show in the modification time
	run $name.ini $name
	[ $rc -eq $want ] || fail "$name run again: exit status $rc, want $want ($(tail -3 $name.err))"
	[ "$(verdict $name.out; verdict $name.err)" = "$v1" ] ||
		fail "$name run again: verdict '$(verdict $name.out; verdict $name.err)', first '$v1'"
	! grep -q '^verification: [0-9]* games in' $name.err ||
		fail "$name run again played the verification: $(grep '^verification:' $name.err)"
	grep -q "^verification: tuned vs start, " $name.out ||
		fail "$name run again: no verification printed"
	state $dir > again.txt
	diff first.txt again.txt >&2 || fail "$name run again changed files (above)"
done

# verify.csv cut short: played again, to the same file (node budget).
cp ok/ok/verify.csv whole.csv
head -c -5 whole.csv > ok/ok/verify.csv
run ok.ini ok
[ $rc -eq 0 ] || fail "a cut verify.csv: exit status $rc"
grep -q '^verification: 16 games in' ok.err || fail "a cut verify.csv: not played again"
cmp -s whole.csv ok/ok/verify.csv || fail "a cut verify.csv: played again to another file"

# Another verify_pairs (free to change on a finished run): played again.
sed -i 's/verify_pairs = 8/verify_pairs = 4/' ok.ini
run ok.ini ok
[ $rc -eq 0 ] || fail "another verify_pairs: exit status $rc"
grep -q '^verification: 8 games in' ok.err || fail "another verify_pairs: not played again"
grep -q '^4,' ok/ok/verify.csv || fail "another verify_pairs: verify.csv $(tail -1 ok/ok/verify.csv)"

# The trajectory cut back to iteration 2: the iterations resume, and the
# verify.csv of the run before is not taken as their verdict.
head -n 4 ok/ok/trajectory.csv > cut.csv && mv cut.csv ok/ok/trajectory.csv
run ok.ini ok
[ $rc -eq 0 ] || fail "a cut trajectory: exit status $rc ($(tail -3 ok.err))"
grep -q '^verification: 8 games in' ok.err ||
	fail "a cut trajectory: the old verify.csv was read back, not played again"
[ ! -e ok/ok/verify.csv.part ] || fail "verify.csv.part left behind"

echo "e2e_spsa_rerun: all checks passed"
