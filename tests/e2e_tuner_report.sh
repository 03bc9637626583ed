#!/usr/bin/env bash
# End-to-end: the tuners' report.html (`tuner report DIR`) in a real browser.
#   an SPSA folder (a tiny weighted run, its trajectory.csv and verify.csv
#   then replaced by known values) and a Texel folder written by hand
#   (named, and a parameter named, with markup) give pages that, drawn by
#   chromium (Debian's package; skipped, exit 77, when it is missing):
#   - show the verification as a table: pairs, W, D, L, the pairs LL LD
#     DD/WL WD WW, score and LOS as percentages, Elo +- error, LLR, the
#     SPRT's status in words, and the verdict (a gain; rejected for the
#     Texel one), not verify.csv's raw columns;
#   - draw each SPSA parameter on an axis over its trajectory (1105 to
#     1300 of [200, 3000]: every tick label between 1050 and 1350), the
#     scale written above it;
#   - show the hostile names as text, and run nothing injected.
#   Screenshots go to SHOT_DIR (default: none): tuner-spsa.png,
#   tuner-texel.png.
# usage: e2e_tuner_report.sh TUNER CONFIGS_DIR [SHOT_DIR]
set -euo pipefail
tuner=$(realpath "$1")
configs=$(realpath "$2")
shots=${3:+$(realpath "$3")}
work=$(mktemp -d /tmp/e2e_tuner_report.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# SPSA: a real folder, then known values in its files.
cat > s.ini <<INI
[spsa]
name = s
iterations = 10
pairs = 1
verify_pairs = 2
openings = $configs/openings-15.ini

[player w]
type = weighted

[param attack]
min = 200
max = 3000

[param defence]
min = 200
max = 3000
INI
set +e
"$tuner" spsa s.ini --threads 1 --out out >s.txt 2>&1
rc=$?
set -e
[ $rc -eq 0 ] || [ $rc -eq 3 ] || fail "the SPSA run: exit status $rc: $(tail -3 s.txt)"
{
	echo "iteration,attack,defence,W,L,D"
	awk 'BEGIN { for (k = 0; k <= 10; k++) printf "%d,%.2f,%.2f,1,0,1\n", k, 1300 - 19.5 * k, 1000 + 16.6 * k }'
} > out/s/trajectory.csv
{
	echo "pairs,wins,draws,losses,penta0,penta1,penta2,penta3,penta4,score,elo,error,los,llr,sprt,verdict"
	echo "300,294,148,158,10,50,150,60,30,0.6133,80.1,25.7,1.0000,4.250,H1 accepted,gain"
} > out/s/verify.csv
"$tuner" report out/s >rep.txt 2>&1 || fail "tuner report (SPSA): $(cat rep.txt)"

# Texel: a folder by hand, its name and a parameter's markup.
EVIL='<img src=x onerror=document.body.dataset.pwned=1>'
EVIL_TEXT='&lt;img src=x onerror=document.body.dataset.pwned=1&gt;'
t="texel/$EVIL"
mkdir -p "$t"
printf 'parameter,start,tuned\nlive_two,60,313\n<b>ratio</b>,0.55,0.5566\n' > "$t/texel.csv"
printf 'train_positions,validation_positions,k,train_before,train_after,validation_before,validation_after,positions_per_second\n' > "$t/loss.csv"
printf '900,100,8.7e-05,0.5587,0.5529,0.5561,0.5524,1000000\n' >> "$t/loss.csv"
printf 'round,train_start,train_end,bfgs_steps\n1,0.5587,0.5531,40\n2,0.5532,0.5529,12\n' > "$t/rounds.csv"
{
	echo "pairs,wins,draws,losses,penta0,penta1,penta2,penta3,penta4,score,elo,error,los,llr,sprt,verdict"
	echo "300,200,50,350,60,90,100,40,10,0.4167,-58.2,22.0,0.0000,-3.100,H0 accepted,rejected"
} > "$t/verify.csv"
"$tuner" report "$t" >rep.txt 2>&1 || fail "tuner report (Texel): $(cat rep.txt)"
! grep -qF "$EVIL" "$t/report.html" || fail "a name is markup in the Texel report.html"

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "SKIP: chromium is not installed (apt-get install chromium, or ./quickstart.sh test);"
	echo "      the pages were written and checked without a browser"
	exit 77
fi
dom() { # file, output file
	timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
		--virtual-time-budget=5000 --dump-dom "file://$work/$1" >"$2" 2>>browser.log ||
		fail "chromium could not load $1: $(tail -3 browser.log)"
	grep -q '<body data-state="ready"' "$2" || fail "$1: not drawn: $(grep -o 'could not be drawn[^<]*' "$2" | head -1)"
	! grep -q 'data-pwned' "$2" || fail "$1: an injected script ran"
}
# The cells of the verification table of a DOM, one a line.
cells() {
	perl -0777 -ne 'if (/(<table class="verify">.*?<\/table>)/s) { my $t = $1; print "$1\n" while $t =~ /<t[hd][^>]*>([^<]*)<\/t[hd]>/g }' "$1"
}

dom out/s/report.html spsa.html
want="pairs
W
D
L
pairs LL LD DD/WL WD WW
score
Elo ± 95%
LOS
LLR
SPRT [0, 10], α = β = 0.05
300
294
148
158
10 50 150 60 30
61.3%
+80.1 ± 25.7
100.0%
4.25
H1 accepted: the tuned values gain (10 Elo rather than 0)"
got=$(cells spsa.html)
[ "$got" = "$want" ] || fail "SPSA verification table:
$got
want
$want"
! grep -q '>los</th>' spsa.html || fail "SPSA: verify.csv's raw columns shown"
grep -q '<p class="verdict good">Verdict: a gain\.' spsa.html || fail "SPSA: no verdict"
# attack's chart: the scale above it, every tick label within the
# trajectory's span padded, none at the range's ends.
svg=$(perl -0777 -ne 'print $1 if /<h3>attack<\/h3>(<svg.*?<\/svg>)/s' spsa.html)
[ -n "$svg" ] || fail "SPSA: no chart of attack"
grep -qF '<text class="ylabel" x="4" y="12">attack: axis 1086 to 1320 (the trajectory 1105 to 1300, padded); its range [200, 3000]</text>' <<<"$svg" ||
	fail "SPSA: attack's scale: $(grep -o '<text class="ylabel"[^<]*' <<<"$svg")"
ticks=$(grep -o 'text-anchor="end">[0-9.-]*</text>' <<<"$svg" | grep -o '>[0-9.-]*<' | tr -d '><')
[ "$(wc -l <<<"$ticks")" -ge 2 ] || fail "SPSA: attack's axis has ticks '$ticks'"
for v in $ticks; do
	awk -v v="$v" 'BEGIN { exit !(v >= 1050 && v <= 1350) }' || fail "SPSA: attack's axis has a tick at $v"
done

dom "$t/report.html" texel.html
got=$(cells texel.html | tail -n 10 | tr '\n' '|')
[ "$got" = "300|200|50|350|60 90 100 40 10|41.7%|-58.2 ± 22.0|0.0%|-3.10|H0 accepted: no gain (0 Elo rather than 10)|" ] ||
	fail "Texel verification table: $got"
grep -q '<p class="verdict bad">Verdict: rejected\. ' texel.html || fail "Texel: no rejection"
grep -qF ">$EVIL_TEXT</h1>" texel.html || fail "Texel: the folder's name not shown as text"
grep -qF '>&lt;b&gt;ratio&lt;/b&gt;</td>' texel.html || fail "Texel: a parameter's markup not shown as text"

if [ -n "$shots" ]; then
	mkdir -p "$shots"
	shot() { # page, file
		timeout 120 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
			--hide-scrollbars --window-size=1100,1400 --virtual-time-budget=5000 \
			--screenshot="$2" "file://$work/$1" >>browser.log 2>&1 || fail "screenshot: $(tail -3 browser.log)"
		echo "screenshot: $2"
	}
	shot out/s/report.html "$shots/tuner-spsa.png"
	shot "$t/report.html" "$shots/tuner-texel.png"
fi
echo "e2e_tuner_report: every check passed"
