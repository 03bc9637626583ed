#!/usr/bin/env bash
# End-to-end: `arena balance` writes the same openings for any number of
# threads (its games are jobs like a tournament's, with fixed ids and
# seeds), with a built-in player and with an external pbrain engine at node
# budgets; with a work folder it resumes after kill -9 to the same
# openings and games, refuses a folder of another balance, and takes its
# players from a tournament file's [player] sections as from the command
# line. A player it cannot make, a bad file, is bad input: status 2.
# usage: e2e_balance.sh ARENA_BINARY PBRAIN_BINARY
set -euo pipefail
arena=$(realpath "$1")
pbrain=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_balance.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

args=(balance --candidates 16 --keep 8 --games 2 --pairs 1 --nodes 300 --spread 0.34 --tolerance 0.5)
"$arena" "${args[@]}" --threads 1 > one.ini 2> one.err || fail "1 thread: $(tail -2 one.err)"
"$arena" "${args[@]}" --threads 2 > two.ini 2> two.err || fail "2 threads: $(tail -2 two.err)"
cmp -s one.ini two.ini || fail "openings differ between 1 and 2 threads: $(diff one.ini two.ini | head)"
[ "$(grep -c '^\[opening ' one.ini)" -ge 1 ] || fail "no opening kept"
grep -q '^note = black .*; decisive pairs [0-9] of 1, the stronger' one.ini || fail "no pair counts in the notes"
# The openings it writes are a valid openings file.
printf '[tournament]\nname = t\nopenings = one.ini\nnodes = 100\n[player a]\ntype = naive\n[player b]\ntype = weighted\n' > t.ini
"$arena" run t.ini --out out >/dev/null 2>&1 || fail "its openings do not load"

# A type that cannot be made from its defaults (an external engine needs a
# command): refused before any game, status 2, nothing on stdout.
rc=0
"$arena" balance --candidates 3 --games 1 --nodes 100 --player external > ext.ini 2> ext.err || rc=$?
[ $rc -eq 2 ] || fail "balance --player external: status $rc, expected 2"
[ ! -s ext.ini ] || fail "balance --player external wrote openings"
grep -q external ext.err || fail "balance --player external: no message naming it: $(cat ext.err)"

# --- an external engine, in a work folder -----------------------------------
engine="$pbrain --player alphabeta"
ext=(balance --player "external:command=$engine,nodes=600" --candidates 20 --keep 8 --games 2
	--pairs 2 --spread 0.34 --tolerance 0.5)
"$arena" "${ext[@]}" --threads 1 --out w1 > w1.out 2> w1.err || fail "external, 1 thread: $(tail -2 w1.err)"
"$arena" "${ext[@]}" --threads 2 --out w2 > w2.out 2> w2.err || fail "external, 2 threads: $(tail -2 w2.err)"
[ ! -s w1.out ] || fail "with --out, openings on standard output"
cmp -s w1/openings.ini w2/openings.ini || fail "external: openings differ between 1 and 2 threads: $(diff w1/openings.ini w2/openings.ini | head)"
grep -q "weaker: external (nodes 300)" w1/openings.ini || fail "the weaker is not at half the budget: $(grep weaker w1/openings.ini)"
games=$(($(wc -l < w1/games.csv) - 1))
[ "$games" -gt 40 ] || fail "only $games games in games.csv"
untimed() { cut -d, -f1-10,13,14 "$1"; }
cmp -s <(untimed w1/games.csv) <(untimed w2/games.csv) || fail "games.csv differs between 1 and 2 threads"

# Run again: nothing to play, the same file.
cp w1/openings.ini again.ini
"$arena" "${ext[@]}" --threads 2 --out w1 > /dev/null 2> again.err || fail "a finished folder: $(tail -2 again.err)"
grep -q "$games games read back" again.err || fail "the games were not read back: $(cat again.err)"
cmp -s again.ini w1/openings.ini || fail "a rerun changed the openings"

# kill -9 mid-run, then the same command: the same openings and games.
"$arena" "${ext[@]}" --threads 2 --out k > /dev/null 2>&1 &
pid=$!
for _ in $(seq 500); do
	[ "$(cat k/games.csv 2>/dev/null | wc -l)" -gt 25 ] && break
	sleep 0.02
