#!/bin/sh
# build: build one kernel out of tree from its prepared .config.
#   usage: build.sh SRCTREE KDIR NAME
# KDIR/obj is the O= folder (its .config comes from tinyconfigs/merge.sh).
# On success vmlinux, bzImage and config are copied to KDIR, each by an
# atomic rename, so an interrupted build never leaves a file that looks done.
# Environment: CC (default "ccache gcc"), JOBS (default nproc).
set -u
src=$1 kdir=$2 name=$3
obj=$kdir/obj
log=$kdir/build.log
jobs=${JOBS:-$(nproc)}

echo "  BUILD   $name (-j$jobs, CC=${CC:-ccache gcc})"
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
echo "  DONE    build $name in $elapsed"
