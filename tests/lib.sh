# Helpers sourced by the tests: each prints what it checks and fails loudly.
set -eu
: "${TOP:?run tests through tests/run.sh}" "${BUILD:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# expect_grep PATTERN FILE WHAT
expect_grep() { grep -q -E -- "$1" "$2" || { cat "$2" >&2; fail "$3: no line matching '$1' in $2"; }; }
# expect_last_cause PATTERN FILE: a failed run's output ends with its
# cause, "tinykern: FAILED:" and the cause indented, and only make's own
# closing line after it
expect_last_cause() {
	tail -n 3 "$2" >"$2.last"
	expect_grep "^tinykern: FAILED:$" "$2.last" "closing summary"
	expect_grep "^  $1$" "$2.last" "the cause in the last lines"
}
scratch() { d=$BUILD/tests/$1; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }
# The objects a kbuild log says were compiled or assembled, sorted, less
# arch/x86/boot/, which a new vmlinux always remakes (compressed/misc.o
# includes its voffset.h).
objs_compiled() { sed -n 's/^  \(CC\|AS\)      //p' "$1" | grep -v '^arch/x86/boot/' | sort; }
# The files of `tksize attribute --files` output FILE: the table's rows
# (seven columns, the path last; [section] and (TOTALS) are not files).
attribution_paths() { awk -F'\t' 'NR > 1 && NF == 7 && $7 !~ /^[[(]/ { print $7 }' "$1"; }
# The paths of FILE (one a line) outside the kernel's top folders: a tree's
# own path left in front of them.  Exit 1 when there are none.
outside_kernel_folders() {
	grep -E -v '^(arch|block|certs|crypto|drivers|fs|include|init|ipc|kernel|lib|mm|net|security|usr|virt)/' "$1"
}
