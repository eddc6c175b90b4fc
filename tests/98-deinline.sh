# The de-inlining advisor's loop, on the real tiny/Os/dce build folder and
# the cheapest candidates (a .c file's static inline: one object each):
#  0. the editor's refusals, on the real tree;
#  1. the trial base, a copy of the build folder against a scratch tree at
#     a new path, recompiles nothing; a change to one .c file recompiles
#     exactly its object; a revert puts the file back, mtime and all;
#  2. the loop keeps at least one change and drops at least one, with the
#     reason in the journal; what it measured adds up to what binutils'
#     size says of the kernel before and after;
#  3. SIGKILL in the middle of kbuild, then a rerun: the cut trial is
#     undone and redone, never built on;
#  4. the series it emits holds each kept trial once, with its table (the
#     trials on one file in one patch), applies with git am onto the
#     patched tree, and the result builds to the same text and boots
#     (tests/89 checks which trials share a patch); deinline/verify.sh
#     builds and boots each prefix, killed inside kbuild and resumed;
#  5. a failed boot undoes its trial, which is dropped when it fails alone;
#  6. the budget: TDIR/wall holds the runs' time, and a run at MAX_TRIALS
#     tries nothing;
#  7. over machines: SHARD= parts are disjoint by subsystem and make the
#     whole; MERGE= queues another machine's kept groups first.
# timeout: 1800
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline)
cd "$TOP"
kdir=$BUILD/kernels/tiny-Os-dce
src=$BUILD/src/linux
[ -f "$kdir/vmlinux" ] && [ -d "$kdir/obj" ] && [ -f "$kdir/minram.result" ] || make -s VARIANTS=dce boots
make -s -C measure O="$d" >/dev/null
gcc -O2 -Wall -o "$d/uninline" deinline/uninline.c
export TKSIZE=$d/tksize UNINLINE=$d/uninline INITRAMFS=$BUILD/rootfs/initramfs.cpio.xz
[ -f "$INITRAMFS" ] || make -s rootfs
tdir=$d/trial

# 0. the editor refuses what it must not change, naming why, on the tree
refused() {
	"$UNINLINE" check "$src" "$1" "$2" "$3" >/dev/null 2>"$d/refused" && fail "uninline changed $1:$2 $3()"
	expect_grep "^uninline: $1:$2 $3\(\): $4" "$d/refused" "uninline check $3"
}
refused arch/x86/include/asm/tlb.h 10 tlb_flush 'tlb_flush\(\) has a static declaration before its definition'
refused lib/xz/xz_dec_lzma2.c 529 rc_bit 'rc_bit\(\) is __always_inline'
refused include/linux/slab.h 549 kmalloc 'kmalloc\(\) is __always_inline'
refused drivers/tty/serial/8250/8250.h 398 ns16550a_goto_highspeed 'ns16550a_goto_highspeed\(\) has #define in its body'
refused include/linux/pgtable.h 90 pte_offset_kernel \
	'pte_offset_kernel\(\) is under an #if on pte_offset_kernel, which its header #defines'
[ "$("$UNINLINE" check "$src" include/linux/fs.h 3741 dir_emit_dots)" = header ] || fail "uninline refused dir_emit_dots()"
# WARN_ON_ONCE() hides a static; READ_ONCE() is a volatile access
refused include/linux/jump_label.h 317 static_key_enable \
	'static_key_enable\(\) uses WARN_ON_ONCE, which means something else in another unit'
[ "$("$UNINLINE" check "$src" include/linux/sched/signal.h 413 signal_pending)" = header ] ||
	fail "uninline refused signal_pending() (READ_ONCE)"
# in the #else of #ifdef CONFIG_VIRT_CPU_ACCOUNTING_GEN (tests/86 moves one)
[ "$("$UNINLINE" check "$src" include/linux/kernel_stat.h 94 kcpustat_cpu_fetch)" = header ] ||
	fail "uninline refused kcpustat_cpu_fetch()"
# a body that reads the frame it is expanded in, itself or through a helper
refused include/linux/perf_event.h 1244 perf_fetch_caller_regs \
	'perf_fetch_caller_regs\(\) uses perf_arch_fetch_caller_regs, which reads the frame it is expanded in'
refused arch/x86/include/asm/unwind.h 59 unwind_start \
	'unwind_start\(\) uses get_stack_pointer, which reads the frame it is expanded in'
