#!/bin/sh
# deps: fetch Debian's busybox-static for i386 and unpack its binary.
# The amd64 busybox cannot run in an i386 guest, and installing the i386
# package would replace the host's own busybox, so the .deb is downloaded
# by name and unpacked into the build folder instead.
#   usage: fetch-busybox.sh OUTDIR   -> OUTDIR/busybox, OUTDIR/version
set -eu
out=$1
pkg=busybox-static:i386
# a failure is one line on stderr and, for the run's closing summary, in
# $TINYKERN_CAUSES: without busybox no kernel boots, and the boot rows
# alone would only say "not booted"
die() {
	echo "deps: $*" >&2
	[ -z "${TINYKERN_CAUSES:-}" ] || { mkdir -p "$TINYKERN_CAUSES" && echo "deps: $*" >"$TINYKERN_CAUSES/deps"; }
	exit 1
}

if ! dpkg --print-foreign-architectures | grep -qx i386; then
	[ "$(id -u)" = 0 ] ||
		die "apt does not know the i386 architecture; run as root: dpkg --add-architecture i386 && apt-get update"
	echo "  APT     adding the i386 architecture for $pkg"
	dpkg --add-architecture i386
	"$(dirname "$0")/apt-update.sh"
fi

tmp=$(mktemp -d "$out.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download -qq "$pkg" >/dev/null 2>&1); then
	[ "$(id -u)" != 0 ] || "$(dirname "$0")/apt-update.sh"
	err=$(cd "$tmp" && apt-get download -qq "$pkg" 2>&1 >/dev/null) ||
		die "cannot download $pkg: $(printf '%s\n' "$err" | grep -m1 '^E:' || printf '%s\n' "$err" | tail -n 1) (try: apt-get update)"
fi
deb=$(ls "$tmp"/*.deb)
dpkg-deb -x "$deb" "$tmp/x"
bin=$tmp/x/bin/busybox
case $(file -b "$bin") in
*"ELF 32-bit"*"Intel 80386"*"statically linked"*) ;;
*) die "$deb: bin/busybox is not a static i386 ELF" ;;
esac
mkdir -p "$out"
dpkg-deb -f "$deb" Version > "$out/version"
cp "$bin" "$out/busybox.new" && mv "$out/busybox.new" "$out/busybox"
echo "  BUSYBOX $pkg $(cat "$out/version")"
