#!/bin/sh
# attribute-oracle: the code bytes each compilation unit of a vmlinux holds,
# from binutils readelf's text output alone (.debug_aranges and the units'
# names), to check `tksize attribute` against code that shares nothing with
# its libdw walk.
#   usage: attribute-oracle.sh VMLINUX SRCTREE
# Prints "PATH BYTES" per unit with code: the unit's ranges clipped to the
# image's code sections (SHF_ALLOC + SHF_EXECINSTR), so the tombstoned
# ranges of code the linker dropped count nowhere; PATH is the unit's
# DW_AT_name relative to SRCTREE, or to the unit's DW_AT_comp_dir for a
# generated file.  A unit that gas named after a header (its first .loc
# was in one) keeps the header's name here.
set -eu
vm=$1 src=${2%/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

readelf -SW "$vm" | sed -n 's/^ *\[ *[0-9]*\] //p' |
	awk '$7 ~ /A/ && $7 ~ /X/ { print $3, $5 }' >"$tmp/code"
[ -s "$tmp/code" ] || { echo "attribute-oracle: $vm: no code sections" >&2; exit 1; }

# unit offset -> name
readelf --debug-dump=info --dwarf-depth=1 "$vm" 2>/dev/null |
	awk -v src="$src/" '
	function flush() {
		if (off == "") return
		if (index(name, src) == 1) name = substr(name, length(src) + 1)
		else if (dir != "" && index(name, dir) == 1) name = substr(name, length(dir) + 1)
		print off, name
	}
	/Compilation Unit @ offset/ { flush(); off = $NF; sub(/:$/, "", off); name = ""; dir = ""; depth0 = 1 }
	/^ <1>/ { depth0 = 0 }
	depth0 && /DW_AT_name/ { name = $NF }
	depth0 && /DW_AT_comp_dir/ { dir = $NF "/" }
	END { flush() }' >"$tmp/names"
[ -s "$tmp/names" ] || { echo "attribute-oracle: $vm: no compilation units" >&2; exit 1; }

readelf --debug-dump=aranges "$vm" 2>/dev/null |
	awk '/Offset into .debug_info:/ { off = $NF; next }
	     $1 ~ /^[0-9a-f]+$/ && $2 ~ /^[0-9a-f]+$/ && NF == 2 { print off, $1, $2 }' >"$tmp/ranges"
[ -s "$tmp/ranges" ] || { echo "attribute-oracle: $vm: no .debug_aranges" >&2; exit 1; }

awk 'function hex(s,   i, v, c) { v = 0; s = tolower(s); sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
		return v }
	FILENAME == ARGV[1] { lo[++n] = hex($1); hi[n] = hex($1) + hex($2); next }
	FILENAME == ARGV[2] { name[$1] = $2; next }
	{ s = hex($2); e = s + hex($3)
	  for (i = 1; i <= n; i++) {
		a = s > lo[i] ? s : lo[i]; b = e < hi[i] ? e : hi[i]
		if (b > a) bytes[$1] += b - a
	  } }
	END { for (o in bytes) if (bytes[o]) {
		if (!(o in name)) { print "attribute-oracle: no unit at offset " o > "/dev/stderr"; exit 1 }
		print name[o], bytes[o] } }' "$tmp/code" "$tmp/names" "$tmp/ranges" >"$tmp/units"
[ -s "$tmp/units" ] || { echo "attribute-oracle: $vm: no unit with code" >&2; exit 1; }
sort "$tmp/units"
