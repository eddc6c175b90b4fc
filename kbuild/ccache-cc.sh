#!/bin/sh
# ccache-cc: ccache as kbuild's compiler, its dependency files left with
# absolute paths.
#   usage: ccache-cc.sh ccache gcc ARGS...   (kmake.sh sets CC to it)
# Under CCACHE_BASEDIR ccache rewrites the paths of a -MD file into paths
# relative to the working directory, the O= folder (../../../src/linux/...),
# on a hit and a miss alike.  kbuild's .cmd files would then name the
# tree relative to where the folder is: a copy of it at another depth
# (kbuild/trial.sh's trial base, a seeded variant) would find none of its
# dependencies and rebuild every object, and seed.sh could no longer point
# it at another tree.  So the paths that leave the folder (those starting
# with ../) are made absolute again, as gcc wrote them.
dep= next=
for a; do
	if [ -n "$next" ]; then dep=$a next=; continue; fi
	case $a in
	-Wp,-MMD,*|-Wp,-MD,*) dep=${a#-Wp,-M*D,} ;;
	-MF) next=1 ;;
	-MF*) dep=${a#-MF} ;;
	esac
done
"$@" || exit $?
[ -n "$dep" ] && [ -f "$dep" ] && grep -q '\.\./' "$dep" || exit 0
awk -v cwd="$(pwd -P)" '
BEGIN { n = split(cwd, part, "/") }
{
	out = ""
	line = $0
	while (match(line, /(^|[ \t])(\.\.\/)+/)) {
		m = substr(line, RSTART, RLENGTH)
		lead = ""
		if (m ~ /^[ \t]/) { lead = substr(m, 1, 1); m = substr(m, 2) }
		dir = ""
		for (i = 2; i <= n - length(m) / 3; i++)
			dir = dir "/" part[i]
		out = out substr(line, 1, RSTART - 1) lead dir "/"
		line = substr(line, RSTART + RLENGTH)
	}
	print out line
}' "$dep" >"$dep.abs" && mv "$dep.abs" "$dep"
