#!/bin/sh
# source: extract Debian's linux-source tarball and apply patches/series.
#   usage: prepare.sh TARBALL SERIES_DIR OUTDIR
# The tree is built in OUTDIR/linux.tmp and renamed to OUTDIR/linux only
# after every patch applied, so a failed or interrupted run never leaves a
# half-patched tree that a later run would trust.  A rerun (new tarball or
# series) always starts from a fresh extraction, never patches twice.
set -eu
tarball=$1 series_dir=$2 out=$3
series=$series_dir/series

[ -r "$tarball" ] || { echo "source: $tarball: not found (apt-get install linux-source-6.1)" >&2; exit 1; }
[ -r "$series" ] || { echo "source: $series: not found" >&2; exit 1; }

mkdir -p "$out"
tmp=$out/linux.tmp
rm -rf "$tmp"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp"
echo "  EXTRACT $(basename "$tarball")"
tar -xJf "$tarball" -C "$tmp" --strip-components=1

# VERSION.PATCHLEVEL.SUBLEVEL(EXTRAVERSION), read from the top Makefile
kver() {
	awk -F' = ' '/^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION) =/ { v[$1] = $2 }
		END { printf "%s.%s.%s%s\n", v["VERSION"], v["PATCHLEVEL"], v["SUBLEVEL"], v["EXTRAVERSION"] }' "$1/Makefile"
}
have=$(kver "$tmp")
want=$(sed -n 's/^# *target: *linux-source \([^ ]*\).*/\1/p' "$series")
if [ -n "$want" ] && [ "$have" != "$want" ]; then
	echo "  WARNING linux-source is $have but patches/series was made for $want; trying it"
fi

# One patch at a time: dry-run first, so a failing patch changes nothing
# and the message can name the file it fails on.
grep -v -e '^#' -e '^[[:space:]]*$' "$series" | while read -r p; do
	file=$series_dir/$p
	[ -r "$file" ] || { echo "source: $series: $p: no such patch" >&2; exit 1; }
	if ! log=$(patch -d "$tmp" -p1 --batch --forward --fuzz=0 --dry-run <"$file" 2>&1); then
		bad=$(printf '%s\n' "$log" | awk '
			/^(patching|checking) file /  { f = $3 }
			/FAILED|not found|No such file|malformed|Reversed/ { print f; exit }')
		why=$(printf '%s\n' "$log" | grep -m1 -E 'FAILED|not found|No such file|malformed|Reversed' || true)
		echo "source: $p does not apply to linux-source $have: ${bad:-?}: ${why:-$log}" >&2
		exit 1
	fi
	patch -d "$tmp" -p1 --batch --forward --fuzz=0 --quiet <"$file"
	echo "  PATCH   $p"
done

if [ -n "$want" ] && [ "$have" != "$want" ]; then
	echo "  NOTE    patches/series (made for $want) applies to linux-source $have"
fi
printf '%s\n' "$have" >"$tmp/.tinykern-version"
rm -rf "$out/linux"
mv "$tmp" "$out/linux"
