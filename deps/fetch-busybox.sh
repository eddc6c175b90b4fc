#!/bin/sh
# deps: fetch Debian's busybox-static for i386 and unpack its binary.
# The amd64 busybox cannot run in an i386 guest, and installing the i386
# package would replace the host's own busybox, so the .deb is downloaded
# by name and unpacked into the build folder instead.
#   usage: fetch-busybox.sh OUTDIR   -> OUTDIR/busybox, OUTDIR/version
set -eu
out=$1
pkg=busybox-static:i386

if ! dpkg --print-foreign-architectures | grep -qx i386; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: apt does not know the i386 architecture; run as root:" \
		     "dpkg --add-architecture i386 && apt-get update" >&2
		exit 1
	fi
	echo "  APT     adding the i386 architecture for $pkg"
	dpkg --add-architecture i386
	apt-get update -qq
fi

tmp=$(mktemp -d "$out.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download -qq "$pkg" >/dev/null 2>&1); then
	[ "$(id -u)" = 0 ] && apt-get update -qq
	(cd "$tmp" && apt-get download -qq "$pkg") || {
		echo "deps: cannot download $pkg (try: apt-get update)" >&2
		exit 1
	}
fi
deb=$(ls "$tmp"/*.deb)
dpkg-deb -x "$deb" "$tmp/x"
bin=$tmp/x/bin/busybox
case $(file -b "$bin") in
*"ELF 32-bit"*"Intel 80386"*"statically linked"*) ;;
*) echo "deps: $deb: bin/busybox is not a static i386 ELF" >&2; exit 1 ;;
esac
mkdir -p "$out"
dpkg-deb -f "$deb" Version > "$out/version"
cp "$bin" "$out/busybox.new" && mv "$out/busybox.new" "$out/busybox"
echo "  BUSYBOX $pkg $(cat "$out/version")"
