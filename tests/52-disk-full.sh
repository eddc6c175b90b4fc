# A build folder on a small disk (a 400 MB tmpfs; CI runs as root): the run
# stops before extracting, with one line naming the folder, the space free
# and the space needed, and says it again last.  Forced past that check, the
# extraction fails mid-way: the first tar error and the count of the rest,
# not thousands of lines, and no half tree is left.  Nothing is built, no
# empty report is printed, and nothing already built is lost.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch disk-full)
cd "$TOP"
[ "$(id -u)" = 0 ] || fail "needs root, to mount a small tmpfs"
small=$d/small
mkdir -p "$small"
mount -t tmpfs -o size=400M tinykern-test "$small" || fail "cannot mount a tmpfs on $small"
trap 'umount "$small" 2>/dev/null || umount -l "$small"' EXIT
mkdir -p "$small/kernels/tiny-Os-orig"
echo "earlier result" >"$small/kernels/tiny-Os-orig/boot.result"

if env -u TINYKERN_LOCKED make BUILD="$small" >"$d/out.txt" 2>&1; then cat "$d/out.txt"; fail "make passed on a 400 MB disk"; fi
cat "$d/out.txt"
line="source: $small/src: [0-9]+ MiB free, extracting linux-source-6.1.tar.xz needs 1500 MiB"
expect_grep "^$line$" "$d/out.txt" "the free-space error"
expect_last_cause "$line" "$d/out.txt"
if grep -E '^  (EXTRACT|CONFIG|BUILD) |text +data +bss|not built' "$d/out.txt"; then fail "it went on"; fi
ok "no room to extract: named before extracting, and again last"

# past the check: tar fills the disk
if env -u TINYKERN_LOCKED make BUILD="$small" SOURCE_NEED_MIB=0 >"$d/tar.txt" 2>&1; then fail "extraction into 400 MB passed"; fi
cat "$d/tar.txt"
[ "$(wc -l <"$d/tar.txt")" -le 15 ] || fail "$(wc -l <"$d/tar.txt") lines of output for one full disk"
line="source: extracting /usr/src/linux-source-6.1.tar.xz into $small/src/linux.tmp failed: tar: .* \(and [0-9]+ more lines in [^ ]*\)"
expect_grep "^$line$" "$d/tar.txt" "the first tar error and the count"
log=$(sed -n 's/.* more lines in \([^ ]*\))$/\1/p' "$d/tar.txt" | head -n 1)
expect_grep "No space left on device" "$log" "the full tar log"
rm -f "$log"
expect_last_cause "$line" "$d/tar.txt"
[ ! -e "$small/src/linux.tmp" ] && [ ! -e "$small/src/linux" ] || fail "a half tree was left"
expect_grep '^earlier result$' "$small/kernels/tiny-Os-orig/boot.result" "earlier result"
ok "a full disk mid-extraction: one line with the first error and the count; no half tree; nothing lost"
