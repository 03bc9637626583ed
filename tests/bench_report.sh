#!/usr/bin/env bash
# Benchmark (not a test): report.html of a 100,000-game run in Chromium.
# The games are tests/tools/gen_games.c's (seeded: 40 players, 300
# pairings, 100,000 games of 9 to 80 plies). For RUNS runs (default 5)
# prints the medians of:
#   arena elo: the whole command (tables, plot, page) and the page's size;
#   ready:     milliseconds from the start of the page's loading to the
#              end of its drawing (JSON.parse, standings, matrix, games
#              table, viewer), as the page itself measures it
#              (performance.now(), body data-ready-ms), in headless Chromium;
#   open:      the wall time of `chromium --headless --screenshot` of the
#              page, less that of a one-game page (the browser's own start);
#   with moves.csv: the same games with a moves.csv beside them (gen_games'
#              MOVES: every move with a time, an eval and a depth), the
#              page's size and its ready time (the viewer opens game 0,
#              with its graphs).
# usage: tests/bench_report.sh ARENA GEN_GAMES [RUNS]
set -euo pipefail
arena=$(realpath "$1")
gen=$(realpath "$2")
runs=${3:-5}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "bench_report: chromium is not installed (apt-get install chromium)" >&2; exit 2; }
work=$(mktemp -d /tmp/bench_report.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
chrome() { "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" "$@" 2>>browser.log; }

mkdir big small info
"$gen" 40 300 100000 1 > big/games.csv
"$gen" 40 300 100000 1 info/moves.csv > info/games.csv
"$arena" elo info/games.csv >/dev/null
head -2 big/games.csv > small/games.csv
"$arena" elo small/games.csv >/dev/null
: > elo.txt
for _ in $(seq "$runs"); do
	/usr/bin/time -f "%e" -a -o elo.txt "$arena" elo big/games.csv >/dev/null
done
size=$(stat -c %s big/report.html)
: > ready.txt; : > big.txt; : > small.txt; : > info.txt
chrome --dump-dom file:///dev/null >/dev/null # a first start, to warm the disk cache
for _ in $(seq "$runs"); do
	chrome --virtual-time-budget=10000 --dump-dom "file://$work/big/report.html" |
		grep -o 'data-ready-ms="[0-9]*"' | grep -o '[0-9]*' >> ready.txt
	chrome --virtual-time-budget=10000 --dump-dom "file://$work/info/report.html" |
		grep -o 'data-ready-ms="[0-9]*"' | grep -o '[0-9]*' >> info.txt
	/usr/bin/time -f "%e" -a -o big.txt "$browser" --headless --disable-gpu --no-sandbox \
		--user-data-dir="$work/profile" --window-size=1280,900 --screenshot="$work/big.png" \
		"file://$work/big/report.html" 2>>browser.log
	/usr/bin/time -f "%e" -a -o small.txt "$browser" --headless --disable-gpu --no-sandbox \
		--user-data-dir="$work/profile" --window-size=1280,900 --screenshot="$work/small.png" \
		"file://$work/small/report.html" 2>>browser.log
done
[ "$(wc -l < ready.txt)" -eq "$runs" ] && [ "$(wc -l < info.txt)" -eq "$runs" ] || { echo "bench_report: the page was not drawn" >&2; exit 1; }
b=$(median < big.txt)
s=$(median < small.txt)
printf '100,000 games (gen_games 40 300 100000 1), median of %d:\n' "$runs"
printf '  arena elo: %s s; report.html %s MB (%d bytes)\n' "$(median < elo.txt)" \
	"$(awk -v n="$size" 'BEGIN { printf "%.1f", n / 1e6 }')" "$size"
printf '  ready: %s ms after the start of loading (%s)\n' "$(median < ready.txt)" \
	"$("$browser" --version 2>/dev/null)"
printf '  with moves.csv: report.html %s MB (%d bytes), ready %s ms\n' \
	"$(awk -v n="$(stat -c %s info/report.html)" 'BEGIN { printf "%.1f", n / 1e6 }')" \
	"$(stat -c %s info/report.html)" "$(median < info.txt)"
printf '  open: screenshot %s s, of a 1-game page %s s: the page costs %s s\n' "$b" "$s" \
	"$(awk -v b="$b" -v s="$s" 'BEGIN { printf "%.2f", b - s }')"
