# deps/: a user who is not root and lacks a package is told the exact
# command to run, and nothing is installed.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch deps)
printf '# test list\nmake\ntinykern-no-such-package\n' >"$d/packages.list"
# a copy the unprivileged user can surely read, wherever the clone lives
cp "$TOP/deps/install.sh" "$d/install.sh"
chmod -R a+rX "$d"
if setpriv --reuid=nobody --regid=nogroup --clear-groups sh "$d/install.sh" "$d/packages.list" \
	>"$d/out.txt" 2>&1; then
	cat "$d/out.txt"; fail "install.sh succeeded for non-root with a package missing"
fi
cat "$d/out.txt"
expect_grep '^deps: missing packages: tinykern-no-such-package$' "$d/out.txt" "missing list"
expect_grep '^deps: run as root: apt-get update && apt-get install -y tinykern-no-such-package$' "$d/out.txt" "exact command"
ok "non-root is given the exact apt-get command"

# and with everything present it is silent and succeeds, root or not
printf 'make\n' >"$d/present.list"
chmod a+r "$d/present.list"
out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups sh "$d/install.sh" "$d/present.list" 2>&1) ||
	fail "install.sh failed with nothing missing: $out"
[ -z "$out" ] || fail "install.sh printed '$out' with nothing missing"
ok "nothing missing: silent success"

# apt-get update on a mirror caught in a sync fails; it is tried again,
# and a last failure is a warning, not the end of the run.  apt-get here
# is a stand-in that fails its first N updates as such a mirror does.
mkdir -p "$d/bin"
cat >"$d/bin/apt-get" <<'SHIM'
#!/bin/sh
[ "$1" = update ] || exit 1
n=$(($(cat "$APT_SHIM_COUNT" 2>/dev/null || echo 0) + 1))
echo "$n" >"$APT_SHIM_COUNT"
[ "$n" -gt "$APT_SHIM_FAILS" ] && exit 0
echo "E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/binary-i386/Packages.xz  File has unexpected size (371952 != 372316). Mirror sync in progress?" >&2
exit 100
SHIM
chmod +x "$d/bin/apt-get"
export APT_SHIM_COUNT="$d/count" APT_UPDATE_PAUSE=0
unset APT_UPDATE_TRIES
rm -f "$d/count"
APT_SHIM_FAILS=2 PATH="$d/bin:$PATH" "$TOP/deps/apt-update.sh" >"$d/update.txt" 2>&1 ||
	{ cat "$d/update.txt"; fail "apt-update.sh failed when the third update worked"; }
[ "$(cat "$d/count")" = 3 ] || fail "apt-get update ran $(cat "$d/count") times, not 3"
[ "$(grep -c '^  APT     apt-get update failed, trying again in 0s ([12] of 3): E: Failed to fetch .*Mirror sync in progress?$' "$d/update.txt")" = 2 ] ||
	{ cat "$d/update.txt"; fail "the two failed updates were not each said once"; }
! grep -q 'going on with' "$d/update.txt" || fail "a warning that it went on, though the third update worked"
ok "apt-get update failing twice on a mirror in sync: tried again, the third works"
rm -f "$d/count"
APT_SHIM_FAILS=9 PATH="$d/bin:$PATH" "$TOP/deps/apt-update.sh" >"$d/update.txt" 2>&1 ||
	{ cat "$d/update.txt"; fail "apt-update.sh failed the run when every update failed"; }
[ "$(cat "$d/count")" = 3 ] || fail "apt-get update ran $(cat "$d/count") times, not 3"
expect_grep '^  APT     apt-get update failed 3 times, going on with the indexes apt has: E: Failed to fetch ' "$d/update.txt" "the last failure's warning"
ok "apt-get update failing every time: a warning, and the run goes on to the install"