ok "the editor refuses a static forward declaration, __always_inline, a #define in a body, an #ifndef the header #defines after, WARN_ON_ONCE() and what reads its frame (perf_arch_fetch_caller_regs(), get_stack_pointer()); takes dir_emit_dots(), kcpustat_cpu_fetch() (under #else) and signal_pending() (READ_ONCE())"

# 1. the facility
kbuild/trial.sh init "$src" "$kdir" "$tdir" >"$d/init.out" || { cat "$d/init.out"; fail "trial.sh init"; }
[ "$(cat "$tdir/base.recompiled")" = 0 ] && ! grep -q -E '^  (CC|AS) ' "$tdir/base/build.log" ||
	fail "the trial base recompiled $(cat "$tdir/base.recompiled") objects; the path rewrite missed"
grep -q -F "$tdir/linux/" "$tdir/base/obj/kernel/.fork.o.cmd" && ! grep -q -F "$src/" "$tdir/base/obj/kernel/.fork.o.cmd" ||
	fail "the trial base's .cmd files do not name the scratch tree"
ok "trial base against $tdir/linux: nothing recompiled"
# the folder as it was, to build the emitted series in (4)
cp -a "$tdir/base" "$d/initial"
# the first .c candidate the ranking offers
deinline/rank.sh "$src" "$kdir" >"$d/candidates"
set -- $(awk -F'\t' '!/^#/ && $15 == "ok" && $13 == 1 && $5 == "c" && $14 > 0 { print $2, $3, $4; exit }' "$d/candidates")
[ $# = 3 ] || fail "no .c candidate in the ranking ($d/candidates)"
file=$1 line=$2 fn=$3
# rank.sh passes the model-testing columns through from tksize candidates
# (a column dropped or shifted there would go unseen: nothing else reads them)
"$TKSIZE" candidates "$src" "$kdir/vmlinux" >"$d/dwarf"
awk -F'\t' 'FILENAME == ARGV[1] { if (!/^#/) want[$1 FS $2 FS $3] = $12 FS $13 FS $14 FS $15; next }
	!/^#/ { n++; if (NF != 22 || want[$2 FS $3 FS $4] != $18 FS $19 FS $20 FS $21) bad++
		# an expansion has at most params constant arguments
		if ($19 > $8 || $20 < $19 || $20 > $8 * $21) bad++
		# export: yes or no for a move, "-" for the rest
		if (($6 == "move") != ($22 == "yes" || $22 == "no") || ($6 != "move" && $22 != "-")) bad++ }
	END { exit !(n > 0 && !bad) }' "$d/dwarf" "$d/candidates" ||
	fail "rank.sh's max_site, const_sites, const_args and params are not tksize candidates', or break const_sites <= const_args <= sites x params, or export is not yes/no for a move and - otherwise ($d/candidates)"
ok "rank.sh carries tksize's four model-testing columns, $(grep -c -v '^#' "$d/candidates") rows"
# highmem.h declares kmap_atomic() static inline again after including
# highmem-internal.h, which defines it: the fourth -Os run's trials of it
# failed to build, so rank.sh leaves it alone, saying why
[ "$(awk -F'\t' '$4 == "kmap_atomic" && $2 == "include/linux/highmem-internal.h" { print $15 }' "$d/candidates")" = \
	"a header declares it static inline without a body: a shared definition would follow that" ] ||
	fail "rank.sh did not leave kmap_atomic() alone for highmem.h's static declaration"
ok "rank.sh leaves kmap_atomic() alone: highmem.h declares it static inline without a body"
obj=${file%.c}.o
touch -d '2020-01-01 00:00:00' "$tdir/linux/$file"
cp -p "$tdir/linux/$file" "$d/before.c"
kbuild/trial.sh save "$tdir" t1 "$file"
"$UNINLINE" noinline "$tdir/linux" "$file" "$line" "$fn" || fail "uninline noinline $file:$line $fn"
grep -q "noinline notrace.*$fn(" "$tdir/linux/$file" || fail "$file: $fn() was not made noinline notrace"
kbuild/trial.sh build "$tdir" t1 "test trial" >"$d/build.out" 2>&1 || { cat "$d/build.out"; fail "trial build"; }
compiled=$(objs_compiled "$tdir/try/build.log")
[ "$compiled" = "$obj" ] || fail "a change to $file recompiled [$compiled], not just $obj"
ok "a change to $file recompiled exactly $obj"
kbuild/trial.sh revert "$tdir" t1
cmp -s "$tdir/linux/$file" "$d/before.c" || fail "revert: $file is not as it was"
[ "$(stat -c %Y "$tdir/linux/$file")" = "$(stat -c %Y "$d/before.c")" ] || fail "revert: $file has a new mtime"
[ ! -e "$tdir/try" ] || fail "revert left the trial folder"
ok "revert: $file back, with its old mtime"

