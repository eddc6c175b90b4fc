# tinyconfigs/: a fragment asking for something kconfig will not give is an
# error naming the symbol and the fragment, and no .config is written.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch config-errors)
cd "$TOP"
make -s BUILD="$BUILD" source >/dev/null
src=$BUILD/src/linux

# try NAME FRAGMENT-LINES: merge tiny.config + the fragment, expect failure
# (from a base config cached by the first try that reaches kconfig)
try() {
	printf '%s\n' "$2" >"$d/$1.config"
	mkdir -p "$d/$1"
	if tinyconfigs/merge.sh -c "$d/try-cache" "$src" "$d/$1" tinyconfigs/tiny.config "$d/$1.config" 2>"$d/$1.err"; then
		fail "$1: merge accepted it"
	fi
	cat "$d/$1.err"
	[ ! -e "$d/$1/.config" ] || fail "$1: a .config was written anyway"
}

try unknown 'CONFIG_TINYKERN_NO_SUCH_SYMBOL=y'
expect_grep "^configs: $d/unknown.config: kconfig dropped CONFIG_TINYKERN_NO_SUCH_SYMBOL=y" "$d/unknown.err" "unknown symbol"
expect_grep "^config: $d/unknown.config: kconfig dropped CONFIG_TINYKERN_NO_SUCH_SYMBOL=y" "$d/failed" \
	"the kernel folder's failed file, which the report names"
ok "unknown symbol is named with its fragment, and the config stage is named as the one that failed"

# X86_X32_ABI depends on X86_64: on i386 kconfig drops it silently
try unmet 'CONFIG_X86_X32_ABI=y'
expect_grep "kconfig dropped CONFIG_X86_X32_ABI=y .*final .config: not set" "$d/unmet.err" "unmet dependency"
ok "symbol with an unmet dependency is named"

try malformed "$(printf 'CONFIG_PRINTK=y\nCONFIG_TTY y')"
expect_grep "^configs: $d/malformed.config:2: not a kconfig line: CONFIG_TTY y" "$d/malformed.err" "malformed line"
ok "malformed line is named by file:line"

# and the real fragments merge cleanly
# a fresh merge, no cache: what the cached ones are compared with below
mkdir -p "$d/good"
tinyconfigs/merge.sh "$src" "$d/good" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
expect_grep '^CONFIG_CC_FORCE_INLINE=y' "$d/good/.config" "orig .config"
ok "tiny + orig merge cleanly"

# The config cache (-c): the same inputs give the same .config without
# running kconfig (merge.sh's scratch folder gets no kconfig log); other
# inputs, or a re-extracted source tree, get an entry of their own; a
# failed merge caches nothing.  The base config (`make tinyconfig`'s
# .config) is cached too, by tree: a merge of other fragments on the same
# tree runs kconfig's olddefconfig only, and gets what a merge that ran
# tinyconfig itself gets.
c=$d/cache
entries() { find "$c" -name '*.config' ! -name 'base-*' | wc -l; }
bases() { find "$c" -name 'base-*.config' | wc -l; }
# tinyconfig's own merge of the kernel's tiny fragment, in a merge's log
ran_tinyconfig() { grep -q "^Merging .*/kernel/configs/tiny\.config$" "$1/.tinykern-config/log"; }
mkdir -p "$d/miss" "$d/hit"
tinyconfigs/merge.sh -c "$c" "$src" "$d/miss" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
[ "$(entries)" = 1 ] && [ "$(bases)" = 1 ] || fail "cache: $(entries) entries and $(bases) bases after one merge, not 1 and 1"
ran_tinyconfig "$d/miss" || fail "cache: the first merge did not run tinyconfig"
tinyconfigs/merge.sh -c "$c" "$src" "$d/hit" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
[ ! -e "$d/hit/.tinykern-config/log" ] || fail "cache: the second merge of the same fragments ran kconfig"
cmp "$d/good/.config" "$d/hit/.config" || fail "cache: a cached .config differs from a fresh merge"
ok "cache: a second merge of the same fragments is taken from the cache, byte for byte a fresh merge's"
if tinyconfigs/merge.sh -c "$c" "$src" "$d/unknown" tinyconfigs/tiny.config "$d/unknown.config" 2>/dev/null; then
	fail "cache: merge accepted an unknown symbol"
fi
[ "$(entries)" = 1 ] || fail "cache: a failed merge left an entry"
mkdir -p "$d/other"
tinyconfigs/merge.sh -c "$c" "$src" "$d/other" tinyconfigs/tiny.config tinyconfigs/variant-inline.config
[ -e "$d/other/.tinykern-config/log" ] && [ "$(entries)" = 2 ] || fail "cache: other fragments were not merged afresh"
! ran_tinyconfig "$d/other" && [ "$(bases)" = 1 ] || fail "cache: other fragments on the same tree did not start from the cached base"
# a re-extraction, as merge.sh sees one; put back afterwards, so that the
# Makefile's own cache still matches the shared tree
touch -r "$src/.tinykern-version" "$d/version.mtime"
trap 'touch -r "$d/version.mtime" "$src/.tinykern-version"' EXIT
touch "$src/.tinykern-version"
mkdir -p "$d/retree"
tinyconfigs/merge.sh -c "$c" "$src" "$d/retree" tinyconfigs/tiny.config tinyconfigs/variant-inline.config
[ -e "$d/retree/.tinykern-config/log" ] && [ "$(entries)" = 3 ] || fail "cache: a re-extracted tree reused a cached .config"
ran_tinyconfig "$d/retree" && [ "$(bases)" = 2 ] || fail "cache: a re-extracted tree reused a cached base"
ok "cache: other fragments, a new source tree and failed merges each miss"
# the tree's content is the same: the merge that ran tinyconfig and the
# one that started from the cached base made the same .config
cmp "$d/other/.config" "$d/retree/.config" || fail "cache: a .config made from the cached base differs from one made from tinyconfig"
ok "cache: a .config from the cached base is byte for byte one from tinyconfig"

# A tree of the user's own (KSRC) has no .tinykern-version: it is known by
# the contents of what kconfig reads of it.  A hard-link copy of the tree,
# without that file, stands for one: the same merge twice is one kconfig
# run; a Kconfig file written anew with other contents (as an editor or
# git writes one; the copy's other files stay links) misses, base and all.
own=$d/own-tree
cp -al "$src" "$own"
rm -f "$own/.tinykern-version"
mkdir -p "$d/own1" "$d/own2" "$d/own3"
tinyconfigs/merge.sh -c "$c" "$own" "$d/own1" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
ran_tinyconfig "$d/own1" || fail "cache: the first merge on a tree of one's own did not run tinyconfig"
tinyconfigs/merge.sh -c "$c" "$own" "$d/own2" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
[ ! -e "$d/own2/.tinykern-config/log" ] || fail "cache: the same merge on a tree of one's own ran kconfig again"
cmp "$d/own1/.config" "$d/own2/.config" || fail "cache: a cached .config of a tree of one's own differs from the merge that made it"
{ cat "$own/init/Kconfig"; echo '# changed'; } >"$own/init/Kconfig.new"
mv "$own/init/Kconfig.new" "$own/init/Kconfig"
tinyconfigs/merge.sh -c "$c" "$own" "$d/own3" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
ran_tinyconfig "$d/own3" || fail "cache: a tree of one's own with a changed Kconfig file reused a cached base or .config"
cmp -s "$src/init/Kconfig" "$own/init/Kconfig" && fail "the change reached the shared tree"
rm -rf "$own"
ok "cache: a tree of one's own hits on the same merge and misses once a Kconfig file changes"
