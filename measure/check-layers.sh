#!/bin/sh
# check-layers.sh LAYER...: every #include "L/x.h" in measure/'s layers goes
# to the file's own layer or one below it (LAYERS are named top first);
# in output/, a writer (report-*.c) includes no other writer's header;
# and within a layer the files include each other without a loop.  One
# line per fault, naming file:line, and exit 1.
cd "$(dirname "$0")" || exit 2
[ $# -gt 0 ] || { echo "usage: check-layers.sh LAYER... (top first)" >&2; exit 2; }
rank=0 ranks=
for l; do rank=$((rank + 1)); ranks="$ranks $l=$rank"; done
faults=$(for l; do for f in "$l"/*.c "$l"/*.h; do [ -e "$f" ] && echo "$f"; done; done |
	xargs grep -n '^#include "' /dev/null |
	awk -v ranks="$ranks" '
	BEGIN { n = split(ranks, r, " "); for (i = 1; i <= n; i++) { split(r[i], kv, "="); rank[kv[1]] = kv[2] } }
	function module(p) { sub(/\.[ch]$/, "", p); return p }
	function writer(p) { return p ~ /^output\/report-(text|md|json|html)\.[ch]$/ }
	{
		split($0, a, ":"); file = a[1]; line = a[2]
		inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
		split(file, fl, "/"); split(inc, il, "/")
		if (!(inc ~ /\//) || !(il[1] in rank)) { print file ":" line ": #include \"" inc "\" names no layer (" ranks " )"; next }
		if (rank[il[1]] < rank[fl[1]]) { print file ":" line ": #include \"" inc "\" goes up, from " fl[1] "/ to " il[1] "/"; next }
		if (writer(file) && writer(inc) && module(file) != module(inc)) {
			print file ":" line ": #include \"" inc "\": a writer uses another writer; what both need goes to output/tables.c"; next }
		if (il[1] == fl[1] && module(file) != module(inc)) print "EDGE " module(file) " " module(inc)
	}')
echo "$faults" | grep -v '^EDGE ' | grep . && bad=1
loop=$(echo "$faults" | sed -n 's/^EDGE //p' | tsort 2>&1 >/dev/null | grep -v '^tsort: -: input contains a loop:$' | sed 's/^tsort: //' | tr '\n' ' ')
[ -z "$loop" ] || { echo "measure: includes go round in a loop within a layer: $loop"; bad=1; }
[ -z "${bad:-}" ] || exit 1