# 2. the loop: the best subsystem's .c candidates, up to four (BATCH), first
#    as one group.  AGREE=1000 asks a group to save ten times what its
#    members predict, which none does: the group is split, its halves too,
#    and its members are tried alone (up to 7 trials), so the split's
#    bookkeeping is always exercised.  The cost model decides how many
#    of the subsystem's candidates are worth a try: at least three here
adv() { deinline/advisor.sh "$src" "$kdir" "$tdir" tiny/Os/dce; }
AGREE=1000 BATCH=4 SOLO_REBUILDS=0 MAX_REBUILDS=1 ONLY='\.c:' BOOT_EVERY=2 LIMIT=7 adv >"$d/run1.out" 2>&1 || { cat "$d/run1.out"; fail "advisor run 1"; }
cat "$d/run1.out"
j=$tdir/journal
first=$(awk -F'\t' '$1 == "kept" || $1 == "split" || $1 == "dropped" { print $2; exit }' "$j")
case $first in *+*+*) ;; *) fail "the first trial ($first) was not a group of three or four" ;; esac
# a group is one subsystem's: its candidates share rank.sh's subsys column
subs=$(for id in $(echo "$first" | tr '+' ' '); do awk -F'\t' -v id="$id" '$1 == id { print $17 }' "$tdir/candidates"; done | sort -u)
[ "$(echo "$subs" | grep -c .)" = 1 ] || fail "the first group ($first) spans subsystems: $(echo $subs)"
ok "the first trial was a group of $(echo "$first" | tr '+' ' ' | wc -w) from $subs"
# a split group's candidates each get a result of their own, or wait in
# the queue of groups the next run starts from
for g in $(awk -F'\t' '$1 == "split" { print $2 }' "$j"); do
	for id in $(echo "$g" | tr '+' ' '); do
		awk -F'\t' -v id="$id" '($1 == "kept" || $1 == "dropped") { n = split($2, m, "+"); for (k = 1; k <= n; k++) if (m[k] == id) f = 1 } END { exit !f }' "$j" ||
			grep -q -w "$id" "$tdir/pending" ||
			fail "candidate $id of the split group $g got no result and is not queued"
	done
	ok "group $g was split; each of its candidates has a result or is queued"
done
[ "$(grep -c '^split' "$j")" -ge 2 ] || fail "run 1 split $(grep -c '^split' "$j") groups; AGREE=1000 splits the first group and its halves"
kept=$(grep -c '^kept' "$j" || true)
dropped=$(grep -c '^dropped' "$j" || true)
[ "$kept" -ge 1 ] && [ "$dropped" -ge 1 ] || fail "run 1 kept $kept and dropped $dropped; the test needs one of each"
awk -F'\t' '$1 == "dropped" && $9 == "" { exit 1 }' "$j" || fail "a dropped change has no reason"
# every trial's prediction is in the journal before its result
awk -F'\t' '$1 == "try" { p[$2] = 1 }
	$1 == "kept" || $1 == "dropped" || $1 == "split" { n = split($2, m, "+"); for (k = 1; k <= n; k++) if (!(m[k] in p)) exit 1 }' "$j" ||
	fail "a result came without its prediction written first"
ok "run 1: $kept kept, $dropped dropped: $(awk -F'\t' '$1 == "dropped" { print $3 ": " $9; exit }' "$j")"
# a trial that built and was not kept leaves its symbol diff behind
bloats=0
for tid in $(awk -F'\t' '($1 == "dropped" || $1 == "split") && $9 !~ /^(edit|build failed)/ { print $2 }' "$j"); do
	grep -q '^add/remove: ' "$tdir/dropped/$tid.bloat" 2>/dev/null || fail "dropped trial $tid left no bloat-o-meter table in $tdir/dropped"
	bloats=$((bloats + 1))
