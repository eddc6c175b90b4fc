#!/bin/sh
# verify: is a de-inlining series bisectable?  Every prefix of it, built
# and booted.
#   usage: verify.sh SRCTREE KDIR SERIES_DIR VDIR NAME
# The series (SERIES_DIR/series, e.g. patches/deinline/) is applied one
# patch at a time on a scratch copy of SRCTREE, in a trial base seeded from
# KDIR's build folder (kbuild/trial.sh), so each prefix is an incremental
# build on the one before.  Each prefix's kernel boots under QEMU
# (INITRAMFS; boot/boot.sh's variables apply).  VDIR/prefixes gets one
# tab-separated line per prefix:
#   K PATCH TEXT DATA BSS BZIMAGE BOOT SECONDS
# and the run stops at the first prefix that does not apply, build or
# boot, naming it.  A kill is resumed from VDIR/prefixes: trial.sh
# recover undoes a patch whose build was cut, and a kept one whose line
# was cut is booted and written again.  These builds are not the
# advisor's trials and do not count toward its budget.
set -u

main() {
	here=$(cd "$(dirname "$0")" && pwd)
	top=$(cd "$here/.." && pwd)
	trial=$top/kbuild/trial.sh
	[ $# = 5 ] || { echo "usage: verify.sh SRCTREE KDIR SERIES_DIR VDIR NAME" >&2; exit 2; }
	src=$1 kdir=$2 sdir=$(cd "$3" && pwd) vdir=$4 name=$5
	[ -r "$sdir/series" ] || die "$sdir/series: not found"
	[ -r "${INITRAMFS:-}" ] || die "INITRAMFS (${INITRAMFS:-unset}): no initramfs to boot with"
	# a run of another series or kernel is not resumed: VDIR starts over.
	# (VDIR/origin is trial.sh's, the kernel's checksum; this is the series'.)
	made_for=$( (cat "$sdir/series" "$sdir"/*.patch; stat -c '%n %Y' "$kdir/vmlinux") | sha256sum | cut -c 1-32)
	if [ -d "$vdir" ] && [ "$(cat "$vdir/series.origin" 2>/dev/null)" != "$made_for" ]; then
		echo "  VERIFY  $vdir was made for another series or kernel: starting over"
		rm -rf "$vdir"
	fi
	"$trial" init "$src" "$kdir" "$vdir" || die "$vdir: no trial base from $kdir"
	echo "$made_for" >"$vdir/series.origin"
	"$trial" recover "$vdir" || die "$vdir: recovering a cut run failed"
	prefixes=$vdir/prefixes
	: >>"$prefixes"
	patches=$(grep -v -e '^#' -e '^[[:space:]]*$' "$sdir/series")
	n=$(echo "$patches" | grep -c .)
	k=0 failed=0
	for p in $patches; do
		k=$((k + 1))
		if grep -q "^$k	" "$prefixes"; then
			! grep -q "^$k	.*	FAIL	" "$prefixes" ||
				die "prefix $k of $n ($p) failed its boot before (see $vdir/base/boot.log); remove $vdir to verify again"
			continue
		fi
		[ -r "$sdir/$p" ] || die "$sdir/series: $p: no such patch"
		id=p$k
		if [ "$(cat "$vdir/base/.last" 2>/dev/null)" != "$id" ]; then
			# shellcheck disable=SC2046
			"$trial" save "$vdir" "$id" $(sed -n 's|^+++ b/||p' "$sdir/$p") ||
				die "$p: a file it changes is not in the tree"
			if ! patch -s -p1 --batch --forward --fuzz=0 -d "$vdir/linux" <"$sdir/$p" >"$vdir/patch.log" 2>&1; then
				"$trial" revert "$vdir" "$id"
				die "prefix $k of $n: $p does not apply: $(head -n 1 "$vdir/patch.log")"
			fi
			start=$(date +%s)
			if ! "$trial" build "$vdir" "$id" "$name +$k/$n"; then
				"$trial" revert "$vdir" "$id"
				die "prefix $k of $n: $p does not build ($(cat "$vdir/try/failed" 2>/dev/null || echo "see $vdir/try/build.log"))"
			fi
			"$trial" keep "$vdir" "$id" || die "prefix $k of $n: keeping its build failed"
			secs=$(($(date +%s) - start))
		else
			secs=0	# kept before a kill; its build time is lost
		fi
		set -- $(size "$vdir/base/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
		bz=$(stat -c %s "$vdir/base/bzImage")
		if "$top/boot/boot.sh" "$vdir/base/bzImage" "$INITRAMFS" "$vdir/base" "$name +$k/$n" >/dev/null 2>&1; then
			boot=PASS
		else
			boot=FAIL failed=1
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$p" "$1" "$2" "$3" "$bz" "$boot" "$secs" >>"$prefixes"
		echo "  VERIFY  $name +$k/$n $p: text $1, bzImage $bz, boot $boot, ${secs}s"
		[ "$failed" = 0 ] || die "prefix $k of $n ($p) does not boot: $(head -n 1 "$vdir/base/boot.result" 2>/dev/null)"
	done
	awk -F'\t' -v n="$n" '$7 == "PASS" { pass++ } { secs += $8 }
		END { printf "  VERIFY  %d of %d prefixes built and booted (%dm%02ds of builds)\n", pass, n, secs / 60, secs % 60
			exit pass != n }' "$prefixes" || die "not every prefix of $sdir/series built and booted"
}

die() { echo "verify: $*" >&2; exit 1; }

main "$@"
