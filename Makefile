# tinykern: build small i386 kernels in variants, boot each under QEMU with
# busybox, and report their sizes.  `make help` lists the targets.
#
# Stages, each owned by one folder, talk through files in $(BUILD):
#   deps/        packages and busybox-static:i386   -> build/.deps.stamp, build/busybox/
#   source/      linux-source + patches/series      -> build/src/linux
#   tinyconfigs/ fragments -> one .config per kernel -> build/kernels/K/obj/.config
#   kbuild/      out-of-tree build (O=)              -> build/kernels/K/{vmlinux,bzImage}
#   rootfs/      busybox + init -> xz initramfs      -> build/rootfs/initramfs.cpio.xz
#   boot/        qemu-system-i386 boot check         -> build/kernels/K/boot.{log,result}
#   measure/     size table and report               -> build/report.{md,json}
# where K is CONFIG-VARIANT, e.g. tiny-inline+units.

TOP      := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
BUILD    ?= $(TOP)/build
override BUILD := $(abspath $(BUILD))
CONFIGS  ?= tiny
VARIANTS ?= orig inline inline+units dce
TARBALL  ?= /usr/src/linux-source-6.1.tar.xz
PATCHES  ?= $(TOP)/patches
FRAGMENTS ?= $(TOP)/tinyconfigs
JOBS     ?= $(shell nproc)
HOSTCC   ?= gcc

# The kernel compiler.  ccache by default; CC="distcc gcc" and the like are
# passed to kbuild untouched.
ifeq ($(origin CC),default)
CC := ccache gcc
endif
CCACHE_DIR ?= $(HOME)/.cache/tinykern/ccache

export CC JOBS HOSTCC CCACHE_DIR BOOT_TIMEOUT QEMU QEMU_MEM QEMU_ACCEL QEMU_SMP QEMU_CPU BOOT_APPEND \
       MINRAM_MAX MINRAM_TIMEOUT

# One make at a time per build folder.  The outer make takes an exclusive
# lock on $(BUILD)/.lock and does the work in a sub-make under it; a second
# make on the same folder says so and waits.  Makes started inside the
# locked one (the tests) inherit TINYKERN_LOCKED and do not lock again.
lock_goals := $(if $(MAKECMDGOALS),$(filter-out help clean distclean,$(MAKECMDGOALS)),all)
ifneq ($(if $(TINYKERN_LOCKED),,$(lock_goals)),)
.PHONY: $(lock_goals) locked-run
$(lock_goals): locked-run ; @:
locked-run:
	@mkdir -p $(BUILD)
	@flock -n $(BUILD)/.lock true || \
	 echo "tinykern: another make is using $(BUILD) (lock $(BUILD)/.lock); waiting for it"
	@TINYKERN_LOCKED=1 flock $(BUILD)/.lock $(MAKE) --no-print-directory $(MAKECMDGOALS)
else

SRC       := $(BUILD)/src/linux
SRC_STAMP := $(BUILD)/src/.stamp
DEPS      := $(BUILD)/.deps.stamp
BUSYBOX   := $(BUILD)/busybox/busybox
INITRAMFS := $(BUILD)/rootfs/initramfs.cpio.xz
MEASURE   := $(BUILD)/tools/tksize

kdir    = $(BUILD)/kernels/$(1)-$(2)
# A config fragment and, recursively, the fragments it names in "# base:".
frag_chain = $(FRAGMENTS)/$(1).config $(foreach b,$(shell sed -n \
	's/^# base: *\([A-Za-z0-9_.+-]*\).*/\1/p' $(FRAGMENTS)/$(1).config 2>/dev/null),$(if \
	$(wildcard $(FRAGMENTS)/$(b).config),$(call frag_chain,$(b))))

$(foreach c,$(CONFIGS),$(if $(wildcard $(FRAGMENTS)/$(c).config),,\
	$(error CONFIGS: no fragment $(FRAGMENTS)/$(c).config)))
