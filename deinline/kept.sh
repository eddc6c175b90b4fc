#!/bin/sh
# kept: an advisor folder's kept trials, one TID a line, in the order
# kept, those undone (unkept) after a failed boot left out.
#   usage: kept.sh TDIR [confirmed|unconfirmed|all]
# confirmed (the default): those up to confirmed/.last, which a boot
# confirmed: what emit.sh makes the series of, and what another machine's
# run takes in (advisor.sh MERGE=).  unconfirmed: those after it, which
# the advisor boots next.  all: both.
# The journal is read through `tksize journal` (TKSIZE), by field name.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: kept.sh TDIR [confirmed|unconfirmed|all]" >&2; exit 2; }
which=${2:-confirmed}
case $which in confirmed | unconfirmed | all) ;; *) echo "kept.sh: $which: not confirmed, unconfirmed or all" >&2; exit 2 ;; esac
lines=$("${TKSIZE:?}" journal "$1/journal" kept,unkept kind tid)
printf '%s\n' "$lines" | awk -F'\t' -v last="$(cat "$1/confirmed/.last" 2>/dev/null)" -v which="$which" '
	$1 == "kept" { k[++n] = $2 }
	$1 == "unkept" { for (i = 1; i <= n; i++) if (k[i] == $2) k[i] = "" }
	END {
		after = last == ""
		for (i = 1; i <= n; i++) {
			if (k[i] == "") continue
			if (which == "all" || (which == "confirmed" && !after) || (which == "unconfirmed" && after)) print k[i]
			if (k[i] == last) after = 1
		}
	}'
