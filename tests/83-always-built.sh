# kbuild/always-built.sh, the units every x86 config links, on a tree of
# kbuild makefiles written for it: obj-y down from the top-level Kbuild
# (with $(SRCARCH) and $(ARCH_LIB)), lib-y, a composite object's parts,
# a list obj-y names ($(mmu-y), CONFIG_MMU counting as y, := setting it
# anew), continued
# lines; and left out: obj-$(CONFIG_X) objects and folders, what an
# ifdef or ifeq block holds, a name through another variable
# (init_$(BITS).o), a composite's conditional part, a composite some
# config sets anew (rcu-$(CONFIG_TINY_RCU) :=), and a commented line.
# Then the real tree: the homes deinline/rank.sh would give header
# functions are all on its list, in arch/ exactly for arch headers.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch always-built)
t=$d/tree
mkdir -p "$t/arch/x86/mm" "$t/arch/x86/lib" "$t/lib" "$t/mm" "$t/fs/proc" "$t/kernel/cond" "$t/drivers/tty"
cat >"$t/Kbuild" <<'K'
obj-y			+= arch/$(SRCARCH)/
obj-y			+= kernel/
obj-y			+= mm/
obj-y			+= fs/
obj-y			+= $(ARCH_LIB)
obj-$(CONFIG_TTY)	+= drivers/
K
printf 'obj-y += mm/\n' >"$t/arch/x86/Kbuild"
printf 'obj-y := init.o init_$(BITS).o \\\n\tfault.o\n' >"$t/arch/x86/mm/Makefile"
printf 'lib-y := usercopy.o\n' >"$t/arch/x86/lib/Makefile"
printf 'lib-y := string.o\nobj-$(CONFIG_CRC) += crc.o\n' >"$t/lib/Makefile"
cat >"$t/mm/Makefile" <<'K'
mmu-y := nommu.o
mmu-$(CONFIG_MMU) := memory.o mmap.o
obj-y := filemap.o $(mmu-y)
K
cat >"$t/fs/Makefile" <<'K'
obj-y = open.o \
	namei.o
# obj-y += commented.o
obj-$(CONFIG_PROC_FS) += proc/
ifdef CONFIG_BLOCK
obj-y += buffer.o
endif
ifeq ($(CONFIG_X),y)
obj-y += x.o
else
obj-y += notx.o
endif
obj-y += after.o
K
printf 'obj-y := base.o\n' >"$t/fs/proc/Makefile"
cat >"$t/kernel/Makefile" <<'K'
obj-y = fork.o sched.o cond/ rcu.o
sched-y := core.o fair.o
sched-$(CONFIG_SMP) += smp.o
rcu-y := tree.o
rcu-$(CONFIG_TINY_RCU) := tiny.o
K
printf 'obj-$(CONFIG_Q) += q.o\n' >"$t/kernel/cond/Makefile"
printf 'obj-y += tty.o\n' >"$t/drivers/tty/Makefile"
printf 'obj-y += tty/\n' >"$t/drivers/Makefile"
for f in arch/x86/mm/init arch/x86/mm/init_32 arch/x86/mm/fault arch/x86/lib/usercopy lib/string lib/crc \
	mm/nommu mm/memory mm/mmap mm/filemap fs/open fs/namei fs/commented fs/buffer fs/x fs/notx fs/after \
	fs/proc/base kernel/fork kernel/core kernel/fair kernel/smp kernel/cond/q kernel/tree kernel/tiny drivers/tty/tty; do
	: >"$t/$f.c"
done
"$TOP/kbuild/always-built.sh" "$t" >"$d/got" || fail "always-built.sh exited $?"
cat >"$d/want" <<'W'
arch/x86/lib/usercopy.c
arch/x86/mm/fault.c
arch/x86/mm/init.c
fs/after.c
fs/namei.c
fs/open.c
kernel/core.c
kernel/fair.c
kernel/fork.c
lib/string.c
mm/filemap.c
mm/memory.c
mm/mmap.c
W
diff -u "$d/want" "$d/got" || fail "always-built.sh's list is not the one the makefiles give"
ok "always-built: $(wc -l <"$d/got") units; left out init_\$(BITS), obj-\$(CONFIG_*) files and folders, ifdef/ifeq blocks, a commented line, a conditional part, mmu-y's first value, a composite a config sets anew"

