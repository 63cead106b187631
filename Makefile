# SPDX-License-Identifier: GPL-2.0
#
# make              build pcdrop.ko for the running kernel (or KVER / KDIR)
# make check        build and test on every kernel of the matrix, in QEMU
# make demo         boot the default kernel in QEMU and show pcdrop at work
# make clean
#
# The module build is Kbuild's (see Kbuild), followed by scripts/klp-convert,
# which binds the non-exported kernel functions pcdrop calls through
# livepatch relocations.  DKMS runs this same Makefile.

KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
CONVERTER_CC ?= $(firstword $(shell which cc gcc gcc-14 gcc-12 2>/dev/null))
CONVERTER := scripts/klp-convert

all: module

module: $(CONVERTER)
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules
	$(CURDIR)/$(CONVERTER) pcdrop.ko

$(CONVERTER): scripts/klp-convert.c
	$(CONVERTER_CC) -O2 -Wall -Wextra -o $@ $<

check:
	tests/run-matrix.sh

demo:
	tests/demo.sh

clean:
	rm -f $(CONVERTER)
	rm -rf build results
	if [ -d $(KDIR) ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

.PHONY: all module check demo clean
.DELETE_ON_ERROR:
