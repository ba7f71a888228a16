# SPDX-License-Identifier: GPL-2.0
# The bench: our tracing subsystem laid over Debian's linux-source-6.12,
# built, booted in QEMU and tested. See README.md.
#
#   make run        boot our kernel to a shell (SCRIPT=file runs it instead,
#                   APPEND='...' adds boot options, REF=1 boots the reference)
#   make check      every test tier; ends with "N passed, N failed"
#   make ref        build the reference kernel (the base tree's own tracing)
#   make compare    conformance side by side, ours vs reference
#   make distro     Debian's tracing options: how many survive on our tree
#   make bench      benchmarks side by side
#   make series     the patch series against the base tree, in build/series
#   make kernel     build our kernel and its initramfs only
#   DEBUG=1         use the debug configuration (lockdep, KASAN, ...)

T := tooling
KIND := $(if $(filter 1,$(REF)),ref,ours)
export DEBUG

.PHONY: all run check ref compare distro bench series kernel setup clean distclean help

all: kernel

help:
	@sed -n '3,15p' Makefile | sed 's/^# \{0,1\}//'

setup:
	@$(T)/setup.sh

kernel: setup
	@$(T)/kernel.sh ours && $(T)/initramfs.sh ours

ref: setup
	@$(T)/kernel.sh ref && $(T)/initramfs.sh ref

run: setup
	@$(T)/kernel.sh $(KIND) >/dev/null && $(T)/initramfs.sh $(KIND) >/dev/null
	@if [ -n "$(SCRIPT)" ]; then \
		$(T)/vm.sh $(KIND) script "$(abspath $(SCRIPT))"; \
	else \
		$(T)/vm.sh $(KIND) shell; \
	fi

check:
	@$(T)/check.sh

compare: setup
	@$(T)/compare.sh

distro: setup
	@$(T)/distro.sh

bench: setup
	@$(T)/bench.sh

series: setup
	@$(T)/series.sh

# Every userspace harness with a clean target, as check.sh finds them.
HARNESSES := $(patsubst %/Makefile,%,$(wildcard tools/testing/*/Makefile))

clean:
	rm -rf build/runs build/rootfs-* build/initrd-* build/series
	@for h in $(HARNESSES); do \
		grep -q '^clean:' $$h/Makefile && $(MAKE) -s -C $$h clean; \
	done; true

distclean:
	rm -rf build
