#!/bin/sh
# inline-oracle: the inline totals of a vmlinux with DWARF 4, computed from
# binutils readelf's text output alone, to check tksize inline against code
# that shares nothing with it.
#   usage: inline-oracle.sh VMLINUX
# Prints "sites S bytes B naive N declared D outofline O naive_outofline NO":
#   S  DW_TAG_inlined_subroutine entries in live code: one of their ranges
#      starts in the image's code sections (SHF_ALLOC + SHF_EXECINSTR), even
#      an empty range, or, with no range, their DW_AT_entry_pc lies there;
#      nested ones count too;
#   B  bytes of the union of the outermost such entries' ranges, clipped to
#      the code sections: each byte of inlined code once;
#   N  the sum of every entry's ranges as they stand, nested and dropped
#      ones included: what a naive walk adds up;
#   D  function names with a DW_TAG_subprogram declared inline
#      (DW_AT_inline 2 or 3);
#   O  of those, the names with an out-of-line copy in live code: the
#      abstract DIE itself with code bytes in the code sections, or a
#      subprogram whose DW_AT_abstract_origin has DW_AT_inline, with such
#      bytes (a copy the linker dropped sits near 0, outside them);
#   NO the same count with the dropped copies, wherever their bytes lie.
set -eu
vm=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

readelf -SW "$vm" | sed -n 's/^ *\[ *[0-9]*\] //p' |
	awk '$7 ~ /A/ && $7 ~ /X/ { print $3, $5 }' >"$tmp/code"
[ -s "$tmp/code" ] || { echo "inline-oracle: $vm: no code sections" >&2; exit 1; }
readelf --debug-dump=Ranges "$vm" 2>/dev/null |
	awk '$1 ~ /^[0-9a-f]+$/ && $2 ~ /^[0-9a-f]+$/ && $3 ~ /^[0-9a-f]+$/ && (NF == 3 || $4 == "(start") { print $1, $2, $3 }' >"$tmp/ranges"