# the real tree: every home rank.sh gives is a unit kbuild compiled for
# tiny, the smallest config (its object is in tiny's build folder: kbuild's
# own word, not always-built.sh's list, which rank.sh reads; tests/82
# checks the list and the homes against an allnoconfig build), in arch/
# exactly for an arch or asm-generic header; a function of the 6.1 tree whose
# expanding units are all in folders some configs leave out (dir_emit_dots:
# fs/proc/, fs/kernfs/) has no home
src=$BUILD/src/linux kdir=$BUILD/kernels/tiny-Os-dce
[ -f "$kdir/vmlinux" ] && [ -d "$kdir/obj" ] || make -s VARIANTS=dce kernels
[ -f "$kdir/obj/vmlinux.a" ] || fail "no objects in $kdir/obj: the folder was pruned (make prune); make clean and run again"
"$TOP/kbuild/always-built.sh" "$src" >"$d/always"
grep -q -x -F fs/namei.c "$d/always" && grep -q -x -F mm/memory.c "$d/always" ||
	fail "the real tree's list lacks fs/namei.c or mm/memory.c"
! grep -q -e '^fs/proc/' -e '^arch/x86/events/' -e '^arch/x86/mm/init_32\.c$' "$d/always" ||
	fail "the real tree's list has a unit only some configs build: $(grep -e '^fs/proc/' -e '^arch/x86/events/' -e '^arch/x86/mm/init_32\.c$' "$d/always" | head -n 3 | tr '\n' ' ')"
make -s -C "$TOP/measure" O="$d" >/dev/null
gcc -O2 -Wall -o "$d/uninline" "$TOP/deinline/uninline.c"
TKSIZE=$d/tksize UNINLINE=$d/uninline "$TOP/deinline/rank.sh" "$src" "$kdir" >"$d/candidates" || fail "rank.sh"
# the objects kbuild linked (vmlinux.a and the lib.a archives list them), not
# every .o on disk: one a config no longer builds may still lie there
(cd "$kdir/obj" && ar t vmlinux.a && ar t lib/lib.a && ar t arch/x86/lib/lib.a) | sed 's|\.o$|.c|' >"$d/compiled"
awk -F'\t' 'NR == FNR { compiled[$1] = 1; next }
	$6 == "move" && $15 == "ok" {
		n++
		if (!($7 in compiled)) { print "not compiled for tiny: " $4 " in " $7; bad++ }
		if (($2 ~ /^(arch|include\/asm-generic)\//) != ($7 ~ /^arch\//)) { print "arch and not: " $4 " (" $2 ") in " $7; bad++ }
	}
	END { print n " homes"; exit bad > 0 || n < 100 }' "$d/compiled" "$d/candidates" >"$d/homes" ||
	{ cat "$d/homes"; fail "rank.sh gave a home tiny does not compile, or too few"; }
row=$(awk -F'\t' '$4 == "dir_emit_dots" && $2 == "include/linux/fs.h" { print $15 }' "$d/candidates")
case $row in "no unit that expands it or has its name is built by every x86 config"*) ;;
*) fail "dir_emit_dots(), expanded under fs/proc/ and fs/kernfs/ only, has status '$row'" ;;
esac
# re-homed, by the rule: get_task_struct() is expanded most in
# fs/proc/base.c (PROC_FS), then in kernel/events/core.c (PERF_EVENTS),
# kernel/sched/core.c and mm/oom_kill.c, 4 each: the first always built,
# in name order, is kernel/sched/core.c; blake2s(), expanded only in its
# selftest (built with CRYPTO's tests), goes to the always-built unit of
# its header's name, lib/crypto/blake2s.c; pmd_bad(), an arch header's
# expanded only in mm/, goes to arch/
home_of() { awk -F'\t' -v f="$1" -v n="$2" '$2 == f && $4 == n { print $7 }' "$d/candidates"; }
[ "$(home_of include/linux/sched/task.h get_task_struct)" = kernel/sched/core.c ] ||
	fail "get_task_struct()'s home is '$(home_of include/linux/sched/task.h get_task_struct)', not kernel/sched/core.c"
[ "$(home_of include/crypto/blake2s.h blake2s)" = lib/crypto/blake2s.c ] ||
	fail "blake2s()'s home is '$(home_of include/crypto/blake2s.h blake2s)', not lib/crypto/blake2s.c"
case $(home_of arch/x86/include/asm/pgtable.h pmd_bad) in
arch/*) ;;
*) fail "pmd_bad(), an arch header's, has home '$(home_of arch/x86/include/asm/pgtable.h pmd_bad)', outside arch/" ;;
esac
ok "rank.sh: $(cat "$d/homes"), each compiled for tiny, in arch/ exactly for arch headers; get_task_struct() to kernel/sched/core.c, blake2s() to lib/crypto/blake2s.c, pmd_bad() to $(home_of arch/x86/include/asm/pgtable.h pmd_bad); dir_emit_dots() left alone"
rm -rf "$d"
