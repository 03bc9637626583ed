#!/usr/bin/env bash
# Writes the seed inputs of the fuzz corpora (tests/fuzz/corpus/NAME/seed-*)
# from configs/ and from the files of the input tables (tests/inputs/*.cases,
# as e2e_inputs.sh reads them), and from a few protocol sessions of the
# tests. Run it again when those change; the regression files (crash-*,
# timeout-*, found by the fuzzer) are kept as they are.
# usage: tests/fuzz/seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
top=../..
c=corpus
rm -f $c/*/seed-*
mkdir -p $c/{tournament,spsa,texel,openings,psq,games,pbrain,engine,faults,trajectory}

# configs/, as they are and with their openings on the files fuzz.h makes.
for f in round-robin gauntlet sprt external; do
	cp $top/configs/$f.ini $c/tournament/seed-config-$f
	sed 's/^openings = .*/openings = o.txt/' $top/configs/$f.ini > $c/tournament/seed-config-$f-o
done
for f in $top/configs/spsa-*.ini; do
	b=$(basename "$f" .ini)
	cp "$f" $c/spsa/seed-config-$b
	sed 's/^openings = .*/openings = o.ini/' "$f" > $c/spsa/seed-config-$b-o
done
cp $top/configs/texel-alphabeta.ini $c/texel/seed-config-texel
cp $top/configs/openings-15.ini $c/openings/seed-config-openings-15
cp $top/configs/example.psq $c/psq/seed-config-example

# The files of the input tables: a case's INI by the command that reads
# it, the other files by their names.
kind_of() { # file name, command
	case $1 in
	*.psq) echo psq ;;
	*faults.csv) echo faults ;;
	*trajectory.csv) echo trajectory ;;
	*.csv) echo games ;;
	o.txt | o.ini | open.txt) echo openings ;;
	*.ini) case $2 in *spsa*) echo spsa ;; *texel*) echo texel ;; *) echo tournament ;; esac ;;
	esac
}
n=0
for table in $top/tests/inputs/*.cases; do
	t=$(basename "$table" .cases)
	cmd="" current=""
	while IFS= read -r line || [ -n "$line" ]; do
		if [[ $line == "=== "* ]]; then
			n=$((n + 1)) cmd="" current=""
		elif [[ $line == "--- "* ]]; then
			current=${line#--- }
			k=$(kind_of "$current" "$cmd")
			out=$c/$k/seed-$t-$n-${current//\//_}
			: > "$out"
		elif [ -n "$current" ]; then
			while [[ $line =~ \{(.)\*([0-9]+)\} ]]; do
				rep=$(printf "%${BASH_REMATCH[2]}s" "" | tr ' ' "${BASH_REMATCH[1]}")
				line=${line/"${BASH_REMATCH[0]}"/$rep}
			done
			printf '%b\n' "$line" >> "$out"
		elif [[ $line == "\$ "* ]]; then
			cmd=${line#\$ }
		fi
	done < "$table"
done

# A games file of every reason and result.
{
	echo "job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,black_nodes,white_nodes"
	echo "0,0,1,empty,a,b,1-0,five,9,h8 i9 h9 i10 h10 i11 h11 i12 h12,12,8,1000,900"
	echo "1,0,1,empty,b,a,0-1,forbidden,3,h8 i9 h9,1,2,3,4"
	echo "2,1,1,x,a,c,1/2-1/2,max-plies,2,h8 i9,0,0,0,0"
	echo "3,1,1,x,c,a,1-0,timeout,1,h8,0,5000,0,0"
} > $c/games/seed-reasons

# faults.csv of every reason, CR LF and torn; a CSV of numbers and not.
f=$c/faults
printf 'job,player,color,reason,detail\n0,a,black,crash,exit status 1\n2,b,white,timeout,no move in 1000 ms\n1,a,white,protocol,unknown command\n3,c,black,memory,over 64 MB\n3,c,white,illegal,7,7 taken\n' > $f/seed-faults
printf '\xEF\xBB\xBFjob,player,color,reason,detail\r\n0,a,black,crash,x\r\n\r\n1,b,whi' > $f/seed-faults-crlf-torn
printf 'a,b,c\n1,2.5,x\ninf,nan,0x1\n1e999,-0,+5\n' > $f/seed-csv

# An SPSA run's trajectory.csv (torn, CR LF) and faults.csv.
t=$c/trajectory
printf 'iteration,a,b,W,L,D\n0,100,-3.5,0,0,0\n1,101.25,-3.25,3,1,0\n2,1.0000000000000002e+02,-3,2,2,0\n3,99' > $t/seed-trajectory
printf 'iteration,a,b,W,L,D\r\n0,1e2,2E-3,0,0,0\r\n' > $t/seed-trajectory-crlf
printf 'iteration,game,player,color,reason,detail\n1,0,plus,black,crash,exit 1\n2,3,minus,white,timeout,no move\nverify,1,tuned,black,protocol,x\n6,0,plus,black,crash,ex' > $t/seed-spsa-faults

# Manager to engine: sessions of every command (README, test_pbrain*.c).
s=$c/pbrain
printf 'START 15\r\nBEGIN\r\nTURN 8,8\r\nEND\r\n' > $s/seed-begin
printf 'START 15\nINFO timeout_turn 1000\nINFO max_node 50\nINFO rule 4\nBOARD\n7,7,1\n8,8,2\n7,8,3\nDONE\nTAKEBACK 7,9\nEND\n' > $s/seed-board
printf 'START 15\nSWAP2BOARD\nDONE\nSWAP2BOARD\n7,7\n8,8\n6,6\nDONE\nYXBOARD\n1,1,1\nDONE\nPLAY 3,3\n' > $s/seed-swap2
printf 'START 15\nYXBLOCK\n1,1\nDONE\nRESTART\nRECTSTART 15,15\nABOUT\nINFO max_memory 10485760\nBEGIN\n' > $s/seed-blocks
printf 'START 20\rBEGIN\rTURN 0,0\rTURN 19,19\rINFO max_depth 1\rSTOP\rTURN 1,1\r' > $s/seed-cr

# Engine to manager: answers of every kind (test_external.c's fault engine).
e=$c/engine
printf 'OK\r\n7,7\r\n' > $e/seed-ok
printf 'MESSAGE thinking\nDEBUG x\n 7 , 7 \n' > $e/seed-chatter
printf 'ERROR unsupported size\n' > $e/seed-error
printf 'OK\n7,7,1\n-1,3\n99999999999999999999,1\n7 7\n' > $e/seed-malformed
printf 'timeout_turn 1000; max_memory 1; folder /tmp\n' > $e/seed-info
echo "seeds: $(ls $c/*/seed-* | wc -l) files"
