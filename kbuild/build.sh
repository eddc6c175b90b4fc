#!/bin/sh
# build: build one kernel out of tree from its prepared .config.
#   usage: build.sh SRCTREE KDIR NAME [I/N]
# KDIR/obj is the O= folder (its .config comes from tinyconfigs/merge.sh).
# On success vmlinux, bzImage and config are copied to KDIR, each by an
# atomic rename, so an interrupted build never leaves a file that looks done.
# Environment: CC (default "ccache gcc"), JOBS (default nproc).
set -u

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

	echo "  BUILD   $name$place (-j$jobs, CC=${CC:-ccache gcc})"
	start=$(date +%s)
	# A clean environment for kbuild: the caller's make flags (jobserver, -k)
	# are not kbuild's, and fixed build identity keeps sizes reproducible
	# (the version string is part of .data).
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		KBUILD_BUILD_USER=tinykern KBUILD_BUILD_HOST=tinykern \
		KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 1970" KBUILD_BUILD_VERSION=1 \
		make -C "$src" O="$obj" ARCH=i386 CC="${CC:-ccache gcc}" LOCALVERSION= \
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
	echo "$secs" >"$kdir/build.seconds"
	echo "  DONE    build $name$place in $elapsed"
}

main "$@"
