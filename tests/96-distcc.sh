# CC="distcc gcc" reaches kbuild untouched, for users with a build farm.
# Real distcc, with DISTCC_HOSTS=localhost (it compiles here, no daemon),
# builds a kernel whose sizes are those of the ccache-built one.
. "$(dirname "$0")/lib.sh"
d=$(scratch distcc)
cd "$TOP"
command -v distcc >/dev/null || fail "distcc not installed (deps/packages.list has it)"
# a build folder of its own that shares the source tree and the rootfs
mkdir -p "$d/build"
for f in src busybox rootfs .deps.stamp; do ln -s "$BUILD/$f" "$d/build/$f"; done
DISTCC_HOSTS=localhost DISTCC_VERBOSE=1 DISTCC_LOG="$d/distcc.log" \
	make BUILD="$d/build" CC="distcc gcc" VARIANTS=inline+units INLINE_STATS=no kernels >"$d/make.txt" 2>&1 ||
	{ cat "$d/make.txt"; fail "make with CC=\"distcc gcc\" failed"; }
cat "$d/make.txt"
expect_grep '^  BUILD   tiny/Os/inline[+]units .*CC=distcc gcc\)$' "$d/make.txt" "build line names distcc"
expect_grep '^distcc\[[0-9]+\] \(dcc_scan_args\) found input file ".*/init/main\.c"$' "$d/distcc.log" "distcc compiled init/main.c"
n=$(grep -c '^distcc\[[0-9]*\] exec on localhost: ' "$d/distcc.log" || true)
[ "$n" -gt 300 ] || fail "distcc log shows only $n compiles"
a=$(size "$BUILD/kernels/tiny-Os-inline+units/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
b=$(size "$d/build/kernels/tiny-Os-inline+units/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
[ "$a" = "$b" ] || fail "distcc-built sizes $b differ from the ccache-built $a"
ok "CC=\"distcc gcc\" built the kernel through distcc ($n compiles), same sizes: $b"
rm -rf "$d/build/kernels"
