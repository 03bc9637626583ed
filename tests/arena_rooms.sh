#!/usr/bin/env bash
# The arena's rooms are floors (arena/CMakeLists.txt, HACKING.md): a file
# includes headers of its own room and of the rooms below it, never of one
# above; the root (the run-level nouns) is the top floor and cmd/ above it.
# usage: arena_rooms.sh SOURCE_DIR
set -euo pipefail
shopt -s nullglob
cd "$1/arena"
declare -A floor=([config]=1 [jobs]=2 [store]=3 [rating]=4 [report]=5 [root]=6)
declare -A room_of=()
for d in config jobs store rating report; do
	for h in $d/*.h $d/internal/*.h; do
		room_of[$(basename "$h")]=$d
	done
done
for h in *.h; do room_of[$h]=root; done
bad=0 arrows=0
for d in config jobs store rating report root; do
	if [ $d = root ]; then files=(*.c *.h); else files=($d/*.c $d/*.h $d/internal/*.h); fi
	for f in "${files[@]}"; do
		for inc in $(grep -oE '^#include "[^"]+"' "$f" | sed 's/#include "//;s/"//'); do
			to=${room_of[$inc]:-}
			[ -n "$to" ] || continue # game/ or players/: a lower layer
			[ "$to" = "$d" ] && continue
			arrows=$((arrows + 1))
			if [ "${floor[$to]}" -gt "${floor[$d]}" ]; then
				echo "FAIL: arena/$f ($d) includes $inc ($to, a floor above)" >&2
				bad=1
			fi
		done
	done
done
# Headers are found by their base name alone (every room's folder is on
# the include path): two of one name would hide one another.
same=$(cd .. && find game players arena tuner -name '*.h' -not -path '*/cmd/*' -printf '%f\n' | sort | uniq -d)
if [ -n "$same" ]; then
	echo "FAIL: headers of the same name: $same" >&2
	bad=1
fi
[ $bad = 0 ] || exit 1
echo "arena_rooms: $arrows includes between rooms, none up a floor"
