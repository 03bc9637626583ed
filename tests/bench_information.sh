#!/usr/bin/env bash
# Benchmark (not a test): how much an opening set tells about two strengths
# of the strongest built-in player. For each openings file, `arena run`
# plays alphabeta against a weaker budget of itself (a generated round
# robin of the two, colours swapped in each pair, openings in random order)
# and reports:
#   split   the fraction of pairs scored 1-1 (pentanomial DD/WL, pairs.csv's
#           penta2): a pair that says nothing about who is stronger
#   indep   2p(1-p), p the stronger's score: the split if every game were
#           an independent trial the stronger wins with probability p,
#           whatever the opening and colour (draws aside). Perfectly
#           balanced openings give about this at the measured Elo gap;
#           well above it the openings decide games by colour, below it
#           some openings show strength more than others
#   elo     the stronger's Elo over the weaker with its 95% error, and that
#           error scaled to 100 pairs (error x sqrt(pairs / 100))
#   sprt    the median pairs an SPRT (elo0 ELO0, elo1 ELO1, alpha = beta =
#           0.05) needs to decide, over SEEDS seeds (the openings' order and
#           the players' seeds differ), each capped at CAP pairs; an SPRT
#           still undecided at the cap counts as CAP+ (">" before the median
#           when it is one of them), and how many decided H1 / H0 / not
# usage: tests/bench_information.sh ARENA_BINARY OUT_DIR FILE[,SIZE[,RULE]]...
#   (SIZE 15 and RULE freestyle by default; every run goes in OUT_DIR and is
#   resumed by running the same command again: a kill loses only the games
#   being played)
# Environment:
#   STRONG="ms = 20"   the stronger's budget keys (`;` between two keys)
#   WEAK="ms = 10"     the weaker's
#   PAIRS=50           pairs of the fixed-length run (split, elo)
#   SEEDS=5 CAP=100    the SPRT runs (SEEDS=0: none)
#   ELO0=0 ELO1=50     the SPRT's hypotheses
#   THREADS=2          games at once
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
arena=$(realpath "$1")
out=$2
shift 2
strong=${STRONG:-ms = 20}
weak=${WEAK:-ms = 10}
pairs=${PAIRS:-50}
seeds=${SEEDS:-5}
cap=${CAP:-100}
elo0=${ELO0:-0}
elo1=${ELO1:-50}
threads=${THREADS:-2}
for v in "$pairs" "$cap" "$threads"; do
	[[ $v =~ ^[1-9][0-9]*$ ]] || { echo "bench_information: '$v' is not a whole number from 1" >&2; exit 2; }
done
[[ $seeds =~ ^[0-9]+$ ]] || { echo "bench_information: SEEDS '$seeds' is not a whole number" >&2; exit 2; }
mkdir -p "$out"

# The INI of a run: NAME FILE SIZE RULE PAIRS SPRT(on|off) SEED
ini() {
	cat <<INI
[tournament]
name = $1
openings = $(realpath "$2")
board = $3
rule = $4
pairs = $5
sprt = $6
elo0 = $elo0
elo1 = $elo1
alpha = 0.05
beta = 0.05
opening_order = random
seed = $7
threads = $threads

[player stronger]
type = alphabeta
$(tr ';' '\n' <<<"$strong")

[player weaker]
type = alphabeta
$(tr ';' '\n' <<<"$weak")
INI
}

# Runs the INI on stdin as OUT_DIR/NAME (resumed if there); quiet.
run() {
	local name=$1
	cat > "$out/$name.ini"
	if ! "$arena" run "$out/$name.ini" --out "$out" > "$out/$name.log" 2>&1; then
		echo "bench_information: $name failed: $(tail -3 "$out/$name.log")" >&2
		exit 1
	fi
}

median() { sort -n | awk '{a[NR] = $1} END {m = int((NR + 1) / 2); print (NR % 2) ? a[m] : (a[m] + a[m + 1]) / 2}'; }

printf '# stronger: alphabeta %s; weaker: alphabeta %s; %s pairs; SPRT elo0 %s elo1 %s, %s seeds, cap %s\n' \
	"$strong" "$weak" "$pairs" "$elo0" "$elo1" "$seeds" "$cap"
printf '%-28s %9s %6s %7s %7s %-18s %9s %10s %s\n' file openings pairs split indep "elo (95%)" "err/100p" "sprt med" "H1/H0/open"
for arg in "$@"; do
	IFS=, read -r file size rule <<<"$arg"
	size=${size:-15}
	rule=${rule:-freestyle}
	[ -r "$file" ] || { echo "bench_information: cannot read $file" >&2; exit 2; }
	base=$(basename "$file" .ini)-$size-$rule
	n=$("$arena" openings "$file" --size "$size" --rule "$rule" --to offset 2>/dev/null | grep -c .)
	ini "$base-fixed" "$file" "$size" "$rule" "$pairs" off 1 | run "$base-fixed"
	IFS=, read -r a _ _ _ _ _ p0 p1 p2 p3 p4 _ elo err _ < <(sed -n 2p "$out/$base-fixed/pairs.csv")
	[ "$a" = stronger ] || elo=$(awk -v e="$elo" 'BEGIN {print -e}') # the row is the weaker's
	np=$((p0 + p1 + p2 + p3 + p4))
	split=$(awk -v s="$p2" -v n="$np" 'BEGIN {printf "%.1f%%", 100 * s / n}')
	indep=$(awk -v a="$a" -v p1="$p1" -v p2="$p2" -v p3="$p3" -v p4="$p4" -v n="$np" 'BEGIN {
		p = (0.5 * p1 + p2 + 1.5 * p3 + 2 * p4) / (2 * n)
		if (a != "stronger") p = 1 - p
		printf "%.1f%%", 200 * p * (1 - p) }')
	per100=$(awk -v e="$err" -v n="$np" 'BEGIN {printf "%.1f", e * sqrt(n / 100)}')
	needed=() h1=0 h0=0 open=0 over=0
	for s in $(seq 1 "$seeds"); do
		ini "$base-sprt$s" "$file" "$size" "$rule" "$cap" on "$s" | run "$base-sprt$s"
		verdict=$(grep -a '^SPRT after' "$out/$base-sprt$s.log" | tail -1)
		played=$(sed -E 's/^SPRT after ([0-9]+) pairs.*/\1/' <<<"$verdict")
		case $verdict in
		*"H1 accepted"*) h1=$((h1 + 1)) needed+=("$played") ;;
		*"H0 accepted"*) h0=$((h0 + 1)) needed+=("$played") ;;
		*) open=$((open + 1)) needed+=($((cap + 1))) ;;
		esac
	done
	med=-
	[ "$seeds" -eq 0 ] || med=$(printf '%s\n' "${needed[@]}" | median)
	[ "$med" != - ] && [ "$(awk -v m="$med" -v c="$cap" 'BEGIN {print (m > c)}')" = 1 ] && med=">$cap"
	printf '%-28s %9s %6s %7s %7s %-18s %9s %10s %s\n' "$base" "$n" "$np" "$split" "$indep" \
		"$(printf '%+.0f +- %.0f' "$elo" "$err")" "+- $per100" "$med" "$h1/$h0/$open"
done
