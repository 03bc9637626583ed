#!/usr/bin/env bash
# End-to-end: arena run / elo / pgn on small tournaments.
#   determinism: 1 and 2 threads give the same games.csv and elo.csv
#   resume: a run killed with SIGKILL and resumed ends with the same files
#   bad input: exit status 2, file:line message, nothing written
#   every command: --help exits 0, an unknown option exits 2
# usage: e2e_arena.sh ARENA_BINARY
set -euo pipefail
arena=$(realpath "$1")
work=$(mktemp -d /tmp/e2e_arena.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# games.csv without the thinking times (columns 11 and 12), which vary.
same_games() { cmp -s <(cut -d, -f1-10,13,14 "$1") <(cut -d, -f1-10,13,14 "$2"); }

# --version: the version, then the build's options (MPI, libfiu).
"$arena" --version > version.txt || fail "arena --version: exit $?"
grep -Eq '^arena [0-9]+\.[0-9]+\.[0-9]+$' version.txt || fail "arena --version: $(cat version.txt)"
grep -Eq 'build, MPI (on|off), libfiu crash points (on|off)' version.txt ||
	fail "arena --version names no build options: $(cat version.txt)"

printf '0,0\n0,0, 1,1\n0,0, 1,0, 0,1\n-1,-1, 1,1, 2,2, 0,1\n0,-1, 1,-1\n' > open.txt
cat > t.ini <<'INI'
[tournament]
name = t
pairs = 40
openings = open.txt
opening_order = random
seed = 7
nodes = 500
psq = on

[player a]
type = random

[player b]
type = random
distance = 1

[player c]
type = random
distance = 3
INI

# Determinism across thread counts.
"$arena" run t.ini --threads 1 --out one >/dev/null 2>&1 || fail "run with 1 thread"
"$arena" run t.ini --threads 2 --out two >/dev/null 2>&1 || fail "run with 2 threads"
same_games one/t/games.csv two/t/games.csv || fail "games differ between 1 and 2 threads"
for f in elo.csv pairs.csv los.csv; do
	cmp -s one/t/$f two/t/$f || fail "$f differs between 1 and 2 threads"
done
[ "$(ls one/t/games | wc -l)" -eq 240 ] || fail "expected 240 .psq files"
lines=$(($(wc -l < one/t/games.csv) - 1))
[ "$lines" -eq 240 ] || fail "expected 240 games, found $lines"

# arena elo on the games file gives the same ratings.
mkdir again
"$arena" elo one/t/games.csv --out again >/dev/null || fail "arena elo"
cmp -s again/elo.csv one/t/elo.csv || fail "arena elo differs from the run's elo.csv"
[ "$("$arena" pgn one/t/games.csv | grep -c '^\[Result')" -eq 240 ] || fail "arena pgn"

# arena show replays a game of the run, with its recorded result.
"$arena" show one/t/games.csv 3 > show.txt || fail "arena show games.csv 3"
grep -q '^recorded: job 3, pair 1' show.txt || fail "arena show: $(tail -2 show.txt)"
set +e
"$arena" show one/t/games.csv 99999 >/dev/null 2>&1
rc=$?
set -e
[ $rc -eq 2 ] || fail "arena show of a missing job: exit status $rc, want 2"

# Resume after SIGKILL: wait for some games, kill, resume.
sed 's/pairs = 40/pairs = 400/; s/name = t/name = big/; s/psq = on/psq = off/' t.ini > big.ini
"$arena" run big.ini --threads 2 --out full >/dev/null 2>&1 || fail "uninterrupted big run"
"$arena" run big.ini --threads 2 --out cut >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 500); do
	[ -f cut/big/games.csv ] && [ "$(wc -l < cut/big/games.csv)" -gt 30 ] && break
	sleep 0.01
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
done_before=$(($(wc -l < cut/big/games.csv) - 1))
"$arena" run big.ini --threads 1 --out cut >/dev/null 2>&1 || fail "resumed run"
same_games full/big/games.csv cut/big/games.csv ||
	fail "games differ after kill -9 at $done_before games and resume"
