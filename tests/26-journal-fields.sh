# The journals of make deinline and make option-cost are read and written
# by field name, through tksize (measure/readers/journal.c defines them):
# - tksize journal prints the named fields of every line of the asked
#   kinds, as the lines' own columns give them (the layout advisor.sh and
#   option-cost.sh document), on docs/runs/'s advisor journal and on an
#   option-cost journal written here;
# - tksize journal-line makes a line that reads back, and refuses a bad
#   one (a value outside its choices, a missing field, a tab, an unknown
#   name) with one line naming the kind and the field, and no output;
# - tksize diff --net is the net change of the kernel's own
#   scripts/bloat-o-meter, which keep.sh used to cut from its summary line;
# - no awk or cut in deinline/ or optcost/ takes a journal as its input,
#   and the check finds one planted in a copy.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch journal-fields)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
tab=$(printf '\t')

# 1. the named fields, against the columns read by position
j=docs/runs/tiny-Os-dce/journal
[ -s "$j" ] || fail "no $j"
"$tk" journal "$j" kept,dropped kind tid dfuncs seconds >"$d/got" || fail "tksize journal on $j exited $?"
awk -F'\t' '$1 == "kept" || $1 == "dropped" { print $1 "\t" $2 "\t" $7 "\t" $8 }' "$j" >"$d/want"
[ "$(wc -l <"$d/want")" -gt 100 ] || fail "only $(wc -l <"$d/want") kept and dropped lines in $j"
diff -u "$d/want" "$d/got" >&2 || fail "tksize journal's kept and dropped fields are not the lines' columns 2, 7 and 8"
"$tk" journal "$j" boot lineno verdict result >"$d/got"
awk -F'\t' '$1 == "boot" { print NR "\t" $2 "\t" $4 }' "$j" >"$d/want"
[ -s "$d/want" ] || fail "no boot line in $j"
diff -u "$d/want" "$d/got" >&2 || fail "the boot lines' numbers, verdicts and optional results"
ok "tksize journal: $(grep -c -E '^(kept|dropped)' "$j") kept and dropped lines and $(wc -l <"$d/want") boots of $j, field by name"

o=$d/optcost-journal
printf 'option\tSIGNALFD\toff\tmeasured\t-544\t0\t0\t-512\tPASS\t31\t-\t-\n' >"$o"
printf 'forced\tPERF_EVENTS\tX86\tmeasured\t-9000\t-64\t0\t-4096\tPASS\t90\t-HW_PERF_EVENTS\t-\n' >>"$o"
printf 'combined\tSIGNALFD,TIMERFD\t-900\t0\t0\t-512\tPASS\t40\t-920\n' >>"$o"
"$tk" journal "$o" option,forced kind symbol dir selectors dbzimage >"$d/got"
printf 'option\tSIGNALFD\toff\t\t-512\nforced\tPERF_EVENTS\t\tX86\t-4096\n' >"$d/want"
diff -u "$d/want" "$d/got" >&2 || fail "an option-cost journal's option and forced lines, a field only one kind has left empty"
if "$tk" journal "$o" option tid >"$d/out" 2>"$d/err"; then fail "a field no option line has was printed"; fi
expect_grep '^tksize: journal: no option line has a field tid$' "$d/err" "an unknown field"
if "$tk" journal "$j" option symbol >"$d/out" 2>"$d/err"; then fail "an advisor journal read as an option-cost one"; fi
expect_grep "^tksize: $j:1: not a journal line: try$" "$d/err" "the other journal's lines"
[ ! -s "$d/out" ] || fail "a refused journal printed fields"
ok "tksize journal: an option-cost journal's fields; an unknown field and the other journal's lines refused"

# 2. lines made, read back, and refused
"$tk" journal-line split seconds=12 tid=3+4 names='a(), b()' dtext=-32 ddata=0 dbss=0 dfuncs=-4 \
	reason='saved 4 of the 90 predicted' >"$d/line" || fail "journal-line split exited $?"
[ "$(cat "$d/line")" = "split${tab}3+4${tab}a(), b()${tab}-32${tab}0${tab}0${tab}-4${tab}12${tab}saved 4 of the 90 predicted" ] ||
	fail "journal-line split: $(cat -A "$d/line")"
[ "$(wc -l <"$d/line")" = 1 ] && [ "$(tail -c 1 "$d/line" | od -An -c | tr -d ' ')" = '\n' ] ||
	fail "journal-line split: not one line ending in one newline"
[ "$("$tk" journal "$d/line" split names reason)" = "a(), b()${tab}saved 4 of the 90 predicted" ] ||
	fail "the split line made does not read back"
