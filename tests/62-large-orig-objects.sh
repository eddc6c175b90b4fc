# patches/ 0010-0013: the large config's orig variant (forced inlining and
# -fno-unit-at-a-time on i386_defconfig) failed in four files, one at
# compile time and three at link time.  A whole large build does not fit
# in CI's time, so this compiles those four objects with the real orig
# .config and checks each fault is gone: the object compiles, and leaves no
# reference to a symbol the config does not have.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch large-orig-objects)
cd "$TOP"
make -s BUILD="$BUILD" source >/dev/null
src=$BUILD/src/linux
obj=$d/obj
mkdir -p "$obj"
tinyconfigs/merge.sh "$src" "$obj" \
	tinyconfigs/large.config tinyconfigs/variant-orig.config tinyconfigs/opt-O2.config

# The faults need what i386_defconfig has and lacks; a config that
# changed under them would make the checks below pass for nothing.
for want in CONFIG_CC_FORCE_INLINE=y CONFIG_CC_NO_UNIT_AT_A_TIME=y CONFIG_USB_XHCI_HCD=y \
	CONFIG_PARAVIRT_CLOCK=y CONFIG_BLK_DEV_DM=y CONFIG_NF_NAT=y \
	'# CONFIG_DAX is not set' '# CONFIG_LIBCRC32C is not set'; do
	grep -qx -- "$want" "$obj/.config" || fail "large/O2/orig .config lacks '$want'"
done
ok "large/O2/orig .config forces inlining, compiles function-at-a-time, lacks DAX and LIBCRC32C"

objs="drivers/usb/host/xhci-trace.o arch/x86/entry/vdso/vma.o drivers/md/dm.o net/netfilter/nf_nat_proto.o"
# shellcheck disable=SC2086
t0=$(date +%s)
kbuild/kmake.sh "$src" "$obj" -j"$(nproc)" $objs >"$d/build.log" 2>&1 ||
	{ grep -E -A3 'error:' "$d/build.log" | head -n 20; fail "large/O2/orig: the objects of patches 0010-0013 do not compile"; }
count_build other $(($(date +%s) - t0)) "large/O2/orig, 4 objects"
ok "xhci-trace.o compiles with every inline forced (patch 0010)"

# undefined OBJECT SYMBOL: the object must not need SYMBOL from the link
undefined() { nm -u "$obj/$1" | awk '{ print $2 }' | grep -qx "$2"; }
for pair in arch/x86/entry/vdso/vma.o:pvclock_page drivers/md/dm.o:dax_get_private \
	net/netfilter/nf_nat_proto.o:crc32c; do
	o=${pair%%:*} sym=${pair#*:}
	if undefined "$o" "$sym"; then fail "$o still needs $sym, which the large config does not link"; fi
	ok "$o does not need $sym"
done
