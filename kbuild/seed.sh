#!/bin/sh
# seed: a build folder for a source tree at another path, made from one
# built against the first, so that kbuild there recompiles only the
# objects whose sources differ between the two trees.
#   usage: seed.sh FROM_SRC FROM_OBJ TO_SRC TO_OBJ [CHANGED...]
# kbuild records the absolute source path in every .cmd file, and an O=
# folder whose .cmd files name another tree recompiles everything (and
# ccache misses: the -I flags name the tree).  The copy has FROM_SRC
# rewritten to TO_SRC in them, each file keeping its mtime, and loses the
# `source` link, which kbuild makes again.  CHANGED (paths relative to
# TO_SRC) are the files TO_SRC changed: they are touched, so that they are
# newer than every object of the copy, whenever those were compiled.
# TO_OBJ appears by a rename of a finished copy, so a kill never leaves
# half a folder to build on.  kbuild/trial.sh seeds its trial base with
# it; the Makefile, a variant on a tree of its own (variant-deinline) from
# its base variant's folder.
set -eu
[ $# -ge 4 ] || { echo "usage: seed.sh FROM_SRC FROM_OBJ TO_SRC TO_OBJ [CHANGED...]" >&2; exit 2; }
die() { echo "seed: $*" >&2; exit 1; }
# kbuild's paths are real ones (realpath), so these are too
from_src=$(cd -P "$1" && pwd) to_src=$(cd -P "$3" && pwd) from_obj=$2 to_obj=$4
shift 4
[ -f "$from_obj/vmlinux" ] || die "$from_obj: no built kernel to start from"
mkdir -p "$(dirname "$to_obj")"
rm -rf "$to_obj.tmp"
cp -a "$from_obj" "$to_obj.tmp" || die "copying $from_obj to $to_obj.tmp failed"
rm -f "$to_obj.tmp/source"
find "$to_obj.tmp" -name '*.cmd' -exec grep -l -F "$from_src/" {} + >"$to_obj.tmp/.seed-cmds" || true
[ -s "$to_obj.tmp/.seed-cmds" ] || die "$from_obj: no .cmd file names $from_src (built from another tree?)"
while read -r f; do
	sed "s|$from_src/|$to_src/|g" "$f" >"$f.tmp" && touch -r "$f" "$f.tmp" && mv "$f.tmp" "$f" ||
		die "rewriting $f failed"
done <"$to_obj.tmp/.seed-cmds"
rm -f "$to_obj.tmp/.seed-cmds"
for f in "$@"; do
	[ -f "$to_src/$f" ] || die "$to_src/$f: no such file"
	touch "$to_src/$f"
done
rm -rf "$to_obj"
mv "$to_obj.tmp" "$to_obj"
