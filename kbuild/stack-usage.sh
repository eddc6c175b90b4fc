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
done | sed -n 's/\.o$/.su/p' | awk -v src="$src/" '
	# every object with a .su file, an empty one too: the join follows
	# the link order of the objects
	{
		su = $0
		if ((getline line < su) < 0) next
		o = su; sub(/\.su$/, ".o", o); print "# object " o
		do { if (index(line, src) == 1) line = substr(line, length(src) + 1); if (line != "") print line }
		while ((getline line < su) > 0)
		close(su)
	}'
