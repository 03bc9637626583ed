#!/usr/bin/env bash
# Every link between the manuals resolves: in every markdown file of the
# source tree, each [text](#anchor), [text](path) and [text](path#anchor)
# names a file that exists and, with an anchor, a heading of that file.
# Anchors follow GitHub's rule: the heading's text lowercased, every
# character but letters, digits, blanks, '-' and '_' dropped, blanks to
# '-'; a heading that repeats gets -1, -2, ... Fenced code is skipped, as
# are links with a scheme (https:, mailto:).
# usage: doc_links.sh SOURCE_DIR
set -u
export LC_ALL=C
src=${1:?usage: doc_links.sh SOURCE_DIR}
cd "$src" || exit 2

mapfile -t files < <(find . \( -name '.git' -o -name 'build*' -o -name 'node_modules' \) -prune -o \
	-name '*.md' -type f -print | sed 's|^\./||' | sort)
[ "${#files[@]}" -gt 0 ] || {
	echo "doc_links: no markdown file under $src" >&2
	exit 2
}

# anchors FILE: one anchor a line.
anchors() {
	awk '
	function slug(s,   out, i, c) {
		s = tolower(s)
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c ~ /[a-z0-9_-]/ || c == " " || c > "~")
				out = out c
		}
		gsub(/ /, "-", out)
		return out
	}
	/^[ ]*(```|~~~)/ { fence = !fence; next }
	fence { next }
	/^#+[ \t]/ {
		h = $0
		sub(/^#+[ \t]+/, "", h)
		sub(/[ \t#]+$/, "", h)
		a = slug(h)
		if (a in seen) { n = seen[a]++; print a "-" n } else { seen[a] = 1; print a }
	}' "$1"
}

# links FILE: "LINE TARGET" a line, for every ](target) outside fenced code.
links() {
	awk '
	/^[ ]*(```|~~~)/ { fence = !fence; next }
	fence { next }
	{
		line = $0
		while (match(line, /\]\([^) \t]+\)/)) {
			print NR " " substr(line, RSTART + 2, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$1"
}

bad=0
for f in "${files[@]}"; do
	dir=$(dirname "$f")
	while read -r line target; do
		case "$target" in
		*://* | mailto:*) continue ;;
		esac
		path=${target%%#*}
		anchor=
		[ "$path" != "$target" ] && anchor=${target#*#}
		if [ -z "$path" ]; then
			file=$f
		else
			file=$dir/$path
			if [ ! -e "$file" ]; then
				echo "$f:$line: link to $target: no file $path" >&2
				bad=1
				continue
			fi
		fi
		[ -n "$anchor" ] || continue
		if [ -d "$file" ] || [ "${file%.md}" = "$file" ]; then
			echo "$f:$line: link to $target: an anchor in a file that is not markdown" >&2
			bad=1
			continue
		fi
		if ! anchors "$file" | grep -qxF -- "$anchor"; then
			echo "$f:$line: link to $target: no heading '#$anchor' in ${path:-this file}" >&2
			bad=1
		fi
	done < <(links "$f")
done
[ "$bad" = 0 ] && echo "doc_links: every link of ${#files[@]} markdown files resolves"
exit "$bad"
