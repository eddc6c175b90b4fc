#!/bin/bash
# ccache-cold: what ccache costs a cold build, per way of running it.
#   usage: bench/ccache-cold.sh [CONFIG/OPT/VARIANT [EVERY]]   (default tiny/Os/dce, 8)
# A first `make` misses ccache on every object, and a miss costs more
# than the compile: in its default mode ccache runs the preprocessor over
# the source to hash it, then the compiler, then stores the object.  In
# depend mode (CCACHE_DEPEND) it hashes the sources the compiler's own
# -MD list names instead, and runs no preprocessor.  This takes every
# EVERY-th C object of a kernel `make` built, compiles each with the
# kernel's own command line (kbuild's .cmd file) into a scratch folder,
# and prints the CPU seconds of each way: gcc alone, ccache cold, ccache
# cold in depend mode, then each mode again warm (every object a hit).
# Each ccache mode gets an empty cache of its own.  CPU time (user+sys),
# not wall time, so that another job on the machine moves it less.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:-tiny/Os/dce}
every=${2:-8}
k=$top/build/kernels/$(echo "$name" | tr / -)
obj=$k/obj
[ -s "$k/vmlinux" ] || { echo "ccache-cold: no $k/vmlinux: build $name with make first" >&2; exit 1; }
work=$top/build/ccache-cold
rm -rf "$work"
mkdir -p "$work/out"

# "OUTPUT<tab>COMMAND" for the sampled objects: kbuild's command line,
# with the object, its .d file and its .su written to the scratch folder
# and CC as the mode sets it
(cd "$obj" && find . -name '.*.o.cmd' | LC_ALL=C sort) | awk -v e="$every" 'NR % e == 0' |
while read -r cmd; do
	line=$(sed -n '1{s/^cmd_[^ ]* := //;s/[[:space:]]*$//;p;}' "$obj/$cmd")
	case $line in *" -c -o "*.c) ;; *) continue ;; esac
	# CC as kbuild/kmake.sh gives it ("$top/kbuild/ccache-cc.sh ccache gcc"), or plain
	case $line in *"ccache-cc.sh ccache gcc "*) line=gcc${line#*ccache-cc.sh ccache gcc} ;;
	"ccache gcc "*) line=${line#ccache } ;; gcc*) ;; *) continue ;; esac
	o=$(echo "$line" | sed -n 's/.* -c -o \([^ ]*\) .*/\1/p')
	flat=$(echo "$o" | tr / _)
	echo "$line" | sed -e "s| -c -o [^ ]* | -c -o $work/out/$flat |" -e "s|-Wp,-MMD,[^ ]*|-Wp,-MMD,$work/out/$flat.d|"
done >"$work/commands"
n=$(wc -l <"$work/commands")
[ "$n" -gt 0 ] || { echo "ccache-cold: no C object command found under $obj" >&2; exit 1; }

# run every command with CC prefix $1 and environment $2...; print CPU s
run() {
	local prefix=$1
	shift
	rm -f "$work/out/"*
	local t0 t1 me=$BASHPID
	t0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$me/stat)
	(cd "$obj" && while IFS= read -r c; do env "$@" sh -c "$prefix $c" >/dev/null 2>&1 || echo "failed: $c" >&2; done <"$work/commands")
	# a shell's children's times are added to its own stat once reaped
	t1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$me/stat)
	awk -v a="$t0" -v b="$t1" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", (b - a) / hz }'
}

echo "  $name: $n C objects (every ${every}th), CPU seconds (user+sys)"
gcc_s=$(run "" CCACHE_DISABLE=1)
printf '  %-28s %7s\n' "gcc alone" "$gcc_s"
for mode in default depend; do
	dir=$work/cache-$mode
	mkdir -p "$dir"
	extra=
	[ $mode = depend ] && extra=CCACHE_DEPEND=1
	cold=$(run ccache CCACHE_DIR="$dir" CCACHE_NOHASHDIR=1 $extra)
	warm=$(run ccache CCACHE_DIR="$dir" CCACHE_NOHASHDIR=1 $extra)
	hits=$(CCACHE_DIR="$dir" ccache --print-stats | awk -F'\t' '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 } END { print h + 0 }')
	printf '  %-28s %7s  (%+.1f%% on gcc)   warm %6s  (%s hits of %s)\n' "ccache $mode mode, cold" "$cold" \
		"$(awk -v a="$cold" -v b="$gcc_s" 'BEGIN { print (a - b) * 100 / b }')" "$warm" "$hits" "$n"
done
rm -rf "$work/out"
