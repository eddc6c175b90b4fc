# measure/: a file tksize cannot read is never a small or empty figure.
# A stripped vmlinux (no .symtab), a truncated one and one without debug
# info: each command names the file and the fault in one line and exits 2,
# and the report marks that kernel's figure unavailable, goes on with the
# other kernels, and exits non-zero.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch broken-inputs)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
good=$BUILD/kernels/tiny-Os-dce
[ -s "$good/vmlinux" ] && [ -s "$good/stack.su" ] || fail "no $good: run after the integration test"

strip -o "$d/stripped" "$good/vmlinux"
size=$(stat -c %s "$good/vmlinux")
head -c $((size / 2)) "$good/vmlinux" >"$d/truncated"
readelf -S "$d/stripped" | grep -q '\.symtab' && fail "strip left a .symtab"

# one line, naming the file, exit 2
expect_error() {	# WHAT PATTERN COMMAND...
	what=$1 pattern=$2
	shift 2
	set +e
	"$@" >"$d/out.txt" 2>"$d/err.txt"
	rc=$?
	set -e
	[ "$rc" = 2 ] || { cat "$d/out.txt" "$d/err.txt"; fail "$what: exit $rc, want 2"; }
	[ "$(wc -l <"$d/err.txt")" = 1 ] || { cat "$d/err.txt"; fail "$what: not one line of error"; }
	expect_grep "^tksize: $pattern" "$d/err.txt" "$what"
	ok "$what: $(cat "$d/err.txt")"
}
expect_error "diff, stripped new" "$d/stripped: no symbol table" "$tk" diff "$good/vmlinux" "$d/stripped"
expect_error "diff, stripped old" "$d/stripped: no symbol table" "$tk" diff -t "$d/stripped" "$good/vmlinux"
expect_error "diff, truncated" "$d/truncated: truncated: " "$tk" diff "$good/vmlinux" "$d/truncated"
expect_error "size, truncated" "$d/truncated: truncated: " "$tk" size "$d/truncated"
expect_error "inline, truncated" "$d/truncated: truncated: " "$tk" inline "$d/truncated"
objcopy --strip-debug "$good/vmlinux" "$d/nodebug"
expect_error "inline, no debug info" "$d/nodebug: no DWARF" "$tk" inline "$d/nodebug"
mkdir -p "$d/k-stripped" "$d/k-truncated"
for k in stripped truncated; do
	cp "$good/stack.su" "$good/bzImage" "$good/boot.result" "$d/k-$k/"
	ln -s "$good/obj" "$d/k-$k/obj"
	cp "$d/$k" "$d/k-$k/vmlinux"
done
expect_error "stack, stripped" "$d/k-stripped/vmlinux: no symbol table" "$tk" stack "$d/k-stripped"
expect_error "stack, truncated" "$d/k-truncated/vmlinux: truncated: " "$tk" stack "$d/k-truncated"

# the report: the good kernel is reported whole, the stripped one's stack
# figure is unavailable with its reason, so is the diff between them, and
# the exit code says so; the truncated one is not taken as built
printf '%s\n' "# unavailable: $d/k-stripped/vmlinux: no DWARF (test)" >"$d/k-stripped/inline.txt"
set +e
"$tk" report --json "$d/r.json" --diff good:stripped --diff good:truncated \
	t/Os/good="$good" t/Os/stripped="$d/k-stripped" t/Os/truncated="$d/k-truncated" >"$d/report.txt" 2>"$d/report.err"
rc=$?
set -e
cat "$d/report.txt" "$d/report.err"
[ "$rc" = 1 ] || fail "report exit $rc, want 1"
expect_grep "^t/Os/good +[0-9]+ +[0-9]+ +[0-9]+ " "$d/report.txt" "the good kernel's stack row"
expect_grep "^t/Os/stripped +unavailable: $d/k-stripped/vmlinux: no symbol table" "$d/report.txt" "stripped stack row"
expect_grep "^t/Os/stripped +unavailable: $d/k-stripped/vmlinux: no DWARF \(test\)" "$d/report.txt" "stripped inline row"
expect_grep "^tksize: t/Os/stripped: stack figures unavailable: $d/k-stripped/vmlinux: no symbol table" "$d/report.err" "stack cause"
expect_grep "^tksize: t/Os/stripped: inline figures unavailable: " "$d/report.err" "inline cause"
expect_grep "^tksize: t/Os/stripped: attribution unavailable: $d/k-stripped/vmlinux: no symbol table" "$d/report.err" "attribution cause"
expect_grep "^tksize: t/Os: good -> stripped: symbol diff unavailable: $d/k-stripped/vmlinux: no symbol table" "$d/report.err" "diff cause"
expect_grep "^tksize: t/Os/truncated: FAIL at build: $d/k-truncated/vmlinux: truncated: " "$d/report.err" "truncated kernel"
jq -e '(.kernels[] | select(.name == "t/Os/good") | .stack.functions > 1000) and
	(.kernels[] | select(.name == "t/Os/stripped") | .stack == null and (.stack_error | test("no symbol table"))) and
	(.kernels[] | select(.name == "t/Os/good") | .attribution.files | length > 300) and
	(.kernels[] | select(.name == "t/Os/stripped") | .attribution == null and (.attribution_error | test("no symbol table"))) and
	(.kernels[] | select(.name == "t/Os/truncated") | .built == false and .failed_stage == "build") and
	.unavailable == 4 and (.diffs_unavailable | length) == 1' "$d/r.json" >/dev/null ||
	fail "report.json does not carry the unavailable figures"
ok "the report marks the stripped kernel's figures unavailable, names why, reports the rest and exits 1"
