#!/usr/bin/env bash
# End-to-end: the pbrain engine binary as a Gomocup manager sees it.
#   replies to a CR LF session; the pbrain-TYPE link names select the type
#   replies arrive one by one while stdin stays open (flushed), END exits
#   at once, EOF exits; a 10 MB line is an ERROR, not a crash
#   --set / PBRAIN_SET errors name the parameter, exit status 2
#   --nodes / PBRAIN_NODES make the engine deterministic
# usage: pbrain_session.sh PBRAIN_BINARY   (pbrain-TYPE links next to it)
set -euo pipefail
bin=$(realpath -s "$1")
dir=$(dirname "$bin")
work=$(mktemp -d /tmp/pbrain_session.XXXXXX)
pid=
cleanup() {
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
is_move() { [[ "$1" =~ ^([0-9]+),([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -lt "$2" ] &&
	[ "${BASH_REMATCH[2]}" -lt "$2" ]; }

# A CR LF session, as Piskvork sends it.
out=$(printf 'START 15\r\nBEGIN\r\nEND\r\n' | timeout 20 "$dir/pbrain-weighted")
mapfile -t line <<<"$out"
[ "${#line[@]}" -eq 2 ] || fail "expected 2 replies, got: $out"
[ "${line[0]}" = OK ] || fail "START: ${line[0]}"
is_move "${line[1]}" 15 || fail "BEGIN: ${line[1]}"

# Every type `pbrain --list-types` names has its link (the build makes
# them from that list); the link's name selects the type; --player
# overrides it.
types=$("$dir/pbrain" --list-types) || fail "--list-types: status $?"
for t in random naive weighted alphabeta mcts; do
	grep -qx "$t" <<<"$types" || fail "--list-types does not name $t: $types"
done
for t in $types; do
	[ -L "$dir/pbrain-$t" ] || fail "no link pbrain-$t"
	about=$(echo ABOUT | timeout 20 "$dir/pbrain-$t")
	[ "$about" = "name=\"pbrain-$t\", version=\"0.1\", author=\"Gomoku Arena\", country=\"-\"" ] ||
		fail "ABOUT of pbrain-$t: $about"
done
about=$(echo ABOUT | "$dir/pbrain-weighted" --player naive)
[[ "$about" == 'name="pbrain-naive"'* ]] || fail "--player: $about"
status=0
echo ABOUT | "$bin" >/dev/null 2>err.txt || status=$?
[ "$status" -eq 2 ] && grep -q -- "--player" err.txt || fail "no type: status $status"

# Interactive: replies come while stdin is still open; END exits at once.
mkfifo in out
"$dir/pbrain-mcts" --nodes 200 <in >out &
pid=$!
exec 3>in 4<out
send() { printf '%s\r\n' "$1" >&3; }
ask() { send "$1"; IFS= read -r -t 20 -u 4 reply || fail "no reply to $1"; }
ask "START 15"; [ "$reply" = OK ] || fail "START: $reply"
send "INFO timeout_turn 500"; ask "BEGIN"; is_move "$reply" 15 || fail "BEGIN: $reply"
ask "TURN 0,0"; is_move "$reply" 15 || fail "TURN: $reply"
ask "TURN 0,0"; [[ "$reply" == "ERROR "* ]] || fail "occupied TURN: $reply"
printf 'END\n' >&3
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "still running 10 s after END with stdin open"
status=0
wait "$pid" || status=$?
pid=
[ "$status" -eq 0 ] || fail "END: exit status $status"
exec 3>&- 4<&-

# EOF exits with status 0; a 10 MB line is refused and the session goes on.
out=$({ echo "START 15"; head -c 10000000 /dev/zero | tr '\0' 'A'; echo; echo ABOUT; } |
	timeout 20 "$dir/pbrain-random") || fail "EOF: exit status $?"
mapfile -t line <<<"$out"
[ "${#line[@]}" -eq 3 ] && [ "${line[0]}" = OK ] && [[ "${line[1]}" == "ERROR line too long"* ]] &&
	[[ "${line[2]}" == 'name="pbrain-random"'* ]] || fail "10 MB line: $out"

# Parameter errors name the parameter and exit with status 2.
check_bad() { # expected-word command...
	local word=$1 status=0
	shift
	echo ABOUT | "$@" >/dev/null 2>err.txt || status=$?
	[ "$status" -eq 2 ] || fail "$*: exit status $status"
	grep -q "$word" err.txt || fail "$*: message does not name '$word': $(cat err.txt)"
}
check_bad radius "$dir/pbrain-weighted" --set radius=9
check_bad attack "$dir/pbrain-weighted" --set attack=lots
check_bad depht "$dir/pbrain-alphabeta" --set depht=3
check_bad mode "$dir/pbrain-naive" --set mode
check_bad cap env PBRAIN_SET="radius=2 cap=1" "$dir/pbrain-weighted"
check_bad nodes "$dir/pbrain-weighted" --nodes -5
check_bad bogus "$dir/pbrain-weighted" --bogus

# Good parameters take effect: naive in attack mode completes its four.
board='START 15\nBOARD\n7,7,1\n7,8,1\n7,9,1\n7,10,1\n7,11,2\n3,12,2\n3,11,2\n3,10,2\nDONE\n'
[ "$(printf "$board" | "$dir/pbrain-naive" --set mode=attack | tail -1)" = 7,6 ] ||
	fail "--set mode=attack"
[ "$(printf "$board" | PBRAIN_SET="mode=attack score4=20000" "$dir/pbrain-naive" | tail -1)" = 7,6 ] ||
	fail "PBRAIN_SET mode=attack"

# A node budget makes a time-using engine deterministic.
game='START 15\nBEGIN\nTURN 8,8\nTURN 6,9\nTURN 9,5\nEND\n'
a=$(printf "$game" | "$dir/pbrain-mcts" --nodes 400 --seed 3)
b=$(printf "$game" | PBRAIN_NODES=400 PBRAIN_SEED=3 "$dir/pbrain-mcts")
[ "$a" = "$b" ] && [ "$(echo "$a" | wc -l)" -eq 5 ] || fail "--nodes not deterministic: $a / $b"

"$bin" --help | grep -q "PBRAIN_SET" || fail "--help"
# The programs' one option parser: strict values, file:line-like messages.
"$bin" --version | grep -Eq '^pbrain(-[a-z]+)? [0-9]+\.[0-9]+' || fail "--version"
set +e
"$bin" --depth 999 </dev/null >/dev/null 2>err.txt; st=$?
set -e
[ $st -eq 2 ] && grep -q -- "--depth takes a whole number from 0 to 400" err.txt ||
	fail "--depth 999: status $st, $(cat err.txt)"
set +e
"$bin" --bogus </dev/null >/dev/null 2>err.txt; st=$?
set -e
[ $st -eq 2 ] && grep -q "unknown option '--bogus'" err.txt || fail "--bogus: status $st, $(cat err.txt)"
"$dir/pbrain-weighted" --help | grep -q "radius" || fail "--help lists the type's parameters"
echo "pbrain_session: all checks passed"
