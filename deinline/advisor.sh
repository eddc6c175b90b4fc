#!/bin/sh
# advisor: the de-inlining advisor's loop on one built kernel.
#   usage: advisor.sh SRCTREE KDIR TDIR NAME
# Ranks the functions declared inline by what uninlining each should save
# (deinline/rank.sh), then tries them, best first, each on top of the
# changes kept so far, in an incremental trial build (kbuild/trial.sh):
#   - a .c file's static inline becomes noinline (C_MODE=letgcc: loses
#     its `inline`, and gcc decides);
#   - a header's gets one shared definition in the unit that expands it
#     most, with a declaration left in the header.
# A change is kept when text shrinks, data and bss together grow by less
# than that, and the build added no warning.  Every BOOT_EVERY kept changes
# the kernel boots; when it does not, the unconfirmed changes are undone
# and tried again one at a time, each booted, and the one that fails is
# dropped with the boot's verdict as its reason.
#
# TDIR/journal holds every trial, one tab-separated line per event:
#   try     ID NAME FILE:LINE MODE HOME PREDICTED    (before the build)
#   kept    TID NAMES DTEXT DDATA DBSS DFUNCS SECONDS
#   dropped TID NAMES DTEXT DDATA DBSS DFUNCS SECONDS REASON
#   split   TID NAMES DTEXT DDATA DBSS DFUNCS SECONDS REASON  (a group, halved)
#   boot    PASS|FAIL TIDS [RESULT]                 (the trials it covered)
#   unkept  TID                                     (undone after a FAIL)
# A trial's TID is its candidates' IDs joined by '+'.
# DTEXT, DDATA, DBSS are the Berkeley size deltas against the kernel
# before the change; DFUNCS is the text symbols' (bloat-o-meter -t).  After
# a kill the advisor resumes where it stopped: kbuild/trial.sh recover
# undoes a cut trial, and the journal says what is left.
#
# Environment: TKSIZE, UNINLINE (the tools), INITRAMFS (for the boot
# check; boot/boot.sh's variables apply), LIMIT (trials in this run, 0 for
# all), BATCH (candidates per first trial, default 1), AGREE (the percent
# of its prediction a group must save to be kept whole, default 50), MAX_REBUILDS (skip candidates whose change rebuilds more objects),
# ONLY (an extended regex a candidate's "FILE:NAME" must match),
# BOOT_EVERY (default 4), MIN_PREDICTED (default 1).
set -u

