# A tree of the user's own (KSRC=) and a full .config of their own: the
# variants that need no patch are built, booted and measured, the others
# are reported as not available, with why, and make exits 0.  The tree is
# never written to.  Beside the 6.1 kernels `make` built, the report holds
# the same config and variant on both trees, the upgrade's bloat-o-meter
# summary and its directory table.
# The tree is Debian's linux-source-6.12 as it ships, extracted here, as
# a user would have it, built as it stands (KSRC_SERIES=-): a tree no
# series covers.  Then, configured only, the same tree with the series
# made for its version (patches/6.12) on a copy, every variant available;
# and a tree that series does not fit, built as it stands, the variants
# that need it not available, with the patch that failed named.
# The kernels this test builds: that tree's stock tiny/Os/inline+units
# with DWARF, a full build, since no kernel of `make` comes from another
# tree; and, as the issue asks that a full .config be built and booted,
# the same .config with SIGNALFD on as the full .config.  That one is
# built in a copy of the stock kernel's folder, as any experiment here
# is, so kbuild recompiles only the objects that test SIGNALFD (a full
# build of it took 5m35s, with FUTEX, whose 445 objects are most of the
# kernel).  The full .config's error checks stop at the configs stage.
# timeout: 1800
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch own-tree)
cd "$TOP"
deps/install.sh -p linux-source-6.12
ksrc=$d/linux
mkdir "$ksrc"
tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$ksrc" --strip-components=1 || fail "extracting linux-source-6.12 failed"
ver=$(source/kernelversion.sh "$ksrc")
case $ver in 6.12.*) ;; *) fail "linux-source-6.12 gave version $ver" ;; esac
q=$(ere "$ver")
ok "Debian's 6.12 tree extracted: $ver"

# Nothing in the tree may change: no file newer than this, none added.
touch "$d/marker"
find "$ksrc" | sort >"$d/files.before"
sleep 1

# tiny on the user's tree beside tiny on 6.1 (the kernels make built)
if ! make BUILD="$BUILD" KSRC="$ksrc" KSRC_SERIES=- TREES=6.1 CONFIGS=tiny >"$d/make.txt" 2>&1; then
	cat "$d/make.txt"; fail "make KSRC=$ksrc TREES=6.1 failed"
fi
own=$BUILD/kernels/$ver-tiny-Os-inline+units
for v in orig inline inline+units dce deinline; do
	[ -d "$BUILD/kernels/$ver-tiny-Os-$v" ] || fail "no folder for $ver/tiny/Os/$v"
