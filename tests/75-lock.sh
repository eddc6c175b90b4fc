# Makefile: two makes on one build folder do not interleave; the second
# says it is waiting and runs once the first is done.
. "$(dirname "$0")/lib.sh"
d=$(scratch lock)
cd "$TOP"
make -s BUILD="$BUILD" report >/dev/null 2>&1 || true
# stand in for a first make: hold the folder's lock for a few seconds
flock "$BUILD/.lock" sleep 6 &
holder=$!
sleep 1
env -u TINYKERN_LOCKED make BUILD="$BUILD" report >"$d/out.txt" 2>&1 || true
if kill -0 "$holder" 2>/dev/null; then fail "the second make ran while the lock was held"; fi
cat "$d/out.txt"
expect_grep "^tinykern: another make is using $BUILD \(lock $BUILD/.lock\); waiting for it$" "$d/out.txt" "wait message"
expect_grep 'vmlinux-tiny-' "$d/out.txt" "report after the wait"
ok "second make waited for the lock, then ran"
wait "$holder"
