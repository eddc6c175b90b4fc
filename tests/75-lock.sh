# Makefile: two makes on one build folder do not interleave; the second
# says it is waiting and runs once the first is done.
. "$(dirname "$0")/lib.sh"
d=$(scratch lock)
cd "$TOP"
# A build folder of its own: make check itself holds the lock of $BUILD.
b=$d/build
mkdir -p "$b"
# stand in for a first make: hold the folder's lock for a few seconds
flock "$b/.lock" sleep 6 &
holder=$!
sleep 1
# the report of an empty folder: quick, and it names the kernels it lacks
env -u TINYKERN_LOCKED make BUILD="$b" report >"$d/out.txt" 2>&1 || true
if kill -0 "$holder" 2>/dev/null; then fail "the second make ran while the lock was held"; fi
cat "$d/out.txt"
expect_grep "^tinykern: another make is using $b \(lock $b/.lock\); waiting for it$" "$d/out.txt" "wait message"
expect_grep 'vmlinux-tiny-' "$d/out.txt" "report after the wait"
ok "second make waited for the lock, then ran"
wait "$holder"
