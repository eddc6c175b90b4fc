#!/bin/sh
# rootfs: pack busybox and rootfs/init into an xz initramfs.
#   usage: mkinitramfs.sh SRCTREE BUSYBOX OUT.cpio.xz [INIT]
# INIT defaults to rootfs/init; the tests pass misbehaving ones.
# The cpio is made by the kernel's own usr/gen_init_cpio, built here for the
# host, so device nodes need no root and the archive is reproducible.
set -eu
src=$1 busybox=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
init=$(realpath "${4:-$here/init}")
dir=$(dirname "$out")
mkdir -p "$dir"

gen=$dir/gen_init_cpio
list=$out.list
if [ ! -x "$gen" ] || [ "$src/usr/gen_init_cpio.c" -nt "$gen" ]; then
	${HOSTCC:-gcc} -O2 -o "$gen" "$src/usr/gen_init_cpio.c"
fi
# gen_init_cpio -t fixes the mtime of directories and nodes but takes files'
# own: stage copies with mtime 0, so the archive is the same on any machine.
stage=$out.files
rm -rf "$stage"
mkdir -p "$stage"
cp "$busybox" "$stage/busybox"
cp "$init" "$stage/init"
touch -d @0 "$stage/busybox" "$stage/init"
sed -e "s|@BUSYBOX@|$(realpath "$stage/busybox")|" -e "s|@INIT@|$(realpath "$stage/init")|" \
	"$here/initramfs.list" >"$list"

# The kernel's xz decoder gets a small preallocated dictionary: xz -9 (64 MiB)
# fails with "XZ decompressor ran out of memory".  CRC32, not xz's default
# CRC64, is what the kernel checks.
"$gen" -t 0 "$list" |
	xz --check=crc32 --lzma2=preset=9e,dict=1MiB >"$out.tmp"
# The same archive again (another tree's gen_init_cpio, a re-extracted
# tree) keeps the file and its time, so no kernel is booted again for it.
if cmp -s "$out.tmp" "$out"; then
	rm -f "$out.tmp"
	echo "  CPIO    $(basename "$out") $(stat -c %s "$out") bytes, unchanged"
else
	mv "$out.tmp" "$out"
	echo "  CPIO    $(basename "$out") $(stat -c %s "$out") bytes"
fi
