#!/bin/sh
# trial: incremental experiments on one built kernel, each in a copy of
# its build folder, so that only the objects a change touches recompile.
# The de-inlining advisor (deinline/) runs its trials through it, and so
# does the option-cost table (optcost/): a change there is a .config, and
# kbuild's per-symbol dependencies (include/config/) recompile only the
# objects that test a symbol whose value changed.
#
#   trial.sh init SRCTREE KDIR TDIR   scratch tree TDIR/linux, base TDIR/base
#   trial.sh save TDIR ID FILE...     keep FILE's original (and mtime) for ID
#   trial.sh build TDIR ID NAME [CONFIG]
#                                     TDIR/try: a copy of base, rebuilt
#                                     (with CONFIG as its .config: an
#                                     option flipped, optcost/)
#   trial.sh keep TDIR ID             try becomes the base; ID's diff is kept
#   trial.sh revert TDIR ID           ID's files back, with their old mtimes
#   trial.sh recover TDIR             after a kill: finish or undo what was cut
#   trial.sh shard K/N                the lines of stdin whose first field
#                                     falls in part K of N (SHARD=)
#   trial.sh same-base TDIR OTHER     fail unless OTHER's trials were made
#                                     on TDIR's kernel (MERGE=)
#
# Machines.  A long run splits over several: each runs part K of N
# (SHARD=K/N), a part being the items whose key (a subsystem, a symbol)
# hashes to K, so the parts share nothing and together are the whole.
# Another machine's results come back with MERGE=, from a copy of its
# trial folder; same-base checks that both trialled the same build of the
# kernel, as init's origin file records it.
#
# Paths.  kbuild records the absolute source path in every .cmd file, so
# an O= folder pointed at a tree at a new path recompiles everything (and
# ccache misses: -I flags name the tree).  init therefore copies the
# patched tree once to TDIR/linux, a fixed path, and the kernel's O=
# folder to TDIR/base/obj with the tree's path rewritten in its .cmd
# files (seed.sh): the first build there compiles nothing (tests/98
# checks it).
#
# Links.  With TRIAL_LINK=yes, init hard-links the scratch tree to the
# patched one instead of copying its 1.5 GB: for callers that write no
# file of it in place (optcost/ renames every file it changes, and kbuild
# writes only to O= folders).  save gives each file it saves an inode of
# its own all the same, and revert puts files back by a rename.  Their
# temporary files are dot files beside the file (.own.F, .revert.F): a
# kill before the rename leaves nothing a Kconfig* or *.c glob takes.
#
# Reverts.  A dropped change leaves its trial folder behind, and the base
# folder's objects were built from the files as they were; putting the
# files back with their old mtimes (cp -p) makes the base consistent again
# without a rebuild.  A kept change's folder becomes the base.
#
# Kills.  The base folder is only ever replaced by a rename of a finished
# trial folder, and a trial folder is never built on twice: recover drops
# it, and build.sh's own mark covers a kill inside kbuild.  keep marks its
# intent (try/.kept) before the renames, so recover can finish them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "trial: $*" >&2; exit 1; }

