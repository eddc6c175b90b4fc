#!/bin/sh
# kmake: run kbuild on one O= folder as every tinykern build does.
#   usage: kmake.sh SRCTREE OBJDIR [MAKE ARGUMENTS...]
# build.sh, the tests and the benches that call kbuild themselves all come
# through here, so a folder one of them built is up to date for the others.
# Environment: CC (default "ccache gcc"), KCFLAGS and KAFLAGS (added to).
#
# What it sets, and why:
# - a clean environment: the caller's make flags (jobserver, -k) are not
#   kbuild's, and a fixed build identity keeps sizes reproducible (the
#   version string is part of .data);
# - -ffile-prefix-map=SRCTREE/=: DWARF names the tree's files relative to
#   it ("kernel/fork.c"), as __FILE__ already does (the kernel's own
#   -fmacro-prefix-map), so no object depends on the folder the tree is in.
#   gcc does not hand that map to the assembler, so .S units get gas's own
#   --debug-prefix-map.  Only the source tree's path is on the command
#   line, which every O= folder of that tree shares: a copied folder
#   rebuilds nothing (tests/65);
# - with ccache: CCACHE_BASEDIR, the folder both SRCTREE and OBJDIR are in
#   (the clone's build/), so that the absolute paths on kbuild's command
#   lines hash as relative ones and a clone in another folder hits on what
#   this one compiled (bench/ccache-folders.sh); CCACHE_NOHASHDIR, since
#   under -g ccache would hash the O= folder (DW_AT_comp_dir then names the
#   folder that compiled an object first, which no figure reads);
#   CCACHE_DEPEND, which hashes the headers gcc's own -MMD list names
#   instead of running the preprocessor first (bench/ccache-cold.sh: +0.9%
#   on gcc alone for a cold object, against +47.5%).  ccache makes the
#   paths of gcc's own options relative, not those it hands gas with -Wa,
#   so the assembler's map is left out of the hash (CCACHE_IGNOREOPTIONS):
#   it maps every tree the same way, to nothing.  Under a base folder
#   ccache writes the dependency files' paths relative to the O= folder;
#   ccache-cc.sh writes them back as absolute ones for kbuild's .cmd files.
set -eu
[ $# -ge 2 ] || { echo "usage: kmake.sh SRCTREE OBJDIR [MAKE ARGUMENTS...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# both as real absolute paths: kbuild reads O= after -C, from the tree
src=$(cd -P "$1" && pwd)
mkdir -p "$2"
obj=$(cd -P "$2" && pwd)
shift 2
cc=${CC:-ccache gcc}
base=
case $cc in
ccache\ *|*/ccache\ *)
	# the longest folder that holds both the tree and the O= folder; none
	# when that is / (a tree of the user's own elsewhere), where relative
	# paths to the compiler's own headers would depend on the folders' depth
	o=$obj/ s=$src/ base=
	while [ "${o%%/*}" = "${s%%/*}" ] && [ "${o#*/}" != "$o" ] && [ "${s#*/}" != "$s" ]; do
		base=$base${o%%/*}/ o=${o#*/} s=${s#*/}
	done
	base=${base%/}
	cc="$here/ccache-cc.sh $cc"
	;;
esac
exec env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
	CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1 ${base:+CCACHE_BASEDIR="$base"} \
	CCACHE_IGNOREOPTIONS='-Wa,--debug-prefix-map=*' \
	KBUILD_BUILD_USER=tinykern KBUILD_BUILD_HOST=tinykern \
	KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 1970" KBUILD_BUILD_VERSION=1 \
	make -C "$src" O="$obj" ARCH=i386 CC="$cc" LOCALVERSION= \
	KCFLAGS="${KCFLAGS:+$KCFLAGS }-ffile-prefix-map=$src/=" \
	KAFLAGS="${KAFLAGS:+$KAFLAGS }-ffile-prefix-map=$src/= -Wa,--debug-prefix-map=$src/=" \
	"$@"
