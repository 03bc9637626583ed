#!/usr/bin/env bash
# End-to-end: report.html, also in a real browser.
#   a small round robin whose players have hostile names writes report.html,
#   one file that loads nothing from elsewhere; `arena report DIR` writes it
#   again byte for byte; `arena elo` on a games file with a name holding
#   </script> and quotes writes a page where they are escaped;
#   with chromium (Debian's package; skipped, exit 77, when it is missing):
#   each page is drawn (body data-state="ready"), nothing injected ran (no
#   data-pwned attribute), the names show as text, the standings hold every
#   player, the games table its rows and the openings table one an opening,
#   and the board viewer opened at
#   #game=J&move=K shows the first K stones of game J of games.csv, in
#   order and colour; a 100,000-game page (gen_games) is under 20 MB and is
#   drawn (its time is tests/bench_report.sh's); the example round robin
#   (configs/round-robin.ini, shortened to one pair a pairing at 2,000
#   nodes) gives a page whose standings hold its four players, and a game
#   stepped through with the viewer's keys and buttons (tests/
#   report_steps.html drives them) shows the stones of games.csv after each
#   step; the same game's values from moves.csv: an eval graph with a point
#   per row with an eval, a time graph with a point per row when a move
#   took a millisecond (else none), the line beside the board a move's
#   row, and a click on a graph's point showing that move; a run of
#   players without moves.csv rows shows no graph;
#   screenshots of both pages go to SHOT_DIR (default: none):
#   example.png and hostile.png.
# usage: e2e_report.sh ARENA GEN_GAMES [SHOT_DIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
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

# Records of other tools, merged: the page has the tables and no games
# (no games.csv says the board), and is written.
mkdir merged
"$arena" pgn foreign/games.csv > merged/games.pgn || fail "arena pgn"
"$arena" sgf foreign/games.csv > merged/games.sgf || fail "arena sgf"
"$arena" elo merged/games.pgn foreign/games.csv --duplicates keep --out merged \
	>merged.txt 2>&1 || fail "arena elo of a PGN and a games.csv: $(tail -3 merged.txt)"
[ -s merged/report.html ] || fail "arena elo of merged records wrote no report.html"
"$arena" elo merged/games.sgf --out merged >merged.txt 2>&1 ||
	fail "arena elo of an SGF: $(tail -3 merged.txt)"

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
# The openings' health: a row an opening of games.csv.
nop=$(tail -n +2 out/t/games.csv | cut -d, -f4 | sort -u | wc -l)
rows=$(section run.html openings | grep -o '<tr class="pick' | wc -l)
[ "$rows" -eq "$nop" ] || fail "openings table: $rows rows, expected $nop"
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

# The example round robin, shortened, and one of its games stepped through
# as a user would: keys and buttons, the stones checked after each step.
"$arena" run "$top/configs/round-robin.ini" --threads 2 --out ex \
	--set tournament.pairs=1 --set tournament.nodes=2000 >ex.txt 2>&1 ||
	fail "the example round robin: $(tail -3 ex.txt)"
expage=ex/round-robin/report.html
dom "file://$work/$expage" ex.html
drawn ex.html "the example's page"
section ex.html standings > ex-standings.html
for name in naive weighted alphabeta mcts; do
	grep -qF ">$name</td>" ex-standings.html || fail "example standings: no row for '$name'"
