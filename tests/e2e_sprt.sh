#!/usr/bin/env bash
# End-to-end: an SPRT run is the same for any number of threads and after
# any resume: the games of pairs 1 to P (P the pair of the verdict) and no
# other, in job order, the same ratings and verdict.
# usage: e2e_sprt.sh ARENA_BINARY CONFIGS_DIR
set -euo pipefail
arena=$(realpath "$1")
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_sprt.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
same_games() { cmp -s <(cut -d, -f1-10,13,14 "$1") <(cut -d, -f1-10,13,14 "$2"); }

cp "$configs/openings-15.ini" .
sed -e 's/^nodes = .*/nodes = 300/' -e 's/^openings = .*/openings = openings-15.ini\npsq = on/' \
	"$configs/sprt.ini" > s.ini
"$arena" run s.ini --threads 1 --out one > one.txt 2>&1 || fail "1 thread: $(tail -2 one.txt)"
"$arena" run s.ini --threads 2 --out two > two.txt 2>&1 || fail "2 threads: $(tail -2 two.txt)"
v1=$(grep '^SPRT after' one.txt) v2=$(grep '^SPRT after' two.txt)
[ -n "$v1" ] && [ "$v1" = "$v2" ] || fail "verdicts differ: '$v1' / '$v2'"
pairs=$(echo "$v1" | sed 's/^SPRT after \([0-9]*\) pairs.*/\1/')
# The pentanomial counts are labelled, and the progress shows the LLR, its
# bounds and the counts as the run goes (issue 27).
grep -Eq '^SPRT after [0-9]+ pairs \(LL [0-9]+, LD [0-9]+, DD/WL [0-9]+, WD [0-9]+, WW [0-9]+\): ' <<<"$v1" ||
	fail "unlabelled counts: $v1"
grep -Eq '^[0-9]+/[0-9]+ games, .* LLR -?[0-9.]+ \(-[0-9.]+, [0-9.]+\)  LL [0-9]+ LD [0-9]+ DD/WL [0-9]+ WD [0-9]+ WW [0-9]+$' one.txt ||
	fail "no LLR in the progress: $(grep games, one.txt | head -2)"
for d in one two; do
	[ "$(($(wc -l < $d/s/games.csv) - 1))" -eq $((2 * pairs)) ] ||
		fail "$d: expected the $((2 * pairs)) games of $pairs pairs"
	tail -n +2 $d/s/games.csv | cut -d, -f1 | sort -n -c || fail "$d: games.csv not in job order"
	[ "$(ls $d/s/games | wc -l)" -eq $((2 * pairs)) ] || fail "$d: .psq records of dropped games"
done
same_games one/s/games.csv two/s/games.csv || fail "games differ between 1 and 2 threads"
for f in elo.csv pairs.csv los.csv; do
	cmp -s one/s/$f two/s/$f || fail "$f differs between 1 and 2 threads"
done

# Games past the verdict in a folder (a thread ran ahead, then a kill) are
# dropped by the resume too.
mkdir -p ahead/s
cp one/s/config.ini ahead/s/
cp -r one/s/games ahead/s/
"$arena" run s.ini --threads 2 --out more --set tournament.sprt=off \
	--set tournament.pairs=$((pairs + 3)) >/dev/null 2>&1 || fail "run past the verdict"
cp more/s/games.csv ahead/s/games.csv
"$arena" run s.ini --threads 2 --out ahead > ahead.txt 2>&1 || fail "resume past the verdict: $(tail -2 ahead.txt)"
[ "$(grep '^SPRT after' ahead.txt)" = "$v1" ] || fail "resume past the verdict: $(grep SPRT ahead.txt)"
same_games one/s/games.csv ahead/s/games.csv || fail "games past the verdict were kept"
cmp -s one/s/elo.csv ahead/s/elo.csv || fail "elo.csv differs after games past the verdict"

# Killed in the middle, resumed with another thread count.
"$arena" run s.ini --threads 2 --out cut >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do
	[ "$(cat cut/s/games.csv 2>/dev/null | wc -l)" -gt 30 ] && break
	sleep 0.01
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
"$arena" run s.ini --threads 1 --out cut > cut.txt 2>&1 || fail "resume: $(tail -2 cut.txt)"
[ "$(grep '^SPRT after' cut.txt)" = "$v1" ] || fail "resume: another verdict"
same_games one/s/games.csv cut/s/games.csv || fail "games differ after kill and resume"
# A test that goes on (issue 27): an SPRT stopped undecided at its pair
# limit continues when the limit is raised, and ends exactly as a run that
# had the larger limit from the start; once decided, raising the limit
# plays nothing more.
short=$((pairs / 2))
"$arena" run s.ini --threads 2 --out grow --set tournament.pairs=$short > grow1.txt 2>&1 ||
	fail "SPRT cut at $short pairs: $(tail -2 grow1.txt)"
grep -q "^SPRT after $short pairs .*: continue" grow1.txt || fail "the short SPRT decided: $(grep SPRT grow1.txt)"
"$arena" run s.ini --threads 1 --out grow > grow2.txt 2>&1 || fail "SPRT going on: $(tail -3 grow2.txt)"
[ "$(grep '^SPRT after' grow2.txt)" = "$v1" ] || fail "SPRT going on: $(grep SPRT grow2.txt)"
same_games one/s/games.csv grow/s/games.csv || fail "SPRT going on: games differ"
for f in elo.csv pairs.csv los.csv; do
	cmp -s one/s/$f grow/s/$f || fail "SPRT going on: $f differs"
done
before=$(md5sum < grow/s/games.csv)
"$arena" run s.ini --out grow --set tournament.pairs=900 > grow3.txt 2>&1 || fail "decided, more pairs: $(tail -2 grow3.txt)"
[ "$(grep '^SPRT after' grow3.txt)" = "$v1" ] && [ "$(md5sum < grow/s/games.csv)" = "$before" ] ||
	fail "a decided SPRT played on: $(grep SPRT grow3.txt)"
# Fewer pairs than the folder holds is refused, naming the game.
set +e
"$arena" run s.ini --out grow --set tournament.pairs=2 > /dev/null 2> shrink.txt
st=$?
set -e
[ $st -eq 2 ] && grep -q "pairs or rounds may grow on resume, not shrink" shrink.txt ||
	fail "shrinking: status $st, $(cat shrink.txt)"

echo "ok: SPRT $v1 for 1 and 2 threads, after games past the verdict, after a kill, and going on"