cmd_init() {
	src=$(cd "$1" && pwd) kdir=$(cd "$2" && pwd) tdir=$3
	[ -d "$kdir/obj" ] || die "$kdir/obj: no build folder to start from (run make first)"
	[ -f "$kdir/vmlinux" ] || die "$kdir/vmlinux: the kernel was not built"
	mkdir -p "$tdir"
	tdir=$(cd "$tdir" && pwd)
	# A trial folder, and the journal its caller keeps in it, belong to
	# one build of the kernel: a rebuilt one is another base.
	origin=$(cksum <"$kdir/vmlinux")
	if [ -e "$tdir/origin" ] && [ "$(cat "$tdir/origin")" != "$origin" ]; then
		die "$kdir/vmlinux was rebuilt since $tdir began; remove $tdir to start again"
	fi
	echo "$origin" >"$tdir/origin"
	[ -e "$tdir/.ready" ] && return 0
	cmd_recover "$tdir"
	if [ ! -e "$tdir/linux/.copied" ]; then
		rm -rf "$tdir/linux" "$tdir/linux.tmp"
		if [ "${TRIAL_LINK:-no}" = yes ]; then
			echo "  TRIAL   linking $src to $tdir/linux"
			# another file system has no links to give: copy
			cp -al "$src" "$tdir/linux.tmp" 2>/dev/null ||
				{ rm -rf "$tdir/linux.tmp"; cp -a --reflink=auto "$src" "$tdir/linux.tmp"; }
		else
			echo "  TRIAL   copying $src to $tdir/linux"
			cp -a --reflink=auto "$src" "$tdir/linux.tmp"
		fi
		mv "$tdir/linux.tmp" "$tdir/linux"
		touch "$tdir/linux/.copied"
	fi
	echo "  TRIAL   copying $kdir/obj to $tdir/base/obj"
	rm -rf "$tdir/base" "$tdir/base.tmp"
	"$here/seed.sh" "$src" "$kdir/obj" "$tdir/linux" "$tdir/base.tmp/obj"
	for f in vmlinux bzImage config build.objects; do
		[ ! -e "$kdir/$f" ] || cp -p "$kdir/$f" "$tdir/base.tmp/$f"
	done
	# the warnings the kernel was built with: a trial adding one is dropped.
	# Only a full build's log holds them all; after an incremental one, a
	# warning of an object it did not recompile counts as new, which
	# drops a trial that was fine rather than keeping one that was not
	sed -n "s|^$src/||p" "$kdir/build.log" | grep 'warning:' | sed 's/:[0-9]*:[0-9]*:/:/' |
		sort -u >"$tdir/warnings.base" || true
	if [ "$(grep -c '^  CC ' "$kdir/build.log" || true)" -lt "$(cat "$kdir/build.objects" 2>/dev/null || echo 1)" ]; then
		echo "  TRIAL   note: $kdir/build.log is not a full build's; its warnings are not all known"
	fi
	mv "$tdir/base.tmp" "$tdir/base"
	# the first build against the scratch tree: relinks, compiles nothing
	TINYKERN_CAUSES= "$here/build.sh" "$tdir/linux" "$tdir/base" "trial base" >/dev/null ||
		die "$tdir/base: the first build against the scratch tree failed (see $tdir/base/build.log)"
	n=$(grep -c -E '^  (CC|AS) ' "$tdir/base/build.log" || true)
	echo "$n" >"$tdir/base.recompiled"
	echo "  TRIAL   base ready in $tdir ($n objects recompiled)"
	touch "$tdir/.ready"
}

cmd_save() {
	tdir=$1 id=$2
	shift 2
	for f in "$@"; do
		[ -e "$tdir/saved/$id/$f" ] && continue
		[ -f "$tdir/linux/$f" ] || die "$tdir/linux/$f: no such file"
		mkdir -p "$(dirname "$tdir/saved/$id/$f")"
		# by a rename: a copy cut short must not stand for the original
		cp -p "$tdir/linux/$f" "$tdir/saved/$id/$f.tmp"
		mv "$tdir/saved/$id/$f.tmp" "$tdir/saved/$id/$f"
		# a file of its own, so that an edit made in place cannot reach
		# the tree a linked scratch tree shares its files with
		own=$(dirname "$tdir/linux/$f")/.own.$(basename "$f")
		cp -p "$tdir/linux/$f" "$own"
		mv "$own" "$tdir/linux/$f"
	done
}

# The files trial ID saved, relative to the tree.
saved_files() {
	(cd "$1/saved/$2" && find . -type f | sed 's|^\./||' | sort)
}

cmd_build() {
	tdir=$1 id=$2 name=$3 config=${4:-}
	rm -rf "$tdir/try"
	cp -a "$tdir/base" "$tdir/try"
	# what the base's last build wrote is not this build's
	rm -f "$tdir/try/.kept" "$tdir/try/build.log" "$tdir/try/failed"
	# a new .config, newer than the base's auto.conf: kbuild's syncconfig
	# takes it, and fixdep's include/config/ files say what to recompile
	[ -z "$config" ] || cp "$config" "$tdir/try/obj/.config"
	"$here/build.sh" "$tdir/linux" "$tdir/try" "$name"
}

cmd_keep() {
	tdir=$1 id=$2
	[ -f "$tdir/try/vmlinux" ] || die "$tdir/try: nothing built to keep"
	mkdir -p "$tdir/changes"
	# the change as a patch against the tree it was made in, a/ and b/
	for f in $(saved_files "$tdir" "$id"); do
		diff -u --label "a/$f" --label "b/$f" "$tdir/saved/$id/$f" "$tdir/linux/$f" || true
	done >"$tdir/changes/$id.diff.tmp"
	mv "$tdir/changes/$id.diff.tmp" "$tdir/changes/$id.diff"
	# .last: the trial the base was last built with, for a resume to
	# match the journal against
	echo "$id" >"$tdir/try/.last"
	echo "$id" >"$tdir/try/.kept"
	finish_keep "$tdir"
}

