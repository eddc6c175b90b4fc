# kbuild/: a build interrupted at a random point, by SIGINT (Ctrl-C) or
# SIGKILL, leaves no vmlinux that looks done, and the next make completes
# with exactly the sizes of an uninterrupted build.  The build interrupted
# is a copy of make's inline+units folder, variant intr (inline+units's
# fragment under another name), so make's own kernel, which the report and
# later tests read, is never rebuilt.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch interrupt)
cd "$TOP"
v=intr vre=intr
made=$BUILD/kernels/tiny-Os-inline+units
k=$BUILD/kernels/tiny-Os-$v
make -s BUILD="$BUILD" VARIANTS=inline+units boots >/dev/null
[ -e "$made/obj/vmlinux.o" ] ||
	fail "no objects in $made/obj: the folder was pruned (make prune); make clean and run again"
cp -r tinyconfigs "$d/fragments"
cp tinyconfigs/variant-inline+units.config "$d/fragments/variant-$v.config"
rm -rf "$k"
cp -a "$made" "$k"
export FRAGMENTS="$d/fragments"
make -s BUILD="$BUILD" VARIANTS=$v boots >"$d/copy.log" 2>&1 || { cat "$d/copy.log"; fail "make on the copied folder"; }
if grep '^  BUILD ' "$d/copy.log"; then fail "the copied folder was built again before any interruption"; fi
size "$k/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }' >"$d/uninterrupted"
cp "$k/bzImage" "$d/bzImage.uninterrupted"

# wait_for_lines FILE N PID: until FILE has N lines; false if PID ends first
wait_for_lines() {
	while [ "$(wc -l 2>/dev/null <"$1" || echo 0)" -lt "$2" ]; do
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.05
	done
}

for sig in INT KILL; do
	# make a real rebuild due: drop the result and a few hundred objects,
	# and the last build's log, so that only this build's lines are counted
	rm -f "$k/vmlinux" "$k/bzImage" "$k/obj/vmlinux" "$k/build.log"
	find "$k/obj/kernel" "$k/obj/mm" "$k/obj/fs" -name '*.o' -delete
	# its own process group, as a terminal's foreground job is, and SIGINT
	# not ignored (sh ignores it in background jobs)
	t0=$(date +%s)
	setsid env --default-signal=INT make BUILD="$BUILD" VARIANTS=$v boots >"$d/$sig.log" 2>&1 &
	pid=$!
	# The random point is counted in kbuild's own output, not in seconds:
	# from a warm ccache the ~220 objects rebuild in a few seconds on a
	# fast machine, and a fixed delay may land after the build is done.
	at=$((1 + $(od -An -N1 -tu1 /dev/urandom) % 150))
	wait_for_lines "$k/build.log" "$at" "$pid" || { cat "$d/$sig.log"; fail "$sig: make ended before kbuild printed $at lines"; }
	kill -"$sig" -"$pid"
	wait "$pid" || true
	count_build other $(($(date +%s) - t0)) "tiny/Os/$v, killed by SIG$sig"
	sleep 1
	if pgrep -f "O=$k/obj" >/dev/null; then fail "$sig: kbuild still running after the signal"; fi
	! grep -q 'bzImage is ready' "$k/build.log" || fail "$sig: kbuild finished before the signal reached it; nothing was interrupted"
	[ ! -e "$k/vmlinux" ] && [ ! -e "$k/bzImage" ] || fail "$sig: an interrupted build left a vmlinux or bzImage"
	ok "SIG$sig at line $at of kbuild's output: nothing left that looks built"

	make BUILD="$BUILD" VARIANTS=$v boots >"$d/$sig.rerun.log" 2>&1 || { cat "$d/$sig.rerun.log"; fail "$sig: rerun failed"; }
	expect_grep "RESUME  tiny/Os/$vre: the last build was interrupted" "$d/$sig.rerun.log" "$sig rerun"
	size "$k/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }' >"$d/after-$sig"
	cmp -s "$d/uninterrupted" "$d/after-$sig" ||
		fail "$sig: sizes after the rerun $(cat "$d/after-$sig") differ from $(cat "$d/uninterrupted")"
	cmp -s "$k/bzImage" "$d/bzImage.uninterrupted" || fail "$sig: bzImage differs from the uninterrupted build's"
	expect_grep '^result PASS$' "$k/boot.result" "$sig rerun boot"
	ok "SIG$sig: rerun completed with the same sizes ($(cat "$d/after-$sig")) and an identical bzImage"
done
rm -rf "$k"
