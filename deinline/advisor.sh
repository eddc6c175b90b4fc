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
#   kept    ID NAME DTEXT DDATA DBSS DFUNCS SECONDS
#   dropped ID NAME DTEXT DDATA DBSS DFUNCS SECONDS REASON
#   boot    PASS|FAIL IDS [RESULT]                    (the changes it covered)
#   unkept  ID                                        (undone after a FAIL)
# DTEXT, DDATA, DBSS are the Berkeley size deltas against the kernel
# before the change; DFUNCS is the text symbols' (bloat-o-meter -t).  After
# a kill the advisor resumes where it stopped: kbuild/trial.sh recover
# undoes a cut trial, and the journal says what is left.
#
# Environment: TKSIZE, UNINLINE (the tools), INITRAMFS (for the boot
# check; boot/boot.sh's variables apply), LIMIT (trials in this run, 0 for
# all), MAX_REBUILDS (skip candidates whose change rebuilds more objects),
# ONLY (an extended regex a candidate's "FILE:NAME" must match),
# BOOT_EVERY (default 4), MIN_PREDICTED (default 1).
set -u
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
		if ($1 == "kept" || $1 == "dropped") done[$2] = $1
		if ($1 == "unkept") { delete done[$2]; replay[$2] = 1 }
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
		END { for (i in k) { n++; s -= k[i] } print n + 0, s + 0 }' "$journal")
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

i=0 start=$(date +%s)
while IFS="$tab" read -r how id file line fn kind mode home sites units bytes copies copy_bytes rebuilds predicted status; do
	[ "${LIMIT:-0}" = 0 ] || [ "$i" -lt "$LIMIT" ] || break
	i=$((i + 1))
	t0=$(date +%s)
	printf 'try\t%s\t%s\t%s:%s\t%s\t%s\t%s\n' "$id" "$fn" "$file" "$line" "$mode" "$home" "$predicted" >>"$journal"
	files=$file
	[ "$mode" != move ] || files="$file $home"
	# shellcheck disable=SC2086
	"$top/kbuild/trial.sh" save "$tdir" "$id" $files || exit 1
	verdict= reason= dt=0 dd=0 db=0 ds=0
	if ! err=$(UNINLINE_PRISTINE=$src "$uninline" "$mode" "$tdir/linux" "$file" "$line" "$fn" \
		$([ "$mode" != move ] || echo "$home") 2>&1); then
		verdict=dropped reason="edit: ${err#uninline: }"
	elif ! "$top/kbuild/trial.sh" build "$tdir" "$id" "$name #$id $fn()" >"$tdir/trial.out" 2>&1; then
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
		if [ -n "$new" ]; then
			verdict=dropped reason="new warning: $new"
		elif [ "${ds:-0}" -ge 0 ]; then
			verdict=dropped reason="the functions did not shrink (${ds:-?} bytes)"
		elif [ "$dt" -gt 0 ]; then
			verdict=dropped reason="the functions shrank by $((-ds)) but .text grew by $dt"
		elif [ "$grow" -ge $((-ds)) ]; then
			verdict=dropped reason="data and bss grew by $grow, the functions shrank by $((-ds))"
		else
			verdict=kept
		fi
	fi
	secs=$(($(date +%s) - t0))
	if [ "$verdict" = kept ]; then
		mkdir -p "$tdir/changes"
		mv "$tdir/try.bloat" "$tdir/changes/$id.bloat"
		"$top/kbuild/trial.sh" keep "$tdir" "$id" || exit 1
		printf 'kept\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$fn" "$dt" "$dd" "$db" "$ds" "$secs" >>"$journal"
	else
		"$top/kbuild/trial.sh" revert "$tdir" "$id" || exit 1
		printf 'dropped\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$fn" "$dt" "$dd" "$db" "$ds" "$secs" "$reason" >>"$journal"
	fi
	stats
	el=$(($(date +%s) - start))
	eta=$((el * (total - i) / i))
	printf '  DEINLINE [%d/%d] %s %s(): predicted %s, functions %+d, .text %+d: %s%s; %d kept, %d bytes saved, ~%dm%02ds left\n' \
		"$i" "$total" "$file" "$fn" "$predicted" "${ds:-0}" "$dt" "$verdict" "${reason:+ ($reason)}" \
		"$kept_n" "$saved" $((eta / 60)) $((eta % 60))
	# a replayed change boots on its own; the others every BOOT_EVERY
	n=$(unconfirmed | wc -l)
	if [ "$verdict" = kept ] && { [ "$how" = replay ] || [ "$n" -ge "$boot_every" ]; }; then
		confirm || [ "$how" != replay ] || {
			printf 'dropped\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$fn" "$dt" "$dd" "$db" "$ds" "$secs" \
				"boot failed: $why" >>"$journal"
		}
	fi
done <"$queue"
# whatever is left unconfirmed boots before the run ends; changes undone
# after a failed boot are tried again, one at a time, in a second pass
if [ -n "$(unconfirmed)" ] && ! confirm && [ -z "${DEINLINE_SECOND_PASS:-}" ]; then
	DEINLINE_SECOND_PASS=1 exec "$0" "$src" "$kdir" "$tdir" "$name"
fi
echo "  DEINLINE $name: $kept_n kept, $saved bytes of text saved; journal $journal"
