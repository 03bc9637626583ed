#!/usr/bin/env bash
# End-to-end: `arena match` plays the same games for any number of threads
# (its pairs are jobs of the job engine, seeded by their ids): the score
# and the endings are the same with 1 and 2 threads, for deterministic and
# random players alike. (That another seed plays other games is
# test_jobs's: a score alone may well repeat.)
# With an external engine (pbrain) the same holds with --affinity.
# usage: e2e_match.sh ARENA_BINARY PBRAIN_BINARY
set -euo pipefail
arena=$(realpath "$1")
pbrain=$(realpath "$2")
fail() { echo "FAIL: $*" >&2; exit 1; }
# The score and endings lines; nodes/s and ms/move depend on the machine.
result() { "$arena" match "$@" | grep -v -e '^nodes/s' -e '^ms/move'; }

for pair in "alphabeta weighted" "mcts naive" "random random:distance=1"; do
	set -- $pair
	one=$(result "$1" "$2" --pairs 6 --nodes 400 --threads 1) || fail "$pair, 1 thread"
	two=$(result "$1" "$2" --pairs 6 --nodes 400 --threads 2) || fail "$pair, 2 threads"
	[ "$one" = "$two" ] || fail "$pair: 1 thread '$one', 2 threads '$two'"
done
# Each thread and its engine pinned to one CPU (--affinity): the same
# games.
engine="external:command=$pbrain --player weighted"
one=$(result "$engine" naive --pairs 4 --nodes 400 --threads 1) || fail "external, 1 thread"
pin=$(result "$engine" naive --pairs 4 --nodes 400 --threads 2 --affinity) ||
	fail "external, 2 threads, --affinity"
[ "$one" = "$pin" ] || fail "--affinity: '$pin', 1 thread without: '$one'"
echo "e2e_match: ok"
