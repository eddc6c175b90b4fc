#!/bin/sh
# rootfs: the ext2 disk image the small config's boot check reads.
#   usage: mkdisk.sh OUT.ext2
# One file, tinykern.txt, whose content the init prints and boot/boot.sh
# checks ("tinykern-ext2-ok").  mke2fs -d fills it without root or loop
# mounts; a fixed UUID, hash seed and time make the image reproducible.
set -eu
out=$1
stage=$out.files
rm -rf "$stage"
mkdir -p "$stage"
echo tinykern-ext2-ok >"$stage/tinykern.txt"
touch -d @0 "$stage/tinykern.txt" "$stage"
rm -f "$out.tmp"
E2FSPROGS_FAKE_TIME=1 mke2fs -q -t ext2 -b 1024 -L tinykern -U 6b1a7e2d-0000-4000-8000-000000000001 \
	-E root_owner=0:0,hash_seed=6b1a7e2d-0000-4000-8000-000000000002 -d "$stage" "$out.tmp" 1024 >/dev/null ||
	{ echo "rootfs: mke2fs could not make $out (apt-get install e2fsprogs)" >&2; exit 1; }
mv "$out.tmp" "$out"
rm -rf "$stage"
