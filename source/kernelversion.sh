#!/bin/sh
# kernelversion: VERSION.PATCHLEVEL.SUBLEVEL(EXTRAVERSION) of a kernel tree,
# from the four variables at the top of its Makefile, as `make
# kernelversion` prints it, without running kbuild in a tree that must
# not be written to.
#   usage: kernelversion.sh TREE
set -eu
[ -r "$1/Makefile" ] || { echo "source: $1: no kernel tree there (no Makefile)" >&2; exit 1; }
awk -F' = ' '/^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION) =/ { v[$1] = $2 }
	END {
		if (v["VERSION"] == "" || v["PATCHLEVEL"] == "") exit 1
		printf "%s.%s.%s%s\n", v["VERSION"], v["PATCHLEVEL"], v["SUBLEVEL"], v["EXTRAVERSION"]
	}' "$1/Makefile" || { echo "source: $1/Makefile: no VERSION and PATCHLEVEL in it" >&2; exit 1; }
