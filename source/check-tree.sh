#!/bin/sh
# check-tree: make sure KSRC, a kernel tree of the user's own, can be built
# out of tree as it stands, and keep STAMP as new as its newest file and
# holding its version.
#   usage: check-tree.sh [-s SERIES_DIR] KSRC STAMP
# tinykern never writes to the tree: every build is an O= folder, which
# kbuild refuses beside a tree configured or built in place, and a series
# (-s: the one made for its version) goes onto a copy (prepare.sh -k).  STAMP is
# written only when it is missing, holds another version, or a file of the
# tree (outside .git) is newer, so the kernels rebuild after a checkout or an edit, and a make
# with nothing changed stays a no-op.  A failure is one line, "source: ...",
# kept in $TINYKERN_CAUSES too.
set -eu
series=
[ "${1:-}" != -s ] || { series=$2; shift 2; }
ksrc=$1 stamp=$2
failed() {
	echo "source: KSRC=$ksrc: $*" >&2
	[ -z "${TINYKERN_CAUSES:-}" ] || { mkdir -p "$TINYKERN_CAUSES" && echo "source: KSRC=$ksrc: $*" >"$TINYKERN_CAUSES/source"; }
	exit 1
}
[ -d "$ksrc/arch/x86" ] && [ -r "$ksrc/Kconfig" ] || failed "not a kernel tree with arch/x86 (no arch/x86 or Kconfig)"
version=$("$(dirname "$0")/kernelversion.sh" "$ksrc") || failed "no version in its Makefile"
for f in .config include/config include/generated arch/x86/include/generated; do
	[ ! -e "$ksrc/$f" ] || failed "configured or built in place ($f); kbuild builds O= folders only from a clean tree: run 'make mrproper' there, or point KSRC at a clean copy"
done
# another tree put in its place shows by its version or path, if not by
# its files' times; another series (KSRC_SERIES switched) by its name
line="$version $ksrc ${series:--}"
if [ "$(cat "$stamp" 2>/dev/null)" = "$line" ] &&
	[ -z "$(find "$ksrc" -path "$ksrc/.git" -prune -o -newer "$stamp" -print -quit)" ]; then
	exit 0
fi
mkdir -p "$(dirname "$stamp")"
if [ -n "$series" ]; then
	echo "  TREE    $ksrc (Linux $version, copied with $(basename "$series")/series on top; never written to)"
else
	echo "  TREE    $ksrc (Linux $version, built as it is, never written to)"
fi
echo "$line" >"$stamp"
