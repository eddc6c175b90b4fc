# deps/: a user who is not root and lacks a package is told the exact
# command to run, and nothing is installed.
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
