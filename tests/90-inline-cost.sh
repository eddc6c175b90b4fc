# Inline cost from DWARF: every kernel's debug-info twin has the kernel's
# own .text, and tksize's per-function totals are dwarves' pfunct's.
. "$(dirname "$0")/lib.sh"
d=$(scratch inline-cost)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize

# 1. debug info changes no code, in any variant
for v in orig inline inline+units dce; do
	k=$BUILD/kernels/tiny-Os-$v
	[ -e "$k/debug/vmlinux" ] || fail "no $k/debug/vmlinux: run after the integration test"
	grep -q '^CONFIG_DEBUG_INFO=y' "$k/debug/config" || fail "$v twin has no DEBUG_INFO"
	a=$(size "$k/vmlinux" | awk 'NR == 2 { print $1 }') b=$(size "$k/debug/vmlinux" | awk 'NR == 2 { print $1 }')
	[ "$a" = "$b" ] || fail "tiny/Os/$v: text $a, with debug info $b"
	"$tk" diff -t "$k/vmlinux" "$k/debug/vmlinux" >"$d/diff-$v.txt"
	expect_grep '^add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 \(0\)$' "$d/diff-$v.txt" "$v: no symbol changed"
	ok "tiny/Os/$v: debug info leaves .text at $a bytes, every function the same size"
done

# 2. per function, against dwarves' pfunct --total_inline_stats.  pfunct
#    1.24 prints one row per CU for a static function, leaves out rows of a
#    single expansion, cuts names at 31 characters, and misses some
#    expansions that tksize counts (every DW_TAG_inlined_subroutine): 2 of
#    18 ERR_PTR() expansions in fs/namei.c, for one.  So, per name: every
#    function pfunct lists is in tksize's list, pfunct never counts more
#    expansions than tksize, where the counts agree the bytes agree, and
#    they agree on at least half the names.
for v in orig inline+units; do
	vm=$BUILD/kernels/tiny-Os-$v/debug/vmlinux
	"$tk" inline "$vm" >"$d/tk-$v.txt"
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

# 3. the report's summary is the sum of tksize's per-function rows
for v in orig inline+units; do
	sites=$(awk 'NR > 1 && NF == 4 { s += $3 } END { print s }' "$d/tk-$v.txt")
	bytes=$(awk 'NR > 1 && NF == 4 { s += $2 } END { print s }' "$d/tk-$v.txt")
	got=$(jq -r --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | "\(.inline.sites) \(.inline.bytes)"' \
		"$BUILD/report.json")
	[ "$got" = "$sites $bytes" ] || fail "$v: report.json says $got, the rows sum to $sites $bytes"
	ok "tiny/Os/$v: report has $sites inline expansions, $bytes inlined bytes"
done
