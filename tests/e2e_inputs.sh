#!/usr/bin/env bash
# End-to-end: every input file checked as a compiler would (README "Input
# files"). Each case of the tables in tests/inputs/*.cases runs a command
# of the real programs in a fresh folder holding only the case's files,
# and checks its exit status, its standard error exactly (a bad file:
# "file:line: what is wrong", exit 2) and that nothing was written beside
# the inputs when it failed (a run folder's .lock included).
#
# A table is a list of cases:
#   === a name                          starts a case
#   $ arena run t.ini                   the command (arena, tuner: the programs)
#   ? 2                                 the exit status (2 if not given)
#   ! t.ini:3: what is wrong            the one line of stderr (none: not checked)
#   --- t.ini                           a file: the lines up to the next
#   [tournament]                        --- or ===, read through printf %b
#   ...                                 (\r, \t, \0, \xEF, \\ for a backslash;
#                                       \c at the end: no final newline;
#                                       {x*4100}: x 4100 times)
# Lines starting with '#' outside a file are comments.
# usage: e2e_inputs.sh ARENA TUNER TABLE...
set -uo pipefail
arena=$(realpath "$1")
tuner=$(realpath "$2")
shift 2
work=$(mktemp -d /tmp/e2e_inputs.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0 cases=0

# Runs the case collected in the globals below.
run_case() {
	[ -n "$name" ] || return 0
	cases=$((cases + 1))
	local dir="$work/case$cases"
	mkdir -p "$dir"
	local f
	for f in "${!files[@]}"; do
		mkdir -p "$dir/$(dirname "$f")"
		printf '%b' "${files[$f]}" > "$dir/$f"
	done
	local before after out err rc
	before=$(cd "$dir" && find . | sort)
	local words
	read -r -a words <<< "$cmd"
	case ${words[0]} in
	arena) words[0]=$arena ;;
	tuner) words[0]=$tuner ;;
	*) echo "FAIL [$name]: unknown program ${words[0]}" >&2; failures=$((failures + 1)); return ;;
	esac
	(cd "$dir" && timeout -s KILL 60 "${words[@]}" > "$work/out" 2> "$work/err")
	rc=$?
	err=$(cat "$work/err")
	# A run takes .lock in its folder before it reads the folder's
	# games.csv, and removes it again if it made it and refuses the input.
	after=$(cd "$dir" && find . | sort)
	local bad=""
	[ "$rc" -eq "$want_rc" ] || bad="exit status $rc, not $want_rc"
	if [ -z "$bad" ] && [ -n "$want_err" ] && [ "$err" != "$want_err" ]; then
		bad="stderr differs"
	fi
	if [ -z "$bad" ] && [ "$rc" -ne 0 ] && [ "$before" != "$after" ]; then
		bad="files written: $(comm -13 <(echo "$before") <(echo "$after") | tr '\n' ' ')"
	fi
	if [ -n "$bad" ]; then
		failures=$((failures + 1))
		{
			echo "FAIL [$name]: $bad"
			echo "  command: $cmd"
			echo "  want:    $want_err"
			echo "  got:     $(head -c 600 "$work/err")"
		} >&2
	fi
	rm -rf "$dir"
}

for table in "$@"; do
	name="" cmd="" want_rc=2 want_err="" current=""
	declare -A files=()
	while IFS= read -r line || [ -n "$line" ]; do
		if [[ $line == "=== "* ]]; then
			run_case
			name=${line#=== } cmd="" want_rc=2 want_err="" current=""
			unset files
			declare -A files=()
		elif [[ $line == "--- "* ]]; then
			current=${line#--- }
			files[$current]=""
		elif [ -n "$current" ]; then
			while [[ $line =~ \{(.)\*([0-9]+)\} ]]; do
				local_rep=$(printf "%${BASH_REMATCH[2]}s" "" | tr ' ' "${BASH_REMATCH[1]}")
				line=${line/"${BASH_REMATCH[0]}"/$local_rep}
			done
			files[$current]+="$line\n"
		elif [[ $line == "\$ "* ]]; then
			cmd=${line#\$ }
		elif [[ $line == "? "* ]]; then
			want_rc=${line#? }
		elif [[ $line == "! "* ]]; then
			want_err=${line#! }
		elif [[ $line == "#"* || -z $line ]]; then
			:
		else
			echo "FAIL: $table: cannot read '$line'" >&2
			failures=$((failures + 1))
		fi
	done < "$table"
	run_case
done
echo "e2e_inputs: $cases cases, $failures failed"
[ "$failures" -eq 0 ]
