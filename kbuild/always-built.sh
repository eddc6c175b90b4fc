#!/bin/sh
# always-built: the units kbuild links into an x86 vmlinux whatever the
# config, read off the kbuild makefiles of a tree.
#   usage: always-built.sh SRCTREE >FILE
# One .c path (relative to SRCTREE) per line, sorted: the objects listed
# as obj-y or lib-y, outside any ifdef/ifeq block, in a directory that its
# parent lists the same way, all the way up to the top-level Kbuild; and
# the parts of such an object (NAME-y, NAME-objs), and of a list obj-y
# names ($(mmu-y)).  CONFIG_MMU, CONFIG_X86 and CONFIG_GENERIC_ENTRY,
# which every x86 config sets, count as y.  A unit whose object is
# obj-$(CONFIG_X), inside a conditional block, or named through another
# variable (init_$(BITS).o), or a composite some config sets anew
# (NAME-$(CONFIG_X) := ...) is left out: some config does not build it.
# The de-inlining advisor gives a header function's shared definition a
# home only among these, so that it is compiled into every x86 config's
# vmlinux (a module that calls it would still want an export).
set -eu
src=$(cd "$1" && pwd)
cd "$src"
out=${TMPDIR:-/tmp}/always-built.$$
trap 'rm -f "$out"' EXIT
: >"$out"
queue=.
while :; do
	# shellcheck disable=SC2086
	set -- $queue
	[ $# -gt 0 ] || break
	dir=$1
	shift
	queue=$*
	mk=$dir/Kbuild
	[ -f "$mk" ] || mk=$dir/Makefile
	[ -f "$mk" ] || continue
	subdirs=$(awk -v dir="$dir" '
		# join continued lines
		/\\$/ { sub(/\\$/, ""); held = held $0 " "; next }
		{ line = held $0; held = "" }
		{ sub(/#.*/, "", line) }
		# what every x86 config sets: mm/Makefile builds mmap.o and memory.o
		# as mmu-$(CONFIG_MMU), added to obj-y as $(mmu-y)
		{ gsub(/\$\(CONFIG_(MMU|X86|GENERIC_ENTRY)\)/, "y", line) }
		line ~ /^[ \t]*(ifn?eq|ifn?def)[ \t(]/ { depth++; next }
		line ~ /^[ \t]*endif/ { if (depth) depth--; next }
		depth { next }
		# NAME-$(CONFIG_X) := sets the list anew in some configs only: none of
		# its parts is always built
		line ~ /^[ \t]*[A-Za-z0-9_.-]+-\$\([A-Za-z0-9_]+\)[ \t]*:?=/ {
			name = line; sub(/-\$\(.*/, "", name); sub(/^[ \t]*/, "", name)
			if (name != "obj" && name != "lib") print "never", name ".o"
			next
		}
		match(line, /^[ \t]*[A-Za-z0-9_.-]+-(y|objs)[ \t]*[:+]?=/) {
			name = line; sub(/[ \t]*[:+]?=.*/, "", name); sub(/^[ \t]*/, "", name)
			op = substr(line, 1, RLENGTH); sub(/.*[^:+=]/, "", op)
			rest = substr(line, RLENGTH + 1)
			# NAME := or = sets the list anew (mm/Makefile: mmu-y := nommu.o,
			# then mmu-$(CONFIG_MMU) := memory.o ...)
			if (op != "+=" && name != "obj-y" && name != "lib-y") {
				base = name; sub(/-(y|objs)$/, "", base)
				print "reset", base ".o"
			}
			# the variables the top-level Kbuild descends through, as x86
			# sets them (lib/ and arch/x86/lib/ are libs-y: lib-y archives)
			gsub(/\$\(SRCARCH\)/, "x86", rest)
			gsub(/\$\(ARCH_LIB\)/, "lib/ arch/x86/lib/", rest)
			gsub(/\$\((ARCH_CORE|ARCH_DRIVERS)\)/, "", rest)
			n = split(rest, w, /[ \t]+/)
			for (i = 1; i <= n; i++) {
				if (w[i] == "") continue
				if (name == "obj-y" || name == "lib-y") {
					if (w[i] ~ /^\$\([A-Za-z0-9_]+-(y|objs)\)$/) {
						# $(mmu-y): every part of that list
						base = w[i]; sub(/^\$\(/, "", base); sub(/-(y|objs)\)$/, "", base)
						print "obj", base ".o"
					} else if (w[i] ~ /\$/) continue
					else if (w[i] ~ /\/$/) print "dir", w[i]
					else if (w[i] ~ /\.o$/) print "obj", w[i]
				} else {
					# NAME-y or NAME-objs: the parts of NAME.o
					base = name; sub(/-(y|objs)$/, "", base)
					if (w[i] ~ /\.o$/ && w[i] !~ /\$/) print "part", base ".o", w[i]
				}
			}
		}' "$mk" | awk -v dir="$dir" '
		$1 == "dir" { d = dir == "." ? $2 : dir "/" $2; sub(/\/$/, "", d); print "D", d; next }
		$1 == "obj" { top[$2] = 1; next }
		$1 == "reset" { delete parts[$2]; next }
		$1 == "never" { never[$2] = 1; next }
		$1 == "part" { parts[$2] = parts[$2] " " $3; next }
		END {
			for (o in top) {
				if (o in never)
					continue
				if (o in parts) {
					n = split(parts[o], p, " ")
					for (i = 1; i <= n; i++) print "O", p[i]
				} else print "O", o
			}
		}' | while read -r kind path; do
			case $kind in
			D) echo "$path" ;;
			O) p=${path%.o}.c
			   [ "$dir" = . ] || p=$dir/$p
			   if [ -f "$p" ]; then echo "$p" >>"$out"; fi ;;
			esac
		done)
	queue="$queue $subdirs"
done
sort -u "$out"