done
J=3
mv=ex/round-robin/moves.csv
# The first move of job J with every value, and one more with an eval.
read -r K2 K2LINE < <(awk -F, -v j=$J -v q="'" 'NR > 1 && $1 == j && $5 != "" && $6 != "" && $7 != "" &&
	$6 < 1000000 && $6 > -1000000 { printf "%d move %d: %.3f s, eval %s%s (%s%ss view), depth %d\n",
	$2, $2, $5 / 1000, ($6 > 0 ? "+" : ""), $6, ($2 % 2 ? "black" : "white"), q, $7; exit }' $mv)
[ -n "${K2:-}" ] || fail "example: job $J has no move with a time, an eval and a depth in moves.csv"
K3=$(awk -F, -v j=$J -v k=$K2 'NR > 1 && $1 == j && $6 != "" && $2 > k + 1 { print $2; exit }' $mv)
[ -n "$K3" ] || fail "example: job $J has one move with an eval"
steps="End,Home,ArrowRight,ArrowRight,ArrowRight,ArrowLeft,button:forward,button:forward,button:back,button:last,button:first,ArrowRight,graph:eval:$K3"
timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
	--allow-file-access-from-files --virtual-time-budget=10000 --dump-dom \
	"file://$top/tests/report_steps.html?page=file://$work/$expage&game=$J&steps=$steps" \
	>steps.html 2>>browser.log || fail "chromium could not step: $(tail -3 browser.log)"
grep -q '<body data-state="done"' steps.html ||
	fail "stepping: $(grep -o 'data-state="[^"]*"' steps.html || echo 'the driver did not run')"
# What each step must show: the first K moves of job J.
stones_at() { # K
	awk -F, -v j=$J -v k="$1" 'NR > 1 && $1 == j {
		n = split($10, m, " ")
		for (i = 1; i <= k && i <= n; i++)
			printf "%s%d:%s:%s", (i > 1 ? " " : ""), i, (i % 2 ? "black" : "white"), m[i]
	}' ex/round-robin/games.csv
}
plies=$(awk -F, -v j=$J 'NR > 1 && $1 == j { print $9 }' ex/round-robin/games.csv)
[ -n "$plies" ] && [ "$plies" -gt 3 ] || fail "example: job $J has no game of 4 plies or more"
expect=""
for k in "$plies" 0 1 2 3 2 3 4 3 "$plies" 0 1 "$K3"; do
	expect+="$k $(stones_at "$k")"$'\n'
done
got=$(sed -n '/<pre id="out">/,/<\/pre>/p' steps.html | sed -e 's/<pre id="out">//' -e 's/<\/pre>.*//' |
	sed '/^$/d' | cut -d' ' -f2-)
[ "$got" = "$(printf %s "$expect" | sed '/^$/d')" ] || fail "stepping through job $J: got
$got
want
$expect"

# Job J's values: points per moves.csv row, and move K2's line.
dom "file://$work/$expage#game=$J&move=$K2" exinfo.html
section exinfo.html board > exboard.html
graph() { perl -0777 -ne 'print $1 if /(<svg class="graph '"$1"'".*?<\/svg>)/s' exboard.html; }
rows() { awk -F, -v j=$J -v c="$1" 'NR > 1 && $1 == j && $c != "" && (c != 5 || $5 > 0) { n++ } END { print n + 0 }' $mv; }
n=$(graph eval | grep -o '<circle class="pt [bw]"' | wc -l)
[ "$n" -eq "$(rows 6)" ] || fail "eval graph of job $J: $n points, moves.csv has $(rows 6) evals"
n=$(graph time | grep -o '<circle class="pt [bw]"' | wc -l)
want=$(awk -F, -v j=$J 'NR > 1 && $1 == j && $5 != "" { n++ } END { print n + 0 }' $mv)
[ "$(rows 5)" -gt 0 ] || want=0 # every move in 0 ms: no time graph
[ "$n" -eq "$want" ] || fail "time graph of job $J: $n points, want $want"
line=$(grep -o '<div id="move-info">.*' exboard.html | sed -E 's/^<div id="move-info"><b>([^<]*)<\/b>([^<]*)<\/div>.*/\1\2/')
[ "$line" = "$K2LINE" ] || fail "the values of job $J, move $K2: got '$line', want '$K2LINE'"
# The hostile run's naive and weighted report evals; a games file with no
# moves.csv has no graph.
section run.html board | grep -q '<svg class="graph eval"' || fail "the hostile run's viewer has no eval graph"
! grep -q '<svg class="graph ' foreign.html || fail "a game without moves.csv rows has a graph"

if [ -n "$shots" ]; then
	mkdir -p "$shots"
	shot() { # page URL, file
		timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
			--hide-scrollbars --window-size=1280,2900 --virtual-time-budget=5000 \
			--screenshot="$2" "$1" >>browser.log 2>&1 || fail "screenshot: $(tail -3 browser.log)"
		echo "screenshot: $2"
	}
	shot "file://$work/$expage#game=$J&move=9" "$shots/example.png"
	shot "file://$work/$page#game=5" "$shots/hostile.png"
fi
echo "report.html: every check passed ($(( size / 1000 )) kB for 100,000 games)"
