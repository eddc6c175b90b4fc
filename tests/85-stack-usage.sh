# Stack footprint from gcc's -fstack-usage: the report's figures are the
# .su files' figures, and the flag itself changes no code.
. "$(dirname "$0")/lib.sh"
d=$(scratch stack-usage)
cd "$TOP"
export LC_ALL=C
tab=$(printf '\t')
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
k=$BUILD/kernels/tiny-Os-orig
[ -s "$k/stack.su" ] || fail "no $k/stack.su: run after the integration test"

# 1. tksize's sum and count are those of the .su lines whose function
#    vmlinux has, counted here with nm and awk
nm "$k/vmlinux" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$d/funcs"
awk -F'\t' '{ n = $1; sub(/.*:/, "", n); print n "\t" $2 }' "$k/stack.su" | sort >"$d/frames"
join -t "$tab" "$d/frames" "$d/funcs" >"$d/kept"
want_n=$(wc -l <"$d/kept") want_sum=$(awk -F'\t' '{ s += $2 } END { print s }' "$d/kept")
want_max=$(sort -t "$tab" -k2,2 -n "$d/kept" | tail -n 1 | cut -f2)
"$tk" stack "$k" >"$d/stack.txt"
cat "$d/stack.txt"
set -- $(head -n 1 "$d/stack.txt")
[ "$2" = "$want_n" ] && [ "$4" = "$want_sum" ] && [ "$3" = "$want_max" ] ||
	fail "tksize says funcs $2 max $3 sum $4; the .su files say $want_n $want_max $want_sum"
[ "$want_n" -gt 1000 ] || fail "only $want_n functions with frames"
ok "tksize stack: $want_n functions, largest $want_max, sum $want_sum, as the .su files say"

# 2. the top 20 are in order, and each is a real .su line
[ "$(sed -n '2,$p' "$d/stack.txt" | wc -l)" = 20 ] || fail "top list is not 20 long"
sed -n '2,$p' "$d/stack.txt" | awk '{ print $1 }' | sort -n -r -c || fail "top list out of order"
sed -n '2,$p' "$d/stack.txt" | while read -r bytes name kind where; do
	grep -q -x -F "$where:$name$tab$bytes$tab$kind" "$k/stack.su" || fail "no .su line for $name $bytes"
done
ok "the 20 largest frames are sorted .su lines"

# 3. the report carries it per kernel and the change orig -> inline+units
jq -e '.kernels[] | select(.name == "tiny/Os/orig") | .stack.sum == '"$want_sum" "$BUILD/report.json" >/dev/null ||
	fail "report.json stack.sum of tiny/Os/orig is not $want_sum"
make -s BUILD="$BUILD" report >"$d/report.txt" 2>&1 || { cat "$d/report.txt"; fail "report failed"; }
expect_grep '^  stack: sum [0-9]+ -> [0-9]+ \([+-][0-9.]+%\)' "$d/report.txt" "stack change line"
ok "report shows the stack change between variants"

# 4. -fstack-usage changes no code: the same .config built without it has
#    the same text, symbol by symbol
nof=$d/no-stack-usage
mkdir -p "$nof/obj"
cp "$k/obj/.config" "$nof/obj/.config"
STACK_USAGE=no kbuild/build.sh "$BUILD/src/linux" "$nof" tiny/Os/orig-no-su >"$d/build.txt" 2>&1 ||
	{ cat "$d/build.txt"; fail "build without -fstack-usage failed"; }
[ ! -e "$nof/stack.su" ] || fail "STACK_USAGE=no still gathered stack.su"
[ -z "$(find "$nof/obj" -name '*.su' | head -n 1)" ] || fail "STACK_USAGE=no still wrote .su files"
a=$(size "$k/vmlinux" | awk 'NR == 2 { print $1 }') b=$(size "$nof/vmlinux" | awk 'NR == 2 { print $1 }')
[ "$a" = "$b" ] || fail "text with -fstack-usage $a, without $b"
"$tk" diff -t "$nof/vmlinux" "$k/vmlinux" >"$d/diff.txt"
expect_grep '^add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 \(0\)$' "$d/diff.txt" "no symbol changed"
ok "-fstack-usage leaves .text at $a bytes, every function the same size"
rm -rf "$nof/obj"