done
[ "$bloats" -ge 2 ] || fail "$bloats built trials were split or dropped; the splits above built at least two"
text() { size "$1" | awk 'NR == 2 { print $1 }'; }
sum=$(awk -F'\t' '$1 == "kept" { s += $4 } END { print s }' "$j")
[ $(( $(text "$kdir/vmlinux") + sum )) = "$(text "$tdir/base/vmlinux")" ] ||
	fail "the journal's kept deltas ($sum) are not binutils size's ($(text "$kdir/vmlinux") -> $(text "$tdir/base/vmlinux"))"
ok "kept text deltas sum to $sum, as binutils size says"
# the base's objects come from two trees now, the patched one and the
# scratch one, and its attribution still names files by their kernel path
"$TKSIZE" attribute --files --no-map "$tdir/base/vmlinux" >"$d/attr" || fail "tksize attribute on the trial base"
attribution_paths "$d/attr" >"$d/attr.paths"
[ "$(wc -l <"$d/attr.paths")" -gt 300 ] || fail "the trial base's attribution has $(wc -l <"$d/attr.paths") files"
outside_kernel_folders "$d/attr.paths" &&
	fail "the trial base's attribution names files outside the kernel's folders (above)"
for f in init/main.c $(awk -F'\t' '$1 == "kept" { print $2 }' "$j" | tr '+' '\n' | while read -r id; do
	awk -F'\t' -v id="$id" '$1 == id && $5 == "c" { print $2 }' "$tdir/candidates"; done); do
	grep -q -x -F "$f" "$d/attr.paths" || fail "$f has no row in the trial base's attribution"
done
ok "the trial base's attribution names files by their kernel path, from both trees"
grep -q '^boot	PASS' "$j" || fail "no boot confirmed the kept changes"

# 3. killed in the middle of kbuild, then resumed
LIMIT=2 MAX_REBUILDS=1 ONLY='\.c:' setsid sh -c 'exec deinline/advisor.sh "$@"' sh "$src" "$kdir" "$tdir" tiny/Os/dce \
	>"$d/run2.out" 2>&1 &
pid=$!
n=0
# inside kbuild: build.sh's mark is there, and the log it truncates after
# the mark has a compile in it (cp -a brings the base's old log along first)
until [ -e "$tdir/try/.building" ] && grep -q '^  CC ' "$tdir/try/build.log" 2>/dev/null; do
	n=$((n + 1))
	[ $n -lt 600 ] || fail "run 2 never reached kbuild"
	kill -0 $pid 2>/dev/null || { cat "$d/run2.out"; fail "run 2 ended before kbuild compiled"; }
	sleep 0.2
done
# the trial cut: the one trial.sh saved files for (a group of the
# first run's, maybe), and the last candidate whose prediction went in
member=$(awk -F'\t' '$1 == "try" { id = $2 } END { print id }' "$j")
kill -9 -"$pid"
wait $pid 2>/dev/null || true
[ -e "$tdir/try/.building" ] || fail "the kill did not land inside kbuild (no .building mark)"
cut=$(ls "$tdir/saved")
case "+$cut+" in *"+$member+"*) ;; *) fail "the trial cut ($cut) is not the one journaled last ($member)" ;; esac
ok "killed run 2 inside kbuild, in trial $cut"
tries=$(awk -F'\t' -v id="$member" '$1 == "try" && $2 == id' "$j" | wc -l)
built=$("$TKSIZE" advisor "$tdir" | sed -n '1s/^trials: \([0-9]*\) builds.*/\1/p')
LIMIT=2 MAX_REBUILDS=1 ONLY='\.c:' adv >"$d/run3.out" 2>&1 || { cat "$d/run3.out"; fail "advisor run 3"; }
cat "$d/run3.out"
expect_grep "undoing trial $(echo "$cut" | sed 's/+/\\+/g'), cut short" "$d/run3.out" "resume"
[ "$(awk -F'\t' -v id="$member" '$1 == "try" && $2 == id' "$j" | wc -l)" = $((tries + 1)) ] || fail "trial $cut was not tried again"
[ "$(awk -F'\t' -v id="$cut" '($1 == "kept" || $1 == "dropped" || $1 == "split") && $2 == id' "$j" | wc -l)" = 1 ] ||
	fail "trial $cut has not exactly one result"
awk -F'\t' -v id="$cut" '($1 == "kept" || $1 == "dropped" || $1 == "split") && $2 == id && $9 ~ /^edit:/ { exit 1 }' "$j" ||
	fail "trial $cut was redone on a tree the cut run had left changed"
