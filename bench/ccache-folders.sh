#!/bin/sh
# ccache-folders: does ccache hit for a kernel built in a second folder?
#   usage: bench/ccache-folders.sh [CONFIG/OPT/VARIANT]   (default tiny/Os/dce)
# A trial build, a test's copy or a second clone's folder compiles the
# objects of a kernel `make` already built, in another O= folder.  Under -g
# ccache hashes the working directory by default, and kbuild's command
# lines name the tree by its absolute path, so those would all miss;
# kbuild/kmake.sh sets CCACHE_NOHASHDIR, CCACHE_BASEDIR and CCACHE_DEPEND
# (it says why).  This builds the kernel's .config twice more, in two fresh
# folders, against the ccache `make` filled: once as ccache's default does
# (plain kbuild), once as every tinykern build does (kmake.sh), and prints
# the hits of each.  Run it after `make` built the kernel.  A second clone
# in another folder is bench/front-door.sh's part (5).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:-tiny/Os/dce}
k=$top/build/kernels/$(echo "$name" | tr / -)
[ -s "$k/config" ] || { echo "ccache-folders: no $k/config: build $name with make first" >&2; exit 1; }
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/tinykern/ccache} CC="ccache gcc"
work=$top/build/ccache-folders
rm -rf "$work"
for mode in default kmake; do
	o=$work/$mode
	mkdir -p "$o"
	cp "$k/config" "$o/.config"
	"$top/kbuild/ccache-stats.sh" start "$work/$mode.stats"
	t0=$(date +%s)
	if [ $mode = default ]; then
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
			KBUILD_BUILD_USER=tinykern KBUILD_BUILD_HOST=tinykern \
			KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 1970" KBUILD_BUILD_VERSION=1 \
			make -C "$top/build/src/linux" O="$o" ARCH=i386 CC="ccache gcc" LOCALVERSION= \
			KCFLAGS=-fstack-usage -j"$(nproc)" vmlinux bzImage >"$o.log" 2>&1
	else
		KCFLAGS=-fstack-usage "$top/kbuild/kmake.sh" "$top/build/src/linux" "$o" -j"$(nproc)" vmlinux bzImage >"$o.log" 2>&1
	fi
	secs=$(( $(date +%s) - t0 ))
	printf '%-10s %4ss  %s\n' "$mode" "$secs" "$("$top/kbuild/ccache-stats.sh" end "$work/$mode.stats" | sed 's/^  CCACHE  //')"
	if "$top/tests/same-code.sh" "$k/vmlinux" "$o/vmlinux" >/dev/null 2>&1; then
		echo "           its allocated sections are $name's, byte for byte"
	else
		echo "           its allocated sections differ from $name's"
	fi
	rm -rf "$o"
done
