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
# where K is CONFIG-OPT-VARIANT, e.g. tiny-Os-inline+units.

TOP      := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
BUILD    ?= $(TOP)/build
override BUILD := $(abspath $(BUILD))
CONFIGS  ?= tiny
VARIANTS ?= orig inline inline+units dce lto deinline
OPTS     ?= Os
# Build every kernel with DWARF (tinyconfigs/debug-info.config), so that the
# one build gives the size table, the boot check and the inline table: -g
# changes no allocated byte but the two build-ids (tests/81-deinline-cold).
DEBUG_INFO ?= yes
TARBALL  ?= /usr/src/linux-source-6.1.tar.xz
# The source trees, one axis more: Debian's linux-source-X.Y packages by
# version (6.1, the default, and 6.12), and KSRC=, a tree of the user's own,
# named KSRC_NAME (by default its version, from its Makefile).  KSRC alone
# builds that tree alone; with TREES= it is one tree more.  KSRC_SERIES is
# the series its variants need, applied to a copy of it: by default the
# one made for its VERSION.PATCHLEVEL (patches/ for 6.1, patches/X.Y/),
# if any; "-" builds the tree as it stands.
KSRC     ?=
ifneq ($(KSRC),)
$(if $(word 2,$(KSRC)),$(error KSRC=$(KSRC): a path with spaces; kbuild cannot build from it))
$(if $(wildcard $(KSRC)/Makefile),,$(error KSRC=$(KSRC): no kernel tree there (no Makefile)))
# symlinks resolved, so that check-tree.sh sees the files themselves
override KSRC := $(realpath $(KSRC))
KSRC_VERSION := $(shell source/kernelversion.sh $(KSRC) 2>/dev/null)
$(if $(KSRC_VERSION),,$(error KSRC=$(KSRC): no VERSION and PATCHLEVEL in its Makefile; is it a kernel tree?))
ifeq ($(origin KSRC_NAME),undefined)
KSRC_NAME := $(KSRC_VERSION)
endif
ksrc_xy := $(shell echo '$(KSRC_VERSION)' | cut -d. -f1,2)

