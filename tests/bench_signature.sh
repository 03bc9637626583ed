#!/usr/bin/env bash
# `arena bench` does fixed work; its signature (the total node count of every
# player and the solver on fixed positions) must not change unless behaviour
# is meant to change. The same holds for the strength check's signature (a
# checksum of every game of a small `arena bench --strength`), which must
# also be the same on 1 and 2 threads. When behaviour is meant to change,
# run the commands below and update EXPECTED / EXPECTED_STRENGTH here,
# saying why in the commit message.
set -euo pipefail
EXPECTED=1006032
EXPECTED_STRENGTH=8776470162680465089
out=$("$1" bench --runs 1)
got=$(printf '%s\n' "$out" | sed -n 's/^signature \([0-9]*\).*/\1/p')
if [ "$got" != "$EXPECTED" ]; then
	printf '%s\n' "$out"
	echo "FAIL: bench signature $got, expected $EXPECTED" >&2
	exit 1
fi
echo "bench signature $got as expected"
for threads in 1 2; do
	out=$("$1" bench --strength --pairs 2 --nodes 500 --threads $threads)
	got=$(printf '%s\n' "$out" | sed -n 's/^strength signature \([0-9]*\).*/\1/p')
	if [ "$got" != "$EXPECTED_STRENGTH" ]; then
		printf '%s\n' "$out"
		echo "FAIL: strength signature $got on $threads thread(s), expected $EXPECTED_STRENGTH" >&2
		exit 1
	fi
done
echo "strength signature $got as expected on 1 and 2 threads"
