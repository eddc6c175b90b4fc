#!/bin/sh
# ccache-folders: does ccache hit for a kernel built in a second folder?
#   usage: bench/ccache-folders.sh [CONFIG/OPT/VARIANT]   (default tiny/Os/dce)
# A trial build, a test's copy or a new machine's folder compiles the
# objects of a kernel `make` already built, in another O= folder.  Under -g
# ccache hashes the working directory by default, so those would all miss;
# kbuild/build.sh sets CCACHE_NOHASHDIR (and CCACHE_DEPEND).  This builds the kernel's .config
# twice more, in two fresh folders, against the ccache `make` filled: once
# as ccache's default does (the folder hashed), once as build.sh does, and
# prints the hits of each.  Run it after `make` built the kernel.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:-tiny/Os/dce}
k=$top/build/kernels/$(echo "$name" | tr / -)
[ -s "$k/config" ] || { echo "ccache-folders: no $k/config: build $name with make first" >&2; exit 1; }
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/tinykern/ccache} CC="ccache gcc"
work=$top/build/ccache-folders
rm -rf "$work"
for mode in hashdir nohashdir; do
	o=$work/$mode
	mkdir -p "$o"
	cp "$k/config" "$o/.config"
	"$top/kbuild/ccache-stats.sh" start "$work/$mode.stats"
	t0=$(date +%s)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $( [ $mode = nohashdir ] && echo CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1 ) \
		KBUILD_BUILD_USER=tinykern KBUILD_BUILD_HOST=tinykern \
		KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 1970" KBUILD_BUILD_VERSION=1 \
		make -C "$top/build/src/linux" O="$o" ARCH=i386 CC="ccache gcc" LOCALVERSION= \
		KCFLAGS=-fstack-usage -j"$(nproc)" vmlinux bzImage >"$o.log" 2>&1
	secs=$(( $(date +%s) - t0 ))
	printf '%-10s %4ss  %s\n' "$mode" "$secs" "$("$top/kbuild/ccache-stats.sh" end "$work/$mode.stats" | sed 's/^  CCACHE  //')"
	if "$top/tests/same-code.sh" "$k/vmlinux" "$o/vmlinux" >/dev/null 2>&1; then
		echo "           its allocated sections are $name's, byte for byte"
	else
		echo "           its allocated sections differ from $name's"
	fi
	rm -rf "$o"
done