$(if $(or $(findstring /,$(KSRC_NAME)),$(word 2,$(KSRC_NAME))),$(error \
	KSRC_NAME=$(KSRC_NAME): a tree's name is one word without "/"))
$(if $(filter 6.1 6.12 deinline,$(KSRC_NAME)),$(error KSRC_NAME=$(KSRC_NAME) is taken (Debian's trees, the deinline variant's); name yours otherwise))
else
$(if $(KSRC_NAME),$(error KSRC_NAME=$(KSRC_NAME) names a tree of your own: say where it is with KSRC=))
endif
TREES    ?= $(if $(KSRC),,6.1)
override TREES := $(TREES) $(filter-out $(TREES),$(KSRC_NAME))
PATCHES  ?= $(TOP)/patches
# Where `make report` writes NAME.{md,json,html}: a test or a script that
# wants a report of other kernels or budgets writes its own, and leaves
# the one `make` wrote alone.
REPORT   ?= $(BUILD)/report
override REPORT := $(abspath $(REPORT))
FRAGMENTS ?= $(TOP)/tinyconfigs
JOBS     ?= $(shell nproc)
HOSTCC   ?= gcc

# The kernel compiler.  ccache by default; CC="distcc gcc" and the like are
# passed to kbuild untouched.
ifeq ($(origin CC),default)
CC := ccache gcc
endif
CCACHE_DIR ?= $(HOME)/.cache/tinykern/ccache

export CC JOBS HOSTCC CCACHE_DIR SIGNOFF TINYKERN_CAUSES SOURCE_NEED_MIB BUILD_NEED_MIB BUILD_NEED_DEBUG_MIB BOOT_TIMEOUT QEMU QEMU_MEM QEMU_ACCEL QEMU_SMP QEMU_CPU BOOT_APPEND \
       MINRAM_MAX MINRAM_TIMEOUT

# One make at a time per build folder.  The outer make takes an exclusive
# lock on $(BUILD)/.lock and does the work in a sub-make under it; a second
# make on the same folder says so and waits.  Makes started inside the
# locked one (the tests) inherit TINYKERN_LOCKED and do not lock again.
# The outer make also ends a failed run with its cause: each stage that
# fails writes one line into $(BUILD)/.causes (the report writes one for
# every kernel that failed a stage, went over budget or lost a figure;
# deps/ one for a package it could not get, shown first, as the cause of
# what failed after it), and those lines come last, where a person or a
# CI log viewer looks, after make's own error lines and not buried above
# them.
lock_goals := $(if $(MAKECMDGOALS),$(filter-out help clean distclean,$(MAKECMDGOALS)),all)
ifneq ($(if $(TINYKERN_LOCKED),,$(lock_goals)),)
.PHONY: $(lock_goals) locked-run
$(lock_goals): locked-run ; @:
locked-run:
	@mkdir -p $(BUILD)
	@flock -n $(BUILD)/.lock true || \
	 echo "tinykern: another make is using $(BUILD) (lock $(BUILD)/.lock); waiting for it"
	@TINYKERN_LOCKED=1 TINYKERN_CAUSES=$(BUILD)/.causes flock $(BUILD)/.lock sh -c '\
	 rm -rf "$$TINYKERN_CAUSES"; mkdir -p "$$TINYKERN_CAUSES"; \
	 $(MAKE) --no-print-directory $(MAKECMDGOALS); rc=$$?; \
	 [ $$rc = 0 ] || [ -z "$$(ls "$$TINYKERN_CAUSES")" ] || { \
		echo "tinykern: FAILED:"; \
		{ cat "$$TINYKERN_CAUSES/deps" 2>/dev/null; \
		  if [ -e "$$TINYKERN_CAUSES/report" ]; then cat "$$TINYKERN_CAUSES/report"; \
		  else for f in "$$TINYKERN_CAUSES"/*; do [ "$${f##*/}" = deps ] || cat "$$f"; done; fi; } | sed "s/^/  /"; }; \
	 exit $$rc'
else

SRC       := $(BUILD)/src/linux
SRC_STAMP := $(BUILD)/src/.stamp
DEPS      := $(BUILD)/.deps.stamp
BUSYBOX   := $(BUILD)/busybox/busybox
INITRAMFS := $(BUILD)/rootfs/initramfs.cpio.xz
DISK      := $(BUILD)/rootfs/disk.ext2
MEASURE   := $(BUILD)/tools/tksize
# The tree whose kernels keep their plain names (tiny/Os/dce); another
# tree's carry its name in front (6.12/tiny/Os/dce, folder 6.12-tiny-Os-dce).
DEFAULT_TREE := 6.1
# the series made for version X.Y $(1): patches/ for 6.1, patches/X.Y/
# when there is one, else "-"
version_series = $(if $(filter $(DEFAULT_TREE),$(1)),$(PATCHES),$(if $(wildcard $(PATCHES)/$(1)/series),$(PATCHES)/$(1),-))
ifneq ($(KSRC),)
KSRC_SERIES ?= $(call version_series,$(ksrc_xy))
$(if $(KSRC_SERIES),,$(error KSRC_SERIES is empty: name a folder with a series file, or - to build KSRC as it stands))
override KSRC_SERIES := $(if $(filter -,$(KSRC_SERIES)),-,$(abspath $(KSRC_SERIES)))
$(if $(filter-out -,$(KSRC_SERIES)),$(if $(wildcard $(KSRC_SERIES)/series),,$(error KSRC_SERIES=$(KSRC_SERIES): no series file there)))
$(if $(filter $(abspath $(BUILD))/src/%,$(KSRC)),$(error KSRC=$(KSRC) is a tree tinykern made in $(BUILD)/src; point KSRC at a tree of your own))
endif
# Tree $(1): where its source is, the stamp that says it is ready, and
# the series made for it: patches/ for 6.1, patches/X.Y/ for Debian's X.Y
# when there is one, KSRC_SERIES for KSRC (applied to a copy in
# build/src/linux-KSRC_NAME).  A tree no series covers ("-": a Debian
# tree before its series exists, KSRC_SERIES=-) is built as it is, and its
# variants that need a patch are reported as not available for it
# (merge.sh -u), as are KSRC's when its series does not apply to it.
tree_src    = $(if $(filter $(KSRC_NAME),$(1)),$(if $(filter -,$(KSRC_SERIES)),$(KSRC),$(BUILD)/src/linux-$(1)),$(if \
	$(filter $(DEFAULT_TREE),$(1)),$(SRC),$(BUILD)/src/linux-$(1)))
tree_stamp  = $(if $(filter $(DEFAULT_TREE),$(1)),$(SRC_STAMP),$(BUILD)/src/.stamp-$(1))
tree_series = $(if $(filter $(KSRC_NAME),$(1)),$(KSRC_SERIES),$(call version_series,$(1)))
# may its variants lack what the series adds? (merge.sh -u)
tree_may_lack = $(or $(filter -,$(call tree_series,$(1))),$(filter $(KSRC_NAME),$(1)))
tree_tarball = $(if $(filter $(DEFAULT_TREE),$(1)),$(TARBALL),/usr/src/linux-source-$(1).tar.xz)
# the folder and name prefixes of tree $(1)
tree_dir    = $(if $(filter-out $(DEFAULT_TREE),$(1)),$(1)-)
tree_name   = $(if $(filter-out $(DEFAULT_TREE),$(1)),$(1)/)
# the initramfs's gen_init_cpio comes from the run's first tree
FIRST_TREE  := $(firstword $(TREES))

# Merged .configs by a hash of their inputs (tinyconfigs/merge.sh -c), so
# kernel folders deleted and made again skip kconfig, as ccache skips gcc;
# and each tree's base config, so a new kernel of a tree runs kconfig once.
CONFIG_CACHE := $(BUILD)/config-cache

# The folder of kernel CONFIG $(1), OPT $(2), VARIANT $(3) of tree $(4)
# (the default tree when empty), its name, and the fragments merge.sh
# makes its .config from, in that order.
kdir    = $(BUILD)/kernels/$(call tree_dir,$(4))$(1)-$(2)-$(3)
kname   = $(call tree_name,$(4))$(1)/$(2)/$(3)
kfrags  = $(FRAGMENTS)/$(1).config $(strip $(vchain_$(3))) $(FRAGMENTS)/opt-$(2).config \
	$(if $(filter yes,$(DEBUG_INFO)),$(TOP)/tinyconfigs/debug-info.config)
# A variant's fragment may stand on another's ("# base: variant-dce") and
# name a tree of its own ("# tree: deinline"): the patched tree plus
# patches/deinline/series, in build/src/linux-deinline, its own so that
# the other variants' objects never see the series.  Its build folder
# starts as a copy of its base variant's (kbuild/seed.sh), so only the
# objects the series touches recompile: the cost of the variant is an
# incremental build, not a cold one.
ktree       = $(if $(vtree_$(1)),$(BUILD)/src/linux-$(vtree_$(1)),$(SRC))
ktree_stamp = $(if $(vtree_$(1)),$(BUILD)/src/.stamp-$(vtree_$(1)),$(SRC_STAMP))
# the base variant's folder a kernel's is seeded from, when this run builds
# it: the fragment its own stands on (lto+deinline's lto, not lto's dce)
kseed       = $(if $(vtree_$(3)),$(if $(filter $(vseed_$(3)),$(VARIANTS)),$(call kdir,$(1),$(2),$(vseed_$(3)))))
# A config fragment and, recursively, the fragments it names in "# base:".
# A base that is a path (it has a "/") is a user's full .config, taken whole.
frag_chain = $(FRAGMENTS)/$(1).config $(foreach b,$(shell sed -n \
	's/^# base: *\([A-Za-z0-9_.+/-]*\).*/\1/p' $(FRAGMENTS)/$(1).config 2>/dev/null),$(if \
	$(findstring /,$(b)),$(abspath $(if $(filter /%,$(b)),$(b),$(FRAGMENTS)/$(b))),$(if \
	$(wildcard $(FRAGMENTS)/$(b).config),$(call frag_chain,$(b)))))

$(foreach c,$(CONFIGS),$(if $(wildcard $(FRAGMENTS)/$(c).config),,\
	$(error CONFIGS: no fragment $(FRAGMENTS)/$(c).config)))
$(foreach v,$(VARIANTS),$(if $(wildcard $(FRAGMENTS)/variant-$(v).config),,\
	$(error VARIANTS: no fragment $(FRAGMENTS)/variant-$(v).config)))
$(foreach o,$(OPTS),$(if $(wildcard $(FRAGMENTS)/opt-$(o).config),,\
	$(error OPTS: no fragment $(FRAGMENTS)/opt-$(o).config)))
# Every kernel of the run, grouped as the cover letter's tables are: by
# opt level, then config, then tree, then variant.
KERNELS := $(foreach o,$(OPTS),$(foreach c,$(CONFIGS),$(foreach t,$(TREES),$(foreach v,$(VARIANTS),$(call kdir,$(c),$(o),$(v),$(t))))))
# What a config's boot check must prove beyond the init marker, from the
# "# boot-expect:" lines of its fragments (e.g. "net disk" for small).
boot_expect = $(expect_$(1))
# What config $(1), variant $(2) add to the boot command line: the
# "# boot-append:" lines of their fragments (boot.sh puts BOOT_APPEND from
# the environment after them).  No quotes or $ in them.
boot_append = $(append_$(1)_$(2))
# The config and variant make deinline and option-cost experiment on: their
# fragments are read below too, for the boot check's lines, when this run's
# CONFIGS and VARIANTS do not hold them (make option-cost CONFIG=small).
TRIAL_CONFIG := $(or $(CONFIG),$(firstword $(CONFIGS)))
TRIAL_BASE   := $(or $(BASE),dce)
# make option-cost on dce measures its NODCE options that move text most
# again on this variant, the same kernel without DCE
OPTCOST_NODCE_BASE := inline+units
# Each read once: make parses this file six times in a run, and each
# $(shell) costs a fork, so a no-op `make` stays near its 2 s target.
$(foreach c,$(sort $(CONFIGS) $(TRIAL_CONFIG)),$(eval chain_$(c) := $(call frag_chain,$(c)))$(eval \
	expect_$(c) := $(strip $(shell sed -n 's/^# boot-expect: *//p' $(chain_$(c))))))
# a variant's fragments base first, so that its own settings come last and win
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
# A variant's "# available:" line: where kconfig drops one of its symbols
# (a toolchain or a config without what it needs), the kernel is not
# available, with kconfig's reason (merge.sh -u), rather than a failure.
$(foreach v,$(sort $(VARIANTS) $(TRIAL_BASE) $(OPTCOST_NODCE_BASE)),$(eval vchain_$(v) := $(call reverse,$(call frag_chain,variant-$(v))))$(eval \
	vhead_$(v) := $(shell sed -n -e 's/^# tree: *\([A-Za-z0-9_.+-]*\).*/\1/p' -e 's/^# available:.*/+available/p' \
	$(FRAGMENTS)/variant-$(v).config))$(eval \
	vtree_$(v) := $(filter-out +available,$(vhead_$(v))))$(eval \
	vavail_$(v) := $(if $(filter +available,$(vhead_$(v))),$(FRAGMENTS)/variant-$(v).config))$(eval \
	vconfigs_$(v) := $(if $(vtree_$(v)),$(strip $(shell sed -n 's/^# configs: *//p' $(FRAGMENTS)/variant-$(v).config))))$(eval \
	vseed_$(v) := $(patsubst variant-%,%,$(notdir $(basename $(lastword $(filter-out \
	$(FRAGMENTS)/variant-$(v).config,$(vchain_$(v)))))))))
$(foreach c,$(sort $(CONFIGS) $(TRIAL_CONFIG)),$(foreach v,$(sort $(VARIANTS) $(TRIAL_BASE) $(OPTCOST_NODCE_BASE)),$(eval append_$(c)_$(v) := $(strip $(shell \
	sed -n 's/^# boot-append: *//p' $(chain_$(c)) $(vchain_$(v)))))))
# write_if_changed FILE TEXT: FILE holds TEXT, rewritten only when TEXT
# changed, so that what depends on it is redone exactly then (a FORCE rule:
# make compares the file's time after running it).
write_if_changed = mkdir -p $(dir $(1)) && { printf '%s\n' '$(2)' | cmp -s - $(1) || printf '%s\n' '$(2)' >$(1); }

.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.PHONY: FORCE
FORCE:
.PHONY: all help deps source configs kernels rootfs boots report budget diff check clean distclean

## all: build, boot and measure every CONFIGS x OPTS x VARIANTS kernel (the main job)
# Keep going past a kernel that fails to build or boot, so the others are
# still reported; the report then exits non-zero and names it.  Kernels
# build one after another, each with -j$(JOBS); the boot checks, one core
# each, then run $(JOBS) at a time; the RAM bisections run one kernel at a
# time, as each already boots two probes at once.
# Without a patched tree nothing can be built: a source failure ends the run
# there, with no empty report after it.
all: $(DEPS)
	@$(MAKE) --no-print-directory -s source
	@kbuild/ccache-stats.sh start $(BUILD)/.ccache-start; \
	 $(MAKE) --no-print-directory -k kernels; \
	 $(MAKE) --no-print-directory -k -j$(JOBS) boot-checks; \
	 $(MAKE) --no-print-directory -k ram-probes; \
	 kbuild/ccache-stats.sh end $(BUILD)/.ccache-start; \
	 $(MAKE) --no-print-directory report

## matrix: `all` over every config, opt level and variant (narrow with CONFIGS= OPTS= VARIANTS=)
MATRIX_CONFIGS := $(if $(filter command line environment,$(origin CONFIGS)),$(CONFIGS),tiny small large)
MATRIX_OPTS    := $(if $(filter command line environment,$(origin OPTS)),$(OPTS),Os O2 Oz)
matrix:
	@$(MAKE) --no-print-directory CONFIGS="$(MATRIX_CONFIGS)" OPTS="$(MATRIX_OPTS)" all

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

## source: extract linux-source and apply patches/series into build/src/linux (and each of TREES into build/src/linux-X.Y)
source: $(foreach t,$(TREES),$(call tree_stamp,$(t)))
$(SRC_STAMP): $(TARBALL) source/prepare.sh $(PATCHES)/series \
		$(wildcard $(PATCHES)/*.patch) | $(DEPS)
	@source/prepare.sh $(TARBALL) $(PATCHES) $(@D)
	@touch $@

# Another of Debian's trees: its package installed when missing, extracted
# and patched with its own series, when it has one.
/usr/src/linux-source-%.tar.xz: | $(DEPS)
	@test -r $@ || deps/install.sh -p linux-source-$*
define debian_tree_rules
$(call tree_stamp,$(1)): $(call tree_tarball,$(1)) source/prepare.sh $(wildcard $(PATCHES)/$(1)/series $(PATCHES)/$(1)/*.patch) | $(DEPS)
	@source/prepare.sh $(call tree_tarball,$(1)) $(call tree_series,$(1)) $(BUILD)/src linux-$(1)
	@touch $$@
endef
$(foreach t,$(filter-out $(DEFAULT_TREE) $(KSRC_NAME),$(TREES)),$(eval $(call debian_tree_rules,$(t))))
# A tree of the user's own is read, never written: its stamp is made
# again only when a file in it is newer (a git checkout, an edit), so a
# make with nothing changed in it stays a no-op.  With a series, that
# check's stamp makes the copy again, with the series on top, or as the
# tree stands when the series does not apply (prepare.sh -k).
ifneq ($(KSRC),)
ifeq ($(KSRC_SERIES),-)
$(call tree_stamp,$(KSRC_NAME)): FORCE
	@source/check-tree.sh $(KSRC) $@
else
$(BUILD)/src/.checked-$(KSRC_NAME): FORCE
	@source/check-tree.sh -s $(KSRC_SERIES) $(KSRC) $@
$(call tree_stamp,$(KSRC_NAME)): $(BUILD)/src/.checked-$(KSRC_NAME) source/prepare.sh \
		$(wildcard $(KSRC_SERIES)/series $(KSRC_SERIES)/*.patch) | $(DEPS)
	@source/prepare.sh -k $(KSRC) $(KSRC_SERIES) $(BUILD)/src linux-$(KSRC_NAME)
	@cp $< $@
endif
endif

# A variant's own tree ("# tree: NAME" in its fragment): the patched tree
# copied, mtimes and all, with patches/NAME/series on top.
define tree_rules
$(BUILD)/src/.stamp-$(1): $(SRC_STAMP) source/prepare.sh $(wildcard $(PATCHES)/$(1)/series $(PATCHES)/$(1)/*.patch)
	@source/prepare.sh $(SRC) $(PATCHES)/$(1) $(BUILD)/src linux-$(1)
	@sed -n 's|^+++ b/||p' $(PATCHES)/$(1)/*.patch | sort -u >$$@
endef
$(foreach t,$(sort $(foreach v,$(VARIANTS),$(vtree_$(v)))),$(eval $(call tree_rules,$(t))))

## rootfs: pack busybox and rootfs/init into an xz initramfs, and make the ext2 test disk
rootfs: $(INITRAMFS) $(DISK)
$(DISK): rootfs/mkdisk.sh | $(DEPS)
	@rootfs/mkdisk.sh $@
# The archive is made again when what goes into it changed, and replaced
# only when its bytes differ (another tree's gen_init_cpio makes the same
# one), so that the kernels' boots, which depend on the file, are redone
# exactly then.
INITRAMFS_STAMP := $(BUILD)/rootfs/.initramfs.stamp
$(INITRAMFS_STAMP): rootfs/mkinitramfs.sh rootfs/init rootfs/initramfs.list $(BUSYBOX) $(call tree_stamp,$(FIRST_TREE)) \
		$(if $(wildcard $(INITRAMFS)),,FORCE)
	@rootfs/mkinitramfs.sh $(call tree_src,$(FIRST_TREE)) $(BUSYBOX) $(INITRAMFS)
	@touch $@
$(INITRAMFS): $(INITRAMFS_STAMP) ;

# The rules of one build folder $(1): config.stamp reruns the merge of
# fragments $(2) when they, the bases of config $(5), the list of them
# (DEBUG_INFO adds one) or merge.sh change;
# merge.sh rewrites obj/.config only when its content changes, and make
# notices an unchanged .config, so a comment edit in a fragment does not
# rebuild the kernel.  $(3) names the build in the progress lines, $(4) is
# its place among the run's builds ("2/8"), $(6) the source tree and $(7)
# its stamp, $(8) the build folder to seed it from (kseed): when it has
# no kernel yet, or one older than its tree, whose stamp lists the files
# the tree's series changed; the builds from a seed to the first that
# ends well append their logs to its seed.log (what seeding recompiled,
# which tests/99 checks), and a configs stage that does not seed but
# changes the .config drops it, as what it rebuilds is no longer the
# seed's doing (one that leaves the .config as it was, as a make with
# other FRAGMENTS= does, rebuilds nothing).  $(9) are the
# fragments this tree may lack the symbols of (merge.sh -u): then the
# kernel is not available for it, its folder's "unavailable" says why,
# and it is not built.
define build_folder_rules
$(1)/fragments.list: FORCE
	@$(call write_if_changed,$(1)/fragments.list,$(2))
$(1)/config.stamp: $(sort $(2) $(chain_$(5))) $(1)/fragments.list tinyconfigs/merge.sh $(7) $(if $(8),| $(8)/vmlinux)
	@mkdir -p $$(@D)/obj
	$(if $(8),@if [ -f $(8)/obj/vmlinux ] && ! [ $$(@D)/obj/vmlinux -nt $(7) ]; then \
		echo "  SEED    $(3) from $(8)"; \
		rm -f $$(@D)/seed.log $$(@D)/build.log && kbuild/seed.sh $(SRC) $(8)/obj $(6) $$(@D)/obj $$$$(cat $(7)) && \
		touch $$(@D)/seeding; else rm -f $$(@D)/seeding; fi)
	@echo "  CONFIG  $(3)"
	@$(if $(8),old=$$$$(cksum <$$(@D)/obj/.config 2>/dev/null); )tinyconfigs/merge.sh -c $(CONFIG_CACHE) $(if \
	 $(9),-u "$(9)") $(6) $$(@D)/obj $(2)$(if $(8), && { [ "$$$$old" = "$$$$(cksum <$$(@D)/obj/.config)" ] || rm -f $$(@D)/seed.log; })
	@[ -e $$(@D)/unavailable ] || boot/needs.sh $$(@D)/obj/.config | \
	 sed 's/^/  NOTE    $(subst /,\/,$(3)): the boot check needs /; s/$$$$/, which its .config lacks/'
	@touch $$@
$(1)/obj/.config: $(1)/config.stamp ;
$(1)/vmlinux: $(1)/obj/.config kbuild/build.sh kbuild/stack-usage.sh $(7)
	@if [ -e $$(@D)/unavailable ]; then echo "  SKIP    $(3): not available for this tree: $$$$(cat $$(@D)/unavailable)"; \
	 else kbuild/build.sh $(6) $$(@D) $(3) $(4); rc=$$$$?; \
	  if [ -e $$(@D)/seeding ]; then [ ! $$(@D)/build.log -nt $$(@D)/seeding ] || cat $$(@D)/build.log >>$$(@D)/seed.log; \
	   [ $$$$rc != 0 ] || rm -f $$(@D)/seeding; fi; \
	  exit $$$$rc; fi
$(1)/bzImage: $(1)/vmlinux ;
endef

# A variant with a tree of its own (deinline) where its series was not
# made for: on another source tree (the series is made for Debian's 6.1),
# or a config its fragment's "# configs:" line does not name (the series'
# functions moved to units that config may not build).  $(4) says which.
define foreign_variant_rules
$(1)/config.stamp: FORCE
	@mkdir -p $$(@D) && rm -f $$(@D)/failed
	@$(call write_if_changed,$$(@D)/unavailable,its series $(notdir $(PATCHES))/$(vtree_$(2)) is made for $(4) only)
	@[ $$@ -nt $$(@D)/unavailable ] || touch $$@
$(1)/vmlinux: $(1)/config.stamp
	@echo "  SKIP    $(3): not available: $$$$(cat $$(@D)/unavailable)"
$(1)/obj/.config $(1)/bzImage: $(1)/vmlinux ;
endef

# One kernel: its build folder, boot check and RAM bisection.  A fragment's
# "# boot-append:" lines add to the kernel's command line at boot.
# $(1) CONFIG, $(2) OPT, $(3) VARIANT, $(4) its place among the builds,
# $(5) its tree.
define kernel_rules
$(if $(and $(vtree_$(3)),$(filter-out $(DEFAULT_TREE),$(5))),$(call \
	foreign_variant_rules,$(call kdir,$(1),$(2),$(3),$(5)),$(3),$(call kname,$(1),$(2),$(3),$(5)),the $(DEFAULT_TREE) tree),$(if \
	$(and $(vconfigs_$(3)),$(filter-out $(vconfigs_$(3)),$(1))),$(call \
	foreign_variant_rules,$(call kdir,$(1),$(2),$(3),$(5)),$(3),$(call kname,$(1),$(2),$(3),$(5)),$(vconfigs_$(3))),$(call \
	build_folder_rules,$(call kdir,$(1),$(2),$(3),$(5)),$(call \
	kfrags,$(1),$(2),$(3)),$(call kname,$(1),$(2),$(3),$(5)),$(4),$(1),$(if $(vtree_$(3)),$(call \
	ktree,$(3)),$(call tree_src,$(5))),$(if $(vtree_$(3)),$(call ktree_stamp,$(3)),$(call \
	tree_stamp,$(5))),$(call kseed,$(1),$(2),$(3)),$(strip $(if $(call tree_may_lack,$(5)),$(strip \
	$(vchain_$(3)) $(FRAGMENTS)/opt-$(2).config)) $(vavail_$(3))))))
$(call kdir,$(1),$(2),$(3),$(5))/boot.args: FORCE
	@$(call write_if_changed,$(call kdir,$(1),$(2),$(3),$(5))/boot.args,expect: $(call boot_expect,$(1)); append: $(call boot_append,$(1),$(3)))
$(call kdir,$(1),$(2),$(3),$(5))/boot.stamp: $(call kdir,$(1),$(2),$(3),$(5))/bzImage $(INITRAMFS) boot/boot.sh \
		$(call kdir,$(1),$(2),$(3),$(5))/boot.args $(if $(filter disk,$(call boot_expect,$(1))),$(DISK))
	@BOOT_EXPECT="$(call boot_expect,$(1))" BOOT_DISK=$(DISK) BOOT_APPEND_CONFIG='$(call boot_append,$(1),$(3))' \
		boot/boot.sh $$< $(INITRAMFS) $$(@D) $(call kname,$(1),$(2),$(3),$(5))
	@touch $$@
$(call kdir,$(1),$(2),$(3),$(5))/minram.result: $(call kdir,$(1),$(2),$(3),$(5))/boot.stamp boot/minram.sh
	@BOOT_EXPECT="$(call boot_expect,$(1))" BOOT_DISK=$(DISK) BOOT_APPEND_CONFIG='$(call boot_append,$(1),$(3))' \
		boot/minram.sh $(call kdir,$(1),$(2),$(3),$(5))/bzImage $(INITRAMFS) $$(@D) $(call kname,$(1),$(2),$(3),$(5))
endef
# $(4) is the kernel's place among the run's builds, "2/4", for the
# progress lines.
BUILDS := $(words $(KERNELS))
counter :=
$(foreach o,$(OPTS),$(foreach c,$(CONFIGS),$(foreach t,$(TREES),$(foreach v,$(VARIANTS),$(eval counter += x)$(eval \
	$(call kernel_rules,$(c),$(o),$(v),$(words $(counter))/$(BUILDS),$(t)))))))

## configs: make the .config of every kernel (checked against its fragments)
configs: $(addsuffix /config.stamp,$(KERNELS))
## kernels: build every kernel (with DWARF unless DEBUG_INFO=no)
kernels: $(addsuffix /vmlinux,$(KERNELS))
## boots: build and boot every kernel, and find the least RAM each boots in
# In phases, as `all` runs them, since only the build phase learns which
# kernels a tree cannot have (their folder's "unavailable").
boots:
	@rc=0; $(MAKE) --no-print-directory -k kernels || rc=1; \
	 $(MAKE) --no-print-directory -k -j$(JOBS) boot-checks || rc=1; \
	 $(MAKE) --no-print-directory -k ram-probes || rc=1; exit $$rc
# The phases of `all`.  Each takes only the kernels the phase before got
# through (read when its make starts), so a kernel that failed to build is
# not built again, in parallel, by the boot phase; nor one not available
# for its tree.
.PHONY: matrix boot-checks ram-probes
available = $(foreach k,$(1),$(if $(wildcard $(k)/unavailable),,$(k)))
boot-checks: $(foreach k,$(call available,$(KERNELS)),$(if $(wildcard $(k)/vmlinux),$(k)/boot.stamp))
ram-probes: $(foreach k,$(call available,$(KERNELS)),$(if $(wildcard $(k)/boot.stamp),$(k)/minram.result))

$(MEASURE): $(wildcard measure/*/*.c measure/*/*.h) measure/Makefile measure/check-layers.sh
	@$(MAKE) --no-print-directory -C measure O=$(@D) HOSTCC=$(HOSTCC)

# The symbol diffs every report carries, FROM:TO, for each config that has both:
# the whole 2005 experiment, unit-at-a-time alone (the seed's stack claim), dce,
# and what the advisor's series takes off dce.
REPORT_DIFFS ?= orig:inline+units inline:inline+units inline+units:dce dce:lto dce:deinline lto:lto+deinline

# The inline table of a kernel, read from its DWARF once.  When tksize
# cannot read it (DEBUG_INFO=no), inline.txt says why, and the report marks
# that kernel's inline figures unavailable instead of stopping every report.
$(BUILD)/kernels/%/inline.txt: $(BUILD)/kernels/%/vmlinux $(MEASURE)
	@echo "  INLINE  $*"
	@if ! grep -q '^CONFIG_DEBUG_INFO=y' $(@D)/config; then \
	 echo '# not measured: built without DWARF (DEBUG_INFO=no)' >$@; exit 0; fi; \
	 if $(MEASURE) inline $< >$@.tmp 2>$@.err; then mv $@.tmp $@; else \
	 why=$$(sed -n '1s/^tksize: //p' $@.err); \
	 printf '# unavailable: %s\n' "$${why:-tksize inline $< failed}" >$@; cat $@.err >&2; rm -f $@.tmp; fi; \
	 rm -f $@.err

# The budget of config $(1) at opt level $(2): CONFIG-OPT.budget, or else
# CONFIG.budget.  A budget is what the board holds, whatever the opt level,
# so no kernel of a config that has one goes unchecked; an opt level whose
# kernels are meant to be bigger (-O2) has a file of its own.
budget_of = $(firstword $(wildcard $(FRAGMENTS)/$(1)-$(2).budget $(FRAGMENTS)/$(1).budget))

## report: print the tables; write build/report.{md,json,html} (REPORT=DIR/NAME: DIR/NAME.{md,json,html} instead; MERGE="a.json b.json" adds other machines' kernels; each make deinline run's figures and scatter plot, and each make option-cost run's table, come along)
# Where its bytes go, read from its DWARF and link map once: the report
# reads attribution.json, which holds the rows or why there are none.
$(BUILD)/kernels/%/attribution.json: $(BUILD)/kernels/%/vmlinux $(MEASURE)
	@echo "  ATTRIB  $*"
	@if grep -q '^CONFIG_DEBUG_INFO=y' $(@D)/config; then $(MEASURE) attribute --save $@ $< || true; \
	 else $(MEASURE) attribute --save $@ --not-measured 'built without DWARF (DEBUG_INFO=no)' $<; fi

report: $(MEASURE) $(foreach k,$(call available,$(KERNELS)),$(if $(wildcard $(k)/vmlinux),$(k)/inline.txt $(k)/attribution.json))
	@mkdir -p $(dir $(REPORT))
	@$(MEASURE) report --md $(REPORT).md --json $(REPORT).json --html $(REPORT).html \
		--baseline orig $(addprefix --diff ,$(REPORT_DIFFS)) --fragments $(FRAGMENTS) \
		$(if $(TINYKERN_CAUSES),--causes $(TINYKERN_CAUSES)/report) \
		$(foreach o,$(OPTS),$(foreach c,$(CONFIGS),$(if $(call budget_of,$(c),$(o)),--budget $(c)/$(o)=$(call budget_of,$(c),$(o))))) \
		$(addprefix --merge ,$(abspath $(MERGE))) \
		$(foreach j,$(wildcard $(BUILD)/deinline/*/journal),--deinline $(notdir $(patsubst %/journal,%,$(j)))=$(dir $(j))) \
		$(foreach j,$(wildcard $(BUILD)/optcost/*/journal),--optcost $(notdir $(patsubst %/journal,%,$(j)))=$(dir $(j))) \
		$(foreach o,$(OPTS),$(foreach c,$(CONFIGS),$(foreach t,$(TREES),$(foreach v,$(VARIANTS),$(call \
		kname,$(c),$(o),$(v),$(t))=$(call kdir,$(c),$(o),$(v),$(t))))))

## budget: the report, failing when a kernel is over its FRAGMENTS/CONFIG[-OPT].budget
budget: report

# A kernel named [TREE/]CONFIG/OPT/VARIANT (or CONFIG/VARIANT, at the
# first of OPTS), or any ELF file by its path.
elf_of = $(if $(wildcard $(1)),$(1),$(call kdir_of,$(subst /, ,$(1)))/vmlinux)
kdir_of = $(if $(word 4,$(1)),$(call kdir,$(word 2,$(1)),$(word 3,$(1)),$(word 4,$(1)),$(word 1,$(1))),$(if \
	$(word 3,$(1)),$(call kdir,$(word 1,$(1)),$(word 2,$(1)),$(word 3,$(1))),$(call \
	kdir,$(word 1,$(1)),$(firstword $(OPTS)),$(word 2,$(1)))))

## smallest: the smallest kernel of each of CONFIGS that boots with the same features (-Oz, DCE, the de-inlining series, LTO): one line to quote, then each step's bytes
# "Smallest" keeps the config's fragment as it is: only how the kernel is
# built changes.  The stock kernel is what a plain 6.1 build makes of the
# config (-Os, gcc inlining, unit-at-a-time: inline+units); each step
# adds one thing, and tksize smallest picks the least text that boots.
SMALLEST_STOCK := Os/inline+units
SMALLEST_STEPS := Oz/inline+units Oz/dce Oz/deinline Oz/lto+deinline
smallest_args   = $(foreach k,$(SMALLEST_STOCK) $(SMALLEST_STEPS),$(1)/$(k)=$(call \
	kdir,$(1),$(word 1,$(subst /, ,$(k))),$(word 2,$(subst /, ,$(k))),$(FIRST_TREE)))
.PHONY: smallest
smallest: $(DEPS) $(MEASURE)
	@$(MAKE) --no-print-directory -s source
	@$(MAKE) --no-print-directory -s rootfs
	@$(MAKE) --no-print-directory OPTS=Os VARIANTS=inline+units boots; \
	 $(MAKE) --no-print-directory OPTS=Oz VARIANTS="inline+units dce deinline lto+deinline" boots; \
	 rc=0; $(foreach c,$(CONFIGS),echo; $(MEASURE) smallest $(call smallest_args,$(c)) || rc=1;) exit $$rc

## diff: symbol diff A -> B as bloat-o-meter prints it (A=tiny/Os/orig B=tiny/Os/dce, or ELF paths; DIFFOPT=-c|-d|-t, or --dirs[=DEPTH]|--files per source directory or file)
diff: $(MEASURE)
	@test -n "$(A)" -a -n "$(B)" || { echo "diff: say which kernels, e.g. make diff A=tiny/Os/orig B=tiny/Os/dce" >&2; exit 2; }
	@$(MEASURE) diff $(DIFFOPT) $(call elf_of,$(A)) $(call elf_of,$(B))

## attribute: where kernel K's bytes go, per source directory (K=tiny/Os/dce, or an ELF path; DEPTH=1 by default, DEPTH=0 per file)
.PHONY: attribute
attribute: $(MEASURE)
	@test -n "$(K)" || { echo "attribute: say which kernel, e.g. make attribute K=tiny/Os/dce" >&2; exit 2; }
	@$(MEASURE) attribute $(if $(filter 0,$(DEPTH)),--files,--depth $(or $(DEPTH),1)) $(call elf_of,$(K))

## deinline: the de-inlining advisor on one kernel (CONFIG=tiny OPT=Os BASE=dce): rank, try, keep, boot, emit a series
UNINLINE := $(BUILD)/tools/uninline
$(UNINLINE): deinline/uninline.c
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(HOSTCC) -O2 -g -Wall -Wextra -o $@ $<
# The one kernel that make deinline, deinline-verify and option-cost
# experiment on (CONFIG=, OPT=, BASE=; TRIAL_CONFIG and TRIAL_BASE above),
# as a name for their progress lines ("tiny/Os/dce"), the make that builds
# it, and what its boot check needs.
TRIAL_OPT    := $(or $(OPT),$(firstword $(OPTS)))
TRIAL_KDIR   := $(call kdir,$(TRIAL_CONFIG),$(TRIAL_OPT),$(TRIAL_BASE))
TRIAL_NAME   := $(TRIAL_CONFIG)/$(TRIAL_OPT)/$(TRIAL_BASE)
TRIAL_MAKE   := $(MAKE) --no-print-directory CONFIGS=$(TRIAL_CONFIG) OPTS=$(TRIAL_OPT) VARIANTS=$(TRIAL_BASE)
# the boot check's environment for TRIAL_CONFIG in variant $(1)
trial_boot    = INITRAMFS=$(INITRAMFS) BOOT_EXPECT="$(call boot_expect,$(TRIAL_CONFIG))" BOOT_DISK=$(DISK) \
	BOOT_APPEND_CONFIG='$(call boot_append,$(TRIAL_CONFIG),$(1))'
TRIAL_BOOT   := $(call trial_boot,$(TRIAL_BASE))
DEINLINE_DIR := $(BUILD)/deinline/$(TRIAL_CONFIG)-$(TRIAL_OPT)-$(TRIAL_BASE)
.PHONY: deinline
deinline: $(MEASURE) $(UNINLINE)
	@$(TRIAL_MAKE) DEBUG_INFO=yes kernels rootfs
	@TKSIZE=$(MEASURE) UNINLINE=$(UNINLINE) BATCH=$(or $(BATCH),16) \
	 LIMIT=$(LIMIT) AGREE=$(AGREE) BOOT_EVERY=$(BOOT_EVERY) MAX_REBUILDS=$(MAX_REBUILDS) ONLY='$(ONLY)' \
	 C_MODE=$(C_MODE) MIN_PREDICTED=$(MIN_PREDICTED) SOLO_REBUILDS=$(or $(SOLO_REBUILDS),1) \
	 MAX_TRIALS=$(or $(MAX_TRIALS),300) MAX_MINUTES=$(or $(MAX_MINUTES),180) SHARD=$(SHARD) MERGE='$(abspath $(MERGE))' $(TRIAL_BOOT) \
	 deinline/advisor.sh $(SRC) $(TRIAL_KDIR) $(DEINLINE_DIR) $(TRIAL_NAME)
	@TKSIZE=$(MEASURE) deinline/emit.sh $(DEINLINE_DIR) $(SRC)
	@$(MEASURE) advisor $(DEINLINE_DIR)

## deinline-verify: build and boot every prefix of a de-inlining series (SERIES=patches/deinline) on CONFIG/OPT/BASE
DEINLINE_SERIES := $(or $(SERIES),$(PATCHES)/deinline)
.PHONY: deinline-verify
deinline-verify:
	@$(TRIAL_MAKE) kernels rootfs
	@$(TRIAL_BOOT) deinline/verify.sh $(SRC) $(TRIAL_KDIR) $(DEINLINE_SERIES) \
	 $(BUILD)/deinline/verify-$(TRIAL_CONFIG)-$(TRIAL_OPT)-$(TRIAL_BASE) $(TRIAL_NAME)

## option-cost: what each option costs CONFIG/OPT/BASE (CONFIG=tiny OPT=Os BASE=dce): every symbol its fragment chain sets, flipped (CHAIN=no: none), and LIST= files ("SYMBOL on|off" lines; default FRAGMENTS/CONFIG.options), each built, measured and booted; on dce, the NODCE=10 that move text most again without DCE (optcost/)
OPTCOST_DIR  := $(BUILD)/optcost/$(TRIAL_CONFIG)-$(TRIAL_OPT)-$(TRIAL_BASE)
# LIST= files of options a user is weighing; the default, CONFIG.options
OPTCOST_LIST := $(if $(filter command line environment,$(origin LIST)),$(LIST),$(wildcard $(FRAGMENTS)/$(TRIAL_CONFIG).options))
# DCE changes what an option costs: once the table is whole, its NODCE
# options that move text most are measured again, alone, on the config's
# inline+units kernel (dce without LD_DEAD_CODE_DATA_ELIMINATION, and the
# EXPERT it sets, which tiny has already), in OPTCOST_DIR/nodce (none when
# BASE is not dce, or nothing was measured); LIMIT= applies to each step
OPTCOST_NODCE := $(if $(filter dce,$(TRIAL_BASE)),$(if $(filter command line environment,$(origin NODCE)),$(NODCE),10),0)
OPTCOST_NODCE_KDIR := $(call kdir,$(TRIAL_CONFIG),$(TRIAL_OPT),$(OPTCOST_NODCE_BASE))
.PHONY: option-cost
option-cost: $(MEASURE)
	@$(if $(OPTCOST_LIST),optcost/list.sh $(OPTCOST_LIST) >/dev/null)
	@$(TRIAL_MAKE) $(if $(filter-out 0,$(OPTCOST_NODCE)),VARIANTS="$(TRIAL_BASE) $(OPTCOST_NODCE_BASE)") kernels rootfs
	@mkdir -p $(OPTCOST_DIR)
	@$(if $(filter no,$(CHAIN)),: >$(OPTCOST_DIR)/chain.options,optcost/options.sh $(call \
	  frag_chain,$(TRIAL_CONFIG)) >$(OPTCOST_DIR)/chain.options.tmp && mv $(OPTCOST_DIR)/chain.options.tmp $(OPTCOST_DIR)/chain.options)
	@TKSIZE=$(MEASURE) LIMIT=$(LIMIT) COMBINE=$(COMBINE) SHARD=$(SHARD) MERGE='$(abspath $(MERGE))' $(TRIAL_BOOT) \
	 optcost/option-cost.sh $(SRC) $(TRIAL_KDIR) $(OPTCOST_DIR) $(TRIAL_NAME) $(OPTCOST_DIR)/chain.options $(OPTCOST_LIST)
	@if [ "$(OPTCOST_NODCE)" -gt 0 ] && [ -z "$(SHARD)" ] && [ "$$(cat $(OPTCOST_DIR)/left 2>/dev/null)" = 0 ]; then \
	  awk -F'\t' '$$1 == "option" && $$4 == "measured" { print ($$5 < 0 ? -$$5 : $$5), $$2, $$3 }' $(OPTCOST_DIR)/journal | \
	    sort -k1,1nr -k2,2 | head -n $(OPTCOST_NODCE) | cut -d' ' -f2,3 >$(OPTCOST_DIR)/nodce.options; \
	  if [ -s $(OPTCOST_DIR)/nodce.options ]; then \
	    echo "  OPTCOST $(TRIAL_NAME): the $$(wc -l <$(OPTCOST_DIR)/nodce.options) options that move text most, without DCE"; \
	    TKSIZE=$(MEASURE) COMBINE=0 FRAGMENT=no SHARD= MERGE= $(call trial_boot,$(OPTCOST_NODCE_BASE)) \
	     optcost/option-cost.sh $(SRC) $(OPTCOST_NODCE_KDIR) $(OPTCOST_DIR)/nodce \
	     $(TRIAL_CONFIG)/$(TRIAL_OPT)/$(OPTCOST_NODCE_BASE) $(OPTCOST_DIR)/nodce.options; \
	  fi; \
	fi
	@$(MEASURE) optcost $(OPTCOST_DIR)

## bench: time the harness against plain kbuild + qemu, no-op and warm reruns, boots (bench/)
.PHONY: bench
bench: $(DEPS)
	@bench/bench.sh $(BUILD)/bench

## bench-front-door: a clean clone's cold `make`, its no-op rerun, `make check`, `make check-slow`, and a second clone's `make` from the first one's ccache, timed
.PHONY: bench-front-door
bench-front-door: $(DEPS)
	@bench/front-door.sh $(BUILD)/front-door

## check: the fast tests, on the kernels `make` built (runs that make first when nothing is built; TESTS="40 45": only those; TEST_TIMEOUT=300 s a test, unless its header says)
## check-slow: the slow tests: kernels `make` does not build (SMP -Oz, another tree, a cold deinline) and the advisor and option-cost loops
## check-all: both tiers, as CI runs them
.PHONY: check check-slow check-all
check: $(DEPS)
	@tests/run.sh fast
check-slow: $(DEPS)
	@tests/run.sh slow
check-all: $(DEPS)
	@tests/run.sh all

## clean: remove the kernels and reports (keeps the source tree, busybox, the config cache, and the advisor's and option-cost's runs unless FORCE=1)
# build/deinline and build/optcost hold the journals of hours of trial
# builds (a verify's is its prefixes file), which a routine clean must not
# take with it.
kept_runs = $(if $(filter 1,$(FORCE)),,$(sort $(patsubst %/,%,$(dir $(wildcard $(BUILD)/deinline/*/journal \
	$(BUILD)/deinline/*/prefixes $(BUILD)/optcost/*/journal)))))
