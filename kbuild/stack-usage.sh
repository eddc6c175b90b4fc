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
# Under GCC's LTO (CONFIG_LTO_GCC) the objects hold GCC's intermediate
# language and no frames; the code is made in the link of vmlinux.o, whose
# code generation writes vmlinux.o.ltrans*.ltrans.su (one a partition):
# their lines come as the frames of the object vmlinux.o.
set -eu
obj=$1 src=$(cd "$2" && pwd -P)
cd "$obj"
{
	for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do
		[ -e "$a" ] && ar t "$a"
	done | sed -n 's/\.o$/.su/p'
	if grep -q '^CONFIG_LTO_GCC=y$' .config; then
		ls vmlinux.o.ltrans*.ltrans.su 2>/dev/null | sed 's/$/ vmlinux.o/'
	fi
} | awk -v src="$src/" '
	# every object with a .su file, an empty one too: the join follows
	# the link order of the objects
	{
		su = $1
		if ((getline line < su) < 0) next
		o = su; sub(/\.su$/, ".o", o)
		# an LTO partition: the frames of the object it went into
		if (NF > 1) o = $2
		# one line per object, however many partitions
		if (o != last) print "# object " o
		last = o
		do { if (index(line, src) == 1) line = substr(line, length(src) + 1); if (line != "") print line }
		while ((getline line < su) > 0)
		close(su)
	}'
