#!/bin/sh
# build: build one kernel out of tree from its prepared .config.
#   usage: build.sh SRCTREE KDIR NAME [I/N]
# KDIR/obj is the O= folder (its .config comes from tinyconfigs/merge.sh).
# On success vmlinux, bzImage and config are copied to KDIR, each by an
# atomic rename, so an interrupted build never leaves a file that looks done.
# Every object is compiled with gcc's -fstack-usage (it writes a .su file
# beside each object and leaves the code alone; tests/85 proves it), and the
# frames of the objects linked into vmlinux are gathered into KDIR/stack.su.
# Environment: CC (default "ccache gcc"), JOBS (default nproc), KCFLAGS
# (added to, not replaced), STACK_USAGE=no to build without -fstack-usage
# (tests/85 does, to show the flag changes no code).
set -u

# The .su lines of every object in O= folder $1 that is in vmlinux.a and the two lib.a archives the
# link draws on, in link order.  The boot setup, realmode and vDSO objects
# are not in them, so their frames, which never run on the kernel stack,
# stay out.  measure/ keeps only functions that vmlinux still has.  Paths
# are made relative to the source tree $2.
gather_stack_usage() {
	for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do
		[ -e "$1/$a" ] && ar t "$1/$a"
	done | sed -n 's/\.o$/.su/p' | (cd "$1" && xargs cat 2>/dev/null | sed "s|^$2/||") || true
}

# All in one function, so the shell has read the whole script before kbuild
# starts: editing this file during a build cannot derail the build.
main() {
	src=$1 kdir=$2 name=$3 place=${4:+ [$4]}
	obj=$kdir/obj
	log=$kdir/build.log
	jobs=${JOBS:-$(nproc)}

	# A killed build (SIGKILL, power loss) can leave truncated objects that
	# kbuild would take as up to date.  .building marks a build in progress:
	# if it is still there, every file written after it is suspect and goes,
	# so kbuild remakes exactly those.
	mark=$kdir/.building
	if [ -e "$mark" ]; then
		echo "  RESUME  $name: the last build was interrupted; discarding what it wrote"
		# .config and merge.sh's scratch folder are written before the mark
		# by this run's configs stage, not by the killed build
		find "$obj" -path "$obj/.tinykern-config" -prune -o \
			-type f -newer "$mark" ! -path "$obj/.config" -exec rm -f {} +
	fi
	touch "$mark"

	kcflags=${KCFLAGS:-}
	[ "${STACK_USAGE:-yes}" = no ] || kcflags="${kcflags:+$kcflags }-fstack-usage"
	echo "  BUILD   $name$place (-j$jobs, CC=${CC:-ccache gcc})"
	start=$(date +%s)
	# A clean environment for kbuild: the caller's make flags (jobserver, -k)
	# are not kbuild's, and fixed build identity keeps sizes reproducible
	# (the version string is part of .data).
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		KBUILD_BUILD_USER=tinykern KBUILD_BUILD_HOST=tinykern \
		KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 1970" KBUILD_BUILD_VERSION=1 \
		make -C "$src" O="$obj" ARCH=i386 CC="${CC:-ccache gcc}" LOCALVERSION= \
		KCFLAGS="$kcflags" \
		-j"$jobs" vmlinux bzImage >"$log" 2>&1
	rc=$?
	# kbuild finished on its own (success or a clean failure): its tree is
	# consistent again.  Only a killed build leaves the mark behind.
	rm -f "$mark"
	secs=$(( $(date +%s) - start ))
	elapsed=$(printf '%dm%02ds' $((secs / 60)) $((secs % 60)))
	if [ $rc != 0 ]; then
		echo "  FAIL    build $name after $elapsed: $(grep -m1 -E 'error:|Error [0-9]' "$log")" >&2
		echo "  ---- $log ----" >&2
		grep -E -B2 -A3 'error:' "$log" | head -n 20 | sed 's/^/  | /' >&2
		exit 1
	fi
	for f in vmlinux:vmlinux arch/x86/boot/bzImage:bzImage .config:config; do
		cp "$obj/${f%%:*}" "$kdir/${f#*:}.tmp" && mv "$kdir/${f#*:}.tmp" "$kdir/${f#*:}"
	done
	rm -f "$kdir/stack.su"
	# kbuild names sources by the tree's physical path (make -C resolves links)
	[ "${STACK_USAGE:-yes}" = no ] ||
		{ gather_stack_usage "$obj" "$(cd "$src" && pwd -P)" >"$kdir/stack.su.tmp" && mv "$kdir/stack.su.tmp" "$kdir/stack.su"; }
	echo "$secs" >"$kdir/build.seconds"
	left=
	if [ -n "${4:-}" ]; then
		n=$((${4#*/} - ${4%/*}))
		left=", $n build$([ "$n" = 1 ] || echo s) left"
	fi
	echo "  DONE    build $name$place in $elapsed$left"
}

# exit on the same line: sh reads a script as it runs it, and must not read
# past this point, which an edit made during a build may have moved.
main "$@"; exit $?
