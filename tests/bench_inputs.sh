#!/usr/bin/env bash
# Every parser in time linear in its input (README "Input files"): large
# generated files of every kind, accepted or refused, timed through the
# real programs.
#   - 150,000 openings, INI, Gomocup offsets, pos, .psq and SGF game
#     records (read and checked whole, then refused for a schedule too
#     large, or for a name given twice at the very end), and converted;
#   - 150,000 [param] sections and 150,000 keys of one section (SPSA), and
#     150,000 keys of [player] sections (a tournament);
#   - 10 MB of each kind: INI comments, a games.csv (rated), a .psq trailer,
#     one line without an end.
# Prints each case's time (the best of RUNS) and status; with --check, exits
# 1 if a case takes more than LIMIT seconds (default 1) or ends with another
# status than the one expected (ctest runs it so, with a wide LIMIT: a
# shared machine is noisy, a quadratic parser is minutes).
# usage: bench_inputs.sh [--check] ARENA TUNER [RUNS]
set -uo pipefail
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
arena=$(realpath "$1")
tuner=$(realpath "$2")
runs=${3:-3}
limit=${LIMIT:-1}
work=$(mktemp -d /tmp/bench_inputs.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
N=150000
failed=0

# time_case NAME WANT_STATUS COMMAND...: the best wall time of $runs runs.
time_case() {
	local name=$1 want=$2 best="" rc t0 t1 ms
	shift 2
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		"$@" > /dev/null 2> err.txt
		rc=$?
		t1=$(date +%s%N)
		ms=$(((t1 - t0) / 1000000))
		if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
	done
	printf '%-58s %6d ms  status %d  %s\n' "$name" "$best" "$rc" "$(head -c 90 err.txt)"
	if [ "$rc" -ne "$want" ] || [ "$best" -gt $((limit * 1000)) ]; then
		failed=$((failed + 1))
	fi
}

# The tournament every openings case plays: 100,000 rounds of N openings is
# far over the schedule's limit, refused once the openings are read.
tournament() { # openings file
	printf '[tournament]\nrounds = 100000\nopenings = %s\n[player a]\ntype = random\n[player b]\ntype = random\n' "$1"
}
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) {
	x = i % 11; y = int(i / 11) % 11; z = int(i / 121) % 11
	printf "[opening o%d]\nmoves = %c%d %c%d %c%d\n", i, 98 + x, 2 + y, 98 + (x + 1) % 11, 2 + (y + 3) % 11, 98 + (z + 5) % 11, 13
} }' > open.ini
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++)
	printf "%d,%d, %d,%d, %d,7\n", i % 11 - 5, int(i / 11) % 11 - 5, (i + 1) % 11 - 5, (int(i / 11) + 3) % 11 - 5, int(i / 121) % 11 - 5 }' > open.txt
cp open.ini dup.ini
printf '[opening o0]\nmoves = h8\n' >> dup.ini
tournament open.ini > t-ini.ini
tournament open.txt > t-txt.ini
tournament dup.ini > t-dup.ini
time_case "arena run: $N INI openings, read and checked" 2 "$arena" run t-ini.ini
time_case "arena run: $N offset openings, read and checked" 2 "$arena" run t-txt.ini
time_case "arena run: $N INI openings, a name twice at the end" 2 "$arena" run t-dup.ini
time_case "arena openings: $N offset openings to pos" 0 "$arena" openings open.txt --to pos --out open.pos
tournament open.pos > t-pos.ini
time_case "arena run: $N pos openings, read and checked" 2 "$arena" run t-pos.ini
# N game records of 4 moves, every position another (stone k in rows 3k
# to 3k + 2), as .psq records one after the other and as SGF trees.
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) {
	printf "Piskvorky 15x15, 11:11, 0\n"; v = i
	for (k = 0; k < 4; k++) { d = v % 45; v = int(v / 45); printf "%d,%d,0\n", 1 + d % 15, 1 + 3 * k + int(d / 15) }
	printf "-1\n" } }' > games.psq
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) {
	printf "(;GM[4]SZ[15]"; v = i
	for (k = 0; k < 4; k++) { d = v % 45; v = int(v / 45); printf ";%s[%c%c]", k % 2 ? "W" : "B", 97 + d % 15, 97 + 3 * k + int(d / 15) }
	printf ")\n" } }' > games.sgf
for f in games.psq games.sgf; do
	tournament "$f" > "t-${f#games.}.ini"
	sed -i '2a openings_plies = 4' "t-${f#games.}.ini"
	time_case "arena run: $N ${f#games.} games, their 4 moves" 2 "$arena" run "t-${f#games.}.ini"
done

# SPSA: N [param] sections (none a parameter of the type: refused at the
# first, once the file is read and its sections checked for duplicates),
# and N keys in [spsa].
{
	printf '[spsa]\nopenings = open.txt\n[player w]\ntype = weighted\n'
	awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "[param p%d]\nmin = 1\n", i }'
} > params.ini
{
	printf '[spsa]\n'
	awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "key%d = %d\n", i, i }'
	printf '[player w]\ntype = weighted\n'
} > keys.ini
time_case "tuner spsa: $N [param] sections" 2 "$tuner" spsa params.ini
time_case "tuner spsa: $N keys in [spsa]" 2 "$tuner" spsa keys.ini
{
	printf '[tournament]\n'
	awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "[player p%d]\ntype = random\n", i }'
} > players.ini
time_case "arena run: $N [player] sections" 2 "$arena" run players.ini

# 10 MB inputs.
MB10=$((10 * 1024 * 1024))
{
	printf '[tournament]\n'
	awk -v n=$((MB10 / 100)) 'BEGIN { s = sprintf("%98s", ""); gsub(/ /, "c", s); for (i = 0; i < n; i++) print ";" s }'
} > comments.ini
time_case "arena run: 10 MB of comments" 2 "$arena" run comments.ini
awk -v n=$((MB10 / 100)) 'BEGIN {
	print "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes"
	for (i = 0; i < n; i++)
		printf "%d,%d,1,o,p%d,p%d,1-0,five,9,h8 i9 h9 i10 h10 i11 h11 i12 h12,10,10,100,100\n", i, int(i / 2), i % 50, (i + 1 + int(i / 50)) % 50 == i % 50 ? (i + 2) % 50 : (i + 1 + int(i / 50)) % 50
}' > games.csv
time_case "arena elo: a 10 MB games.csv (rated)" 0 "$arena" elo games.csv --out elo
{
	printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\n'
	awk -v n=$((MB10 / 50)) 'BEGIN { for (i = 0; i < n; i++) printf "a trailer line of fifty bytes, more or less: %4d\n", i % 10000 }'
} > long.psq
time_case "arena show: a 10 MB .psq (trailer)" 0 "$arena" show long.psq
head -c $MB10 /dev/zero | tr '\0' 'x' > oneline.ini
time_case "arena run: 10 MB in one line" 2 "$arena" run oneline.ini
head -c $MB10 /dev/urandom > random.bin
time_case "arena run: 10 MB of random bytes" 2 "$arena" run random.bin
time_case "arena elo: 10 MB of random bytes" 2 "$arena" elo random.bin --out r

echo "bench_inputs: $failed case(s) over ${limit}s or with another status"
[ "$check" -eq 0 ] || [ "$failed" -eq 0 ]