$(foreach v,$(VARIANTS),$(if $(wildcard $(FRAGMENTS)/variant-$(v).config),,\
	$(error VARIANTS: no fragment $(FRAGMENTS)/variant-$(v).config)))
KERNELS := $(foreach c,$(CONFIGS),$(foreach v,$(VARIANTS),$(call kdir,$(c),$(v))))

.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.PHONY: all help deps source configs kernels rootfs boots report budget diff check clean distclean

## all: build, boot and measure every CONFIGS x VARIANTS kernel (the main job)
# Keep going past a kernel that fails to build or boot, so the others are
# still reported; the report then exits non-zero and names it.
all: $(DEPS)
	@$(MAKE) --no-print-directory -k boots; \
	 $(MAKE) --no-print-directory report

## deps: install missing Debian packages and fetch busybox-static:i386
deps: $(DEPS) $(BUSYBOX)
$(DEPS): deps/install.sh deps/packages.list
	@deps/install.sh deps/packages.list
	@mkdir -p $(@D) && touch $@
$(BUSYBOX): deps/fetch-busybox.sh | $(DEPS)
	@deps/fetch-busybox.sh $(@D)

# The tarball comes with the linux-source-6.1 package that deps installs.
$(TARBALL): | $(DEPS)
	@test -r $@ || { echo "source: $@: not found (apt-get install linux-source-6.1)" >&2; exit 1; }

