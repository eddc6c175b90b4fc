#!/bin/sh
# dependents: what a change to each source file rebuilds, from the
# dependency lists kbuild keeps in the .cmd file of every object.
#   usage: dependents.sh OBJDIR SRCTREE [UNITS] >FILE
# One line per file of SRCTREE that some object was compiled from:
#   FILE <tab> OBJECTS <tab> OUTSIDE
# OBJECTS counts the objects linked into vmlinux (those of vmlinux.a and
# the two lib.a archives) whose dependency list names FILE; OUTSIDE counts
# the objects that name it and are not linked into vmlinux: the boot
# setup, realmode and vDSO code, and arch/x86/boot/compressed, which
# #includes lib/decompress_*.c.  A function of a file with OUTSIDE > 0 is
# compiled into code that is not the kernel's, and the advisor leaves it
# alone.  Paths are relative to SRCTREE.  UNITS, when given, gets one line
#   FILE <tab> UNIT
# for each .c unit linked into vmlinux whose dependency list names FILE.
set -eu
obj=$(cd "$1" && pwd) src=$(cd "$2" && pwd) units=${3:-/dev/null}
case $units in /*) ;; *) units=$PWD/$units ;; esac
cd "$obj"
{
	for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do
		[ -e "$a" ] && ar t "$a"
	done | sed "s|^$obj/||; s|^|linked |"
	find . -name '.*.o.cmd' | sed 's|^\./||; s|^|cmd |'
} | awk -v src="$src/" -v units="$units" '
	$1 == "linked" { linked[$2] = 1; next }
	{
		# DIR/.NAME.o.cmd holds the dependencies of DIR/NAME.o
		cmd = $2; dir = cmd; sub(/[^\/]*$/, "", dir)
		o = substr(cmd, length(dir) + 2); sub(/\.cmd$/, "", o); o = dir o
		indeps = 0; unit = ""
		while ((getline line < cmd) > 0) {
			if (line ~ /^deps_/) { indeps = 1; continue }
			if (line ~ /^source_/) {
				sub(/^source_[^ ]* := /, "", line)
				if (o in linked && line ~ /\.c$/ && index(line, src) == 1) unit = substr(line, length(src) + 1)
			} else if (!indeps) continue
			else if (line !~ /\\$/) indeps = 0
			sub(/^[ \t]+/, "", line); sub(/[ \t]*\\$/, "", line)
			# compressed/misc.c reaches lib/ as ../../../../lib/
			while (sub(/\/[^\/]+\/\.\.\//, "/", line)) ;
			if (index(line, src) != 1) continue
			f = substr(line, length(src) + 1)
			if (o in linked) inside[f]++; else outside[f]++
			seen[f] = 1
			if (unit != "") print f "\t" unit >units
		}
		close(cmd)
	}
	END { for (f in seen) printf "%s\t%d\t%d\n", f, inside[f], outside[f] }' | sort
