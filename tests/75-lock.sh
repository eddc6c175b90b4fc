# Makefile: two makes on one build folder do not interleave; the second
# says it is waiting, and starts its work only after the first is done.
# Both are real makes of the report, whose first work is compiling tksize
# with HOSTCC (the second one's tksize goes to a folder of its own, so it
# has that compile to do too): each one's HOSTCC writes a sub-second timestamp, the first's
# also when it finishes (after a pause that keeps the lock held).
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch lock)
cd "$TOP"
# A build folder of its own: make check itself holds the lock of $BUILD.
b=$d/build
mkdir -p "$b"
cat >"$d/slowcc" <<SH
#!/bin/sh
date +%s.%N >"$d/first.start"
sleep 3
gcc "\$@" && date +%s.%N >"$d/first.end"
SH
cat >"$d/fastcc" <<SH
#!/bin/sh
date +%s.%N >"$d/second.start"
exec gcc "\$@"
SH
chmod +x "$d/slowcc" "$d/fastcc"
env -u TINYKERN_LOCKED make BUILD="$b" HOSTCC="$d/slowcc" report >"$d/first.txt" 2>&1 &
first=$!
# wait until the first one is working under the lock
i=0
while [ ! -e "$d/first.start" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -e "$d/first.start" ] || fail "the first make never started its work"
# its own tksize, so that it has a compile to do too
env -u TINYKERN_LOCKED make BUILD="$b" MEASURE="$d/second/tksize" HOSTCC="$d/fastcc" report \
	>"$d/second.txt" 2>&1 || true
wait "$first" || true
cat "$d/second.txt"
[ -e "$d/first.end" ] && [ -e "$d/second.start" ] || fail "a make did not do its work"
expect_grep "^tinykern: another make is using $b \(lock $b/.lock\); waiting for it$" "$d/second.txt" "wait message"
awk -v a="$(cat "$d/first.end")" -v b="$(cat "$d/second.start")" 'BEGIN { exit !(b > a) }' ||
	fail "the second make started at $(cat "$d/second.start"), before the first ended at $(cat "$d/first.end")"
expect_grep 'vmlinux-tiny-' "$d/second.txt" "report after the wait"
ok "the second make waited: it started at $(cat "$d/second.start"), after the first ended at $(cat "$d/first.end")"
