# patches/: every patch of the series applies with git am (the patch -p1
# path is what source/prepare.sh uses for every build) to the tarball it
# names, then every patch of patches/deinline/ (the deinline variant's
# tree) on top; and every patch of patches/6.12/ to Debian's 6.12
# tarball.  Each carries a Signed-off-by, and each commit is its patch,
# in series order.
. "$(dirname "$0")/lib.sh"
scr=$(scratch series-git-am)
cd "$TOP"
# a git tree of TARBALL in folder D (-f: Debian's .gitignore ignores the top level)
git_tree() {
	d=$2
	mkdir -p "$d"
	tar -xJf "$1" -C "$d" --strip-components=1
	git -C "$d" init -q
	git -C "$d" add -f -A .
	git -C "$d" -c user.name=tinykern -c user.email=tinykern@localhost commit -q -m base
}
# git am every patch DIR/series names, on top of what the tree in $d holds
am_series() {
	dir=$1
	[ -r "$dir/series" ] || fail "$dir/series: not found"
	series=$(grep -v -e '^#' -e '^[[:space:]]*$' "$dir/series" || true)
	n=$(printf '%s\n' "$series" | grep -c . || true)
	[ "$n" -ge 1 ] || fail "$dir/series names no patch"
	files=$(ls "$dir"/*.patch | wc -l)
	[ "$n" = "$files" ] || fail "$dir/series names $n patches, $dir/ holds $files"
	before=$(git -C "$d" rev-list --count HEAD)
	for p in $series; do
		grep -q '^Signed-off-by: ' "$dir/$p" || fail "$dir/$p has no Signed-off-by"
		git -C "$d" -c user.name=tinykern -c user.email=tinykern@localhost am -q "$TOP/$dir/$p" ||
			fail "$dir/$p does not apply with git am"
		ok "git am $dir/$p"
	done
	[ "$(git -C "$d" rev-list --count HEAD)" = $((before + n)) ] || fail "not every patch of $dir became a commit"
	git -C "$d" log --reverse --format=%s HEAD~$n..HEAD >"$d/subjects"
	for p in $series; do
		git mailinfo /dev/null /dev/null <"$dir/$p" | sed -n 's/^Subject: //p'
	done >"$d/want"
	diff -u "$d/want" "$d/subjects" || fail "the commits are not $dir's patches in order"
	ok "$dir: $n patches, $n commits, in series order"
}
git_tree "${TARBALL:-/usr/src/linux-source-6.1.tar.xz}" "$scr/6.1"
am_series patches
am_series patches/deinline
rm -rf "$d"
deps/install.sh -p linux-source-6.12
git_tree /usr/src/linux-source-6.12.tar.xz "$scr/6.12"
am_series patches/6.12
rm -rf "$d"