done
expect_grep '^result PASS$' "$own/boot.result" "$ver/tiny/Os/inline+units boot"
set -- $(size "$own/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
expect_grep "^ *$1 +$2 +$3 +[0-9]+ +[0-9a-f]+ vmlinux-$q-tiny-Os-inline\\+units .* PASS$" "$d/make.txt" "stock row"
ok "$ver/tiny/Os/inline+units built from KSRC, size(1) $1 $2 $3, boots: PASS"

# the variants that need a patch: one line each, why
for v in orig inline dce lto deinline; do
	expect_grep "^ +- +- +- +- +- vmlinux-$q-tiny-Os-$v +not available$" "$d/make.txt" "$v row"
	[ ! -e "$BUILD/kernels/$ver-tiny-Os-$v/vmlinux" ] || fail "$ver/tiny/Os/$v was built"
done
expect_grep "^  $q/tiny/Os/orig: this tree's Kconfig has no CONFIG_CC_FORCE_INLINE \(variant-orig.config sets CONFIG_CC_FORCE_INLINE=y\) \(and 1 more symbol\)$" "$d/make.txt" "orig's reason"
expect_grep "^  $q/tiny/Os/inline: this tree's Kconfig has no CONFIG_CC_NO_UNIT_AT_A_TIME " "$d/make.txt" "inline's reason"
expect_grep "^  $q/tiny/Os/dce: this tree's kconfig drops CONFIG_LD_DEAD_CODE_DATA_ELIMINATION=y: it depends on HAVE_LD_DEAD_CODE_DATA_ELIMINATION$" "$d/make.txt" "dce's reason"
expect_grep "^  $q/tiny/Os/deinline: its series patches/deinline is made for the 6.1 tree only$" "$d/make.txt" "deinline's reason"
# lto stands on dce: the first symbol this tree drops is dce's
expect_grep "^  $q/tiny/Os/lto: this tree's kconfig drops CONFIG_LD_DEAD_CODE_DATA_ELIMINATION=y: .*\(and 1 more symbol\)$" "$d/make.txt" "lto's reason"
! grep -E '^  FAIL |^tinykern: FAILED|: FAIL at ' "$d/make.txt" || fail "a FAIL in a run whose every available kernel passed"
ok "orig, inline, dce, lto and deinline: not available for $ver, each with its reason; exit 0"

# across trees: the same config and variant, 6.1 against the user's tree
base=$BUILD/kernels/tiny-Os-inline+units
t0=$(size "$base/vmlinux" | awk 'NR == 2 { print $1 }')
t1=$1
chg=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%+.2f%%", 100 * (b - a) / a }')
expect_grep "^across trees, tiny/Os \(bytes; the change is against 6\.1\):$" "$d/make.txt" "across-trees title"
expect_grep "^  inline\+units +6\.1 +$t0 " "$d/make.txt" "6.1 row"
chg_re=$(ere "$chg")
expect_grep "^  inline\+units +$q +$t1 .* PASS +$chg_re +[-+][0-9.]+%$" "$d/make.txt" "$ver row with its change"
ok "across trees: text $t0 -> $t1 ($chg)"
expect_grep "^tiny/Os/inline\+units: 6\.1 -> $q \(bloat-o-meter\)$" "$d/make.txt" "upgrade's bloat-o-meter title"
# the kernel's own scripts/bloat-o-meter, on the two vmlinux files
python3 "$BUILD/src/linux/scripts/bloat-o-meter" "$base/vmlinux" "$own/vmlinux" >"$d/bloat.txt" ||
	fail "scripts/bloat-o-meter failed"
want=$(head -n 1 "$d/bloat.txt")
grep -A1 -F "tiny/Os/inline+units: 6.1 -> $ver (bloat-o-meter)" "$d/make.txt" | grep -q -x -F "  $want" ||
	fail "the report's summary is not scripts/bloat-o-meter's: $want"
ok "the upgrade's summary is scripts/bloat-o-meter's: $want"
make -s BUILD="$BUILD" diff A=tiny/Os/inline+units B="$ver/tiny/Os/inline+units" >"$d/diff.txt" ||
	fail "make diff A=tiny/Os/inline+units B=$ver/tiny/Os/inline+units failed"
[ "$(head -n 1 "$d/diff.txt")" = "$want" ] || fail "make diff B=$ver/...: $(head -n 1 "$d/diff.txt"), not $want"
ok "make diff names a kernel of the user's tree: $ver/tiny/Os/inline+units"
expect_grep "^tiny/Os/inline\+units: 6\.1 -> $q: text by directory" "$d/make.txt" "upgrade by directory"
json=$REPORT.json
[ "$(jq -r --arg n "$ver/tiny/Os/inline+units" '.kernels[] | select(.name == $n) | .tree' "$json")" = "$ver" ] ||
	fail "report.json: $ver/tiny/Os/inline+units has no tree $ver"
[ "$(jq -r '.kernels[] | select(.name == "tiny/Os/inline+units") | .tree' "$json")" = 6.1 ] ||
	fail "report.json: tiny/Os/inline+units is not of tree 6.1"
n=$(jq --arg t "$ver" '[.kernels[] | select(.tree == $t and .unavailable != null)] | length' "$json")
[ "$n" = 5 ] || fail "report.json: $n kernels of $ver unavailable, not 5"
[ "$(jq --arg t "$ver" '[.diffs[] | select(.from_tree == "6.1" and .to_tree == $t)] | length' "$json")" = 1 ] ||
	fail "report.json: no 6.1 -> $ver diff"
ok "report.json: trees, 5 not available with reasons, the upgrade's diff"
# report.html draws each tree's kernel of a kind as a bar, in a colour of
# its tree, 520 px for the largest text of any kernel the report built
sed -n '/^<p>text of each kernel, by tree/p; /<svg id="tree-chart"/,/<\/svg>/p' "$REPORT.html" >"$d/tree-chart.svg"
grep -q '<svg id="tree-chart"' "$d/tree-chart.svg" || fail "report.html: no tree chart"
largest=$(sed -n 's/.*to the scale of the largest (\([0-9]*\) bytes).*/\1/p' "$d/tree-chart.svg")
[ "$largest" = "$(jq '[.kernels[] | select(.built) | .text] | max' "$json")" ] ||
	fail "report.html's tree chart: scaled to ${largest:-no} bytes, not the largest text in report.json"
bar() {
	grep -A1 -F ">$1</text>" "$d/tree-chart.svg" | grep -F "<title>text $2</title>" |
		sed -n 's/.*class="tree-bar" x="[0-9]*" y="[0-9]*" width="\([0-9.]*\)" height="[0-9]*" fill="\([^"]*\)".*/\1 \2/p'
}
set -- $(bar tiny/Os/inline+units "$t0") $(bar "$ver/tiny/Os/inline+units" "$t1")
[ $# = 4 ] || fail "report.html's tree chart: no bar of text $t0 for tiny/Os/inline+units or of $t1 for $ver/tiny/Os/inline+units"
w0=$1 c0=$2 w1=$3 c1=$4
for wt in "$w0 $t0" "$w1 $t1"; do
	awk -v w="${wt% *}" -v t="${wt#* }" -v n="$largest" 'BEGIN { d = w - 520 * t / n; exit !(d > -0.051 && d < 0.051) }' ||
		fail "report.html's tree chart: a bar ${wt% *} px wide for text ${wt#* }, not 520 x ${wt#* } / $largest"
done
[ "$c0" != "$c1" ] || fail "report.html's tree chart: both trees drawn in $c0"
ok "report.html: the tree chart's bars, $w0 and $w1 px for text $t0 and $t1 of $largest, in two colours"

# a rerun is a no-op: the tree's stamp stands, nothing is made again
make BUILD="$BUILD" KSRC="$ksrc" KSRC_SERIES=- TREES=6.1 CONFIGS=tiny >"$d/rerun.txt" 2>&1 || fail "rerun failed"
! grep -E '^  (BUILD|CONFIG|TREE|SEED|EXTRACT|CPIO|PASS|MINRAM|INLINE|ATTRIB) ' "$d/rerun.txt" ||
	fail "the rerun made something again"
ok "a rerun with nothing changed makes nothing again"

# a full .config of the user's own: its every symbol must survive, and what
# the boot check needs from it is said before anything is built
mkdir -p "$d/frags"
cp tinyconfigs/variant-*.config tinyconfigs/opt-*.config "$d/frags/"
sed 's/^# CONFIG_SIGNALFD is not set$/CONFIG_SIGNALFD=y/' "$own/config" >"$d/frags/board.full.config"
grep -q '^CONFIG_SIGNALFD=y$' "$d/frags/board.full.config" || fail "could not set SIGNALFD in the full .config"
printf '# board: my own full .config\n# base: ./board.full.config\n' >"$d/frags/board.config"
runcfg() { make BUILD="$BUILD" KSRC="$ksrc" KSRC_SERIES=- FRAGMENTS="$d/frags" CONFIGS=board VARIANTS="inline+units dce" "$@"; }
board=$BUILD/kernels/$ver-board-Os-inline+units
rm -rf "$board"
mkdir -p "$board"
cp -a "$own/obj" "$board/obj"
runcfg >"$d/board.txt" 2>&1 || { cat "$d/board.txt"; fail "make of the full .config failed"; }
expect_grep '^CONFIG_SIGNALFD=y$' "$board/config" "the full .config's SIGNALFD"
expect_grep "^  BUILD   $q/board/Os/inline\\+units" "$d/board.txt" "the full .config's build"
# the option reached the kernel: its syscall is in it, and not in the stock one
nm "$board/vmlinux" | grep -q ' T [_a-z0-9]*sys_signalfd4$' || fail "the full .config's kernel has no signalfd4 syscall"
! nm "$own/vmlinux" | grep -q ' T [_a-z0-9]*sys_signalfd4$' || fail "the stock kernel has a signalfd4 syscall"
expect_grep "^this tree's kconfig drops CONFIG_LD_DEAD_CODE_DATA_ELIMINATION=y" "$BUILD/kernels/$ver-board-Os-dce/unavailable" "dce on the full .config"
! grep -q NOTE "$d/board.txt" || fail "a NOTE for a .config that has all the boot check needs"
expect_grep '^result PASS$' "$board/boot.result" "$ver/board/Os/inline+units boot"
set -- $(size "$board/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
expect_grep "^ *$1 +$2 +$3 +[0-9]+ +[0-9a-f]+ vmlinux-$q-board-Os-inline\\+units .* PASS$" "$d/board.txt" "the full .config's row"
expect_grep "^ +- +- +- +- +- vmlinux-$q-board-Os-dce +not available$" "$d/board.txt" "dce row of the full .config"
ok "a full .config as the base: taken whole (SIGNALFD kept, and its syscall in the kernel), built, size(1) $1 $2 $3, PASS; dce not available; exit 0"
sed -i 's/^CONFIG_RD_XZ=y$/# CONFIG_RD_XZ is not set/' "$d/frags/board.full.config"
runcfg configs >"$d/noxz.txt" 2>&1 || { cat "$d/noxz.txt"; fail "configs without RD_XZ failed"; }
expect_grep "^  NOTE    $q/board/Os/inline\+units: the boot check needs CONFIG_RD_XZ=y \(the initramfs is xz-compressed\), which its \.config lacks$" "$d/noxz.txt" "RD_XZ note"
ok "without RD_XZ: the NOTE names what the boot check needs"
echo 'CONFIG_CC_FORCE_INLINE=y' >>"$d/frags/board.full.config"
if runcfg configs >"$d/bad.txt" 2>&1; then fail "a full .config with a symbol the tree lacks was taken"; fi
expect_grep "^configs: $(ere "$d/frags/board.full.config"): kconfig dropped CONFIG_CC_FORCE_INLINE=y \(unknown to this tree's Kconfig; final \.config: not set\)$" "$d/bad.txt" "dropped symbol of the full .config"
ok "a full .config's symbol the tree lacks: an error naming the file and symbol"

# a failed boot says what the .config lacks
mkdir -p "$d/noxz-boot"
grep -v '^CONFIG_RD_XZ=y$' "$own/config" >"$d/noxz-boot/config"
if BOOT_TIMEOUT=15 BOOT_APPEND=rdinit=/nonexistent boot/boot.sh "$own/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" "$d/noxz-boot" own/noxz 2>"$d/noxz-boot.err"; then
	fail "a boot with rdinit=/nonexistent passed"
fi
expect_grep "^reason .*; its \.config lacks what the boot check needs: CONFIG_RD_XZ=y \(the initramfs is xz-compressed\)$" "$d/noxz-boot/boot.result" "boot FAIL reason"
ok "a boot FAIL names what the .config lacks"

# the series made for the tree's version (patches/6.12), by default: on a
# copy (hard links), every variant but deinline and lto (no LTO_GCC in
# that series) available; configs only
if ! make BUILD="$BUILD" KSRC="$ksrc" KSRC_NAME=own TREES=6.1 CONFIGS=tiny configs >"$d/series.txt" 2>&1; then
	cat "$d/series.txt"; fail "make KSRC=$ksrc configs, with its series"
fi
copy=$BUILD/src/linux-own
expect_grep "^  TREE    $(ere "$ksrc") \(Linux $q, copied with 6\.12/series on top; never written to\)$" "$d/series.txt" "TREE line with the series"
expect_grep "^  PATCH   0011-kbuild-add-CONFIG_CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE-to\.patch$" "$d/series.txt" "the series' last patch"
grep -q '^config CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE$' "$copy/init/Kconfig" || fail "$copy/init/Kconfig: the series is not on the copy"
! grep -q 'CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE' "$ksrc/init/Kconfig" || fail "$ksrc/init/Kconfig has the series: the tree was written"
[ "$(stat -c %i "$copy/README")" = "$(stat -c %i "$ksrc/README")" ] || fail "$copy/README is not a hard link of the tree's"
[ ! -e "$copy/.tinykern-series" ] || fail "$copy/.tinykern-series after a series that applied: $(cat "$copy/.tinykern-series")"
for vs in orig:CC_FORCE_INLINE inline:CC_NO_UNIT_AT_A_TIME dce:LD_DEAD_CODE_DATA_ELIMINATION; do
	k=$BUILD/kernels/own-tiny-Os-${vs%%:*}
	[ ! -e "$k/unavailable" ] || fail "own/tiny/Os/${vs%%:*} not available on the patched copy: $(cat "$k/unavailable")"
	grep -q "^CONFIG_${vs#*:}=y$" "$k/obj/.config" || fail "own/tiny/Os/${vs%%:*}: no CONFIG_${vs#*:}=y in its .config"
done
[ ! -e "$BUILD/kernels/own-tiny-Os-inline+units/unavailable" ] || fail "own/tiny/Os/inline+units not available"
expect_grep "made for the 6\.1 tree only" "$BUILD/kernels/own-tiny-Os-deinline/unavailable" "deinline on the copy"
ls "$BUILD"/kernels/own-*/vmlinux >/dev/null 2>&1 && fail "configs built a kernel"
ok "KSRC with the series made for its version: applied to a hard-linked copy, orig, inline and dce configured with their switches"
make BUILD="$BUILD" KSRC="$ksrc" KSRC_NAME=own TREES=6.1 CONFIGS=tiny configs >"$d/series-rerun.txt" 2>&1 || fail "the rerun with the series failed"
! grep -E '^  (TREE|COPY|PATCH|CONFIG) ' "$d/series-rerun.txt" || fail "the rerun with the series made something again"
# the same tree and name, now as it stands: the kernels leave the copy
make BUILD="$BUILD" KSRC="$ksrc" KSRC_NAME=own KSRC_SERIES=- TREES=6.1 CONFIGS=tiny VARIANTS="orig inline+units" configs >"$d/switch.txt" 2>&1 ||
	{ cat "$d/switch.txt"; fail "KSRC_SERIES=- after the series"; }
expect_grep "^  TREE    $(ere "$ksrc") \(Linux $q, built as it is, never written to\)$" "$d/switch.txt" "TREE line as it stands"
expect_grep "^this tree's Kconfig has no CONFIG_CC_FORCE_INLINE " "$BUILD/kernels/own-tiny-Os-orig/unavailable" "orig without the series"
ok "a rerun with the series makes nothing again; KSRC_SERIES=- then takes the tree as it stands"
# a tree that series does not fit (a context line of 0003's, one found
# once in its file, changed as an upstream change would): built as it
# stands, and the patch named
p3=$(ls patches/6.12/0003-*.patch)
fit=$(sed -n 's|^+++ b/||p' "$p3" | head -n 1)
[ -n "$fit" ] || fail "$p3 changes no file"
ctx=$(awk '/^@@/ { h = 1; next } h && /^ ./ { print substr($0, 2) }' "$p3" | while IFS= read -r l; do
	[ "$(grep -c -x -F -- "$l" "$ksrc/$fit")" = 1 ] && { printf '%s\n' "$l"; break; }
done)
[ -n "$ctx" ] || fail "$p3: no context line found once in $fit"
cp -al "$ksrc" "$d/odd"
awk -v l="$ctx" '$0 == l { $0 = $0 " /* changed */" } 1' "$ksrc/$fit" >"$d/odd.tmp" && rm "$d/odd/$fit" && mv "$d/odd.tmp" "$d/odd/$fit"
! cmp -s "$ksrc/$fit" "$d/odd/$fit" || fail "could not change $fit"
if ! make BUILD="$BUILD" KSRC="$d/odd" KSRC_NAME=odd TREES=6.1 CONFIGS=tiny configs >"$d/odd.txt" 2>&1; then
	cat "$d/odd.txt"; fail "make KSRC=$d/odd configs: a tree its series does not fit is built as it stands, exit 0"
fi
expect_grep "^  NOTE    0003-[^ ]* does not apply to $(ere "$d/odd") \(Linux $q\): $(ere "$fit"): .*; $(ere "$d/odd") is built as it stands$" "$d/odd.txt" "the patch that does not fit"
expect_grep "^0003-" "$BUILD/src/linux-odd/.tinykern-series" "the copy's note"
! grep -q '^config CC_FORCE_INLINE$' "$BUILD/src/linux-odd/init/Kconfig" || fail "0001, before the patch that failed, is on the copy"
for v in orig inline dce; do
	expect_grep "; 0003-[^ ]* does not apply to " "$BUILD/kernels/odd-tiny-Os-$v/unavailable" "odd/tiny/Os/$v's reason"
done
[ -s "$BUILD/kernels/odd-tiny-Os-inline+units/obj/.config" ] && [ ! -e "$BUILD/kernels/odd-tiny-Os-inline+units/unavailable" ] ||
	fail "odd/tiny/Os/inline+units was not configured"
ok "KSRC its series does not fit: built as it stands, orig, inline and dce not available, each naming the patch"
rm -rf "$d/odd" "$BUILD/src/linux-own" "$BUILD/src/linux-odd" "$BUILD/src/.stamp-own" "$BUILD/src/.stamp-odd" \
	"$BUILD/src/.checked-own" "$BUILD/src/.checked-odd" "$BUILD"/kernels/own-* "$BUILD"/kernels/odd-*

# KSRC that cannot be used: one line each, nothing built
if make BUILD="$BUILD" KSRC=/nonexistent/linux configs >"$d/nokernel.txt" 2>&1; then fail "KSRC=/nonexistent/linux was taken"; fi
expect_grep "KSRC=/nonexistent/linux: no kernel tree there \(no Makefile\)" "$d/nokernel.txt" "no tree"
mkdir -p "$d/dirty/arch/x86"
printf 'VERSION = 6\nPATCHLEVEL = 99\nSUBLEVEL = 0\nEXTRAVERSION =\n' >"$d/dirty/Makefile"
: >"$d/dirty/Kconfig"
: >"$d/dirty/.config"
if make BUILD="$BUILD" KSRC="$d/dirty" configs >"$d/dirty.txt" 2>&1; then fail "a configured KSRC was taken"; fi
expect_grep "^source: KSRC=$(ere "$d/dirty"): configured or built in place \(\.config\); " "$d/dirty.txt" "dirty tree"
ok "KSRC missing or built in place: one line naming it"

find "$ksrc" | sort >"$d/files.after"
cmp -s "$d/files.before" "$d/files.after" || { diff "$d/files.before" "$d/files.after" | head; fail "files came or went in KSRC"; }
[ -z "$(find "$ksrc" -newer "$d/marker" -print -quit)" ] || fail "a file in KSRC was written: $(find "$ksrc" -newer "$d/marker" | head -n 3)"
ok "KSRC untouched: no file written, added or removed"
# this test's tree and kernels go; the 6.1 kernels stay
rm -rf "$ksrc" "$BUILD/kernels/$ver-"* "$BUILD/kernels/6.99.0-"* "$BUILD/src/.stamp-$ver"