# a failed boot, its optional result given, and one without it
"$tk" journal-line boot verdict=FAIL tids=3+4,5 result='no shell prompt' >>"$d/line"
"$tk" journal-line boot verdict=PASS tids=6 >>"$d/line"
[ "$("$tk" journal "$d/line" boot lineno verdict tids result)" = "2${tab}FAIL${tab}3+4,5${tab}no shell prompt
3${tab}PASS${tab}6${tab}" ] || fail "boot lines with and without their result do not read back: $("$tk" journal "$d/line" boot verdict tids result)"
refused() {
	what=$1 want=$2
	shift 2
	if "$tk" journal-line "$@" >"$d/out" 2>"$d/err"; then fail "$what: journal-line made $(cat "$d/out")"; fi
	[ ! -s "$d/out" ] || fail "$what: a refused line was printed"
	[ "$(wc -l <"$d/err")" = 1 ] || fail "$what: not one line: $(cat "$d/err")"
	expect_grep "^tksize: journal-line: $want\$" "$d/err" "$what"
}
refused "a verdict" "boot: verdict 'MAYBE', not PASS or FAIL" boot verdict=MAYBE tids=1
refused "a missing field" "option: an option line needs reason" option symbol=X dir=off status=cannot \
	dtext=0 ddata=0 dbss=0 dbzimage=0 boot=- seconds=0 changed=-
refused "a tab" "unkept: an unkept line's tid holds a tab or a newline" unkept "tid=1${tab}2"
refused "an unknown name" "try: 'file=x.c' is not NAME=VALUE for a field of a try line" try id=1 file=x.c
refused "a number" "kept: seconds 'quick' is not a number" kept tid=1 names=f dtext=0 ddata=0 dbss=0 dfuncs=0 seconds=quick
ok "tksize journal-line: a line that reads back; five bad ones refused, each named"

# 3. keep.sh's saving, against the kernel's own bloat-o-meter
bom=$BUILD/src/linux/scripts/bloat-o-meter
a=$BUILD/kernels/tiny-Os-dce/vmlinux b=$BUILD/kernels/tiny-Os-deinline/vmlinux
[ -x "$bom" ] && [ -f "$a" ] && [ -f "$b" ] || fail "no bloat-o-meter or tiny/Os kernels: run make first"
for mode in -t -d; do
	want=$("$bom" "$mode" "$a" "$b" | sed -n '1s/.*(\(-\{0,1\}[0-9]*\))$/\1/p')
	got=$("$tk" diff --net "$mode" "$a" "$b")
	[ -n "$want" ] && [ "$got" = "$want" ] || fail "diff --net $mode: $got, bloat-o-meter's summary line $want"
done
[ "$("$tk" diff --net -t "$a" "$b")" -lt 0 ] || fail "deinline's functions are not smaller than dce's"
ok "tksize diff --net -t and -d: bloat-o-meter's net change, dce to deinline"

# 4. no awk or cut reads a journal in deinline/ or optcost/
# (option-cost.sh's merge copies another journal's lines by number, whole: the one sed exempted)
journal_readers() {
	grep -n -E 'journal\}?"' "$1"/deinline/*.sh "$1"/optcost/*.sh | grep -v -E '^[^:]*:[0-9]+:[[:space:]]*#' |
		grep -E "(\\<awk\\>|\\<cut\\>|' [^|]*journal\\}?\")" | grep -v -F 'sed -n "$(sed '"'"'s/$/p/'"'"' "$tdir/merge.nums")" "$other/journal"'
}
[ "$(ls deinline/*.sh optcost/*.sh | wc -l)" -ge 10 ] || fail "deinline/ and optcost/ hold fewer scripts than the check expects"
if journal_readers . >"$d/found"; then cat "$d/found" >&2; fail "an awk or a cut reads a journal"; fi
mkdir -p "$d/copy"
cp -a deinline optcost "$d/copy/"
printf '%s\n' "n=\$(awk -F'\\t' '\$1 == \"kept\"' \"\$journal\" | wc -l)" >>"$d/copy/deinline/kept.sh"
printf '%s\n' "awk -F'\\t' '\$1 == \"option\" {" '	print $2 }' "' \"\$journal\"" >>"$d/copy/optcost/list.sh"
printf '%s\n' "cut -f2 \"\${journal}\" >/dev/null" >>"$d/copy/deinline/emit.sh"
journal_readers "$d/copy" >"$d/found" || fail "the check found no planted reader"
[ "$(wc -l <"$d/found")" = 3 ] || { cat "$d/found" >&2; fail "the check did not find the three planted readers"; }
ok "no awk or cut in deinline/ or optcost/ reads a journal; the three planted ones are found"
