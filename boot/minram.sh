#!/bin/sh
# boot: the least RAM (whole MiB) a kernel still boots in, by bisection
# over QEMU's -m, each probe a full boot check by boot.sh.
#   usage: minram.sh BZIMAGE INITRAMFS OUTDIR [NAME]
# Writes OUTDIR/minram.result ("min_ram_mib N" and one "probe" line per
# boot) and keeps each probe's console in OUTDIR/minram/MIB/.  Two probes
# run at once, splitting the interval in three, since each boot uses one
# core.  The interval starts at the kernel's CONFIG_PHYSICAL_START, read
# from OUTDIR/config when there is one (below).  Environment: MINRAM_MAX
# (MiB known to boot, default 64), MINRAM_TIMEOUT (seconds per probe).
# A kernel short of memory often hangs silently, so the probes time out
# sooner than a normal boot: by default after three times the wall time
# of the kernel's own boot check (OUTDIR/boot.result), and never sooner
# than 10 s, so that a big kernel on a busy machine is not taken for one
# that hangs.
set -u
kernel=$1 initrd=$2 out=$3 name=${4:-$(basename "$out")}
here=$(dirname "$0")
hi=${MINRAM_MAX:-64} lo=0
floor=10
timeout=${MINRAM_TIMEOUT:-$floor}
if [ -z "${MINRAM_TIMEOUT:-}" ] && [ -r "$out/boot.result" ]; then
	timeout=$(awk -v floor=$floor '$1 == "seconds" { t = int(3 * $2 + 1) }
		END { print (t > floor ? t : floor) }' "$out/boot.result")
fi
dir=$out/minram
rm -rf "$dir"
mkdir -p "$dir"
: >"$dir/probes"

# probe MIB: boot with that much RAM; record and return the verdict
probe() {
	if QEMU_MEM=${1}M BOOT_TIMEOUT=$timeout \
		"$here/boot.sh" "$kernel" "$initrd" "$dir/$1" "$name@${1}M" >/dev/null 2>&1; then
		echo "probe $1 PASS" >>"$dir/probes"
		return 0
	fi
	echo "probe $1 FAIL" >>"$dir/probes"
	return 1
}

probe "$hi" || { echo "  FAIL    minram $name: does not boot in ${hi} MiB within ${timeout}s" >&2; exit 1; }
# No i386 kernel runs below CONFIG_PHYSICAL_START: the decompressor writes
# the kernel there, relocatable or not (compressed/head_32.S), and with
# less RAM it writes into nothing and hangs, silent, until the timeout.
# So the bisection starts there; and a last step that would rest on that
# unprobed floor probes it.  (Each silent probe costs the whole timeout:
# from 0, tiny/Os/dce spent two of its five rounds so.)
floor_mib=0
if [ -r "$out/config" ]; then
	start=$(sed -n 's/^CONFIG_PHYSICAL_START=\(0x[0-9a-fA-F]*\)$/\1/p' "$out/config" | head -n 1)
	[ -z "$start" ] || floor_mib=$(( start / 1048576 ))
	[ "$floor_mib" -lt "$hi" ] || floor_mib=0
fi
lo=$floor_mib
while :; do
	while [ $((hi - lo)) -gt 1 ]; do
		a=$((lo + (hi - lo) / 3)) b=$((lo + 2 * (hi - lo) / 3))
		[ "$a" -le "$lo" ] && a=$((lo + 1))
		[ "$b" -le "$a" ] && b=$a
		probe "$a" & pa=$!
		rb=1
		if [ "$b" != "$a" ]; then probe "$b"; rb=$?; fi
		wait "$pa"; ra=$?
		if [ "$ra" = 0 ]; then hi=$a
		elif [ "$b" != "$a" ] && [ "$rb" = 0 ]; then lo=$a hi=$b
		else lo=$b
		fi
	done
	[ "$lo" = "$floor_mib" ] && [ "$lo" -gt 0 ] || break
	# the answer rests on the floor: probe it; should it boot, bisect below
	probe "$lo" || break
	hi=$lo lo=0 floor_mib=0
done
{ echo "min_ram_mib $hi"; sort -n -k2 "$dir/probes"; } >"$out/minram.result.tmp"
mv "$out/minram.result.tmp" "$out/minram.result"
echo "  MINRAM  $name boots in $hi MiB, not in $lo ($(wc -l <"$dir/probes") probes)"
