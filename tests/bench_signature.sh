#!/usr/bin/env bash
# `arena bench` does fixed work; its signature (the total node count of every
# player and the solver on fixed positions) must not change unless behaviour
# is meant to change. When it is, run `arena bench` and update EXPECTED here,
# saying why in the commit message.
set -euo pipefail
EXPECTED=958755
out=$("$1" bench --runs 1)
got=$(printf '%s\n' "$out" | sed -n 's/^signature \([0-9]*\).*/\1/p')
if [ "$got" != "$EXPECTED" ]; then
	printf '%s\n' "$out"
	echo "FAIL: bench signature $got, expected $EXPECTED" >&2
	exit 1
fi
echo "bench signature $got as expected"
