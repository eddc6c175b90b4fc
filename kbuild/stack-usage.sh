#!/bin/sh
# stack-usage: gather the -fstack-usage frames of one built kernel.
#   usage: stack-usage.sh OBJDIR SRCTREE >KDIR/stack.su
# The .su lines of every object in vmlinux.a and the two lib.a archives the
# link draws on, in link order, each object's lines after a line
# "# object PATH.o" (relative to OBJDIR): measure/ joins each frame to the
# function of that object, so a same-named static of another object cannot
# stand in for it.  The boot setup, realmode and vDSO objects are not in
# those archives, so their frames, which never run on the kernel stack,
# stay out.  Source paths are made relative to SRCTREE.
set -eu
obj=$1 src=$(cd "$2" && pwd -P)
cd "$obj"
for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do
	[ -e "$a" ] && ar t "$a"
done | sed -n 's/\.o$/.su/p' | while read -r su; do
	[ -s "$su" ] && echo "$su"
done | xargs -r awk -v src="$src/" '
	FNR == 1 { o = FILENAME; sub(/\.su$/, ".o", o); print "# object " o }
	{ if (index($0, src) == 1) $0 = substr($0, length(src) + 1); print }'
