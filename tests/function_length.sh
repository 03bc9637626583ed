#!/usr/bin/env bash
# No function of the libraries and programs is over 120 lines, counted from
# the line of its name to its closing brace (HACKING.md, "Rules of the
# house"). House style puts a function's name at the start of a line and
# its braces in column 0, which is all this reads.
# usage: function_length.sh SOURCE_DIR
set -euo pipefail
cd "$1"
max=120
long=$(find game players arena tuner -name '*.c' | sort | xargs awk -v MAX=$max '
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ { sig = FNR; name = $0 }
/^\{/ { start = (sig && FNR - sig < 6) ? sig : FNR; inside = 1 }
/^\}/ && inside {
	n = FNR - start + 1
	if (n > MAX) {
		sub(/\(.*/, "", name)
		k = split(name, w, /[ *]+/)
		printf "%s:%d: %s is %d lines\n", FILENAME, start, w[k], n
	}
	inside = 0; sig = 0
}')
functions=$(find game players arena tuner -name '*.c' | xargs grep -c '^{' | awk -F: '{s += $2} END {print s}')
if [ -n "$long" ]; then
	echo "FAIL: functions over $max lines:" >&2
	echo "$long" >&2
	exit 1
fi
echo "function_length: $functions functions, none over $max lines"
