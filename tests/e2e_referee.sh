#!/usr/bin/env bash
# End-to-end: the referee's evidence in a run folder.
#   faults.csv names the job, player, reason and detail of every fault;
#   the standings footer counts endings; arena show prints a game's fault;
#   log = on and --log keep each engine's conversation, a file per game;
#   an engine that answers ERROR before its move keeps its games.
# usage: e2e_referee.sh ARENA_BINARY FAULT_ENGINE
set -euo pipefail
arena=$(realpath "$1")
fault=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_referee.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > r.ini <<INI
[tournament]
name = r
pairs = 2
nodes = 200
max_plies = 40

[player crashy]
type = external
command = $fault crash 3
log = on

[player dropword]
type = external
command = $fault dropword

[player weighted]
type = weighted
INI
"$arena" run r.ini --out out >run.txt 2>&1 || fail "run: $(tail -3 run.txt)"
d=out/r
head -1 $d/faults.csv | grep -qx 'job,player,color,reason,detail' || fail "faults.csv header"
crashes=$(grep -c '^[0-9]*,crashy,\(black\|white\),crash,' $d/faults.csv || true)
[ "$crashes" -eq 8 ] || fail "expected 8 crash faults of crashy, found $crashes: $(cat $d/faults.csv)"
grep -q 'exit status 3' $d/faults.csv || fail "no exit status in faults.csv: $(cat $d/faults.csv)"
! grep -q ',dropword,' $d/faults.csv || fail "dropword (ERROR before its move) was faulted"
[ "$(grep -c ',crash,' $d/games.csv)" -eq 8 ] || fail "games.csv crash count"
# Sorted by job, like games.csv.
cmp -s <(tail -n +2 $d/faults.csv | cut -d, -f1) <(tail -n +2 $d/faults.csv | cut -d, -f1 | sort -n) ||
	fail "faults.csv not in job order"
grep -q '^ends:.* crash 8 .*faults.csv' run.txt || fail "standings footer: $(grep ends: run.txt)"
job=$(sed -n 2p $d/faults.csv | cut -d, -f1)
"$arena" show $d/games.csv "$job" > show.txt || fail "arena show"
grep -q "^fault (faults.csv): $job,crashy" show.txt || fail "arena show: $(tail -3 show.txt)"
# crashy has log = on: one file per game it played, in logs/.
[ "$(ls $d/logs | grep -c 'crashy\.log$')" -eq 8 ] || fail "logs of crashy: $(ls $d/logs)"
! ls $d/logs | grep -q dropword || fail "dropword has no log = on, yet has logs"
f=$(ls $d/logs/*crashy.log | head -1)
grep -q '> START 15' "$f" || fail "log: no START sent: $(head -5 "$f")"
grep -q '< OK' "$f" || fail "log: no OK read"

# --log: every external engine's conversation, dropword's too.
"$arena" run r.ini --out all --log >/dev/null 2>&1 || fail "run --log"
[ "$(ls all/r/logs | grep -c 'dropword\.log$')" -eq 8 ] || fail "--log: $(ls all/r/logs)"
grep -q 'ERROR Unknown command' "$(ls all/r/logs/*dropword.log | head -1)" ||
	fail "--log: dropword's ERROR line is not in its log"
# Engines are kept between a worker's games and sent RESTART (restart =
# off, the default); [tournament] restart = on gives every external player
# without its own a fresh process per game, and config.ini says so.
grep -q '> RESTART' all/r/logs/*dropword.log || fail "no engine was kept and sent RESTART"
"$arena" run r.ini --out fresh --log --set tournament.restart=on >/dev/null 2>&1 ||
	fail "run with restart = on"
! grep -q '> RESTART' fresh/r/logs/*.log || fail "restart = on: an engine was sent RESTART"
grep -q '^restart = on$' fresh/r/config.ini || fail "config.ini: no restart = on"
[ "$(grep -c '^restart = on$' fresh/r/config.ini)" -eq 3 ] ||
	fail "config.ini: each external player's restart = on: $(grep restart fresh/r/config.ini)"
cmp -s <(cut -d, -f1-10 all/r/games.csv) <(cut -d, -f1-10 fresh/r/games.csv) ||
	fail "restart on and off played different games"
echo "ok: faults.csv, footer, arena show, logs, restart"
