# Stack footprint from gcc's -fstack-usage: the report's figures are the
# .su files' figures.  That the flag changes no code is tests/81's.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch stack-usage)
cd "$TOP"
export LC_ALL=C
tab=$(printf '\t')
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
k=$BUILD/kernels/tiny-Os-orig
[ -s "$k/stack.su" ] || fail "no $k/stack.su: run after the integration test"
[ -e "$k/obj/vmlinux.o" ] || fail "no objects in $k/obj: the folder was pruned (make prune); make clean and run again"

# 1. tksize's sum and count are those of the .su lines whose own function
#    is in vmlinux, joined here with readelf and awk, per object: a global
#    counts when vmlinux has it with the same binding and size, a static
#    when vmlinux has a local of that name and size after the object's
#    STT_FILE symbol; gcc's .su names a clone without its number.
grep '^# object ' "$k/stack.su" | cut -c 10- >"$d/objects"
[ "$(wc -l <"$d/objects")" -gt 100 ] || fail "stack.su names only $(wc -l <"$d/objects") objects"
symbols() {	# FILE: "file name size bind" of each defined FUNC with code
	readelf -sW "$1" | awk '$4 == "FILE" { f = $8 }
		$4 == "FUNC" && $7 != "UND" && $3 > 0 { print ($5 == "LOCAL" ? f : "-"), $8, $3, $5 }'
}
symbols "$k/vmlinux" >"$d/vm.syms"
while read -r o; do symbols "$k/obj/$o" | sed "s|^|$o |"; done <"$d/objects" >"$d/obj.syms"
awk -F'\t' -v vm="$d/vm.syms" -v objs="$d/obj.syms" '
	BEGIN {
		while ((getline l < vm) > 0) { split(l, a, " "); if (a[1] == "-") g[a[2] " " a[3]] = a[4]; else lc[a[1] " " a[2] " " a[3]]++ }
		while ((getline l < objs) > 0) { split(l, a, " "); n = ++cnt[a[1]]; on[a[1], n] = a[3]; of[a[1], n] = a[2]; os[a[1], n] = a[4]; ob[a[1], n] = a[5] }
	}
	/^# object / { o = substr($0, 10); next }
	{
		name = $1; sub(/.*:/, "", name); hit = 0
		for (pass = 1; pass <= 2 && !hit; pass++)
			for (i = 1; i <= cnt[o] && !hit; i++) {
				if (used[o, i]) continue
				s = on[o, i]; c = s; sub(/\.[0-9]+$/, "", c)
				if (s == name || (pass == 2 && c == name)) { hit = i; used[o, i] = 1 }
			}
		if (!hit) next
		if (ob[o, hit] == "LOCAL") { key = of[o, hit] " " on[o, hit] " " os[o, hit]; if (lc[key] < 1) next; lc[key]-- }
		else if (g[on[o, hit] " " os[o, hit]] != ob[o, hit]) next
		print name "\t" $2
	}' "$k/stack.su" >"$d/kept"
want_n=$(wc -l <"$d/kept") want_sum=$(awk -F'\t' '{ s += $2 } END { print s }' "$d/kept")
want_max=$(sort -t "$tab" -k2,2 -n "$d/kept" | tail -n 1 | cut -f2)
"$tk" stack "$k" >"$d/stack.txt"
cat "$d/stack.txt"
set -- $(head -n 1 "$d/stack.txt")
[ "$2" = "$want_n" ] && [ "$4" = "$want_sum" ] && [ "$3" = "$want_max" ] ||
	fail "tksize says funcs $2 max $3 sum $4; the .su files joined per object say $want_n $want_max $want_sum"
[ "$want_n" -gt 1000 ] || fail "only $want_n functions with frames"
# a join by name alone counts more: the frames of weak functions a strong
# one overrode, and of lib.a objects never linked
awk -F'\t' '!/^# object / { n = $1; sub(/.*:/, "", n); print n "\t" $2 }' "$k/stack.su" | sort >"$d/frames"
nm "$k/vmlinux" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$d/funcs"
byname=$(join -t "$tab" "$d/frames" "$d/funcs" | wc -l)
[ "$byname" -gt "$want_n" ] || fail "a join by name finds $byname frames, not more than the $want_n of the object join"
ok "tksize stack: $want_n functions, largest $want_max, sum $want_sum, as the .su files joined per object say ($byname by name alone)"

# 2. the top 20 are in order, and each is a real .su line
[ "$(sed -n '2,$p' "$d/stack.txt" | wc -l)" = 20 ] || fail "top list is not 20 long"
sed -n '2,$p' "$d/stack.txt" | awk '{ print $1 }' | sort -n -r -c || fail "top list out of order"
sed -n '2,$p' "$d/stack.txt" | while read -r bytes name kind where; do
	grep -q -x -F "$where:$name$tab$bytes$tab$kind" "$k/stack.su" || fail "no .su line for $name $bytes"
done
ok "the 20 largest frames are sorted .su lines"

# 3. the report carries it per kernel and the change orig -> inline+units
make -s BUILD="$BUILD" report >"$d/report.txt" 2>&1 || { cat "$d/report.txt"; fail "report failed"; }
jq -e '.kernels[] | select(.name == "tiny/Os/orig") | .stack.sum == '"$want_sum" "$REPORT.json" >/dev/null ||
	fail "report.json stack.sum of tiny/Os/orig is not $want_sum"
expect_grep '^  stack: sum [0-9]+ -> [0-9]+ \([+-][0-9.]+%\)' "$d/report.txt" "stack change line"
ok "report shows the stack change between variants"