for f in elo.csv pairs.csv los.csv; do
	cmp -s full/big/$f cut/big/$f || fail "$f differs after kill -9 at $done_before games and resume"
done
echo "resume: killed after $done_before of 2400 games, resumed to identical files"

# A different configuration in the same folder is refused.
set +e
"$arena" run big.ini --out cut --set tournament.nodes=99 >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "another configuration" err.txt || fail "changed config resumed (rc $rc)"

# Bad input: status 2, a file:line message, no run folder.
printf '[tournament]\nboard = 99\n[player a]\ntype = random\n[player b]\ntype = random\n' > bad.ini
set +e
"$arena" run bad.ini --out badout >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] || fail "bad config: exit status $rc, want 2"
grep -q '^bad.ini:2: ' err.txt || fail "bad config: message '$(cat err.txt)'"
[ ! -e badout ] || fail "bad config wrote output"

printf '[tournament]\nopenings = nowhere.txt\n[player a]\ntype = random\n[player b]\ntype = random\n' > bad2.ini
set +e
"$arena" run bad2.ini --out badout >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && grep -q 'nowhere.txt: cannot open' err.txt || fail "missing openings: rc $rc"
[ ! -e badout ] || fail "missing openings wrote output"

# Budgets: --set tournament.ms=N is a key of [tournament], which replaces
# the default nodes = 20000 whole; a player's own budget replaces it in
# turn; config.ini shows both whole.
printf '[tournament]\nname = ms\npairs = 1\n[player a]\ntype = random\n[player b]\ntype = random\nnodes = 300\n' > ms.ini
"$arena" run ms.ini --out msout --set tournament.ms=50 >/dev/null 2>&1 || fail "run with --set tournament.ms=50"
flat=$(tr '\n' ' ' < msout/ms/config.ini)
[[ "$flat" == *"nodes = 0 depth = 0 ms = 50 "* ]] || fail "tournament budget in config.ini: $flat"
[[ "$flat" == *"[player b] type = random nodes = 300 depth = 0 ms = 0 "* ]] ||
	fail "player budget in config.ini: $flat"

# arena elo --out makes its folder, parents included, as arena run does.
"$arena" elo one/t/games.csv --out new/deeper >/dev/null 2>err.txt ||
	fail "arena elo --out a missing folder: $(cat err.txt)"
cmp -s new/deeper/elo.csv one/t/elo.csv || fail "arena elo --out new/deeper: elo.csv"
touch plain
set +e
"$arena" elo one/t/games.csv --out plain/x >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && grep -q 'plain/x: cannot create' err.txt ||
	fail "arena elo --out under a file: rc $rc, '$(cat err.txt)'"

# configs/round-robin.ini documents every key with its default, unless its
# comment says otherwise: each such value is the one a file without the key
# gets (config.ini of a run that gives none of them).
configs=$(dirname "$(realpath "${BASH_SOURCE[0]}")")/../configs
printf '[tournament]\nname = d\npairs = 1\n[player a]\ntype = naive\n[player b]\ntype = naive\n' > d.ini
"$arena" run d.ini >/dev/null 2>&1 || fail "run with the defaults"
for key in type rounds board rule opening_order symmetries threads seed nodes depth ms \
	max_plies out psq status_every sprt; do
	doc=$(sed -n "/^\[tournament\]/,/^\[player/s/^$key = //p" "$configs/round-robin.ini")
	used=$(sed -n "/^\[tournament\]/,/^\[player/s/^$key = //p" results/d/config.ini)
	[ "$doc" = "$used" ] || fail "round-robin.ini says $key = '$doc', the default is '$used'"
done

# arena elo --anchor with no such player: one program name, then what is
# wrong, naming the players there are.
set +e
"$arena" elo one/t/games.csv --anchor nobody >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && [ "$(cat err.txt)" = "arena elo: anchor 'nobody' is none of the players {a, b, c}" ] ||
	fail "arena elo --anchor nobody: rc $rc, '$(cat err.txt)'"

# arena players: every type (external too, which takes no defaults), or
# each type named; an unknown name is refused before anything is listed.
"$arena" players > types.txt || fail "arena players"
for type in random naive weighted alphabeta mcts external; do
	grep -q "^$type: " types.txt || fail "arena players does not list $type"
