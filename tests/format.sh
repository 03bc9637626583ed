#!/usr/bin/env bash
# Every C file of the project is formatted by the checked-in .clang-format
# (clang-format 14, Debian 12's). Exits 77 (ctest: skipped) without it.
# usage: format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
command -v clang-format >/dev/null || { echo "SKIP: clang-format not installed"; exit 77; }
files=$(find game players arena tuner tests -name '*.[ch]' | sort)
if ! out=$(clang-format --dry-run --Werror $files 2>&1); then
	echo "FAIL: not formatted as .clang-format says (clang-format -i FILE mends it):" >&2
	grep -oE '^[^: ]+\.[ch]:[0-9]+' <<<"$out" | cut -d: -f1 | sort -u >&2
	exit 1
fi
echo "format: $(wc -w <<<"$files") files as .clang-format says"
