# patches/: every patch of the series applies with git am (the patch -p1
# path is what source/prepare.sh uses for every build) to the files of the
# tarball it names that it changes, then every patch of patches/deinline/
# (the deinline variant's tree) on top; and every patch of patches/6.12/
# to those of Debian's 6.12 tarball.  Each carries a Signed-off-by, and
# each commit is its patch, in series order.  checkpatch.pl finds no
# error in patches/deinline/.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
scr=$(scratch series-git-am)
cd "$TOP"
# a git tree in folder D of the files of TARBALL that the series in DIRS
# change (-f: Debian's .gitignore ignores the top level).  git am reads
# and writes only those, so the other 80,000 files would cost minutes of
# git add and rm -rf and check nothing.  So no patch may create, delete,
# rename or copy a file (checked first): each changes files the tarball has.
git_tree() {
	tarball=$1 d=$2
	shift 2
	mkdir -p "$d"
	top=$(tar -tJf "$tarball" | head -n 1 | cut -d / -f 1)
	for dir; do
		grep -l -E '^(new file mode|deleted file mode|rename from|copy from) ' "$dir"/*.patch &&
			fail "the patches above create, delete, rename or copy a file: git am them on the whole tree"
	done
	paths=$(for dir; do
		grep -v -e '^#' -e '^[[:space:]]*$' "$dir/series" | while read -r p; do
			sed -n 's|^--- a/||p' "$dir/$p"
		done
	done | sort -u)
	[ -n "$paths" ] || fail "the series in $* change no file"
	# shellcheck disable=SC2046
	tar -xJf "$tarball" -C "$d" --strip-components=1 $(echo "$paths" | sed "s|^|$top/|") ||
		fail "$tarball lacks a file the series in $* change"
	git -C "$d" init -q
	git -C "$d" add -f -A .
	git -C "$d" -c user.name=tinykern -c user.email=tinykern@localhost commit -q -m base
	ok "$(basename "$tarball"): the $(echo "$paths" | wc -l) files the series in $* change"
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
git_tree "${TARBALL:-/usr/src/linux-source-6.1.tar.xz}" "$scr/6.1" patches patches/deinline
am_series patches
am_series patches/deinline
rm -rf "$d"
# the de-inlining series reads like a kernel series: the kernel's own
# checkpatch.pl finds no error in any patch (a planted one is found)
checkpatch=$BUILD/src/linux/scripts/checkpatch.pl
[ -f "$checkpatch" ] || fail "no $checkpatch (make source)"
# (from the series' folder, as emit.sh's absolute paths do: run from the
# top of this clone on patches/deinline/*.patch, checkpatch.pl reports
# "trailing whitespace" at blank context lines of some patches, which it
# reports from no other folder; seen, not yet explained)
(cd patches/deinline && perl "$checkpatch" --no-tree --terse --no-summary ./*.patch) >"$scr/checkpatch" 2>&1 || :
if grep ': ERROR:' "$scr/checkpatch"; then fail "checkpatch.pl finds errors in patches/deinline (above)"; fi
sed 's/^Signed-off-by: .*$//' patches/deinline/0001-*.patch >"$scr/unsigned.patch"
perl "$checkpatch" --no-tree --terse --no-summary "$scr/unsigned.patch" >"$scr/planted" 2>&1 || :
grep -q ': ERROR:MISSING_SIGN_OFF:\|: ERROR: Missing Signed-off-by' "$scr/planted" || { cat "$scr/planted"; fail "checkpatch.pl did not find a planted error"; }
# and no patch saves under 32 bytes of the text symbols on its own: the
# saving each message gives first (its trials' sum)
for p in patches/deinline/*.patch; do
	saved=$(grep -m1 -o 'functions -[0-9]* bytes' "$p" | tr -dc 0-9)
	[ -n "$saved" ] || fail "$p: no measured saving in its message"
	[ "$saved" -ge 32 ] || fail "$p saves $saved bytes, under 32"
done
ok "checkpatch.pl: no error in the $(ls patches/deinline/*.patch | wc -l) patches of patches/deinline ($(grep -c ': WARNING' "$scr/checkpatch" || :) warnings); a patch without its Signed-off-by is an error; each saves 32 bytes or more"
deps/install.sh -p linux-source-6.12
git_tree /usr/src/linux-source-6.12.tar.xz "$scr/6.12" patches/6.12
am_series patches/6.12
rm -rf "$d"
