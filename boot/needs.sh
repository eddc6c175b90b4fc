#!/bin/sh
# needs: what the boot check needs from a kernel's .config and this one
# lacks, one "CONFIG_X=y (why)" per line; nothing when it has it all.
#   usage: needs.sh DOTCONFIG
# tinyconfigs/tiny.config holds exactly these; a user's own full .config
# (a "# base:" path) or another tree's defaults may not.  The Makefile
# prints them as a NOTE when the .config is made, and boot.sh adds them to
# a FAIL's reason, so a boot that cannot pass says why before and after.
set -eu
config=$1
[ -r "$config" ] || { echo "needs: $config: not readable" >&2; exit 2; }
while read -r sym why; do
	grep -q "^CONFIG_$sym=y" "$config" || echo "CONFIG_$sym=y ($why)"
done <<'EOF'
PRINTK the boot log and the init marker are read from printk and the console
TTY the serial console is a tty
SERIAL_8250 QEMU's serial port is an 8250 UART
SERIAL_8250_CONSOLE console=ttyS0
BLK_DEV_INITRD busybox comes in an initramfs
RD_XZ the initramfs is xz-compressed
BINFMT_ELF busybox is a static ELF binary
BINFMT_SCRIPT /init is a #! script
PROC_FS /init mounts /proc and reads the memory figures there
SYSFS /init mounts /sys to find the NIC and the disk
DEVTMPFS /init mounts devtmpfs on /dev
EOF