done
"$arena" players naive weighted > types.txt || fail "arena players naive weighted"
[ "$(grep -c '^[a-z]*: ' types.txt)" -eq 2 ] && grep -q '^naive: ' types.txt &&
	grep -q '^weighted: ' types.txt || fail "arena players naive weighted: $(grep '^[a-z]*: ' types.txt)"
set +e
"$arena" players naive nosuch >types.txt 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && [ ! -s types.txt ] && grep -q "no player type 'nosuch'" err.txt ||
	fail "arena players naive nosuch: rc $rc, '$(cat err.txt)'"

# --set tournament.rounds=N where the file sets pairs: played, with a word
# that it changed nothing.
"$arena" run d.ini --out rounds --set tournament.rounds=2 >/dev/null 2>err.txt ||
	fail "run with --set tournament.rounds=2"
grep -q "^arena run: warning: --set tournament.rounds=2 changes nothing: pairs = 1 " err.txt ||
	fail "no warning for --set rounds under pairs: $(cat err.txt)"

# Counts in messages agree with their nouns.
"$arena" solve --moves "h8 h9 i8 i9 j8 j9 k8 a1" > solve.txt || fail "arena solve of a four"
grep -q "^black wins by VCF in 1 move: " solve.txt || fail "arena solve: $(grep wins solve.txt)"
"$arena" solve --moves "h8 h9 i8 i9 j8 j9 a1" > solve.txt || fail "arena solve of a three"
grep -q "^white wins by VCF in 2 moves: " solve.txt || fail "arena solve: $(grep wins solve.txt)"

# arena pgn escapes tag values as the PGN standard says (8.1.1: \" for a
# quote, \\ for a backslash), for names from files other tools wrote.
{
	head -1 one/t/games.csv
	echo '0,0,1,o,a\b,q"x,1-0,five,9,h8 i9 h9 i10 h10 i11 h11 i12 h12,0,0,0,0'
} > escape.csv
"$arena" pgn escape.csv > escape.pgn || fail "arena pgn of names with \\ and \""
grep -qxF '[White "a\\b"]' escape.pgn && grep -qxF '[Black "q\"x"]' escape.pgn ||
	fail "arena pgn does not escape: $(grep -e White -e Black escape.pgn)"

# The refusal of another configuration names the key that differs, with
# both values and the line of the folder's config.ini.
set +e
"$arena" run big.ini --out cut --set tournament.nodes=99 >/dev/null 2>err.txt
rc=$?
set -e
line=$(grep -n '^nodes = ' cut/big/config.ini | head -1 | cut -d: -f1)
[ $rc -eq 2 ] && grep -qF "arena run: cut/big/config.ini:$line: [tournament] nodes differs (500 in the folder, 99 now)" err.txt ||
	fail "changed nodes: rc $rc, '$(cat err.txt)'"

# A run folder's config.ini runs as it is: its openings are an absolute
# path, recorded with their content hash. Run from here (where its `out`
# points), it resumes its own folder to the games of an uninterrupted run.
here=$(pwd -P)
"$arena" run t.ini --threads 2 --out cfg >/dev/null 2>&1 || fail "run into cfg"
grep -qx "openings = $here/open.txt" cfg/t/config.ini &&
	grep -qx 'openings_hash = fnv1a64:[0-9a-f]\{16\}' cfg/t/config.ini ||
	fail "config.ini does not record the openings: $(grep openings cfg/t/config.ini)"
head -101 cfg/t/games.csv > part.csv && cp part.csv cfg/t/games.csv
"$arena" run cfg/t/config.ini >/dev/null 2>err.txt || fail "arena run cfg/t/config.ini: $(cat err.txt)"
grep -q "240 games (100 done)" err.txt || fail "config.ini did not resume its run: $(head -1 err.txt)"
same_games one/t/games.csv cfg/t/games.csv || fail "the games of config.ini's resume differ"

# Openings edited between two runs: the resume is refused, naming the key,
# both hashes and the file; config.ini run again is refused too.
cp open.txt open2.txt
sed 's/^openings = open.txt/openings = open2.txt/; s/^name = t/name = o2/' t.ini > o2.ini
"$arena" run o2.ini --out o2 >/dev/null 2>&1 || fail "run with open2.txt"
before=$(sed -n 's/^openings_hash = //p' o2/o2/config.ini)
sed -i '1s/.*/0,0, 1,1, 2,2/' open2.txt
set +e
"$arena" run o2.ini --out o2 >/dev/null 2>err.txt
rc=$?
set -e
line=$(grep -n '^openings_hash = ' o2/o2/config.ini | cut -d: -f1)
[ $rc -eq 2 ] && grep -qF "arena run: o2/o2/config.ini:$line: [tournament] openings_hash differs ($before in the folder, fnv1a64:" err.txt &&
	grep -qF "now): the file $here/open2.txt changed" err.txt ||
	fail "edited openings: rc $rc, '$(cat err.txt)'"
set +e
"$arena" run o2/o2/config.ini --out o2 >/dev/null 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] && grep -qF "o2/o2/config.ini:10: openings_hash is $before but $here/open2.txt now has" err.txt ||
	fail "config.ini with edited openings: rc $rc, '$(cat err.txt)'"

# An engine rebuilt between two runs changes the games: config.ini records
# its program and content hash, and the resume is refused, naming it.
engine_src=$(dirname "$arena")/../players/pbrain-random
if [ -x "$engine_src" ]; then
	cp "$engine_src" engine
	printf '[tournament]\nname = ext\npairs = 1\nnodes = 100\n[player e]\ntype = external\ncommand = ./engine\n[player n]\ntype = naive\n' > ext.ini
	"$arena" run ext.ini --out ext >/dev/null 2>err.txt || fail "run with an external engine: $(cat err.txt)"
	grep -qx "program = $here/engine" ext/ext/config.ini &&
		grep -qx 'program_hash = fnv1a64:[0-9a-f]\{16\}' ext/ext/config.ini ||
		fail "config.ini does not record the program: $(grep program ext/ext/config.ini)"
	printf 'x' >> engine # rebuilt
	set +e
	"$arena" run ext.ini --out ext >/dev/null 2>err.txt
	rc=$?
	set -e
	[ $rc -eq 2 ] && grep -qF "[player e] program_hash differs (" err.txt &&
		grep -qF "now): the program $here/engine changed" err.txt ||
		fail "rebuilt engine: rc $rc, '$(cat err.txt)'"
else
	echo "SKIP: no $engine_src for the rebuilt-engine case"
fi

# Every command, as `arena --help` lists them (so a new one is checked too):
# COMMAND --help prints its usage and exits 0; an unknown option is refused
# with status 2, a message naming it and nothing on stdout.
commands=$("$arena" --help | awk '/^  [a-z]/ {print $1}')
[ "$(echo "$commands" | wc -l)" -ge 9 ] || fail "arena --help lists: $commands"
for c in $commands; do
	"$arena" "$c" --help >help.txt || fail "arena $c --help: exit status $?"
	grep -q "^usage: arena $c" help.txt && grep -q -- "--help" help.txt ||
		fail "arena $c --help: $(head -1 help.txt)"
	set +e
	"$arena" "$c" --no-such-option >out.txt 2>err.txt
	rc=$?
	set -e
	[ $rc -eq 2 ] && [ ! -s out.txt ] &&
		grep -qx "arena $c: unknown option '--no-such-option' (try --help)" err.txt ||
		fail "arena $c --no-such-option: rc $rc, '$(cat err.txt)'"
done

# The progress names the leader as the standings rank it, by Elo, not by
# score: in a gauntlet the two part (issue 27). Every progress line's
# leader is a player, and the last one is the table's first.
cat > g.ini <<'INI'
[tournament]
type = gauntlet
challengers = c
board = 9
pairs = 6
nodes = 200
status_every = 1
[player c]
type = weighted
[player r1]
type = random
[player r2]
type = naive
[player r3]
type = random
INI
"$arena" run g.ini --out gl > gl.txt 2>&1 || fail "gauntlet: $(tail -3 gl.txt)"
last=$(grep -E '^[0-9]+/[0-9]+ games, ' gl.txt | tail -1 | sed -E 's/.*leader ([^ ]+).*/\1/')
first=$(grep -A1 '^rank player' gl.txt | tail -1 | awk '{print $2}')
[ -n "$last" ] && [ "$last" = "$first" ] ||
	fail "the progress's last leader '$last' is not the standings' first '$first'"
