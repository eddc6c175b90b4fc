# patches/: every patch in the series applies with git am (the patch -p1
# path is what source/prepare.sh uses for every build) to the tarball it
# names, and each carries a Signed-off-by.
. "$(dirname "$0")/lib.sh"
d=$(scratch series-git-am)
cd "$TOP"
tarball=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
tar -xJf "$tarball" -C "$d" --strip-components=1
git -C "$d" init -q
git -C "$d" add -f -A .
git -C "$d" -c user.name=tinykern -c user.email=tinykern@localhost commit -q -m base
series=$(grep -v -e '^#' -e '^[[:space:]]*$' patches/series)
n=$(printf '%s\n' "$series" | grep -c .)
[ "$n" -ge 1 ] || fail "patches/series names no patch"
files=$(ls patches/*.patch | wc -l)
[ "$n" = "$files" ] || fail "patches/series names $n patches, patches/ holds $files"
for p in $series; do
	grep -q '^Signed-off-by: ' "patches/$p" || fail "$p has no Signed-off-by"
	git -C "$d" -c user.name=tinykern -c user.email=tinykern@localhost am -q "$TOP/patches/$p" ||
		fail "$p does not apply with git am"
	ok "git am $p"
done
[ "$(git -C "$d" rev-list --count HEAD)" = $((n + 1)) ] || fail "not every patch became a commit"
# and each commit is its patch, in series order
git -C "$d" log --reverse --format=%s HEAD~$n..HEAD >"$d/subjects"
for p in $series; do
	git mailinfo /dev/null /dev/null <"patches/$p" | sed -n 's/^Subject: //p'
done >"$d/want"
diff -u "$d/want" "$d/subjects" || fail "the commits are not the series' patches in order"
ok "$n patches, $n commits, in series order"
rm -rf "$d"
