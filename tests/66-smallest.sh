# make smallest: the line users quote (and README.md quotes, in the block
# under "<!-- quoted by tests/66: make smallest -->"), and each
# step's figures, against
# binutils `size`, stat, the kernel's own scripts/bloat-o-meter, its
# minram.result, the tree's Makefile and gcc itself.  The smallest is the
# least text among the steps that boot.  tksize smallest refuses a chain
# of two configs, and exits 1 when nothing in the chain boots.
# It builds the -Oz kernels make does not (about 12 minutes cold):
# timeout: 2400
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch smallest)
cd "$TOP"
make --no-print-directory smallest CONFIGS=tiny >"$d/out" 2>&1 || { cat "$d/out"; fail "make smallest exited non-zero"; }
sed -n '/^tiny i386, /,$p' "$d/out" | tee "$d/table"
comma() { echo "$1" | tr -d ,; }
line=$(head -n 1 "$d/table")
re='^tiny i386, Linux ([0-9.]+), gcc ([0-9.]+): stock ([0-9,]+) -> smallest ([0-9,]+) bytes of text \(([-+][0-9.]+)%\), bzImage ([0-9,]+) -> ([0-9,]+), boots in ([0-9]+) MiB$'
echo "$line" | grep -Eq "$re" || fail "the first line is not in the quoted shape: $line"
field() { echo "$line" | sed -E "s/$re/\\$1/"; }
release=$(field 1) gccv=$(field 2) stock=$(comma "$(field 3)") small=$(comma "$(field 4)") pct=$(field 5)
bz_stock=$(comma "$(field 6)") bz_small=$(comma "$(field 7)") mib=$(field 8)
# the kernel it names, and the stock one
name=$(sed -n 's/^smallest: \([^ ]*\) (\(.*\))$/\1/p' "$d/table")
kd=$(sed -n 's/^smallest: \([^ ]*\) (\(.*\))$/\2/p' "$d/table")
[ -n "$name" ] && [ -f "$kd/vmlinux" ] || fail "no 'smallest: NAME (DIR)' line naming a kernel folder"
[ "$kd" = "$BUILD/kernels/tiny-$(echo "${name#tiny/}" | tr / -)" ] || fail "the smallest is named $name but its folder is $kd"
sk=$BUILD/kernels/tiny-Os-inline+units
size_text() { size "$1" | awk 'NR == 2 { print $1 }'; }
[ "$stock" = "$(size_text "$sk/vmlinux")" ] || fail "stock $stock is not size's text of $sk/vmlinux ($(size_text "$sk/vmlinux"))"
[ "$small" = "$(size_text "$kd/vmlinux")" ] || fail "smallest $small is not size's text of $kd/vmlinux"
[ "$bz_stock" = "$(stat -c %s "$sk/bzImage")" ] && [ "$bz_small" = "$(stat -c %s "$kd/bzImage")" ] ||
	fail "bzImage $bz_stock -> $bz_small is not the two files' sizes"
[ "$mib" = "$(sed -n 's/^min_ram_mib //p' "$kd/minram.result")" ] || fail "boots in $mib MiB, not $kd/minram.result's"
[ "$pct" = "$(awk -v a="$stock" -v b="$small" 'BEGIN { printf "%+.2f", 100 * (b - a) / a }')" ] ||
	fail "the change $pct% is not ($small - $stock) / $stock"
v=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$BUILD/src/linux/Makefile" | paste -sd.)
[ "$release" = "$v" ] || fail "Linux $release, but the tree's Makefile says $v"
# the compiler kbuild recorded in the kernel's .config: 120200 for 12.2.0
cv=$(sed -n 's/^CONFIG_GCC_VERSION=//p' "$kd/config")
[ "$(echo "$gccv" | awk -F. '{ printf "%d%02d%02d", $1, $2, $3 }')" = "$cv" ] || fail "gcc $gccv, but the kernel's .config says $cv"
ok "the quoted line: stock $stock -> $small ($pct%), bzImage $bz_stock -> $bz_small, $mib MiB, Linux $release, gcc $gccv: size, stat, minram.result, the Makefile and gcc agree"

# the README quotes this line: it must be what make smallest prints now
quoted=$(awk '/^<!-- quoted by tests\/66: make smallest -->$/ { m = 1; next } m && /^\$ make smallest$/ { getline; print; exit }' "$TOP/README.md")
[ -n "$quoted" ] || fail "README.md has no block quoting make smallest after its marker"
[ "$quoted" = "$line" ] || fail "README.md quotes '$quoted', but make smallest prints '$line'"
ok "README.md's quoted line is make smallest's"

# each step: its text is size's, and the smallest is the least text that
# booted.  Rows: "tiny/Os/inline+units (stock) TEXT BZIMAGE BOOT", then
# "FROM -> TO TEXT CHANGE PERCENT BZIMAGE BOOT"
least= least_name= prev=
for k in Os/inline+units Oz/inline+units Oz/dce Oz/deinline Oz/lto+deinline; do
	dir=$BUILD/kernels/tiny-$(echo "$k" | tr / -)
	row=$(awk -v k="$k" '($1 == "tiny/" k && $2 == "(stock)") || ($2 == "->" && $3 == k)' "$d/table")
	[ -n "$row" ] || fail "no row for $k"
	[ "$(echo "$row" | wc -l)" = 1 ] || fail "two rows for $k"
	set -- $(echo "$row" | tr -d ,)
	if [ "$2" = "->" ]; then
		[ "$1" = "$prev" ] || fail "$k: the step is from $1, not from the step before it, $prev"
		text=$4 change=$5 bz=$7
		[ "$change" = "$((text - prev_text))" ] || fail "$k: change $change is not $text - $prev_text"
	else
		text=$3 bz=$4
	fi
	[ "$text" = "$(size_text "$dir/vmlinux")" ] || fail "$k: text $text is not size's ($(size_text "$dir/vmlinux"))"
	[ "$bz" = "$(stat -c %s "$dir/bzImage")" ] || fail "$k: bzImage $bz is not the file's size"
	booted=$(sed -n 's/^result //p' "$dir/boot.result")
	[ "$booted" = "$(echo "$row" | awk '{ print $NF }')" ] || fail "$k: boot $(echo "$row" | awk '{ print $NF }'), but boot.result says $booted"
	if [ "$booted" = PASS ] && { [ -z "$least" ] || [ "$text" -lt "$least" ]; }; then
		least=$text least_name=tiny/$k
	fi
	prev=$k prev_text=$text
done
[ "$least_name" = "$name" ] || fail "the least text that booted is $least_name ($least), but make smallest names $name"
ok "every step's text, change and bzImage are size's and stat's, its boot its boot.result's; $name is the least text that booted"

# bloat-o-meter -t's total, as the kernel's own script gives it
"$BUILD/src/linux/scripts/bloat-o-meter" -t "$sk/vmlinux" "$kd/vmlinux" | grep -e '^Total: ' -e '^add/remove: ' >"$d/want.total"
grep -e '^Total: ' -e '^add/remove: ' "$d/table" | diff -u "$d/want.total" - || fail "the bloat-o-meter summary is not scripts/bloat-o-meter -t's"
ok "bloat-o-meter: $(tr '\n' ' ' <"$d/want.total")"

# a chain that spans two configs is refused, naming the kernel
if "$BUILD/tools/tksize" smallest "tiny/Os/inline+units=$sk" "small/Oz/dce=$kd" 2>"$d/two.err"; then
	fail "tksize smallest took a chain of two configs"
fi
expect_grep "^tksize: small/Oz/dce: not a kernel of tiny/Os/inline\+units's config and tree$" "$d/two.err" "two configs"
# nothing boots: a copy of the stock kernel's files whose boot failed
mkdir -p "$d/failed"
cp "$sk/vmlinux" "$sk/bzImage" "$d/failed/"
printf 'result FAIL\nreason no shell prompt\n' >"$d/failed/boot.result"
set +e
"$BUILD/tools/tksize" smallest "tiny/Os/x=$d/failed" >"$d/none.out" 2>"$d/none.err"
rc=$?
set -e
[ "$rc" = 1 ] || fail "tksize smallest with nothing booting exited $rc, not 1"
expect_grep '^tksize: smallest: no kernel from tiny/Os/x on boots$' "$d/none.err" "nothing boots"
ok "two configs refused by name; nothing booting: exit 1, said so"
rm -rf "$d"
