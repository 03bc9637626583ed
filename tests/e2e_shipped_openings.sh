#!/usr/bin/env bash
# End-to-end: every shipped openings file (configs/openings-*.ini) reads on
# the board and rule its first line names ("; Balanced 15x15 renju
# openings ..."), holds at least 20 openings, says in its header the
# command that made it, and loads in a tournament (a run of one pair).
# usage: e2e_shipped_openings.sh ARENA_BINARY CONFIGS_DIR
set -euo pipefail
arena=$(realpath "$1")
configs=$(realpath "$2")
work=$(mktemp -d /tmp/e2e_shipped_openings.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

n=0
for f in "$configs"/openings-*.ini; do
	name=$(basename "$f" .ini)
	read -r size rule < <(sed -nE '1s/^; Balanced ([0-9]+)x[0-9]+ ([a-z]+) openings.*/\1 \2/p' "$f")
	[ -n "${rule:-}" ] || fail "$name: the first line names no board and rule: $(head -1 "$f")"
	{ grep -q '^;.*arena balance' "$f" && grep -q '^; *\(arena balance \)\{0,1\}--player ' "$f"; } ||
		fail "$name: no 'arena balance' command in its header"
	"$arena" openings "$f" --size "$size" --rule "$rule" --to offset > "$name.txt" 2> "$name.err" ||
		fail "$name on ${size}x$size $rule: $(cat "$name.err")"
	count=$(grep -c . "$name.txt")
	[ "$count" -ge 20 ] || fail "$name: only $count openings"
	[ "$count" -eq "$(grep -c '^\[opening ' "$f")" ] || fail "$name: $count openings read of $(grep -c '^\[opening ' "$f")"
	printf '[tournament]\nname = %s\nopenings = %s\nboard = %s\nrule = %s\npairs = 1\nnodes = 50\n[player a]\ntype = naive\n[player b]\ntype = weighted\n' \
		"$name" "$f" "$size" "$rule" > "$name.ini"
	"$arena" run "$name.ini" --out runs > "$name.out" 2>&1 || fail "$name does not load in a run: $(tail -3 "$name.out")"
	[ "$(($(wc -l < "runs/$name/games.csv") - 1))" -eq 2 ] || fail "$name: not one pair played"
	n=$((n + 1))
done
[ "$n" -ge 5 ] || fail "only $n shipped openings files in $configs"
echo "e2e_shipped_openings: $n files ok"
