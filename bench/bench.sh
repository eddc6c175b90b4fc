#!/bin/sh
# bench: how fast tinykern is, in figures, against its speed targets.
#   usage: bench/bench.sh [WORKDIR]     (default build/bench; `make bench`)
# BENCH_PLAIN=no skips the plain-kbuild half of (a), about half the run,
# for a quick look at (b), (c) and (d).
#
#  (a) harness overhead: `make` builds and boots the tiny config's three
#      2005 variants; then the same three kernels are built with plain
#      kbuild commands (tinyconfig, merge_config.sh, make) and booted with
#      a plain qemu command.  Each side starts from a cold ccache of its
#      own.  Target: make / plain <= 1.05.
#  (b) a no-op rerun of `make`.  Target: <= 2 s.
#  (c) cold build against a rebuild with warm ccache after deleting the
#      kernels' build folders; the merged-config cache stays, as ccache's
#      does.  Target: warm >= 5x faster.
#  (d) wall time per boot under TCG.  Target: <= 3 s.
# The RAM bisection is extra work plain qemu does not do; it is timed
# apart and not counted in (a).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/build/bench}
variants="orig inline inline+units"
jobs=$(nproc)
src=$top/build/src/linux
initramfs=$top/build/rootfs/initramfs.cpio.xz

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b ? a / b : 0 }'; }
say() { echo "bench: $*"; }

# What both sides share and nobody times: the patched source, busybox and
# the initramfs, made by the project's own make.
make -s -C "$top" source rootfs >/dev/null
rm -rf "$work"
mkdir -p "$work/harness"
# The harness's build folder shares them through links, so its make finds
# them made and does not extract the tree again.
for f in src busybox rootfs .deps.stamp; do ln -s "$top/build/$f" "$work/harness/$f"; done

# DEBUG_INFO=no: the plain side builds as `make tinyconfig` users do,
# without -g, so the harness does too; the two sides do the same compiles.
hmake() {
	CCACHE_DIR=$work/ccache-harness make -s -C "$top" BUILD="$work/harness" CONFIGS=tiny OPTS=Os \
		VARIANTS="$variants" DEBUG_INFO=no "$@"
}

# (a) the harness, cold
say "(a) make: build and boot $variants, cold ccache"
t0=$(now)
hmake kernels >"$work/harness.log" 2>&1
t_build=$(since "$t0")
hmake -j"$jobs" boot-checks >>"$work/harness.log" 2>&1
hmake report >>"$work/harness.log" 2>&1
t_harness=$(since "$t0")
t1=$(now)
hmake ram-probes >>"$work/harness.log" 2>&1
t_ram=$(since "$t1")

# (d) wall time per boot, from the harness's own boot.result files, read
# now: (c) deletes the build folders
boots=$(cat "$work"/harness/kernels/*/boot.result | awk '$1 == "seconds" { printf "%s ", $2 }')
boot_max=$(echo "$boots" | tr ' ' '\n' | sort -g | tail -n 1)

# (a) the same by hand, cold: tinyconfig, merge_config.sh and make per
# kernel, then plain qemu boots, $jobs at a time as make runs them
plain_builds_and_boots() {
	for v in $variants; do
		o=$work/plain/$v
		mkdir -p "$o"
		make -s -C "$src" O="$o" ARCH=i386 tinyconfig >/dev/null
		KCONFIG_CONFIG=$o/.config "$src/scripts/kconfig/merge_config.sh" -m -O "$o" "$o/.config" \
			"$top/tinyconfigs/tiny.config" "$top/tinyconfigs/variant-$v.config" \
			"$top/tinyconfigs/opt-Os.config" >/dev/null
		make -s -C "$src" O="$o" ARCH=i386 olddefconfig >/dev/null
		CCACHE_DIR=$work/ccache-plain make -s -C "$src" O="$o" ARCH=i386 CC="ccache gcc" \
			-j"$jobs" vmlinux bzImage >"$o/build.log" 2>&1
	done
	echo $variants | tr ' ' '\n' | xargs -P "$jobs" -I V sh -c '
		timeout 60 qemu-system-i386 -accel tcg -m 64M -nic none -display none -monitor none \
			-serial "file:$0/plain/V/console.log" -no-reboot -kernel "$0/plain/V/arch/x86/boot/bzImage" \
			-initrd "$1" -append "console=ttyS0 panic=-1" </dev/null >/dev/null 2>&1' "$work" "$initramfs"
	for v in $variants; do
		grep -q '^TINYKERN-BOOT-OK' "$work/plain/$v/console.log" ||
			{ echo "bench: plain boot of $v did not reach the marker" >&2; exit 1; }
	done
}
if [ "${BENCH_PLAIN:-yes}" = no ]; then
	t_plain=
else
	say "(a) plain kbuild + qemu: the same three kernels, cold ccache"
	t0=$(now)
	plain_builds_and_boots
	t_plain=$(since "$t0")
fi

# (b) a no-op rerun
say "(b) no-op rerun of make"
hmake >/dev/null 2>&1
t0=$(now)
hmake >"$work/noop.log" 2>&1
t_noop=$(since "$t0")

# (c) warm ccache after deleting the build folders
say "(c) rebuild with warm ccache after deleting the build folders"
rm -rf "$work/harness/kernels"
t0=$(now)
hmake kernels >"$work/warm.log" 2>&1
t_warm=$(since "$t0")

{
	echo "tinykern bench, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(gcc -dumpfullversion) $(qemu-system-i386 --version | head -n 1)"
	printf '(a) make, 3 kernels built and booted (cold ccache)  %8ss\n' "$t_harness"
	if [ -n "$t_plain" ]; then
		printf '    plain kbuild + qemu, same 3 kernels (cold)     %8ss\n' "$t_plain"
		printf '    overhead ratio make / plain                     %8s   target <= 1.05\n' "$(ratio "$t_harness" "$t_plain")"
	else
		printf '    plain kbuild + qemu: not run (BENCH_PLAIN=no)\n'
	fi
	printf '    (min-RAM bisection, not in the ratio            %8ss)\n' "$t_ram"
	printf '(b) no-op rerun of make                             %8ss   target <= 2\n' "$t_noop"
	printf '(c) cold build of 3 kernels                         %8ss\n' "$t_build"
	printf '    warm-ccache rebuild after rm of the folders     %8ss\n' "$t_warm"
	printf '    speed-up                                        %8sx   target >= 5\n' "$(ratio "$t_build" "$t_warm")"
	printf '(d) wall time per boot under TCG (s)        %s  max %s   target <= 3\n' "$boots" "$boot_max"
} | tee "$work/bench.txt"