# A gauntlet's standings lead with the challenger against each opponent
# (and the total), and leave out the head-to-head table that would repeat
# them; arena elo finds the gauntlet in the same games (issue 29).
awk '/^gauntlet: 1 challenger/ { g = NR } /^rank player/ { r = NR } /^player A/ { h = 1 }
	END { exit !(g && r > g && !h) }' gl.txt || fail "gauntlet standings: $(cat gl.txt)"
[ "$(grep -c '^c  *r[123]  ' gl.txt)" = 3 ] && grep -q '^c  *(all)  ' gl.txt ||
	fail "gauntlet rows: $(cat gl.txt)"
"$arena" elo gl/g/games.csv --out glelo > glelo.txt 2>&1 || fail "arena elo of a gauntlet"
diff <(sed -n '/^gauntlet:/,/^ends:/p' gl.txt) <(sed -n '/^gauntlet:/,/^ends:/p' glelo.txt) ||
	fail "arena elo of a gauntlet: other standings"
# --prior draws: the virtual draws of old, named so (a perfect score here).
"$arena" elo gl/g/games.csv --out gldraws --prior draws > gldraws.txt 2>&1 ||
	fail "arena elo --prior draws"
if grep -q '^(no finite' glelo.txt; then
	grep -q 'one virtual draw' gldraws.txt && ! grep -q ' [<>] ' gldraws.txt ||
		fail "--prior draws: $(cat gldraws.txt)"
fi

# A games file with a fault but no faults.csv beside it (a merged file,
# another tool's): the endings line points to no evidence (issue 29).
mkdir -p merged
printf '%s\n' "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes" \
	"0,0,1,o,a,b,0-1,timeout,1,h8,9000,0,0,0" "1,0,1,o,b,a,1-0,five,9,h8 i9 h9 i10 h10 i11 h11 i12 h12,0,0,0,0" \
	> merged/m.csv
"$arena" elo merged/m.csv > merged.txt 2>&1 || fail "elo of a merged file: $(cat merged.txt)"
grep -q '^ends: five 1, timeout 1$' merged.txt || fail "endings: $(grep ends merged.txt)"

# More pairs, or more rounds, on resume: the run goes on to exactly the
# files of a run that asked for that many from the start (issue 27).
"$arena" run g.ini --out gfull --set tournament.pairs=9 >/dev/null 2>&1 || fail "9 pairs"
"$arena" run g.ini --out ggrow --set tournament.pairs=4 >/dev/null 2>&1 || fail "4 pairs"
"$arena" run g.ini --out ggrow --set tournament.pairs=9 >/dev/null 2>&1 || fail "4 pairs, then 9"
same_games gfull/g/games.csv ggrow/g/games.csv || fail "4 pairs then 9: games differ from 9"
for f in elo.csv pairs.csv los.csv; do
	cmp -s gfull/g/$f ggrow/g/$f || fail "4 pairs then 9: $f differs"
done
grep -qx 'pairs = 9' ggrow/g/config.ini || fail "config.ini keeps the old pairs"
printf '0,0\n1,1\n0,1\n' > three.txt
"$arena" run g.ini --out rfull --set tournament.pairs=0 --set tournament.openings=three.txt \
	--set tournament.rounds=3 >/dev/null 2>&1 || fail "3 rounds"
"$arena" run g.ini --out rgrow --set tournament.pairs=0 --set tournament.openings=three.txt \
	--set tournament.rounds=1 >/dev/null 2>&1 || fail "1 round"
"$arena" run g.ini --out rgrow --set tournament.pairs=0 --set tournament.openings=three.txt \
	--set tournament.rounds=3 >/dev/null 2>&1 || fail "1 round, then 3"
same_games rfull/g/games.csv rgrow/g/games.csv || fail "1 round then 3: games differ from 3"

echo "e2e_arena: all checks passed"
