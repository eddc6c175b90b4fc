#!/bin/sh
# keep: the de-inlining advisor's rule for one built trial, on the kernel
# before it (BASE) and with it (TRY).
#   usage: keep.sh BASE_VMLINUX TRY_VMLINUX MEMBERS PREDICTED [WARNING]
# MEMBERS is how many candidates the trial changed, PREDICTED what they
# were predicted to save together, WARNING the first warning the trial's
# build added (none: empty).  Prints one tab-separated line:
#   VERDICT DTEXT DDATA DBSS DFUNCS REASON
# VERDICT is kept or dropped, with the REASON.  DTEXT, DDATA and DBSS are
# the Berkeley size deltas (`size`'s columns), DFUNCS the text symbols'
# (bloat-o-meter -t).  A trial is kept when it added no warning, the text
# symbols shrank, .text did not grow, the data symbols grew by less than
# the text symbols shrank, and (a group) it saved at least AGREE percent
# (default 30) of its prediction.  A TRY that tksize cannot read is
# dropped with its reason; a BASE that it cannot read is an error.
# The environment gives TKSIZE, the measuring tool.
set -eu
[ $# -ge 4 ] && [ $# -le 5 ] || { echo "usage: keep.sh BASE_VMLINUX TRY_VMLINUX MEMBERS PREDICTED [WARNING]" >&2; exit 2; }
base=$1 try=$2 members=$3 predicted=$4 warning=${5:-}
tksize=${TKSIZE:?}

# tksize's complaint, when a measure fails
err=$(mktemp)
trap 'rm -f "$err"' EXIT
# A trial whose kernel cannot be measured is dropped, with tksize's reason,
# and the run goes on; a base that cannot be measured stops it.
unmeasured() {
	printf 'dropped\t%s\t%s\t%s\t0\tmeasuring it failed: %s\n' "${dt:-0}" "${dd:-0}" "${db:-0}" "$(head -n 1 "$err")"
	exit 0
}
# text data bss of a vmlinux; nothing when tksize cannot read it
sizes() { "$tksize" size "$1" 2>"$err" | awk 'NR == 2 { print $1, $2, $3 }'; }
# the net change of bloat-o-meter's summary line: tksize diff --net FLAG OLD NEW
symbols_delta() { "$tksize" diff --net "$1" "$2" "$3" 2>"$err"; }

b=$(sizes "$base")
[ -n "$b" ] || { cat "$err" >&2; exit 1; }
t=$(sizes "$try")
[ -n "$t" ] || unmeasured
# shellcheck disable=SC2086
set -- $b $t
dt=$(($4 - $1)) dd=$(($5 - $2)) db=$(($6 - $3))
# the saving is the text symbols' (bloat-o-meter -t): the .text section
# moves in steps of its 32-byte aligned pieces, so a 20-byte saving can
# show there as 0 or as 32
ds=$(symbols_delta -t "$base" "$try") || unmeasured
# data and bss, and rodata, by their symbols too (bloat-o-meter -d): the
# .data section's size moves in whole pages with the layout (the
# THREAD_SIZE-aligned init stack in it absorbs a page that a .text shrunk
# across a page boundary frees, the image's end unchanged), which is no
# cost of the change
grow=$(symbols_delta -d "$base" "$try") || unmeasured

if [ -n "$warning" ]; then
	verdict=dropped reason="new warning: $warning"
elif [ "$ds" -ge 0 ]; then
	verdict=dropped reason="the functions did not shrink ($ds bytes)"
elif [ "$dt" -gt 0 ]; then
	verdict=dropped reason="the functions shrank by $((-ds)) but .text grew by $dt"
elif [ "$grow" -ge $((-ds)) ]; then
	verdict=dropped reason="data symbols grew by $grow, the functions shrank by $((-ds))"
elif [ "$members" -gt 1 ] && [ $((-ds * 100)) -lt $((predicted * ${AGREE:-30})) ]; then
	verdict=dropped reason="saved $((-ds)) of the $predicted predicted"
else
	verdict=kept reason=
fi
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$verdict" "$dt" "$dd" "$db" "$ds" "$reason"
