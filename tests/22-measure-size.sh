# measure/: tksize must print exactly what binutils size prints, on ELF
# files of several shapes built here and on every vmlinux the integration
# test built (it runs after that test, and fails if it finds none).
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch measure-size)
make -s -C "$TOP/measure" O="$d"
tk=$d/tksize

cat >"$d/shapes.c" <<'C'
int counter = 3;			/* .data */
static char zeroes[4096];		/* .bss */
const char banner[] = "tinykern";	/* .rodata */
__attribute__((section(".tk.table"))) const int table[5] = { 1, 2, 3, 4, 5 };
__attribute__((section(".tk.rw"))) int rw[7] = { 1 };
__attribute__((section(".tk.init.text"))) int early(void) { return 2; }
void set(int i) { zeroes[i] = 1; }
int get(int i) { return zeroes[i] + banner[i] + table[i % 5] + rw[i % 7] + counter; }
C
printf 'int get(int);\nint main(int c, char **v) { (void)v; return get(c); }\n' >"$d/main.c"
gcc -c -O2 -o "$d/shapes.o" "$d/shapes.c"
gcc -c -O2 -m32 -o "$d/shapes32.o" "$d/shapes.c"
gcc -O2 -o "$d/prog" "$d/main.c" "$d/shapes.c"
gcc -O2 -static -o "$d/prog-static" "$d/main.c" "$d/shapes.c"
gcc -O2 -shared -fPIC -o "$d/libshapes.so" "$d/shapes.c"
ld -m elf_i386 -r -o "$d/partial32.o" "$d/shapes32.o"
set -- "$d/shapes.o" "$d/shapes32.o" "$d/prog" "$d/prog-static" "$d/libshapes.so" "$d/partial32.o"
kernels=0
for vm in "$BUILD"/kernels/*/vmlinux; do
	[ -e "$vm" ] && set -- "$@" "$vm" && kernels=$((kernels + 1))
done
[ "$kernels" -ge 4 ] || fail "only $kernels built vmlinux files to compare: run after the integration test"

size "$@" >"$d/binutils.txt"
"$tk" size "$@" >"$d/tksize.txt"
diff -u "$d/binutils.txt" "$d/tksize.txt" || fail "tksize size differs from binutils size"
[ "$(grep -c . "$d/tksize.txt")" = $(($# + 1)) ] || fail "tksize printed $(($(grep -c . "$d/tksize.txt") - 1)) rows for $# files"
ok "tksize size == binutils size on $# files, $kernels of them kernels"
cat "$d/tksize.txt"

# not ELF: a clear message naming the file, non-zero exit
if "$tk" size "$d/main.c" >/dev/null 2>"$d/err.txt"; then fail "tksize accepted a C file"; fi
expect_grep "main.c: not an ELF file" "$d/err.txt" "non-ELF input"
ok "non-ELF input is refused by name"
