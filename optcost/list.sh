#!/bin/sh
# list: the options of option-cost's list files, checked, one "SYMBOL DIR"
# a line: "SYMBOL off" or "SYMBOL on" (a CONFIG_ prefix dropped, '#'
# starting a comment); the first line of a symbol wins, so the fragment
# chain's list, given first, decides.  A bad line is one error naming
# file:line, and exit 2; make option-cost runs this before it builds
# anything, and option-cost.sh reads its options through it.
#   usage: list.sh FILE...
[ $# -ge 1 ] || { echo "usage: list.sh FILE..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "option-cost: $f: not found" >&2; exit 2; }
done
awk '
	{ line = $0; sub(/[ \t]*#.*/, "") }
	NF == 0 { next }
	NF != 2 || $2 !~ /^(on|off)$/ || $1 !~ /^[A-Z0-9_]+$/ {
		printf "option-cost: %s:%d: \"%s\": want SYMBOL on|off\n", FILENAME, FNR, line > "/dev/stderr"; bad = 1; next }
	{ sub(/^CONFIG_/, "", $1) } !seen[$1]++ { print $1, $2 }
	END { exit bad ? 2 : 0 }' "$@"
