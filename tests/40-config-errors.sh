# tinyconfigs/: a fragment asking for something kconfig will not give is an
# error naming the symbol and the fragment, and no .config is written.
. "$(dirname "$0")/lib.sh"
d=$(scratch config-errors)
cd "$TOP"
make -s BUILD="$BUILD" source >/dev/null
src=$BUILD/src/linux

# try NAME FRAGMENT-LINES: merge tiny.config + the fragment, expect failure
try() {
	printf '%s\n' "$2" >"$d/$1.config"
	mkdir -p "$d/$1"
	if tinyconfigs/merge.sh "$src" "$d/$1" tinyconfigs/tiny.config "$d/$1.config" 2>"$d/$1.err"; then
		fail "$1: merge accepted it"
	fi
	cat "$d/$1.err"
	[ ! -e "$d/$1/.config" ] || fail "$1: a .config was written anyway"
}

try unknown 'CONFIG_TINYKERN_NO_SUCH_SYMBOL=y'
expect_grep "^configs: $d/unknown.config: kconfig dropped CONFIG_TINYKERN_NO_SUCH_SYMBOL=y" "$d/unknown.err" "unknown symbol"
ok "unknown symbol is named with its fragment"

# X86_X32_ABI depends on X86_64: on i386 kconfig drops it silently
try unmet 'CONFIG_X86_X32_ABI=y'
expect_grep "kconfig dropped CONFIG_X86_X32_ABI=y .*final .config: not set" "$d/unmet.err" "unmet dependency"
ok "symbol with an unmet dependency is named"

try malformed "$(printf 'CONFIG_PRINTK=y\nCONFIG_TTY y')"
expect_grep "^configs: $d/malformed.config:2: not a kconfig line: CONFIG_TTY y" "$d/malformed.err" "malformed line"
ok "malformed line is named by file:line"

# and the real fragments merge cleanly
mkdir -p "$d/good"
tinyconfigs/merge.sh "$src" "$d/good" tinyconfigs/tiny.config tinyconfigs/variant-orig.config
expect_grep '^CONFIG_CC_FORCE_INLINE=y' "$d/good/.config" "orig .config"
ok "tiny + orig merge cleanly"