readelf --debug-dump=info "$vm" 2>/dev/null | awk '
	function hex(s,   i, c, v) {
		sub(/^0x/, "", s); v = 0
		for (i = 1; i <= length(s); i++) {
			c = index("0123456789abcdef", substr(s, i, 1)); if (!c) break
			v = v * 16 + c - 1
		}
		return v
	}
	FILENAME == code { cs[++nc] = hex($1); ce[nc] = hex($1) + hex($2); next }
	# numbers become strings with %.0f: awk would print an address past
	# 2^31 as 3.23e+09
	function str(v) { return sprintf("%.0f", v) }
	FILENAME == ranges { o = str(hex($1)); rl[o] = rl[o] " " str(hex($2)) ":" str(hex($3)); next }
	# the code bytes of the ranges RNG or LOW..HIGH in the code sections
	function codebytes(rng, low, high,   list, n, i, p, be, b, e, j, s, t, sum) {
		if (rng != "") list = rl[str(hex(rng))]
		else if (low != "") list = " " str(hex(low)) ":" str(hex(high) < hex(low) ? hex(low) + hex(high) : hex(high))
		n = split(list, p, " ")
		for (i = 1; i <= n; i++) {
			split(p[i], be, ":"); b = be[1] + 0; e = be[2] + 0
			for (j = 1; j <= nc; j++) {
				s = b > cs[j] ? b : cs[j]; t = e < ce[j] ? e : ce[j]
				if (s < t) sum += t - s
			}
		}
		return sum + 0
	}
	# the same, wherever the ranges lie (a dropped copy: near 0)
	function anybytes(rng, low, high,   list, n, i, p, be, sum) {
		if (rng != "") list = rl[str(hex(rng))]
		else if (low != "") list = " " str(hex(low)) ":" str(hex(high) < hex(low) ? hex(low) + hex(high) : hex(high))
		n = split(list, p, " ")
		for (i = 1; i <= n; i++) { split(p[i], be, ":"); sum += be[2] - be[1] }
		return sum + 0
	}
	# the ranges of the DIE just read, if it was an inlined subroutine;
	# a subprogram is kept for the END, whose origins may come later
	function finish(   list, n, i, p, be, b, e, j, s, t, live) {
		if (tag == "DW_TAG_subprogram") {
			nsub++; sname[nsub] = name; sinl[nsub] = inline; sao[nsub] = ao
			scode[nsub] = codebytes(rng, low, high) > 0; sany[nsub] = anybytes(rng, low, high) > 0
			if (inline != "") { dinl[off] = 1; dname[off] = name }
		}
		if (tag != "DW_TAG_inlined_subroutine") return
		if (rng != "") list = rl[str(hex(rng))]
		else if (low != "") list = " " str(hex(low)) ":" str(hex(high) < hex(low) ? hex(low) + hex(high) : hex(high))
		n = split(list, p, " "); live = 0
		for (i = 1; i <= n; i++) {
			split(p[i], be, ":"); b = be[1] + 0; e = be[2] + 0
			naive += e - b
			for (j = 1; j <= nc; j++) {
				if (b >= cs[j] && b < ce[j]) live = 1
				s = b > cs[j] ? b : cs[j]; t = e < ce[j] ? e : ce[j]
				if (s < t && outer) printf "%.0f %.0f\n", s, t > pieces
			}
		}
		if (!live && entry != "")
			for (j = 1; j <= nc; j++) if (hex(entry) >= cs[j] && hex(entry) < ce[j]) live = 1
		if (live) sites++
	}
	/^ <[0-9]+><[0-9a-f]+>: Abbrev Number: [0-9]+ \(/ {
		finish()
		depth = substr($1, 2) + 0	# "<3><93ef6>:" is depth 3
		off = $1; sub(/^<[0-9]+></, "", off); sub(/>:$/, "", off); off = str(hex(off))
		tag = $NF; gsub(/[()]/, "", tag)
		rng = low = high = entry = name = inline = ao = ""
		if (inl >= 0 && depth <= inl) inl = -1
		outer = 0
		if (tag == "DW_TAG_inlined_subroutine" && inl < 0) { inl = depth; outer = 1 }
		next
	}
	/^ <[0-9]+><[0-9a-f]+>: Abbrev Number: 0/ { finish(); tag = ""; next }
	$2 == "DW_AT_ranges" { rng = $NF }
	$2 == "DW_AT_low_pc" { low = $NF }
	$2 == "DW_AT_high_pc" { high = $NF }
	$2 == "DW_AT_entry_pc" { entry = $NF }
	$2 == "DW_AT_name" { name = $NF }
	$2 == "DW_AT_inline" { inline = $4 }
	$2 == "DW_AT_abstract_origin:" { ao = $NF; gsub(/[<>]/, "", ao); ao = str(hex(ao)) }
	BEGIN { inl = -1 }
	END {
		finish()
		for (i = 1; i <= nsub; i++) {
			if (sinl[i] != "") {
				if (sinl[i] == 2 || sinl[i] == 3) decl[sname[i]] = 1
				if (scode[i]) ool[sname[i]] = 1
				if (sany[i]) anyool[sname[i]] = 1
			} else if (sao[i] != "" && dinl[sao[i]]) {
				if (scode[i]) ool[dname[sao[i]]] = 1
				if (sany[i]) anyool[dname[sao[i]]] = 1
			}
		}
		for (k in decl) { nd++; if (ool[k]) nool++; if (anyool[k]) nany++ }
		printf "sites %.0f naive %.0f declared %d outofline %d naive_outofline %d\n", sites, naive, nd, nool, nany
	}
' code="$tmp/code" ranges="$tmp/ranges" pieces="$tmp/pieces" "$tmp/code" "$tmp/ranges" - >"$tmp/counts"
bytes=$(sort -n -k1,1 "$tmp/pieces" | awk '
	{ s = $1 > end ? $1 : end; if ($2 > s) sum += $2 - s; if ($2 > end) end = $2 }
	END { printf "%.0f\n", sum }')
set -- $(cat "$tmp/counts")
echo "sites $2 bytes $bytes naive $4 declared $6 outofline $8 naive_outofline ${10}"
