#!/bin/sh
# modular-sources: the .c files kbuild can build into a module, read off
# the kbuild makefiles and Kconfig files of a tree.
#   usage: modular-sources.sh SRCTREE >FILE
# One .c path (relative to SRCTREE) per line, sorted: each object listed
# as obj-m, or as obj-$(CONFIG_X) where some Kconfig file gives X the
# type tristate (or def_tristate), in the folder of its Kbuild or
# Makefile, and the parts of such an object (NAME-y, NAME-objs,
# NAME-$(CONFIG_Y), and the lists they name: i915-y += $(gt-y)).  Only the folders of x86 and the generic code are
# read.  The de-inlining advisor exports a moved header function when
# one of these files names it (rank.sh): a module calls it there.
set -eu
src=$(cd "$1" && pwd)
cd "$src"
# the folders an x86 kernel is built from: every other arch/ is left out
dirs=$(ls -d */ | sed 's|/$||' | grep -vx arch) || :
# shellcheck disable=SC2086
{
	find arch/x86 $dirs -name 'Kconfig*' -type f
	echo --
	find arch/x86 $dirs \( -name Makefile -o -name Kbuild \) -type f
} | awk '
	# the tristate symbols, then each makefile: FILENAME order is the list
	$0 == "--" { mk = 1; next }
	!mk { kconfig[++nk] = $0; next }
	{ makefile[++nm] = $0 }
	END {
		for (i = 1; i <= nk; i++) {
			sym = ""
			while ((getline line < kconfig[i]) > 0) {
				if (line ~ /^[ \t]*(menu)?config[ \t]+[A-Za-z0-9_]+/) {
					sym = line; sub(/^[ \t]*(menu)?config[ \t]+/, "", sym); sub(/[ \t].*/, "", sym)
				} else if (sym != "" && line ~ /^[ \t]*(def_)?tristate([ \t]|$)/)
					tristate[sym] = 1
			}
			close(kconfig[i])
		}
		for (i = 1; i <= nm; i++)
			read_makefile(makefile[i])
		# an object of a modular list, and its parts, to the ones they name
		for (o in top) {
			if (o in lists) {
				n = split(lists[o], l, " ")
				for (k = 1; k <= n; k++) parts[o] = parts[o] " " parts[l[k]]
			}
			if (o in parts) {
				n = split(parts[o], p, " ")
				for (k = 1; k <= n; k++) print p[k]
			} else print o
		}
	}
	function read_makefile(mk,  dir, line, held, lhs, rest, n, w, k, base, sym) {
		dir = mk; sub(/\/[^\/]*$/, "", dir)
		held = ""
		while ((getline line < mk) > 0) {
			if (line ~ /\\$/) { sub(/\\$/, "", line); held = held line " "; continue }
			line = held line; held = ""
			sub(/#.*/, "", line)
			if (!match(line, /^[ \t]*[A-Za-z0-9_.-]+(-m|-y|-objs|-\$\(CONFIG_[A-Za-z0-9_]+\))[ \t]*[:+]?=/))
				continue
			lhs = substr(line, 1, RLENGTH); rest = substr(line, RLENGTH + 1)
			sub(/[ \t]*[:+]?=$/, "", lhs); sub(/^[ \t]*/, "", lhs)
			n = split(rest, w, /[ \t]+/)
			if (lhs ~ /^obj-/) {
				sym = lhs; sub(/^obj-/, "", sym)
				if (sym != "m") {
					if (sym !~ /^\$\(CONFIG_/) continue
					sub(/^\$\(CONFIG_/, "", sym); sub(/\)$/, "", sym)
					if (!(sym in tristate)) continue
				}
				for (k = 1; k <= n; k++)
					if (w[k] ~ /^[A-Za-z0-9_.\/-]+\.o$/) top[dir "/" w[k]] = 1
			} else {
				# NAME-y, NAME-objs, NAME-$(CONFIG_Y): parts of NAME.o
				base = lhs; sub(/-(m|y|objs|\$\(CONFIG_[A-Za-z0-9_]+\))$/, "", base)
				for (k = 1; k <= n; k++)
					if (w[k] ~ /^[A-Za-z0-9_.\/-]+\.o$/)
						parts[dir "/" base ".o"] = parts[dir "/" base ".o"] " " dir "/" w[k]
					else if (w[k] ~ /^\$\([A-Za-z0-9_.-]+-(y|objs)\)$/) {
						# i915-y += $(gt-y): the parts of that list too
						sym = w[k]; sub(/^\$\(/, "", sym); sub(/-(y|objs)\)$/, "", sym)
						lists[dir "/" base ".o"] = lists[dir "/" base ".o"] " " dir "/" sym ".o"
					}
			}
		}
		close(mk)
	}' | sed 's/\.o$/.c/' | while read -r c; do
	[ ! -f "$c" ] || echo "$c"
done | sort -u