finish_keep() {
	tdir=$1
	if [ -e "$tdir/try/.kept" ]; then
		if [ -d "$tdir/base" ]; then
			rm -rf "$tdir/base.old"
			mv "$tdir/base" "$tdir/base.old"
		fi
		mv "$tdir/try" "$tdir/base"
	fi
	if [ -e "$tdir/base/.kept" ]; then
		rm -rf "$tdir/base.old" "$tdir/saved/$(cat "$tdir/base/.kept")"
		rm -f "$tdir/base/.kept"
	fi
	[ -d "$tdir/base" ] || [ ! -d "$tdir/base.old" ] || mv "$tdir/base.old" "$tdir/base"
}

cmd_revert() {
	tdir=$1 id=$2
	rm -rf "$tdir/try"
	[ -d "$tdir/saved/$id" ] || return 0
	for f in $(saved_files "$tdir" "$id"); do
		tmp=$(dirname "$tdir/linux/$f")/.revert.$(basename "$f")
		cp -p "$tdir/saved/$id/$f" "$tmp" && mv "$tmp" "$tdir/linux/$f"
	done
	rm -rf "$tdir/saved/$id"
}

cmd_recover() {
	tdir=$1
	[ -d "$tdir" ] || return 0
	finish_keep "$tdir"
	rm -rf "$tdir/try"
	if [ -d "$tdir/saved" ]; then
		for id in $(ls "$tdir/saved"); do
			echo "  TRIAL   undoing trial $id, cut short"
			cmd_revert "$tdir" "$id"
		done
	fi
}

cmd_shard() {
	k=${1%/*} n=${1#*/}
	# decimal, no leading zero (sh reads 010 as octal), N of 6 digits at most
	case $1 in
	*[!0-9/]* | /* | */ | */*/* | 0* | */0* | */???????*) die "SHARD=$1: want K/N, part K of N" ;;
	*/*) ;;
	*) die "SHARD=$1: want K/N, part K of N" ;;
	esac
	[ "$n" -ge 1 ] && [ "$k" -ge 1 ] && [ "$k" -le "$n" ] || die "SHARD=$1: want K/N with 1 <= K <= N"
	while IFS= read -r line || [ -n "$line" ]; do
		key=${line%%[	 ]*}
		[ $(($(printf '%s' "$key" | cksum | cut -d' ' -f1) % n + 1)) != "$k" ] || printf '%s\n' "$line"
	done
}

cmd_same_base() {
	[ -r "$2/origin" ] || die "$2: not a trial folder (no origin file)"
	[ "$(cat "$1/origin" 2>/dev/null)" = "$(cat "$2/origin")" ] ||
		die "$2: its trials were made on another build of the kernel than $1's"
}

main() {
[ $# -ge 1 ] || die "usage: trial.sh init|save|build|keep|revert|recover|shard|same-base ..."
op=$1
shift
case $op in
init) [ $# = 3 ] || die "usage: trial.sh init SRCTREE KDIR TDIR"; cmd_init "$@" ;;
save) [ $# -ge 3 ] || die "usage: trial.sh save TDIR ID FILE..."; cmd_save "$@" ;;
build) [ $# = 3 ] || [ $# = 4 ] || die "usage: trial.sh build TDIR ID NAME [CONFIG]"; cmd_build "$@" ;;
keep) [ $# = 2 ] || die "usage: trial.sh keep TDIR ID"; cmd_keep "$@" ;;
revert) [ $# = 2 ] || die "usage: trial.sh revert TDIR ID"; cmd_revert "$@" ;;
recover) [ $# = 1 ] || die "usage: trial.sh recover TDIR"; cmd_recover "$@" ;;
shard) [ $# = 1 ] || die "usage: trial.sh shard K/N"; cmd_shard "$@" ;;
same-base) [ $# = 2 ] || die "usage: trial.sh same-base TDIR OTHER"; cmd_same_base "$@" ;;
*) die "$op: no such command (init, save, build, keep, revert, recover, shard, same-base)" ;;
esac
}

# exit on the same line: a build takes minutes, and sh must not read past
# this point, which an edit made meanwhile may have moved
main "$@"; exit $?
