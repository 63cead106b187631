# SPDX-License-Identifier: GPL-2.0
#
# make              build pcdrop.ko for the running kernel (or KVER / KDIR)
# make prototypes   only the check of its prototypes against the kernel's
#                   BTF that make starts with (PCDROP_BTF, below)
# make check        build and test on every kernel of the matrix, in QEMU
# make soak         the long runs make check leaves out (SOAK_MINUTES=60)
# make demo         boot the default kernel in QEMU and show pcdrop at work
# make check-fresh  make demo in a fresh Debian 12 chroot (git, make only)
# make plots        redraw the scaling plots, docs/plots/*.svg, from the
#                   scale benchmark's rounds in docs/plots/scale.tsv
#                   (tests/bench/run.sh scale; needs gnuplot-nox)
# make dkms-install register, build and install pcdrop with DKMS (as root),
#                   with the admin command, pcdrop.service (enabled),
#                   /etc/pcdrop/pcdrop.conf, the man pages pcdrop(8) and
#                   pcdrop.conf(5) and the completion (make admin-install)
# make dkms-uninstall  unload pcdrop, remove it from DKMS, and remove what
#                   admin-install installed, config and state included
# make deb          build the Debian packages pcdrop-dkms and pcdrop-stat
#                   (into DEB_OUT)
# make bpf          build bpf/pcdrop-stat (static) and the tests' programs
#                   into BPF_OUTPUT (default build/bpf)
# make stat-install install pcdrop-stat to /usr/sbin, with its man page and
#                   bash completion (as root; DESTDIR)
# make clean
#
# The module build is Kbuild's (see Kbuild), followed by scripts/klp-convert,
# which binds the non-exported kernel functions pcdrop calls through
# livepatch relocations, and preceded by the check of their prototypes.
# DKMS runs this same Makefile.

KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
CONVERTER_CC ?= $(firstword $(shell which cc gcc gcc-16 gcc-15 gcc-14 gcc-12 2>/dev/null))
CONVERTER := scripts/klp-convert
PCDROP_NAME ?= pcdrop
BPF_OUTPUT ?= $(CURDIR)/build/bpf
# The one place the version lives; dkms.conf and the Debian package get it
# from here (dkms-source, debian/rules).
VERSION := $(shell cat $(dir $(lastword $(MAKEFILE_LIST)))VERSION)
DKMS_SRC = $(DESTDIR)/usr/src/pcdrop-$(VERSION)
DEB_OUT ?= build/deb

# The prototype check (scripts/btf-protos.c) runs before the build: each
# kernel function pcdrop binds by name must have, in the target kernel's
# BTF, the prototype module/kernel_api.h gives it, or nothing is built.
# The BTF is KDIR's vmlinux (a kernel built there; the headers of 6.12 and
# 7.x ship one), when KDIR is the running kernel's /sys/kernel/btf/vmlinux,
# or else the kernel's installed image (/boot/vmlinuz-KVER, or 7.x's
# /lib/modules/KVER/vmlinuz) unpacked into build/protos: Debian 12's 6.1
# headers have no vmlinux, and a kernel upgrade builds for a kernel not yet
# running.  Without any of them the check is skipped, with one line saying
# so.  PCDROP_BTF=FILE names a vmlinux or raw BTF; PCDROP_BTF= skips.
PROTOS := build/protos
KERNEL_IMAGE := $(firstword $(wildcard /boot/vmlinuz-$(KVER) /lib/modules/$(KVER)/vmlinuz))
ifeq ($(origin PCDROP_BTF),undefined)
PCDROP_BTF := $(if $(shell grep -s '^CONFIG_DEBUG_INFO_BTF=y' $(KDIR)/.config),$(firstword \
	$(wildcard $(KDIR)/vmlinux) \
	$(if $(shell grep -sF 'UTS_RELEASE "$(shell uname -r)"' \
		$(KDIR)/include/generated/utsrelease.h),$(wildcard /sys/kernel/btf/vmlinux)) \
	$(if $(KERNEL_IMAGE),$(PROTOS)/vmlinux)))
endif
# gcc's "conflicting types" error and the note that follows it, as one
# line: the BTF's prototype (its line in check.c) and pcdrop's (the note's
# type, named).  Fails if there is none.
PROTOS_MISMATCHES = awk -F "'" 'FNR == NR { btf[FNR] = $$0; next } \
	/: error: conflicting types for / { \
		split($$1, at, ":"); name = $$2; have = btf[at[2]]; sub(/;$$/, "", have) } \
	/: note: previous declaration of / && $$2 == name { \
		i = index($$4, "("); \
		ours = substr($$4, 1, i - 1) (substr($$4, i - 1, 1) == "*" ? "" : " "); \
		ours = ours name substr($$4, i); \
		gsub(/  +/, " ", ours); found = 1; \
		printf "pcdrop: %s() in this kernel\047s BTF is \047%s\047, %s \047%s\047; %s\n", \
			name, have, "pcdrop was written for", ours, "not building" } \
	END { exit !found }'
PROTOS_UNCHECKED = pcdrop: its prototypes cannot be checked against this kernel's BTF (see above); \
	not building

