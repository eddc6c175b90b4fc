# The deinline variant's kernel, which make builds in a folder seeded from
# dce's (kbuild/seed.sh, tests/99), is the kernel a build from an empty
# folder makes, without DWARF or -fstack-usage: the same text, data and
# bss, and every allocated byte but the build-ids.  A full build of its
# own, hence the slow tier.
# timeout: 1200
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline-cold)
cd "$TOP"
deinline_made "$d"
sizes() { size "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }

# A build from an empty folder, against the same tree and .config but
# without DWARF and without -fstack-usage: the kernel a user would
# build.  Its every allocated section holds the bytes of make's
# deinline kernel, built in a copy of dce's folder with both
# instruments, but for the two 20-byte build-ids (tests/same-code.sh).
# So this one build shows that seeding makes the kernel a cold build
# makes, and that the instruments change no code: a kernel measured
# here is the kernel a user ships.  It is the one full build of this
# test, and the only kernel of the suite built from this tree without
# them; it misses ccache on every object, as no
# other kernel here is built without -g from this tree (4m00s here);
# with -g, the objects make's deinline build compiled would be ccache
# hits.
# The two settings turned back are all that DEBUG_INFO=no leaves out
# (tinyconfigs/debug-info.config).
mkdir -p "$d/cold/obj"
cp "$kdir/obj/.config" "$d/cold/obj/.config"
[ "$(grep -E '^(# )?CONFIG_' tinyconfigs/debug-info.config | LC_ALL=C sort | paste -s -d ' ')" = \
	"# CONFIG_DEBUG_INFO_NONE is not set CONFIG_DEBUG_INFO_DWARF4=y" ] ||
	fail "tinyconfigs/debug-info.config sets more than DWARF 4 in place of no debug info: turn that back here too"
"$tree/scripts/config" --file "$d/cold/obj/.config" -d DEBUG_INFO_DWARF4 -e DEBUG_INFO_NONE
STACK_USAGE=no kbuild/build.sh "$tree" "$d/cold" "tiny/Os/deinline (from an empty folder, no -g)" >"$d/cold.out" 2>&1 ||
	{ cat "$d/cold.out"; fail "the build from an empty folder"; }
p=$d/cold
no_instruments "$p"
cold=$(sizes "$p/vmlinux")
[ "$(sizes "$kdir/vmlinux")" = "$cold" ] || fail "make's deinline kernel: $(sizes "$kdir/vmlinux"), from an empty folder: $cold"
ok "make's seeded and a cold build's deinline kernels: the same text, data and bss ($cold)"
tests/same-code.sh "$kdir/vmlinux" "$p/vmlinux" >"$d/same.txt" || fail "make's deinline kernel is not the cold build's, byte for byte"
cat "$d/same.txt"
ok "every allocated section of make's deinline kernel (seeded, -g, -fstack-usage) is the cold plain build's"
# ... and the check can fail: one byte changed in .data of a copy
cp "$kdir/vmlinux" "$d/changed"
off=$(readelf -SW "$d/changed" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".data" { print $4 }')
printf 'Z' | dd of="$d/changed" bs=1 seek=$((0x$off + 100)) conv=notrunc 2>/dev/null
if tests/same-code.sh "$kdir/vmlinux" "$d/changed" 2>"$d/changed.err"; then fail "same-code missed a changed byte"; fi
expect_grep "section .data differs at byte 100 " "$d/changed.err" "the changed byte"
ok "a byte changed in .data is found: $(cat "$d/changed.err")"
# bzImage's payload holds the build-ids: it may differ by a few bytes of
# compression, which its padding can round up to one 512-byte sector, and
# no more
bz_k=$(stat -c %s "$kdir/bzImage") bz_p=$(stat -c %s "$p/bzImage")
bz_d=$((bz_k > bz_p ? bz_k - bz_p : bz_p - bz_k))
[ "$bz_d" -le 512 ] || fail "bzImage $bz_k bytes measured, $bz_p plain: $bz_d bytes apart, more than the build-ids can make"
ok "bzImage $bz_k bytes measured, $bz_p plain ($((bz_k - bz_p)) bytes)"
rm -rf "$d/cold" "$d/changed"