first=$(sed -n 's/^  DEINLINE \[trial \([0-9]*\),.*/\1/p' "$d/run3.out" | head -n 1)
[ -n "$built" ] && [ "$first" = $((built + 1)) ] ||
	fail "run 3's first trial is numbered '$first', not $((built + 1)): the numbers start again after a resume"
ok "run 3 redid trial $cut and went on, numbered $first after the $built builds before it"
sum=$(awk -F'\t' '$1 == "kept" { s += $4 } END { print s }' "$j")
[ $(( $(text "$kdir/vmlinux") + sum )) = "$(text "$tdir/base/vmlinux")" ] ||
	fail "after the resume the kept deltas ($sum) do not add up"

# 4. the series: git am onto the patched tree, build, boot
# every kept trial in the series: no patch folded or dropped for its size
# (MIN_SAVING, which tests/89 checks), so that it builds to the run's text
MIN_SAVING=0 deinline/emit.sh "$tdir" "$src" >"$d/emit.out" || fail "emit.sh"
series=$tdir/series
n=$(grep -vc "^#" "$series/series")
kept=$(grep -c '^kept' "$j")
[ "$n" -ge 1 ] && [ "$n" -le "$kept" ] || fail "$n patches for $kept kept changes"
for p in $(grep -v "^#" "$series/series"); do
	grep -q '^Predicted saving: ' "$series/$p" && grep -q '^  Function  *old  *new  *delta' "$series/$p" ||
		fail "$p lacks the prediction or the bloat-o-meter table"
	grep -q '^Each out-of-line copy is notrace' "$series/$p" && grep -q '^+.*noinline notrace' "$series/$p" ||
		fail "$p: its functions are not noinline notrace, or its message does not say why"
	# each trial in a patch has its own figures and table
	[ "$(grep -c '^Trial [0-9+]*: ' "$series/$p")" = "$(grep -c '^  Function  *old  *new  *delta' "$series/$p")" ] ||
		fail "$p: not one bloat-o-meter table per trial"
done
# every kept change is in exactly one patch (kept trials on one file share one)
sed -n 's/^Trial \([0-9+]*\): .*/\1/p' "$series"/*.patch | sort >"$d/series.trials"
# (the kept trials not undone, up to the last a boot confirmed)
awk -F'\t' -v last="$(cat "$tdir/confirmed/.last")" '$1 == "kept" { k[++n] = $2 }
	$1 == "unkept" { for (i = 1; i <= n; i++) if (k[i] == $2) k[i] = "" }
	END { for (i = 1; i <= n; i++) if (k[i] != "") { print k[i]; if (k[i] == last) break } }' "$j" | sort >"$d/kept.trials"
cmp -s "$d/series.trials" "$d/kept.trials" ||
	fail "the series' trials [$(echo $(cat "$d/series.trials"))] are not the kept ones [$(echo $(cat "$d/kept.trials"))]"
# the scratch tree back to the patched tree, and checked against it
files=$(cat "$series"/*.patch | sed -n 's|^+++ b/||p' | sort -u)
for p in $(awk -F'\t' '$1 == "kept" { print $2 }' "$j" | tac); do
	patch -R -s -p1 -d "$tdir/linux" <"$tdir/changes/$p.diff" || fail "cannot undo change $p"
done
for f in $files; do cmp -s "$src/$f" "$tdir/linux/$f" || fail "$f: not the patched tree's after undoing"; done
git -C "$tdir/linux" init -q
git -C "$tdir/linux" add -f $files
git -C "$tdir/linux" -c user.name=t -c user.email=t@t commit -q -m base
for p in $(grep -v "^#" "$series/series"); do
	git -C "$tdir/linux" -c user.name=t -c user.email=t@t am -q "$series/$p" || fail "$p does not apply with git am"
done
rm -rf "$tdir/linux/.git"
ok "$n patches apply with git am onto the patched tree"
# built from the kernel's own objects, not the advisor's: a change the
# advisor dropped but left in its tree or objects would show here
rm -f "$d/initial/build.log"
kbuild/build.sh "$tdir/linux" "$d/initial" "series applied" >"$d/am.out" 2>&1 || { cat "$d/am.out"; fail "building the series"; }
sizes3() { size "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }
[ "$(sizes3 "$d/initial/vmlinux")" = "$(sizes3 "$tdir/base/vmlinux")" ] ||
	fail "the series builds to text data bss $(sizes3 "$d/initial/vmlinux"); the advisor's kernel has $(sizes3 "$tdir/base/vmlinux")"
[ "$(objs_compiled "$d/initial/build.log" | wc -l)" -ge "$n" ] || fail "the series build recompiled less than one object a patch"
boot/boot.sh "$d/initial/bzImage" "$INITRAMFS" "$d/boot" "series" >/dev/null 2>&1 ||
	fail "the kernel with the series does not boot: $(cat "$d/boot/boot.result")"
ok "the series, built from the kernel's own objects, gives the advisor's text, data and bss, and boots"

# 4b. the series, prefix by prefix (deinline/verify.sh, make deinline-verify),
#     killed inside kbuild and resumed: every prefix once, each booted, the
#     last one the git am build's kernel
vdir=$d/verify
verify() { deinline/verify.sh "$src" "$kdir" "$series" "$vdir" tiny/Os/dce; }
[ "$n" -ge 2 ] || fail "the series has $n patch; the verify's kill wants a second prefix to cut"
setsid sh -c 'exec deinline/verify.sh "$@"' sh "$src" "$kdir" "$series" "$vdir" tiny/Os/dce >"$d/verify1.out" 2>&1 &
pid=$!
k=0
# inside the build of a later prefix than the first, once that one is
# written down (its trial base and first build take a while: 10 minutes)
until [ -s "$vdir/prefixes" ] && [ -e "$vdir/try/.building" ] && grep -q '^  CC ' "$vdir/try/build.log" 2>/dev/null; do
	k=$((k + 1))
	[ $k -lt 3000 ] || fail "verify never reached the build of its second prefix"
	kill -0 $pid 2>/dev/null || { cat "$d/verify1.out"; fail "verify ended before a later prefix's kbuild compiled"; }
	sleep 0.2
done
kill -9 -"$pid"
wait $pid 2>/dev/null || true
done_before=$(wc -l <"$vdir/prefixes")
[ "$done_before" -ge 1 ] && [ "$done_before" -lt "$n" ] ||
	fail "verify was killed with $done_before of $n prefixes written down, not between the first and the last"
verify >"$d/verify2.out" 2>&1 || { cat "$d/verify2.out"; fail "verify, resumed after a SIGKILL inside kbuild"; }
cat "$d/verify2.out"
grep -q 'starting over' "$d/verify2.out" && fail "the resumed verify started over"
# it verified exactly the prefixes the kill left
[ "$(grep -c '^  VERIFY  tiny/Os/dce +[0-9]*/' "$d/verify2.out")" = $((n - done_before)) ] ||
	fail "the resumed verify verified $(grep -c '^  VERIFY  tiny/Os/dce +[0-9]*/' "$d/verify2.out") prefixes, not the $((n - done_before)) left"
expect_grep "^  VERIFY  $n of $n prefixes built and booted" "$d/verify2.out" "the resumed verify's summary"
[ "$(cut -f 1 "$vdir/prefixes" | tr '\n' ' ')" = "$(seq 1 "$n" | tr '\n' ' ')" ] ||
	fail "verify's prefixes are [$(cut -f 1 "$vdir/prefixes" | tr '\n' ' ')], not 1 to $n once each"
awk -F'\t' '$7 != "PASS" { exit 1 }' "$vdir/prefixes" || fail "a prefix did not boot PASS: $(grep -v PASS "$vdir/prefixes")"
[ "$(awk -F'\t' -v n="$n" '$1 == n { print $3, $4, $5 }' "$vdir/prefixes")" = "$(sizes3 "$d/initial/vmlinux")" ] ||
	fail "verify's last prefix has text data bss $(awk -F'\t' -v n="$n" '$1 == n { print $3, $4, $5 }' "$vdir/prefixes"); git am's build has $(sizes3 "$d/initial/vmlinux")"
[ "$(sizes3 "$vdir/base/vmlinux")" = "$(sizes3 "$d/initial/vmlinux")" ] || fail "verify's kernel is not git am's"
# done, it builds nothing more
verify >"$d/verify3.out" 2>&1 || { cat "$d/verify3.out"; fail "verify, run again when done"; }
grep -q '  BUILD ' "$d/verify3.out" && fail "verify rebuilt a prefix it had verified"
ok "verify: killed inside kbuild after $done_before of $n prefixes, resumed with the $((n - done_before)) left to $n of $n PASS, the last one git am's kernel; a third run builds nothing"
rm -rf "$vdir"

# 5. a boot that fails (too little RAM for any kernel: half the least
#    this one boots in): the kept trial is undone, tried again alone,
#    and dropped with the boot's verdict
before=$(sizes3 "$tdir/base/vmlinux")
low=$(( $(sed -n 's/^min_ram_mib //p' "$kdir/minram.result") / 2 ))
[ "$low" -ge 4 ] || fail "no usable min_ram_mib in $kdir/minram.result"
QEMU_MEM=${low}M BOOT_TIMEOUT=8 LIMIT=6 MAX_REBUILDS=1 ONLY='\.c:' BOOT_EVERY=1 adv >"$d/run4.out" 2>&1 ||
	{ cat "$d/run4.out"; fail "advisor run 4"; }
cat "$d/run4.out"
grep -q '^boot	FAIL' "$j" || fail "run 4 kept nothing, so nothing booted to fail"
bad=$(awk -F'\t' '$1 == "boot" && $2 == "FAIL" { print $3; exit }' "$j")
awk -F'\t' -v t="$bad" '$1 == "boot" && $2 == "FAIL" && $3 == t { f = 1 } f && $1 == "unkept" && $2 == t { u = 1 } END { exit !u }' "$j" ||
	fail "trial $bad failed its boot but was not undone"
# its candidates each went again alone; one kept again booted alone, failed,
# and was dropped for it, after exactly two failed boots
dropped=$(awk -F'\t' -v t="+$bad+" '$1 == "dropped" && index(t, "+" $2 "+") && $9 ~ /^boot failed/ { print $2; exit }' "$j")
[ -n "$dropped" ] || fail "no candidate of trial $bad was dropped for a failed boot"
fails=$(awk -F'\t' -v id="$dropped" '$1 == "boot" && $2 == "FAIL" { n = split($3, l, ","); for (k = 1; k <= n; k++) { m = split(l[k], c, "+"); for (i = 1; i <= m; i++) f += c[i] == id } } END { print f + 0 }' "$j")
[ "$fails" = 2 ] || fail "candidate $dropped was dropped after $fails failed boots; once with its trial and once alone is all"
grep -q "^boot	FAIL	$dropped	" "$j" || fail "candidate $dropped never booted alone"
awk -F'\t' -v t="$dropped" '($1 == "kept" || $1 == "unkept") && $2 == t { last = $1 } END { exit last == "kept" }' "$j" ||
	fail "candidate $dropped is still kept in the journal"
[ "$(sizes3 "$tdir/base/vmlinux")" = "$before" ] ||
	fail "after the failed boots the base is $(sizes3 "$tdir/base/vmlinux"), not the confirmed $before"
for f in $(sed -n 's|^+++ b/||p' "$tdir/changes/$bad.diff" "$tdir/changes/$dropped.diff"); do
	cmp -s "$tdir/linux/$f" "$src/$f" || cmp -s "$tdir/linux/$f" "$tdir/confirmed/files/$f" ||
		fail "$f is not back as the confirmed kernel had it"
done
ok "trial $bad: boot FAIL, undone; $dropped tried alone, dropped: $(awk -F'\t' -v t="$dropped" '$1 == "dropped" && $2 == t { print $9 }' "$j")"

# 6. the budget, over every run: the wall time so far is in TDIR/wall,
#    and a run whose builds have reached MAX_TRIALS tries nothing more
wall=$(cat "$tdir/wall")
case $wall in ''|*[!0-9]*) fail "TDIR/wall is '$wall', not seconds" ;; esac
[ "$wall" -gt 0 ] || fail "TDIR/wall says the runs took no time"
builds=$("$TKSIZE" advisor "$tdir" | sed -n 's/^trials: \([0-9]*\) builds.*/\1/p')
tries=$(grep -c '^try' "$j")
MAX_TRIALS=$builds MAX_REBUILDS=1 ONLY='\.c:' adv >"$d/run5.out" 2>&1 || { cat "$d/run5.out"; fail "advisor run 5"; }
expect_grep "budget spent \($builds trial builds, the budget's MAX_TRIALS=$builds\)" "$d/run5.out" "the budget"
[ "$(grep -c '^try' "$j")" = "$tries" ] || fail "run 5 tried a candidate past its budget"
[ "$(cat "$tdir/wall")" -ge "$wall" ] || fail "run 5 lost the wall time of the runs before it"
ok "TDIR/wall holds ${wall}s; at MAX_TRIALS=$builds (tksize advisor's count) the run tries nothing"

# 7. over machines: SHARD=K/N parts share no subsystem and together are
#    the whole queue; MERGE= puts another machine's confirmed kept trials
#    first, as the groups they were, whatever the shard.  Runs at the
#    budget, so each only plans: the queue and the pending groups.
plan() { MAX_TRIALS=$builds adv >"$d/plan.out" 2>&1 || { cat "$d/plan.out"; return 1; }; }
tries_of() { awk -F'\t' '$1 == "try" { print $2 }' "$tdir/queue" | sort; }
plan || fail "advisor, planning unsharded"
tries_of >"$d/all"
for k in 1 2; do
	SHARD=$k/2 plan || fail "advisor SHARD=$k/2"
	tries_of >"$d/part$k"
	awk -F'\t' '$1 == "try" { print $18 }' "$tdir/queue" | sort -u >"$d/subsys$k"
	[ -s "$d/part$k" ] || fail "SHARD=$k/2 left nothing to try (of $(wc -l <"$d/all"))"
done
[ -z "$(comm -12 "$d/part1" "$d/part2")" ] || fail "the two shards share candidates: $(comm -12 "$d/part1" "$d/part2" | head -n 3 | tr '\n' ' ')"
[ -z "$(comm -12 "$d/subsys1" "$d/subsys2")" ] || fail "the two shards share subsystems: $(comm -12 "$d/subsys1" "$d/subsys2" | tr '\n' ' ')"
sort "$d/part1" "$d/part2" | cmp -s - "$d/all" || fail "the two shards together are not the unsharded queue"
ok "SHARD=1/2 and 2/2: $(wc -l <"$d/part1") and $(wc -l <"$d/part2") candidates, subsystems $(tr '\n' ' ' <"$d/subsys1")and $(tr '\n' ' ' <"$d/subsys2")apart; together the $(wc -l <"$d/all") of the whole"
# another machine's folder: the same ranking, a kept group of two of part
# 2's candidates and a single one, both confirmed by a boot
set -- $(head -n 3 "$d/part2")
[ $# = 3 ] || fail "part 2 has fewer than 3 candidates to merge"
other=$d/other
mkdir -p "$other/confirmed"
cp "$tdir/candidates" "$other/"
printf 'kept\t%s+%s\tx\t-40\t0\t0\t-40\t1\nkept\t%s\ty\t-8\t0\t0\t-8\t1\nboot\tPASS\t%s+%s,%s\n' "$1" "$2" "$3" "$1" "$2" "$3" >"$other/journal"
echo "$3" >"$other/confirmed/.last"
SHARD=1/2 MERGE=$other plan || fail "advisor SHARD=1/2 MERGE=$other"
expect_grep "DEINLINE tiny/Os/dce: 2 kept trials a boot confirmed in $other, tried here first" "$d/plan.out" "the merge's count"
# (a replay, a candidate a failed boot undid, would go before them)
firsts=$(awk -F'\t' 'FILENAME == ARGV[1] { if ($1 == "replay") r[$2] = 1; next } !($0 in r)' "$tdir/queue" "$tdir/pending" | head -n 2)
[ "$firsts" = "$1 $2
$3" ] || fail "MERGE: pending does not start with the merged groups '$1 $2' and '$3': $(echo "$firsts" | tr '\n' '|')"
for id in "$@"; do grep -q "^try	$id	" "$tdir/queue" || fail "MERGE: merged candidate $id is not in SHARD=1/2's queue"; done
ok "MERGE: the other machine's kept groups ($1+$2, $3) come first in SHARD=1/2's pending, outside its part"
# a ranking of another kernel, and a part that is not one, each refused
sed -i '2d' "$other/candidates"
MERGE=$other plan && fail "MERGE of a folder ranked otherwise was taken"
expect_grep "^deinline: $other/candidates: not the ranking of $tdir/candidates" "$d/plan.out" "the refused merge"
SHARD=3/2 plan && fail "SHARD=3/2 was taken"
expect_grep "^trial: SHARD=3/2: want K/N with 1 <= K <= N" "$d/plan.out" "the refused shard"
ok "refused, naming why: another ranking's folder, SHARD=3/2"
rm -rf "$d"