all: module

# pcdrop.ko, and the same sources built as pcdrop_next.ko in build/next
# (its own objects): "pcdrop upgrade" relays through it so that a pcdrop
# patch is enabled at every moment (docs/design.md, "Upgrading").  The
# tests' copies under other names (PCDROP_NAME) build only themselves, as
# do the test variants that never upgrade (PCDROP_NEXT=0).
NEXT := build/next
PCDROP_NEXT ?= 1
module: $(CONVERTER) prototypes
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules
	$(CURDIR)/$(CONVERTER) $(PCDROP_NAME).ko
ifeq ($(PCDROP_NAME)$(PCDROP_NEXT),pcdrop1)
	rm -rf $(NEXT)
	install -d $(NEXT)/module
	install -m 644 Kbuild VERSION $(NEXT)/
	install -m 644 $(wildcard module/*.[chS]) $(NEXT)/module/
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(NEXT) PCDROP_NAME=pcdrop_next modules
	$(CURDIR)/$(CONVERTER) $(NEXT)/pcdrop_next.ko
endif

$(CONVERTER): scripts/klp-convert.c
	$(or $(CONVERTER_CC),$(error no C compiler (cc, gcc, gcc-N) for scripts/klp-convert.c)) -O2 -Wall -Wextra -o $@ $<

$(PROTOS)/vmlinux: $(KERNEL_IMAGE)
	mkdir -p $(PROTOS)
	sh scripts/extract-vmlinux.sh $< $@

$(PROTOS)/btf-protos: scripts/btf-protos.c
	mkdir -p $(PROTOS)
	$(or $(CONVERTER_CC),$(error no C compiler (cc, gcc, gcc-N) for scripts/btf-protos.c)) -O2 -Wall -Wextra -o $@ $<

# kernel_api.h preprocessed through Kbuild, with the flags of the module's
# build, gives the __weak declarations this kernel gets; then a file that
# includes kernel_api.h declares each again as the BTF has it, and the
# compiler reports any difference (in the C locale, for the awk above;
# Kbuild unexports LC_ALL).  Without BTF, btf-protos is not even built.
prototypes: $(if $(strip $(PCDROP_BTF)),$(PROTOS)/btf-protos $(filter $(PROTOS)/vmlinux,$(PCDROP_BTF)))
ifeq ($(strip $(PCDROP_BTF)),)
	@echo "pcdrop: prototype check skipped: no BTF of the kernel in $(KDIR) \
	(a vmlinux there, or /sys/kernel/btf/vmlinux if it is the running kernel)"
else
	@echo '#include "../../module/kernel_api.h"' > $(PROTOS)/api.c
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(PROTOS)/api.i
	@cp $(PROTOS)/api.c $(PROTOS)/check.c
	@$(PROTOS)/btf-protos $(PCDROP_BTF) -w kernel_api.h $(PROTOS)/api.i >> $(PROTOS)/check.c || \
		{ echo "$(PROTOS_UNCHECKED)"; exit 1; }
	@LANG=C LC_CTYPE=C LC_MESSAGES=C $(MAKE) -C $(KDIR) M=$(CURDIR) $(PROTOS)/check.o \
		> $(PROTOS)/check.log 2>&1 || { \
		$(PROTOS_MISMATCHES) $(PROTOS)/check.c $(PROTOS)/check.log || \
		{ cat $(PROTOS)/check.log; echo "$(PROTOS_UNCHECKED)"; }; exit 1; }
	@echo "pcdrop: the prototypes of the kernel functions it calls match $(PCDROP_BTF)"
endif

bpf:
	$(MAKE) -C bpf OUTPUT=$(BPF_OUTPUT)
	$(MAKE) -C tests/progs OUTPUT=$(BPF_OUTPUT)

stat-install:
	$(MAKE) -C bpf OUTPUT=$(BPF_OUTPUT) install

# Both first install the Debian packages they need (scripts/host-deps.sh;
# root on Debian 12/13), unless PCDROP_NO_DEPS=1.
check:
	$(if $(PCDROP_NO_DEPS),,scripts/host-deps.sh check)
	tests/run-matrix.sh

soak:
	$(if $(PCDROP_NO_DEPS),,scripts/host-deps.sh check)
	tests/soak.sh

demo:
	$(if $(PCDROP_NO_DEPS),,scripts/host-deps.sh demo)
	tests/demo.sh

plots:
	tests/bench/plot.sh

# make demo on a fresh Debian 12 minbase (git and make only), from a clone
# of the committed tree: about 10 minutes, so not part of check.
check-fresh:
	tests/fresh-machine.sh

# What DKMS builds from: the module sources and the converter's, with the
# version filled into dkms.conf.
dkms-source:
	rm -rf $(DKMS_SRC)
	install -d $(DKMS_SRC)/module $(DKMS_SRC)/scripts
	install -m 644 Kbuild Makefile VERSION $(DKMS_SRC)/
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf > $(DKMS_SRC)/dkms.conf
	install -m 644 $(wildcard module/*.[chS]) $(DKMS_SRC)/module/
	install -m 644 scripts/klp-convert.c scripts/btf-protos.c scripts/extract-vmlinux.sh \
		$(DKMS_SRC)/scripts/

# The admin command (admin/pcdrop, with the kernels dkms.conf builds for
# and the version filled in), its unit, its config (kept if it exists:
# the admin's), its man pages pcdrop(8) and pcdrop.conf(5) and its bash
# completion.  The Debian package installs the same files through this
# target (dh_compress compresses the man pages there).
UNITDIR ?= /lib/systemd/system
MANDIR ?= /usr/share/man
BASHCOMPDIR ?= /usr/share/bash-completion/completions
SUPPORTED_KERNELS = $(shell sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$$/\1/p' dkms.conf)
admin-install:
	install -d $(DESTDIR)/usr/sbin $(DESTDIR)$(UNITDIR) $(DESTDIR)/etc/pcdrop
	sed -e 's@#SUPPORTED_KERNELS#@$(subst \,\\,$(SUPPORTED_KERNELS))@' \
		-e 's@#PCDROP_VERSION#@$(VERSION)@' admin/pcdrop > $(DESTDIR)/usr/sbin/pcdrop
	chmod 755 $(DESTDIR)/usr/sbin/pcdrop
	install -m 644 admin/pcdrop.service $(DESTDIR)$(UNITDIR)/pcdrop.service
	[ -e $(DESTDIR)/etc/pcdrop/pcdrop.conf ] || \
		install -m 644 admin/pcdrop.conf $(DESTDIR)/etc/pcdrop/pcdrop.conf
	install -D -m 644 man/pcdrop.8 $(DESTDIR)$(MANDIR)/man8/pcdrop.8
	install -D -m 644 man/pcdrop.conf.5 $(DESTDIR)$(MANDIR)/man5/pcdrop.conf.5
	install -D -m 644 completions/pcdrop $(DESTDIR)$(BASHCOMPDIR)/pcdrop

# Enabled wherever systemctl exists (it works offline, in a chroot too);
# started, and so pcdrop loaded, only where systemd runs.
dkms-install: dkms-source admin-install
	dkms add -m pcdrop -v $(VERSION)
	dkms build -m pcdrop -v $(VERSION) -k $(KVER)
	dkms install -m pcdrop -v $(VERSION) -k $(KVER)
	if command -v systemctl >/dev/null; then systemctl enable pcdrop.service; \
	else echo "pcdrop: no systemctl: pcdrop.service is installed, not enabled"; fi
	if [ -d /run/systemd/system ]; then systemctl daemon-reload && \
		systemctl start pcdrop.service && /usr/sbin/pcdrop status; fi

# pcdrop unload first: its bounds, and a stuck transition stops the
# uninstall here, with pcdrop still loaded and the blocking tasks named.
dkms-uninstall:
	if [ -x /usr/sbin/pcdrop ]; then /usr/sbin/pcdrop unload; fi
	if command -v systemctl >/dev/null; then systemctl disable pcdrop.service || true; fi
	-dkms remove -m pcdrop -v $(VERSION) --all
	rm -rf $(DESTDIR)/usr/src/pcdrop-$(VERSION)
	rm -f $(DESTDIR)/usr/sbin/pcdrop $(DESTDIR)$(UNITDIR)/pcdrop.service
	rm -f $(DESTDIR)$(MANDIR)/man8/pcdrop.8 $(DESTDIR)$(MANDIR)/man5/pcdrop.conf.5 \
		$(DESTDIR)$(BASHCOMPDIR)/pcdrop
	rm -rf $(DESTDIR)/etc/pcdrop $(DESTDIR)/var/lib/pcdrop

# DKMS's CLEAN step, in its copy of the sources (never touches build/).
dkms-clean:
	rm -f $(CONVERTER) pcdrop.ko *.o *.mod *.mod.c .*.cmd modules.order Module.symvers
	rm -rf $(NEXT)
	rm -f module/*.o module/.*.cmd

# debian/changelog is written from VERSION, so the package version cannot
# drift from it.  Builds pcdrop-dkms and pcdrop-stat.
deb:
	debian/gen-changelog $(VERSION) > debian/changelog
	$(if $(VMLINUX_BTF),VMLINUX_BTF=$(VMLINUX_BTF)) dpkg-buildpackage -b -us -uc
	mkdir -p $(DEB_OUT)
	for f in ../pcdrop-*_$(VERSION)_*.deb ../pcdrop_$(VERSION)_*.buildinfo \
		 ../pcdrop_$(VERSION)_*.changes; do mv $$f $(DEB_OUT)/; done
	debian/rules clean

clean:
	rm -f $(CONVERTER)
	rm -rf build results bpf/.output tests/progs/.output
	rm -rf debian/.debhelper debian/pcdrop-dkms debian/pcdrop-stat debian/pcdrop-stat-build debian/files debian/*.substvars \
		debian/debhelper-build-stamp debian/*.debhelper.log debian/changelog
	if [ -d $(KDIR) ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

.PHONY: all module prototypes bpf stat-install check soak check-fresh demo plots clean dkms-source admin-install dkms-install dkms-uninstall dkms-clean deb
.DELETE_ON_ERROR:
