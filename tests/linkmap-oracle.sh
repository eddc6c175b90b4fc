#!/bin/sh
# linkmap-oracle: the bytes each object put into a linked vmlinux, from
# its GNU ld map file, with awk: to check `tksize attribute`'s per-object
# view against the linker's own account.  It re-implements the rules of
# measure/readers/linkmap.c in another language, so it checks itself against
# readelf too: the objects and the fill must fill every allocated section
# exactly, or it fails.
#   usage: linkmap-oracle.sh VMLINUX MAP
# Prints "OBJECT BYTES" per object ("kernel/fork.o"; an archive member
# by its own name), and "*fill* BYTES": the input sections of the memory
# map that lie in VMLINUX's allocated sections (readelf -S), whatever
# their kind; what lies outside them (debug sections, discarded ones)
# counts nowhere.  ld lists merged string sections of several objects at
# one address (the strings they share), so each byte goes to the first
# input section that holds it, by address, the longer first, then the one
# ld lists first.
set -eu
vm=$1 map=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

readelf -SW "$vm" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$7 ~ /A/ && $5 !~ /^0+$/ { print $3, $5 }' >"$tmp/alloc"
[ -s "$tmp/alloc" ] || { echo "linkmap-oracle: $vm: no allocated sections" >&2; exit 1; }

[ -s "$map" ] || { echo "linkmap-oracle: $map: empty or missing" >&2; exit 1; }
awk 'function hex(s,   i, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	function ishex(s) { return s ~ /^0x[0-9a-fA-F]+$/ }
	function place(addr, size, obj,   i, a, b) {
		for (i = 1; i <= n; i++) {
			a = addr > lo[i] ? addr : lo[i]; b = addr + size < hi[i] ? addr + size : hi[i]
			if (b > a) printf "%.0f %.0f %s %d %d\n", a, b - a, obj, NR, i
		}
	}
	FILENAME == ARGV[1] { lo[++n] = hex($1); hi[n] = hex($1) + hex($2); next }
	/^Linker script and memory map/ { inmap = 1; next }
	!inmap { next }
	/^[^ ]/ { pending = 0; next }
	$1 == "*fill*" && ishex($2) && ishex($3) { place(hex($2), hex($3), "*fill*"); pending = 0; next }
	NF == 4 && $1 !~ /^\*/ && !ishex($1) && ishex($2) && ishex($3) {
		obj = $4; if (match(obj, /\(.*\)$/)) obj = substr(obj, RSTART + 1, RLENGTH - 2)
		place(hex($2), hex($3), obj); pending = 0; next }
	NF == 1 && $1 !~ /^\*/ && !ishex($1) { pending = 1; next }
	pending && NF == 3 && ishex($1) && ishex($2) && !ishex($3) {
		obj = $3; if (match(obj, /\(.*\)$/)) obj = substr(obj, RSTART + 1, RLENGTH - 2)
		place(hex($1), hex($2), obj) }
	{ pending = 0 }' "$tmp/alloc" "$map" >"$tmp/pieces"
[ -s "$tmp/pieces" ] || { echo "linkmap-oracle: $map: no input section in $vm's allocated sections" >&2; exit 1; }
sort -k1,1n -k2,2nr -k4,4n "$tmp/pieces" |
	awk -v sizes="$tmp/alloc" '
	BEGIN { while ((getline line < sizes) > 0) { split(line, f, " "); want[++n] = f[2] } }
	function hex(s,   i, v) { v = 0; s = tolower(s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	{ s = $1; e = $1 + $2; if (s < mark) s = mark; if (e > s) { bytes[$3] += e - s; got[$5] += e - s; mark = e } }
	END { for (i = 1; i <= n; i++) if (got[i] != hex(want[i])) {
			printf "linkmap-oracle: allocated section %d: the map places %.0f of %.0f bytes\n", i, got[i], hex(want[i]) > "/dev/stderr"
			bad = 1 }
	      if (bad) exit 1
	      for (o in bytes) print o, bytes[o] }' >"$tmp/objects"
sort "$tmp/objects"
