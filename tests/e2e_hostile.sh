#!/usr/bin/env bash
# End-to-end: hostile text (README "Hostile text").
#   - a control character in any text of the command line (a file, --out,
#     --set) is refused with status 2 before anything is written, so no
#     path with a line break reaches a run's config.ini, where it would
#     add a [player] section of its own;
#   - names from a games.csv of another tool (an escape sequence that
#     retitles and clears the terminal) reach stdout and stderr of
#     `arena elo`, `arena report`, `arena pgn`, `arena sgf` and `arena show`
#     with every control character shown as \xNN;
#   - elo.png's labels: a name with '"' and '\' reaches gnuplot as data
#     that it shows as typed (a fake gnuplot keeps the data; the real one,
#     if installed, draws it as text).
# usage: e2e_hostile.sh ARENA TUNER
set -euo pipefail
arena=$(realpath "$1")
tuner=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_hostile.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Bytes below 0x20 other than LF and tab, or 0x7f, in a file?
has_control() { LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$1"; }

# --- control characters on the command line --------------------------------
evil=$'evil\n[player z]\ntype = naive\n'
mkdir -p "$evil"
cat > "$evil/t.ini" <<'INI'
[tournament]
pairs = 1
nodes = 100
openings = o.txt

[player a]
type = naive

[player b]
type = random
INI
printf '0,0\n' > "$evil/o.txt"
cp "$evil/t.ini" "$evil/o.txt" .

refused() { # WHAT: the command after it must exit 2 and write nothing
	local what=$1 rc=0
	shift
	"$@" > out.txt 2> err.txt || rc=$?
	[ "$rc" -eq 2 ] || fail "$what: exit status $rc, not 2 ($(head -c 300 err.txt))"
	grep -q "control character" err.txt || fail "$what: $(head -c 300 err.txt)"
	has_control err.txt && fail "$what: a control character in the message"
	[ ! -e out ] || fail "$what: wrote $(find out | tr '\n' ' ')"
	[ ! -e "$evil/results" ] && [ ! -e results ] || fail "$what: wrote a run folder"
}
refused "a file in a folder with a line break" "$arena" run "$evil/t.ini" --out out
refused "an --out with a line break" "$arena" run t.ini --out $'out\n[player z]'
refused "an openings path by --set" \
	"$arena" run t.ini --out out --set "tournament.openings=$evil/o.txt"
refused "a name by --set" "$arena" run t.ini --out out --set $'tournament.name=a\x1b[2J'
refused "a player's key by --set" \
	"$arena" run t.ini --out out --set $'player a.type=naive\n[player z]'
refused "a tuner file in a folder with a line break" "$tuner" spsa "$evil/t.ini" --out out
refused "a tuner --out with a line break" "$tuner" spsa t.ini --out $'out\nx'
# A run from a clean place still works, and its config.ini has two players.
"$arena" run t.ini --out out > /dev/null 2> err.txt || fail "clean run: $(cat err.txt)"
[ "$(grep -c '^\[player ' out/t/config.ini)" -eq 2 ] || fail "config.ini's players"
rm -rf out

# --- names from another tool's games.csv -----------------------------------
esc=$'\x1b]0;HACKED\x07\x1b[2J'
mkdir -p g
{
	echo "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes"
	echo "0,0,1,o1,${esc}x,b\"q,1-0,five,9,h8 a1 i8 a2 j8 a3 k8 a4 l8,1,1,0,0"
	echo "1,0,1,o1,b\"q,${esc}x,0-1,five,10,a1 h8 a2 i8 a3 j8 a4 k8 a6 l8,1,1,0,0"
	echo "2,1,1,o1,${esc}x,c,1/2-1/2,max_plies,2,h8 a1,1,1,0,0"
} > g/games.csv
check_output() { # WHAT FILE...
	local what=$1 f
	shift
	for f in "$@"; do
		has_control "$f" && fail "$what: a control character in $f: $(cat -v "$f" | head -5)"
	done
	return 0
}
"$arena" elo g/games.csv > out.txt 2> err.txt || fail "elo: $(cat err.txt)"
check_output "arena elo" out.txt err.txt
grep -q 'x1b]0;HACKED\\x07\\x1b\[2Jx' out.txt || fail "arena elo: the name is not shown escaped"
"$arena" report g > out.txt 2> err.txt || true
check_output "arena report" out.txt err.txt
"$arena" pgn g/games.csv > out.txt 2> err.txt || fail "pgn: $(cat err.txt)"
check_output "arena pgn" out.txt err.txt
# In a PGN string the backslash of \x1b is itself escaped.
grep -qF '[White "\\x1b]0;HACKED\\x07\\x1b[2Jx"]' out.txt || fail "pgn: $(grep White out.txt | cat -v)"
grep -qF '[Black "b\"q"]' out.txt || fail "pgn: a quote in a name"
"$arena" sgf g/games.csv > out.txt 2> err.txt || fail "sgf: $(cat err.txt)"
check_output "arena sgf" out.txt err.txt
"$arena" show g/games.csv 0 > out.txt 2> err.txt || fail "show: $(cat err.txt)"
check_output "arena show" out.txt err.txt
grep -q '^recorded: .*HACKED' out.txt || fail "show: no names"
# An error that quotes a hostile field.
sed -i "s/,0-1,five,10,/,0${esc},five,10,/" g/games.csv
"$arena" elo g/games.csv > out.txt 2> err.txt && fail "elo of a bad result: accepted"
grep -q "result '0.x1b" err.txt || fail "elo of a bad result: $(cat -v err.txt)"
check_output "arena elo's message" out.txt err.txt

# --- elo.png: names are gnuplot data, shown as typed -----------------------
# A fake gnuplot on PATH keeps its script and the data, then writes a
# picture that ends in IEND as plot.c checks.
mkdir -p bin p
cat > bin/gnuplot <<SH
#!/bin/sh
cat > "$work/p/script.gp"
cp plot.dat.tmp "$work/p/plot.dat"
printf '\\000\\000\\000\\000IEND\\256B\\140\\202' > plot.png.tmp
SH
chmod +x bin/gnuplot
name='q\d"1 x'
{
	echo "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes"
	echo "0,0,1,o1,$name,b,1-0,five,9,h8 a1 i8 a2 j8 a3 k8 a4 l8,1,1,0,0"
	echo "1,0,1,o1,b,$name,1/2-1/2,max_plies,2,h8 a1,1,1,0,0"
} > p/games.csv
real_gnuplot=$(command -v gnuplot || true)
PATH="$work/bin:$PATH" "$arena" elo p/games.csv > out.txt 2> err.txt || fail "elo (plot): $(cat err.txt)"
[ -s p/plot.dat ] || fail "the fake gnuplot got no data"
grep -qF "$name" p/script.gp && fail "a name in gnuplot's script"
# gnuplot reads '"' as the end of a string and '\' as an escape: the data
# holds them as \042 and \\ (a digit after an octal escape escaped too).
grep -qF 'q\\d\042\061 x' p/plot.dat || fail "plot data: $(cat -v p/plot.dat)"
if [ -n "$real_gnuplot" ]; then
	# The same data drawn by the real gnuplot as text: the label as typed.
	(cd p && "$real_gnuplot" > labels.txt 2>&1 <<'GP'
set terminal dumb size 100,12 noenhanced
set datafile separator tab
set xrange [-0.5:1.5]
plot 'plot.dat' using 1:3:4:xtic(2) with yerrorbars
GP
	) || fail "gnuplot: $(cat p/labels.txt)"
	grep -qF "$name" p/labels.txt || fail "gnuplot shows: $(tail -3 p/labels.txt)"
fi
echo "e2e_hostile: ok"