done
kill -9 $pid 2>/dev/null || fail "the run ended before the kill"
wait $pid 2>/dev/null || true
[ ! -f k/openings.ini ] || fail "openings.ini before the end"
kept=$(($(wc -l < k/games.csv) - 1))
"$arena" "${ext[@]}" --threads 2 --out k > /dev/null 2> k.err || fail "resume: $(tail -2 k.err)"
grep -q "games read back" k.err || fail "the resume read no games back: $(cat k.err)"
cmp -s w1/openings.ini k/openings.ini || fail "openings differ after kill -9 ($kept games kept): $(diff w1/openings.ini k/openings.ini | head)"
cmp -s <(untimed w1/games.csv) <(untimed k/games.csv) || fail "games.csv differs after kill -9"

# Another balance in the same folder: refused, status 2, the folder as it was.
rc=0
"$arena" "${ext[@]}" --seed 2 --out k > /dev/null 2> other.err || rc=$?
[ $rc -eq 2 ] || fail "another balance in the folder: status $rc, expected 2"
grep -q "^arena balance: k/balance.ini:[0-9]*: \[balance\] seed differs (1 in the folder, 2 now)" other.err ||
	fail "no place in the message: $(cat other.err)"
cmp -s w1/openings.ini k/openings.ini || fail "a refused balance changed the folder"

# --- the same players from a tournament file --------------------------------
cat > e.ini <<INI
[tournament]
nodes = 600

[player x]
type = external
command = $engine

[player y]
type = external
command = $engine
nodes = 300
INI
"$arena" balance --config e.ini --player x --weaker y "${ext[@]:3}" --threads 2 --out c > /dev/null 2> c.err ||
	fail "--config: $(tail -2 c.err)"
cmp -s <(grep -v '^;' w1/openings.ini) <(grep -v '^;' c/openings.ini) || fail "--config plays other games than the spec"
cmp -s <(untimed w1/games.csv) <(untimed c/games.csv) || fail "--config: games.csv differs"

# Engine logs: log = on in a section (or --log) keeps a file a game in
# DIR/logs/, never a file named "on"; without a work folder it is refused.
printf '[player x]\ntype = external\ncommand = %s\nlog = on\n' "$engine" > log.ini
small=(--candidates 2 --games 1 --pairs 1 --nodes 200 --tolerance 0.5 --threads 2)
"$arena" balance --config log.ini --player x "${small[@]}" --out lg > /dev/null 2> lg.err ||
	fail "log = on: $(tail -2 lg.err)"
[ ! -e on ] || fail "log = on wrote a file named 'on'"
logs=$(ls lg/logs | wc -l)
[ "$logs" -eq $((2 * ($(wc -l < lg/games.csv) - 1))) ] ||
	fail "log = on: $logs logs for $(($(wc -l < lg/games.csv) - 1)) games (one a side a game)"
grep -q '^ *[0-9.]* > START 15' lg/logs/000000-black-self0-black.log || fail "no START in the log: $(ls lg/logs)"
"$arena" balance --player "external:command=$engine" "${small[@]}" --log --out lg2 > /dev/null 2> lg2.err ||
	fail "--log: $(tail -2 lg2.err)"
[ -s lg2/logs/000000-white-self0-white.log ] || fail "--log kept no log: $(ls lg2 lg2/logs)"
rc=0
"$arena" balance --config log.ini --player x "${small[@]}" > nolog.out 2> nolog.err || rc=$?
[ $rc -eq 2 ] && [ ! -s nolog.out ] || fail "log = on without --out: status $rc"
grep -q "give --out DIR" nolog.err || fail "log = on without --out: $(cat nolog.err)"

# Bad input names its place, status 2, no folder made.
printf '[player x]\ntype = alphabeta\nnodez = 3\n' > bad.ini
rc=0
"$arena" balance --config bad.ini --player x --out bad > /dev/null 2> bad.err || rc=$?
[ $rc -eq 2 ] || fail "a bad file: status $rc, expected 2"
grep -q "^bad.ini:3: unknown key 'nodez'" bad.err || fail "a bad file: $(cat bad.err)"
[ ! -e bad ] || fail "a bad file made the folder"
rc=0
"$arena" balance --player "nosuch:nodes=5" --out bad > /dev/null 2> bad.err || rc=$?
[ $rc -eq 2 ] || fail "an unknown player: status $rc, expected 2"
grep -q "unknown player type 'nosuch'" bad.err || fail "an unknown player: $(cat bad.err)"
[ ! -e bad ] || fail "an unknown player made the folder"
echo "e2e_balance: ok"
