#!/bin/sh
# kept: an advisor folder's kept trials that a boot confirmed, one TID a
# line, in the order kept: those not undone (unkept) after a failed boot,
# up to confirmed/.last.  What emit.sh makes the series of, and what
# another machine's run takes in (advisor.sh MERGE=).
#   usage: kept.sh TDIR
set -eu
[ $# = 1 ] || { echo "usage: kept.sh TDIR" >&2; exit 2; }
awk -F'\t' -v last="$(cat "$1/confirmed/.last" 2>/dev/null)" '
	$1 == "kept" { k[++n] = $2 }
	$1 == "unkept" { for (i = 1; i <= n; i++) if (k[i] == $2) k[i] = "" }
	END { if (last != "") for (i = 1; i <= n; i++) if (k[i] != "") { print k[i]; if (k[i] == last) break } }' "$1/journal"