# All in one function, so the shell has read the whole script before the
# first trial: editing this file during a run (hours) cannot derail it.
main() {
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
src=$(cd "$1" && pwd) kdir=$(cd "$2" && pwd) tdir=$3 name=$4
tksize=${TKSIZE:?} uninline=${UNINLINE:?}
boot_every=${BOOT_EVERY:-4}
tab=$(printf '\t')
journal=$tdir/journal

die() { echo "deinline: $*" >&2; exit 1; }

mkdir -p "$tdir"
tdir=$(cd "$tdir" && pwd)
journal=$tdir/journal
# A journal belongs to one build of the base kernel.
origin=$(cksum <"$kdir/vmlinux")
if [ -e "$tdir/origin" ] && [ "$(cat "$tdir/origin")" != "$origin" ]; then
	die "$kdir/vmlinux was rebuilt since $journal began; remove $tdir to start again"
fi
echo "$origin" >"$tdir/origin"

"$top/kbuild/trial.sh" recover "$tdir" || exit 1
"$top/kbuild/trial.sh" init "$src" "$kdir" "$tdir" || exit 1
[ -d "$tdir/confirmed" ] || { cp -a "$tdir/base" "$tdir/confirmed.tmp" && mv "$tdir/confirmed.tmp" "$tdir/confirmed"; }

if [ ! -e "$tdir/candidates" ]; then
	TKSIZE=$tksize UNINLINE=$uninline "$here/rank.sh" "$src" "$kdir" >"$tdir/candidates.tmp" ||
		die "ranking the candidates of $kdir failed"
	mv "$tdir/candidates.tmp" "$tdir/candidates"
fi
touch "$journal"

# candidates' columns (rank.sh): id file line name kind mode home sites units
# bytes copies copy_bytes rebuilds predicted status
queue=$tdir/queue
awk -F'\t' -v replay_only="${DEINLINE_SECOND_PASS:-}" -v only="${ONLY:-}" -v maxr="${MAX_REBUILDS:-0}" -v minp="${MIN_PREDICTED:-1}" '
	FILENAME == ARGV[1] {
		n = split($2, ids, "+")
		for (k = 1; k <= n; k++) {
			if ($1 == "kept" || $1 == "dropped") done[ids[k]] = $1
			if ($1 == "unkept") { delete done[ids[k]]; replay[ids[k]] = 1 }
		}
		next
	}
	/^#/ || $15 != "ok" || $14 < minp { next }
	maxr > 0 && $13 > maxr { next }
	only != "" && ($2 ":" $4) !~ only { next }
	replay_only != "" && !($1 in replay) { next }
	!($1 in done) { print (($1 in replay) ? "replay" : "try") "\t" $0 }
' "$journal" "$tdir/candidates" >"$queue"
total=$(wc -l <"$queue")
[ "${LIMIT:-0}" = 0 ] || [ "$total" -le "$LIMIT" ] || total=$LIMIT
# kept_n, saved: the changes kept (and not undone), the text they saved
stats() {
	set -- $(awk -F'\t' '$1 == "kept" { k[$2] = $4 } $1 == "unkept" { delete k[$2] }
		END { for (i in k) { n += split(i, x, "+"); s -= k[i] } print n + 0, s + 0 }' "$journal")
	kept_n=$1 saved=$2
}
stats
echo "  DEINLINE $name: $total candidates to try; $kept_n kept so far, $saved bytes of text saved"

# text data bss of a vmlinux
sizes() { "$tksize" size "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }

# Boot TDIR/base; 0 on PASS.
boot_base() {
	[ -n "${INITRAMFS:-}" ] || return 0
	"$top/boot/boot.sh" "$tdir/base/bzImage" "$INITRAMFS" "$tdir/base" "$name deinline" >/dev/null 2>&1
}

unconfirmed() {
	awk -F'\t' '$1 == "kept" { u[++n] = $2 } $1 == "boot" && $2 == "PASS" { n = 0 }
		$1 == "unkept" { for (i = 1; i <= n; i++) if (u[i] == $2) u[i] = "" }
		END { for (i = 1; i <= n; i++) if (u[i] != "") print u[i] }' "$journal"
}

confirm() {
	ids=$(unconfirmed | tr '\n' ',' | sed 's/,$//')
	[ -n "$ids" ] || return 0
	if boot_base; then
		printf 'boot\tPASS\t%s\n' "$ids" >>"$journal"
		rm -rf "$tdir/confirmed.tmp"
		cp -a "$tdir/base" "$tdir/confirmed.tmp"
		rm -rf "$tdir/confirmed"
		mv "$tdir/confirmed.tmp" "$tdir/confirmed"
		echo "  BOOT    PASS with changes $ids: confirmed"
		return 0
	fi
	why=$(cat "$tdir/base/boot.result" 2>/dev/null | head -n 1)
	printf 'boot\tFAIL\t%s\t%s\n' "$ids" "$why" >>"$journal"
	echo "  BOOT    FAIL with changes $ids ($why): undoing them, to try again one at a time"
	# back to the last kernel that booted: the changes undone newest
	# first, and its build folder
	for id in $(echo "$ids" | tr ',' '\n' | sort -rn); do
		patch -R -s -p1 -d "$tdir/linux" <"$tdir/changes/$id.diff" ||
			die "cannot undo change $id in $tdir/linux"
		printf 'unkept\t%s\n' "$id" >>"$journal"
	done
	rm -rf "$tdir/base.old"
	mv "$tdir/base" "$tdir/base.old"
	cp -a "$tdir/confirmed" "$tdir/base"
	rm -rf "$tdir/base.old"
	return 1
}

# The trials: groups of BATCH candidates in queue order (a replayed one
# alone).  A group is kept whole when its measured saving is at least
# AGREE percent of what its members predict; otherwise it is split in two
# halves, each tried again (group testing), down to single candidates,
# which are kept or dropped on their own figures.
pending=$tdir/pending
awk -F'\t' -v b="${BATCH:-1}" '
	$1 == "replay" { if (g != "") print g; print $2; g = ""; n = 0; next }
	{ g = g (n ? " " : "") $2; if (++n == b) { print g; g = ""; n = 0 } }
	END { if (g != "") print g }' "$queue" >"$pending"
row() { awk -F'\t' -v id="$1" '$2 == id' "$queue"; }
field() { echo "$1" | cut -f"$2"; }

i=0 start=$(date +%s) done_n=0
while [ -s "$pending" ]; do
	[ "${LIMIT:-0}" = 0 ] || [ "$i" -lt "$LIMIT" ] || break
	group=$(head -n 1 "$pending")
	t0=$(date +%s)
	# each member's prediction goes into the journal before its build;
	# one its definition can no longer be matched in is dropped now
	members= psum=0 files= how=try
	for id in $group; do
		r=$(row "$id")
		[ "$(field "$r" 1)" = replay ] && how=replay
		file=$(field "$r" 3) line=$(field "$r" 4) fn=$(field "$r" 5) mode=$(field "$r" 7)
		home=$(field "$r" 8) predicted=$(field "$r" 15)
		printf 'try\t%s\t%s\t%s:%s\t%s\t%s\t%s\n' "$id" "$fn" "$file" "$line" "$mode" "$home" "$predicted" >>"$journal"
		if ! err=$(UNINLINE_PRISTINE=$src "$uninline" check "$tdir/linux" "$file" "$line" "$fn" 2>&1 >/dev/null); then
			printf 'dropped\t%s\t%s\t0\t0\t0\t0\t0\t%s\n' "$id" "$fn" "edit: ${err#uninline: }" >>"$journal"
			echo "  DEINLINE $file $fn(): dropped (edit: ${err#uninline: })"
			done_n=$((done_n + 1))
			continue
		fi
		members="$members${members:+ }$id" psum=$((psum + predicted))
		files="$files $file"
		[ "$mode" != move ] || files="$files $home"
	done
	sed -i 1d "$pending"
	[ -n "$members" ] || continue
	i=$((i + 1))
	tid=$(echo "$members" | tr ' ' '+')
	n=$(echo "$members" | wc -w)
	names=
	# shellcheck disable=SC2086
	"$top/kbuild/trial.sh" save "$tdir" "$tid" $files || exit 1
	verdict= reason= dt=0 dd=0 db=0 ds=0
	for id in $members; do
		r=$(row "$id")
		fn=$(field "$r" 5) mode=$(field "$r" 7) home=$(field "$r" 8)
		names="$names${names:+, }$fn()"
		if ! err=$(UNINLINE_PRISTINE=$src "$uninline" "$mode" "$tdir/linux" "$(field "$r" 3)" \
			"$(field "$r" 4)" "$fn" $([ "$mode" != move ] || echo "$home") 2>&1); then
			verdict=dropped reason="edit: ${err#uninline: }"
			break
		fi
	done
	if [ -n "$verdict" ]; then
		:
	elif ! "$top/kbuild/trial.sh" build "$tdir" "$tid" "$name trial $i ($n candidates)"; then
		verdict=dropped reason="$(sed 's/^build: //' "$tdir/try/failed" 2>/dev/null | head -n 1)"
		reason="build failed: ${reason:-see $tdir/try/build.log}"
	else
		new=$(sed -n "s|^$tdir/linux/||p" "$tdir/try/build.log" | grep 'warning:' |
			sed 's/:[0-9]*:[0-9]*:/:/' | sort -u | comm -23 - "$tdir/warnings.base" | head -n 1)
		set -- $(sizes "$tdir/base/vmlinux") $(sizes "$tdir/try/vmlinux")
		dt=$(($4 - $1)) dd=$(($5 - $2)) db=$(($6 - $3))
		grow=$(( (dd > 0 ? dd : 0) + (db > 0 ? db : 0) ))
		# the saving is the text symbols' (bloat-o-meter -t): the .text
		# section moves in steps of its 32-byte aligned pieces, so a
		# 20-byte saving can show there as 0 or as 32
		"$tksize" diff "$tdir/base/vmlinux" "$tdir/try/vmlinux" >"$tdir/try.bloat" 2>&1
		ds=$("$tksize" diff -t "$tdir/base/vmlinux" "$tdir/try/vmlinux" | sed -n '1s/.*(\(-\{0,1\}[0-9]*\))$/\1/p')
		ds=${ds:-0}
		if [ -n "$new" ]; then
			verdict=dropped reason="new warning: $new"
		elif [ "$ds" -ge 0 ]; then
			verdict=dropped reason="the functions did not shrink ($ds bytes)"
		elif [ "$dt" -gt 0 ]; then
			verdict=dropped reason="the functions shrank by $((-ds)) but .text grew by $dt"
		elif [ "$grow" -ge $((-ds)) ]; then
			verdict=dropped reason="data and bss grew by $grow, the functions shrank by $((-ds))"
		elif [ "$n" -gt 1 ] && [ $((-ds * 100)) -lt $((psum * ${AGREE:-50})) ]; then
			verdict=dropped reason="saved $((-ds)) of the $psum predicted"
		else
			verdict=kept
		fi
	fi
	secs=$(($(date +%s) - t0))
	if [ "$verdict" = kept ]; then
		mkdir -p "$tdir/changes"
		mv "$tdir/try.bloat" "$tdir/changes/$tid.bloat"
		"$top/kbuild/trial.sh" keep "$tdir" "$tid" || exit 1
		printf 'kept\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tid" "$names" "$dt" "$dd" "$db" "$ds" "$secs" >>"$journal"
		done_n=$((done_n + n))
	else
		"$top/kbuild/trial.sh" revert "$tdir" "$tid" || exit 1
		if [ "$n" -gt 1 ]; then
			# group testing: the halves go first in the queue
			h=$(( (n + 1) / 2 ))
			{
				echo "$members" | tr ' ' '\n' | head -n "$h" | tr '\n' ' ' | sed 's/ $/\n/'
				echo "$members" | tr ' ' '\n' | tail -n +$((h + 1)) | tr '\n' ' ' | sed 's/ $/\n/'
				cat "$pending"
			} >"$pending.tmp" && mv "$pending.tmp" "$pending"
			printf 'split\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tid" "$names" "$dt" "$dd" "$db" "$ds" "$secs" "$reason" >>"$journal"
			verdict=split
		else
			printf 'dropped\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tid" "$names" "$dt" "$dd" "$db" "$ds" "$secs" "$reason" >>"$journal"
			done_n=$((done_n + 1))
		fi
	fi
	stats
	el=$(($(date +%s) - start))
	eta=$(( done_n ? el * (total - done_n) / done_n : 0 ))
	printf '  DEINLINE [trial %d, %d of %d candidates] %s: predicted %s, functions %+d, .text %+d: %s%s; %d kept, %d bytes saved, ~%dm%02ds left\n' \
		"$i" "$done_n" "$total" "$names" "$psum" "$ds" "$dt" "$verdict" "${reason:+ ($reason)}" \
		"$kept_n" "$saved" $((eta / 60)) $((eta % 60))
	# a replayed change boots on its own; the others every BOOT_EVERY
	# kept trials
	if [ "$verdict" = kept ] && { [ "$how" = replay ] || [ "$(unconfirmed | wc -l)" -ge "$boot_every" ]; }; then
		confirm || [ "$how" != replay ] ||
			printf 'dropped\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tid" "$names" "$dt" "$dd" "$db" "$ds" "$secs" \
				"boot failed: $why" >>"$journal"
	fi
done
# whatever is left unconfirmed boots before the run ends; changes undone
# after a failed boot are tried again, one at a time, in a second pass
if [ -n "$(unconfirmed)" ] && ! confirm && [ -z "${DEINLINE_SECOND_PASS:-}" ]; then
	DEINLINE_SECOND_PASS=1 exec "$0" "$src" "$kdir" "$tdir" "$name"
fi
echo "  DEINLINE $name: $kept_n kept, $saved bytes of text saved; journal $journal"
}

# exit on the same line: sh must not read past it (see main)
main "$@"; exit $?
