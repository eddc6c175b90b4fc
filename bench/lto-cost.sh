#!/bin/sh
# lto-cost: what whole-program LTO costs in build time, against dce.
#   usage: bench/lto-cost.sh [CONFIG] [OPT]   (default tiny Os; after `make`)
# A cold build of CONFIG/OPT/dce and of CONFIG/OPT/lto, each from an empty
# folder with ccache off, through kbuild/build.sh as make runs it (-j of
# nproc), from the .config make merged for each.  Then, in a copy of the
# lto folder, the links alone again (vmlinux.o removed), the whole program
# compiled anew: their wall time, and their CPU time over their wall
# time, which says how many cores GCC's code generation kept busy.
# Target: a cold lto build at most 1.5 times a cold dce build.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
config=${1:-tiny} opt=${2:-Os}
src=$top/build/src/linux
work=$top/build/bench/lto-cost
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
say() { echo "bench: $*"; }

for v in dce lto; do
	[ -f "$top/build/kernels/$config-$opt-$v/obj/.config" ] ||
		{ echo "lto-cost: no build/kernels/$config-$opt-$v: run make VARIANTS=\"dce lto\" CONFIGS=$config OPTS=$opt first" >&2; exit 2; }
done
rm -rf "$work"
for v in dce lto; do
	mkdir -p "$work/$v/obj"
	cp "$top/build/kernels/$config-$opt-$v/obj/.config" "$work/$v/obj/.config"
	t=$(now)
	CCACHE_DISABLE=1 "$top/kbuild/build.sh" "$src" "$work/$v" "$config/$opt/$v (bench)" >"$work/$v.out" 2>&1 ||
		{ cat "$work/$v.out" >&2; exit 1; }
	eval "secs_$v=$(since "$t")"
	say "cold $config/$opt/$v: $(eval echo \$secs_$v) s ($(nproc) jobs, ccache off)"
done
say "lto / dce: $(awk -v a="$secs_lto" -v b="$secs_dce" 'BEGIN { printf "%.2f", a / b }') (target <= 1.50)"

# the links again, alone (vmlinux.o removed, so kbuild compiles the whole
# program there and links vmlinux from it): wall and CPU time
rm -f "$work/lto/obj/vmlinux.o"
# KCFLAGS as build.sh gives it, so that no object's command line changes
/usr/bin/time -f '%e %U %S' -o "$work/link.time" \
	env CCACHE_DISABLE=1 KCFLAGS=-fstack-usage "$top/kbuild/kmake.sh" "$src" "$work/lto/obj" -j"$(nproc)" vmlinux \
	>"$work/link.out" 2>&1 || { cat "$work/link.out" >&2; exit 1; }
grep -q '^  LTO     vmlinux.o$' "$work/link.out" || { cat "$work/link.out" >&2; echo "lto-cost: kbuild did not link vmlinux.o again" >&2; exit 1; }
# (init/version-timestamp.o is compiled for every link of vmlinux)
compiled=$(grep '^  CC ' "$work/link.out" | grep -v 'init/version-timestamp\.o' || true)
[ -z "$compiled" ] || { echo "$compiled" | head -n 3 >&2; echo "lto-cost: kbuild compiled objects again; the link is not alone" >&2; exit 1; }
read -r wall user sys <"$work/link.time"
say "the LTO link of vmlinux.o, then vmlinux: $wall s wall, $(awk -v u="$user" -v s="$sys" -v w="$wall" \
	'BEGIN { printf "%.2f", (u + s) / w }') cores busy on average"
rm -rf "$work"