## source: extract linux-source and apply patches/series into build/src/linux
source: $(SRC_STAMP)
$(SRC_STAMP): $(TARBALL) source/prepare.sh $(PATCHES)/series \
		$(wildcard $(PATCHES)/*.patch) | $(DEPS)
	@source/prepare.sh $(TARBALL) $(PATCHES) $(@D)
	@touch $@

## rootfs: pack busybox and rootfs/init into an xz initramfs
rootfs: $(INITRAMFS)
$(INITRAMFS): rootfs/mkinitramfs.sh rootfs/init rootfs/initramfs.list $(BUSYBOX) $(SRC_STAMP)
	@rootfs/mkinitramfs.sh $(SRC) $(BUSYBOX) $@

# One set of rules per kernel.  config.stamp reruns the merge when a
# fragment changes; merge.sh rewrites obj/.config only when its content
# changes, and make notices an unchanged .config, so a comment edit in a
# fragment does not rebuild the kernel.
define kernel_rules
$(call kdir,$(1),$(2))/config.stamp: $(call frag_chain,$(1)) $(FRAGMENTS)/variant-$(2).config \
		tinyconfigs/merge.sh $(SRC_STAMP)
	@mkdir -p $$(@D)/obj
	@echo "  CONFIG  $(1)/$(2)"
	@tinyconfigs/merge.sh $(SRC) $$(@D)/obj $(FRAGMENTS)/$(1).config $(FRAGMENTS)/variant-$(2).config
	@touch $$@
$(call kdir,$(1),$(2))/obj/.config: $(call kdir,$(1),$(2))/config.stamp ;
$(call kdir,$(1),$(2))/vmlinux: $(call kdir,$(1),$(2))/obj/.config kbuild/build.sh $(SRC_STAMP)
	@kbuild/build.sh $(SRC) $$(@D) $(1)/$(2) $(3)
$(call kdir,$(1),$(2))/bzImage: $(call kdir,$(1),$(2))/vmlinux ;
$(call kdir,$(1),$(2))/boot.stamp: $(call kdir,$(1),$(2))/bzImage $(INITRAMFS) boot/boot.sh
	@boot/boot.sh $$< $(INITRAMFS) $$(@D) $(1)/$(2)
	@touch $$@
$(call kdir,$(1),$(2))/minram.result: $(call kdir,$(1),$(2))/boot.stamp boot/minram.sh
	@boot/minram.sh $(call kdir,$(1),$(2))/bzImage $(INITRAMFS) $$(@D) $(1)/$(2)
endef
# $(3) is the kernel's place in the run, "2/4", for the progress lines.
counter :=
$(foreach c,$(CONFIGS),$(foreach v,$(VARIANTS),$(eval counter += x)$(eval \
	$(call kernel_rules,$(c),$(v),$(words $(counter))/$(words $(KERNELS))))))

## configs: make the .config of every kernel (checked against its fragments)
configs: $(addsuffix /config.stamp,$(KERNELS))
## kernels: build every kernel
kernels: $(addsuffix /vmlinux,$(KERNELS))
## boots: build and boot every kernel, and find the least RAM each boots in
boots: $(addsuffix /boot.stamp,$(KERNELS)) $(addsuffix /minram.result,$(KERNELS))

$(MEASURE): $(wildcard measure/*.c measure/*.h) measure/Makefile
	@$(MAKE) --no-print-directory -C measure O=$(@D) HOSTCC=$(HOSTCC)

# The symbol diffs every report carries, FROM:TO, for each config that has both.
REPORT_DIFFS ?= orig:inline+units inline+units:dce

## report: print the size table; write build/report.{md,json,html}
report: $(MEASURE)
	@$(MEASURE) report --md $(BUILD)/report.md --json $(BUILD)/report.json --html $(BUILD)/report.html \
		--baseline orig $(addprefix --diff ,$(REPORT_DIFFS)) \
		$(foreach c,$(CONFIGS),$(if $(wildcard $(FRAGMENTS)/$(c).budget),--budget $(c)=$(FRAGMENTS)/$(c).budget)) \
		$(foreach c,$(CONFIGS),$(foreach v,$(VARIANTS),$(c)/$(v)=$(call kdir,$(c),$(v))))

## budget: the report, failing when a kernel is over its FRAGMENTS/CONFIG.budget
budget: report

# A kernel named CONFIG/VARIANT, or any ELF file by its path.
elf_of = $(if $(findstring /,$(1)),$(if $(wildcard $(1)),$(1),$(BUILD)/kernels/$(subst /,-,$(1))/vmlinux),$(1))

## diff: symbol diff A -> B as bloat-o-meter prints it (A=tiny/orig B=tiny/dce, or ELF paths; DIFFOPT=-c|-d|-t)
diff: $(MEASURE)
	@test -n "$(A)" -a -n "$(B)" || { echo "diff: say which kernels, e.g. make diff A=tiny/orig B=tiny/dce" >&2; exit 2; }
	@$(MEASURE) diff $(DIFFOPT) $(call elf_of,$(A)) $(call elf_of,$(B))

## check: run the tests (installs what is missing, builds what they need)
check: $(DEPS)
	@tests/run.sh

## clean: remove the kernels and reports (keeps the source tree and busybox)
clean:
	rm -rf $(BUILD)/kernels $(BUILD)/report.* $(BUILD)/tools $(BUILD)/rootfs

## distclean: remove the whole build folder
distclean:
	rm -rf $(BUILD)

## help: this list
help:
	@echo "tinykern: small i386 kernels, built in variants, booted under QEMU, measured."
	@echo
	@sed -n 's/^## \([a-z]*\): /  make \1\t/p' $(MAKEFILE_LIST) | expand -t 22
	@echo
	@echo "Variables (current value):"
	@echo "  CONFIGS=$(CONFIGS)      fragments FRAGMENTS/<name>.config"
	@echo "  VARIANTS=$(VARIANTS)  fragments FRAGMENTS/variant-<name>.config"
	@echo "  FRAGMENTS=$(FRAGMENTS)"
	@echo "  BUILD=$(BUILD)"
	@echo "  TARBALL=$(TARBALL)"
	@echo "  CC=$(CC)  JOBS=$(JOBS)  CCACHE_DIR=$(CCACHE_DIR)"
	@echo "  BOOT_TIMEOUT=$${BOOT_TIMEOUT:-60}  QEMU_MEM=$${QEMU_MEM:-64M}  QEMU_ACCEL=$${QEMU_ACCEL:-tcg}"

endif # the lock
