# Inline cost from the DWARF every kernel is built with (that -g changes
# no code is tests/81's): tksize's totals are those binutils readelf's
# text output gives (tests/inline-oracle.sh, code that shares nothing with
# tksize); its per-function rows are dwarves' pfunct's.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch inline-cost)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize

# 1. the totals, against readelf: each byte of inlined code once (the
#    union of the outermost expansions' ranges), live code only, and the
#    expansions with live code, and the declared-inline functions with an
#    out-of-line copy in live code.  The naive sum (every expansion's ranges,
#    nested and dropped ones too) must be larger, or this kernel would not
#    show the difference.
for v in orig dce; do
	vm=$BUILD/kernels/tiny-Os-$v/vmlinux
	"$tk" inline "$vm" >"$d/tk-$v.txt"
	set -- $(sed -n 's/^# declared \([0-9]*\) .* outofline \([0-9]*\) .* sites \([0-9]*\) bytes \([0-9]*\)$/\1 \2 \3 \4/p' "$d/tk-$v.txt")
	declared=$1 outofline=$2 sites=$3 bytes=$4
	tests/inline-oracle.sh "$vm" >"$d/oracle-$v.txt"
	set -- $(cat "$d/oracle-$v.txt")
	[ "$sites" = "$2" ] && [ "$bytes" = "$4" ] ||
		fail "tiny/Os/$v: tksize says $sites expansions, $bytes bytes; readelf says $2 and $4"
	[ "$6" -gt "$bytes" ] || fail "tiny/Os/$v: the naive sum $6 is not above the true $bytes"
	rows=$(awk 'NR > 1 && NF == 4 { s += $2 } END { print s }' "$d/tk-$v.txt")
	[ "$rows" -gt "$bytes" ] || fail "tiny/Os/$v: the rows ($rows) should hold nested bytes beyond the total"
	# the rows hold nested bytes but no dropped ones: without DCE they are
	# the naive sum, with it less, by the code of the functions the linker
	# dropped (their DWARF stays, at addresses near 0)
	if [ "$v" = dce ]; then
		[ "$6" -gt "$rows" ] || fail "tiny/Os/dce: no dropped code in the naive sum ($6, rows $rows)"
	else
		[ "$6" = "$rows" ] || fail "tiny/Os/$v: rows $rows, naive sum $6: bytes left out without DCE"
	fi
	# the functions declared inline, and those of them with an out-of-line
	# copy in live code; with DCE, the copies the linker dropped must not
	# count, and this kernel has some
	[ "$declared" = "$8" ] && [ "$outofline" = "${10}" ] ||
		fail "tiny/Os/$v: tksize says $declared declared inline, $outofline with out-of-line copies; readelf says $8 and ${10}"
	if [ "$v" = dce ]; then
		[ "${12}" -gt "$outofline" ] || fail "tiny/Os/dce: no dropped out-of-line copy (${12} with them, $outofline without)"
	fi
	ok "tiny/Os/$v: $sites expansions, $bytes bytes of inlined code, $declared declared inline, $outofline with live out-of-line copies, as readelf gives; naive $6 bytes and ${12} copies, rows $rows"
done

# 2. per function, against dwarves' pfunct --total_inline_stats.  pfunct
#    1.24 prints one row per CU for a static function, leaves out rows of a
#    single expansion, cuts names at 31 characters, and misses some
#    expansions that tksize counts: 2 of 18 ERR_PTR() expansions in
#    fs/namei.c, for one.  So, per name: every function pfunct lists is in
#    tksize's list, pfunct never counts more expansions than tksize, where
#    the counts agree the bytes agree, and they agree on at least half the
#    names.  Kernels without DCE: pfunct counts dropped code too.
for v in orig inline+units; do
	vm=$BUILD/kernels/tiny-Os-$v/vmlinux
	[ -e "$d/tk-$v.txt" ] || "$tk" inline "$vm" >"$d/tk-$v.txt"
	pfunct --total_inline_stats "$vm" >"$d/pf-$v.txt" 2>"$d/pf-$v.err" || fail "pfunct failed on $vm"
	awk 'NR > 1 && NF == 5 { b[$1] += $2; n[$1] += $3 } END { for (k in n) print k, b[k], n[k] }' \
		"$d/pf-$v.txt" | sort >"$d/pf-$v.byname"
	awk 'NR > 1 && NF == 4 { k = substr($1, 1, 31); b[k] += $2; n[k] += $3 } END { for (k in n) print k, b[k], n[k] }' \
		"$d/tk-$v.txt" | sort >"$d/tk-$v.byname"
	names=$(wc -l <"$d/pf-$v.byname")
	[ "$names" -gt 500 ] || fail "$v: pfunct lists only $names inline functions"
	missing=$(join -v1 "$d/pf-$v.byname" "$d/tk-$v.byname" | wc -l)
	[ "$missing" = 0 ] || { join -v1 "$d/pf-$v.byname" "$d/tk-$v.byname" | head; fail "$v: $missing functions pfunct lists are not in tksize's"; }
	join "$d/pf-$v.byname" "$d/tk-$v.byname" >"$d/joined-$v"
	bad=$(awk '$3 > $5 || ($3 == $5 && $2 != $4)' "$d/joined-$v" | wc -l)
	[ "$bad" = 0 ] || { awk '$3 > $5 || ($3 == $5 && $2 != $4)' "$d/joined-$v" | head; fail "$v: $bad functions where pfunct counts more, or the same expansions with other bytes"; }
	same=$(awk '$3 == $5' "$d/joined-$v" | wc -l)
	[ $((same * 2)) -ge "$names" ] || fail "$v: only $same of $names functions agree exactly"
	ok "tiny/Os/$v: all $names functions pfunct lists are tksize's; $same agree exactly, the rest have expansions pfunct misses"
done

# 3. the report carries tksize inline's totals line, as make wrote it
for v in orig dce; do
	want=$(sed -n 's/^# declared \([0-9]*\) declared_inlined \([0-9]*\) outofline \([0-9]*\) undeclared_inlined \([0-9]*\) sites \([0-9]*\) bytes \([0-9]*\)$/\1 \2 \3 \4 \5 \6/p' "$d/tk-$v.txt")
	got=$(jq -r --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .inline |
		"\(.declared) \(.declared_inlined) \(.outofline) \(.undeclared_inlined) \(.sites) \(.bytes)"' "$BUILD/report.json")
	[ -n "$want" ] && [ "$got" = "$want" ] || fail "$v: report.json says '$got', tksize inline '$want'"
	ok "tiny/Os/$v: report.json's inline figures are tksize inline's: $got"
done
