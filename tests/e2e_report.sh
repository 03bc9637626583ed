#!/usr/bin/env bash
# End-to-end: report.html, also in a real browser.
#   a small round robin whose players have hostile names writes report.html,
#   one file that loads nothing from elsewhere; `arena report DIR` writes it
#   again byte for byte; `arena elo` on a games file with a name holding
#   </script> and quotes writes a page where they are escaped;
#   with chromium (Debian's package; skipped, exit 77, when it is missing):
#   each page is drawn (body data-state="ready"), nothing injected ran (no
#   data-pwned attribute), the names show as text, the standings hold every
#   player and the games table its rows, and the board viewer opened at
#   #game=J&move=K shows the first K stones of game J of games.csv, in
#   order and colour; a 100,000-game page (gen_games) is under 20 MB and is
#   drawn (its time is tests/bench_report.sh's); a screenshot of the run's
#   page goes to SHOT_DIR (default: none).
# usage: e2e_report.sh ARENA GEN_GAMES [SHOT_DIR]
set -euo pipefail
arena=$(realpath "$1")
gen=$(realpath "$2")
shots=${3:+$(realpath "$3")}
work=$(mktemp -d /tmp/e2e_report.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

EVIL='<img src=x onerror=document.body.dataset.pwned=1>'
EVIL_TEXT='&lt;img src=x onerror=document.body.dataset.pwned=1&gt;'
QUOTE="O'Brien <!-- & Co"
QUOTE_TEXT="O'Brien &lt;!-- &amp; Co"
printf '0,0\n0,0, 1,1\n0,0, 1,0, 0,1\n' > open.txt
cat > t.ini <<INI
[tournament]
name = t
pairs = 2
openings = open.txt
seed = 5
nodes = 200
psq = on

[player $EVIL]
type = naive

[player $QUOTE]
type = weighted

[player r]
type = random
INI
"$arena" run t.ini --threads 2 --out out >run.txt 2>&1 || fail "run: $(tail -3 run.txt)"
page=out/t/report.html
[ -s $page ] || fail "no report.html"
grep -q 'report.html' run.txt || fail "report.html not announced"
# One file: nothing fetched, no script or style from elsewhere.
! grep -Eq '<script[^>]* src=|<link|@import|url\(|(src|href)="?(https?:)?//' $page ||
	fail "report.html refers to something outside it"
# The names only as escaped text: never as markup.
! grep -qF "$EVIL" $page || fail "a name is markup in report.html"
games=$(($(wc -l < out/t/games.csv) - 1))
[ "$games" -eq 12 ] || fail "expected 12 games, found $games"
cp $page first.html
"$arena" report out/t >rebuild.txt 2>&1 || fail "arena report: $(tail -3 rebuild.txt)"
cmp -s first.html $page || fail "arena report wrote another page"

# A games file from elsewhere: a name that closes the script element,
# another with quotes.
mkdir foreign
CLOSE='</script><script>document.body.dataset.pwned=1</script>'
{
	echo "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes"
	echo "0,0,1,o,$CLOSE,say \"hi\",1-0,five,3,h8 i9 j10,1,2,0,0"
	echo "1,0,1,o,say \"hi\",$CLOSE,1/2-1/2,five,2,h8 i9,1,2,0,0"
} > foreign/games.csv
"$arena" elo foreign/games.csv >elo.txt 2>&1 || fail "arena elo: $(tail -3 elo.txt)"
! grep -qF "$CLOSE" foreign/report.html || fail "a name closes the script element"
[ "$(grep -c '</script>' foreign/report.html)" -eq 2 ] || fail "a name adds a </script>"

# The 100,000-game page.
mkdir big
"$gen" 40 300 100000 1 > big/games.csv
"$arena" elo big/games.csv >big.txt 2>&1 || fail "arena elo, 100,000 games: $(tail -3 big.txt)"
size=$(stat -c %s big/report.html)
[ "$size" -lt 20000000 ] || fail "100,000 games: report.html is $size bytes, over 20 MB"

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "SKIP: chromium is not installed (apt-get install chromium, or ./quickstart.sh test);"
	echo "      the pages were written and checked without a browser"
	exit 77
fi
# One headless load: the DOM once the page's script has run.
dom() { # url, output file
	timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
		--virtual-time-budget=5000 --dump-dom "$1" >"$2" 2>>browser.log ||
		fail "chromium could not load $1: $(tail -3 browser.log)"
}
# The part of the DOM in <section id="$2"> of file $1.
section() { awk -v id="<section id=\"$2\">" 'BEGIN { RS = "</section>" } index($0, id) { print }' "$1"; }
drawn() { # dom file, label
	grep -q '<body data-state="ready"' "$1" || fail "$2: not drawn: $(grep -o 'could not be drawn[^<]*' "$1" | head -1)"
	! grep -q 'data-pwned' "$1" || fail "$2: an injected script ran"
}

# The run's page, the viewer at game J, move K.
J=5
K=6
dom "file://$work/$page#game=$J&move=$K" run.html
drawn run.html "the run's page"
section run.html standings > standings.html
for name in "$EVIL_TEXT" "$QUOTE_TEXT" r; do
	grep -qF ">$name</td>" standings.html || fail "standings: no row for '$name'"
done
rows=$(section run.html games | grep -o '<tr class="pick' | wc -l)
[ "$rows" -eq "$games" ] || fail "games table: $rows rows, expected $games"
# The stones on the board: the first K moves of job J, black first.
want=$(awk -F, -v j=$J -v k=$K 'NR > 1 && $1 == j {
	n = split($10, m, " ")
	for (i = 1; i <= k && i <= n; i++)
		printf "%d %s %s\n", i, i % 2 ? "black" : "white", m[i]
}' out/t/games.csv)
[ -n "$want" ] || fail "no job $J in games.csv"
got=$(section run.html board | grep -o 'data-ply="[0-9]*" data-color="[a-z]*" data-point="[a-z0-9]*"' |
	sed -E 's/data-ply="([0-9]*)" data-color="([a-z]*)" data-point="([a-z0-9]*)"/\1 \2 \3/')
[ "$got" = "$want" ] || fail "board at job $J, move $K: got
$got
want
$want"
section run.html board | grep -q "data-job=\"$J\" data-shown=\"$K\"" || fail "board: not job $J at move $K"

dom "file://$work/foreign/report.html" foreign.html
drawn foreign.html "the foreign games' page"
grep -qF '&lt;/script&gt;&lt;script&gt;document.body.dataset.pwned=1&lt;/script&gt;</td>' foreign.html ||
	fail "the name with </script> is not shown as text"
grep -qF '>say "hi"</td>' foreign.html || fail "the name with quotes is not shown as text"

dom "file://$work/big/report.html" big.html
drawn big.html "the 100,000-game page"
grep -q '100000 games' big.html || fail "the 100,000-game page does not count its games"

if [ -n "$shots" ]; then
	mkdir -p "$shots"
	timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
		--hide-scrollbars --window-size=1280,2600 --virtual-time-budget=5000 \
		--screenshot="$shots/report.png" "file://$work/$page#game=$J" >>browser.log 2>&1 ||
		fail "screenshot: $(tail -3 browser.log)"
	echo "screenshot: $shots/report.png"
fi
echo "report.html: every check passed ($(( size / 1000 )) kB for 100,000 games)"
