#!/bin/sh
# same-code: do two ELF images hold the same code and data?
#   usage: same-code.sh A B
# Every allocated section must be in both, at the same address and size;
# those with contents must hold the same bytes (objcopy + cmp), NOBITS ones
# (bss, brk) need only the same size.  Two 20-byte descriptors may differ,
# and only those: a GNU build-id note's, in .notes (the image's own) or in
# the vDSO image embedded in .rodata (raw_data), since a build-id hashes
# the whole file, debug info included.  Prints what it compared; exits 1,
# naming the first section that differs, or when it compared nothing.
set -eu
a=$1 b=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

# "name type address size" of the allocated sections
alloc_sections() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk '$1 != "NULL" && $7 ~ /A/ { print $1, $2, $3, $5 }'
}
alloc_sections "$a" >"$tmp/a.sec"
alloc_sections "$b" >"$tmp/b.sec"
if ! cmp -s "$tmp/a.sec" "$tmp/b.sec"; then
	diff "$tmp/a.sec" "$tmp/b.sec" | head -n 5 >&2
	echo "same-code: $a and $b differ in their allocated sections' names, addresses or sizes" >&2
	exit 1
fi

# the build-ids in FILE (an ELF image, or bytes that hold some)
build_ids() {
	readelf -n "$1" 2>/dev/null | sed -n 's/^ *Build ID: //p'
}
# where the hex string $2 sits in file $1, as byte offsets: searched in a
# hex dump, one byte a line, since grep cannot match a newline byte
offsets_of() {
	od -An -v -tx1 "$1" | tr -s ' ' '\n' | grep . | awk -v id="$2" '
		BEGIN { n = length(id) / 2; for (i = 0; i < n; i++) want[i] = substr(id, 2 * i + 1, 2) }
		{ b[NR - 1] = $1 }
		END { for (s = 0; s + n <= NR; s++) { for (i = 0; i < n && b[s + i] == want[i]; i++) ; if (i == n) print s } }'
}
# the build-ids of the ELF images embedded in section dump $1 (the vDSO)
embedded_ids() {
	for off in $(offsets_of "$1" 7f454c46); do
		tail -c +$((off + 1)) "$1" >"$tmp/embedded"
		build_ids "$tmp/embedded"
	done
}

sections=0 bytes=0 masked=0
while read -r name type addr size; do
	sections=$((sections + 1))
	[ "$type" = NOBITS ] && continue	# same size, checked above
	objcopy -O binary --only-section="$name" "$a" "$tmp/a.bin"
	objcopy -O binary --only-section="$name" "$b" "$tmp/b.bin"
	bytes=$((bytes + $(stat -c %s "$tmp/a.bin")))
	cmp -s "$tmp/a.bin" "$tmp/b.bin" && continue
	# allowed: the 20 bytes of a build-id, at the same place in both
	: >"$tmp/allowed"
	for f in a b; do
		file=$(eval echo "\$$f")
		{ build_ids "$file"; embedded_ids "$tmp/$f.bin"; } | sort -u | while read -r id; do
			offsets_of "$tmp/$f.bin" "$id"
		done
	done | sort -n | uniq -c | awk '$1 == 2 { print $2 }' >"$tmp/allowed"
	cmp -l "$tmp/a.bin" "$tmp/b.bin" 2>/dev/null | awk '{ print $1 - 1 }' >"$tmp/differ" || true
	# (FILENAME, not NR == FNR: the list of allowed places may be empty)
	bad=$(awk 'FILENAME == ARGV[1] { start[$1] = 1; next }
		{ ok = 0; for (s in start) if ($1 >= s + 0 && $1 < s + 20) ok = 1; if (!ok) { print; exit } }' \
		"$tmp/allowed" "$tmp/differ")
	if [ -n "$bad" ] || [ "$(stat -c %s "$tmp/a.bin")" != "$(stat -c %s "$tmp/b.bin")" ]; then
		echo "same-code: section $name differs at byte ${bad:-?} (address $addr + ${bad:-?}) between $a and $b" >&2
		exit 1
	fi
	masked=$((masked + $(wc -l <"$tmp/differ")))
done <"$tmp/a.sec"
[ "$sections" -gt 0 ] && [ "$bytes" -gt 0 ] || { echo "same-code: no allocated section compared in $a" >&2; exit 1; }
echo "same-code: $sections allocated sections, $bytes bytes compared; $masked bytes differ, all in build-id descriptors"