clean:
	rm -rf $(BUILD)/kernels $(BUILD)/report.* $(BUILD)/tools $(BUILD)/rootfs
	$(if $(filter 1,$(FORCE)),rm -rf $(BUILD)/deinline $(BUILD)/optcost)
	@$(foreach r,$(kept_runs),echo "  KEEP    $(r) (a run's journal; make clean FORCE=1 removes it)";)

## prune: remove each kernel's kbuild objects (obj/), keeping what the report reads and obj/.config
# A tiny kernel's obj/ is 193 MiB with DWARF, its vmlinux 34 MB.  With
# obj/.config kept, `make` stays a no-op; an experiment in the folder (an
# incremental rebuild) then recompiles it whole, from ccache.
.PHONY: prune
prune:
	@for o in $(wildcard $(BUILD)/kernels/*/obj); do \
	 find $$o -mindepth 1 -maxdepth 1 ! -name .config -exec rm -rf {} +; done
	@echo "  PRUNE   $(BUILD)/kernels now takes $$(du -sh $(BUILD)/kernels 2>/dev/null | cut -f1)"

## distclean: remove the whole build folder (refused while it holds advisor or option-cost runs, unless FORCE=1)
distclean:
	@$(if $(kept_runs),echo "tinykern: $(BUILD) holds $(words $(kept_runs)) advisor or option-cost run(s) ($(patsubst $(BUILD)/%,%,$(firstword $(kept_runs)))$(if $(word 2,$(kept_runs)), and more)); make distclean FORCE=1 removes them too" >&2; exit 1)
	rm -rf $(BUILD)

## help: this list
help:
	@echo "tinykern: small i386 kernels, built in variants, booted under QEMU, measured."
	@echo
	@sed -n 's/^## \([a-z-]*\): /  make \1\t/p' $(MAKEFILE_LIST) | expand -t 26
	@echo
	@echo "Variables (current value):"
	@echo "  CONFIGS=$(CONFIGS)      fragments FRAGMENTS/<name>.config (a \"# base: FILE\" line with a / in FILE takes your full .config whole)"
	@echo "  VARIANTS=$(VARIANTS)  fragments FRAGMENTS/variant-<name>.config"
	@echo "  OPTS=$(OPTS)      fragments FRAGMENTS/opt-<name>.config: Os O2 Oz (matrix: all three)"
	@echo "  TREES=$(TREES)      source trees: Debian's linux-source-X.Y by version (6.1, 6.12), patched with patches/ (6.1) or patches/X.Y/"
	@echo "  KSRC=$(KSRC)      a kernel tree of your own, never written to, named KSRC_NAME=$(KSRC_NAME) (default: its version); KSRC_SERIES=$(KSRC_SERIES) (default: the series made for its version, applied to a copy; -: none, built O= as it stands)"
	@echo "  DEBUG_INFO=$(DEBUG_INFO)   build with DWARF, for the inline and directory tables (no: smaller build folders, neither table)"
	@echo "  MERGE=$(MERGE)      other machines' results: report.json files for \`make report\`; their trial folders for deinline and option-cost"
	@echo "  deinline: CONFIG= OPT= BASE=dce (the kernel), BATCH=16 (candidates per first trial), LIMIT= (trials this run)," \
	      "MAX_REBUILDS= (objects a change may recompile), ONLY= (regex on FILE:NAME), AGREE=30, BOOT_EVERY=4, SOLO_REBUILDS=1, C_MODE=noinline|letgcc, MIN_PREDICTED=1 (the least bytes a candidate must be predicted to save), MIN_SAVING=32 (the least bytes a patch saves on its own)," \
	      "MAX_TRIALS=300 and MAX_MINUTES=180 (the budget, over every resume; 0: none)," \
	      "SHARD=K/N (this machine's part of the subsystems), MERGE= (other machines' advisor folders: their kept groups are tried here first)," \
	      "SIGNOFF= (a Signed-off-by for each patch); deinline-verify: SERIES=patches/deinline"
	@echo "  option-cost: CONFIG= OPT= BASE=dce (the kernel), LIST= (files of \"SYMBOL on|off\" lines; default FRAGMENTS/CONFIG.options)," \
	      "CHAIN=no (not the symbols the fragment chain sets), LIMIT= (trials per step this run), COMBINE=10 (options built together)," \
	      "NODCE=10 (options measured again without DCE; 0: none), SHARD=K/N (this machine's part of the options; no combined, fragment or NODCE builds)," \
	      "MERGE= (other machines' option-cost folders of the same kernel: their rows join this table)"
	@echo "  FRAGMENTS=$(FRAGMENTS)"
	@echo "  BUILD=$(BUILD)"
	@echo "  REPORT=$(REPORT)   the report's files, REPORT.{md,json,html}"
	@echo "  TARBALL=$(TARBALL)   the 6.1 tree's tarball;  PATCHES=$(PATCHES)   its series"
	@echo "  REPORT_DIFFS=$(REPORT_DIFFS)   the report's bloat-o-meter pairs, A:B by variant"
	@echo "  HOSTCC=$(HOSTCC)   the compiler of tksize;  FORCE=1: make clean and distclean also remove the advisor's and option-cost's runs"
	@echo "  CC=$(CC)  JOBS=$(JOBS)  CCACHE_DIR=$(CCACHE_DIR)"
	@echo "  BOOT_TIMEOUT=$${BOOT_TIMEOUT:-60}  QEMU_MEM=$${QEMU_MEM:-64M}  QEMU_ACCEL=$${QEMU_ACCEL:-tcg}"
	@echo "  MINRAM_TIMEOUT=$${MINRAM_TIMEOUT:-(3x the boot check, at least 10 s)}  BENCH_PLAIN=$${BENCH_PLAIN:-yes}"
	@echo "  free space asked for, in MiB: SOURCE_NEED_MIB=$${SOURCE_NEED_MIB:-1500} (the tree)," \
	      "BUILD_NEED_MIB=$${BUILD_NEED_MIB:-80}, BUILD_NEED_DEBUG_MIB=$${BUILD_NEED_DEBUG_MIB:-250} (a kernel)"

endif # the lock
