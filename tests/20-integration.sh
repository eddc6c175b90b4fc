# The main job end to end: `make` builds the tiny config in every variant
# from the patched tree, boots each under QEMU and prints the size table.
# Reuses whatever an earlier `make` already built.  On a fresh machine
# (CI) it is the cold `make`, four kernel builds, hence its own time limit:
# timeout: 3000
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch integration)
# this test is the user's `make`: its report is build/report.*
unset REPORT
cd "$TOP"

make BUILD="$BUILD" >"$d/make.log" 2>&1 || { cat "$d/make.log"; fail "make exited non-zero"; }
cat "$d/make.log"
json=$BUILD/report.json
[ -s "$json" ] && [ -s "$BUILD/report.md" ] || fail "report.json or report.md missing"

# every default kernel was built and passed its boot
for v in orig inline inline+units dce; do
	r=$(jq -r --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .boot.result' "$json")
	[ "$r" = PASS ] || fail "tiny/Os/$v: boot result is '$r', want PASS"
	expect_grep "^TINYKERN-BOOT-OK release=" "$BUILD/kernels/tiny-Os-$v/boot.log" "tiny/Os/$v console"
	ok "tiny/Os/$v booted to the init marker"
done
[ "$(jq .failed "$json")" = 0 ] || fail "report counts failed kernels"

# the report's figures are binutils size's figures
for v in orig inline inline+units dce; do
	set -- $(size "$BUILD/kernels/tiny-Os-$v/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
	got=$(jq -r --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | "\(.text) \(.data) \(.bss)"' "$json")
	[ "$got" = "$1 $2 $3" ] || fail "tiny/Os/$v: report says $got, size says $1 $2 $3"
	row=$(printf '%s' "vmlinux-tiny-Os-$v" | sed 's/+/[+]/g')
	expect_grep "^ *$1 +$2 +$3 .* $row " "$d/make.log" "printed table row"
	bz=$(stat -c %s "$BUILD/kernels/tiny-Os-$v/bzImage")
	[ "$(jq --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .bzimage' "$json")" = "$bz" ] ||
		fail "tiny/Os/$v: bzImage size differs from the file's"
done
ok "report sizes equal binutils size and the bzImage files"

# boot facts: the kernel's own uptime at the marker, and the least RAM it
# boots in, booted here at that size (PASS) and one MiB below (FAIL)
for v in orig inline inline+units dce; do
	k=$BUILD/kernels/tiny-Os-$v
	up=$(jq --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .boot.uptime_s' "$json")
	awk -v u="$up" 'BEGIN { exit !(u > 0 && u < 60) }' || fail "tiny/Os/$v: uptime_s '$up'"
	min=$(jq --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .boot.min_ram_mib' "$json")
	[ "$min" -gt 1 ] && [ "$min" -le 64 ] || fail "tiny/Os/$v: min_ram_mib '$min'"
	least_ram "$k" "$min" "$d/ram-$v"
	ok "tiny/Os/$v: kernel uptime ${up}s at the marker; boots in $min MiB, not in $((min - 1))"
done

# the experiment's direction: letting gcc decide, unit-at-a-time, is smaller
text() { jq --arg n "tiny/Os/$1" '.kernels[] | select(.name == $n) | .text' "$json"; }
[ "$(text inline+units)" -lt "$(text orig)" ] || fail "inline+units text $(text inline+units) is not below orig $(text orig)"
ok "inline+units text $(text inline+units) < orig text $(text orig)"

# the variants really differ in the switches they were asked for
cfg() { grep -c -E "^CONFIG_($2)=y" "$BUILD/kernels/tiny-Os-$1/config" || true; }
[ "$(cfg orig 'CC_FORCE_INLINE|CC_NO_UNIT_AT_A_TIME')" = 2 ] || fail "orig lacks its switches"
[ "$(cfg inline 'CC_FORCE_INLINE')" = 0 ] && [ "$(cfg inline 'CC_NO_UNIT_AT_A_TIME')" = 1 ] || fail "inline switches wrong"
[ "$(cfg inline+units 'CC_FORCE_INLINE|CC_NO_UNIT_AT_A_TIME|LD_DEAD_CODE_DATA_ELIMINATION')" = 0 ] ||
	fail "inline+units has a switch on"
[ "$(cfg dce 'LD_DEAD_CODE_DATA_ELIMINATION')" = 1 ] && [ "$(cfg dce 'CC_FORCE_INLINE|CC_NO_UNIT_AT_A_TIME')" = 0 ] ||
	fail "dce switches wrong"
ok "each variant's .config carries exactly its switches"

# the measurements beyond size: every kernel has its stack footprint and
# inline cost, and the run prints them and the cover letter's table title
for v in orig inline inline+units dce; do
	jq -e --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) |
		.stack.functions > 1000 and .stack.sum > 0 and (.stack.top | length) == 20 and
		.inline.declared > 0 and .inline.sites > 0 and (.inline.top | length) == 20' "$json" >/dev/null ||
		fail "tiny/Os/$v: stack or inline figures missing from report.json"
done
expect_grep '^-Os, CONFIG_CC_OPTIMIZE_FOR_SIZE:$' "$d/make.log" "opt-level table title"
expect_grep '^stack +funcs +max +sum' "$d/make.log" "stack table"
expect_grep '^inline +declared +inlined' "$d/make.log" "inline table"
expect_grep '^  CCACHE  [0-9]+ hits, [0-9]+ misses \([0-9.]+% hit rate\) in ' "$d/make.log" "ccache summary"
ok "stack and inline figures for every kernel; ccache hit rate printed"

# a rerun with nothing changed does no work
make BUILD="$BUILD" >"$d/rerun.log" 2>&1 || fail "rerun failed"
if grep -E "^  (EXTRACT|PATCH|CONFIG|BUILD|CPIO|PASS|MINRAM|INLINE) " "$d/rerun.log"; then fail "a no-op rerun redid work"; fi
ok "no-op rerun did no work"
