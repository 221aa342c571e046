# SPDX-License-Identifier: GPL-2.0
#
# fioring: build the fio engine, the harness and the tests.
# 'make' builds, 'make check' runs every test, 'make bench' the main benchmark.

.DEFAULT_GOAL := all

ifneq ($(MAKECMDGOALS),distclean)
include config-host.mak
endif

# Re-run configure, replaying its recorded command line, when it is newer.
config-host.mak: configure
	@if [ -f $@ ]; then \
		echo "$@ is out of date, re-running configure"; \
		sed -n 's/^# Configured with: //p' $@ | sh; \
	else \
		./configure; \
	fi

B := build
FIO := $(FIO_SRC)/fio
T_IO_URING := $(FIO_SRC)/t/io_uring
DEPFLAGS = -MMD -MP

ifneq ($(V),1)
Q = @
QUIET_CC = @echo "  CC      $@";
QUIET_LINK = @echo "  LINK    $@";
QUIET_GEN = @echo "  GEN     $@";
endif

# The engine is compiled exactly as fio compiles its own engines: the same
# defines and fio's generated config header, so struct layouts agree.
FIO_CPPFLAGS := -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64 -DFIO_INTERNAL \
	-DFIO_INC_DEBUG -D_GNU_SOURCE -include $(FIO_SRC)/config-host.h \
	-I$(FIO_SRC)
ENGINE_CFLAGS := $(CFLAGS) -O3 -std=gnu99 -fPIC -fvisibility=hidden \
	-Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers \
	-include $(B)/fio-host.h -include config-host.h $(FIO_CPPFLAGS)
ENGINE_LIBS := -luring -lnvme -ljson-c

ENGINE_SRCS := $(sort $(wildcard engines/*.c))
ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(B)/%.o)

HARNESS_SRCS := $(sort $(wildcard harness/*.c))
HARNESS_OBJS := $(HARNESS_SRCS:%.c=$(B)/%.o)
HARNESS_LIB_OBJS := $(filter-out $(B)/harness/main.o,$(HARNESS_OBJS))
HARNESS_CFLAGS := $(CFLAGS) -std=gnu11 -D_GNU_SOURCE -include config-host.h -Iharness
HARNESS_LIBS := -ljson-c -lblkid -lm

UNIT_SRCS := $(sort $(wildcard tests/unit/*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%.t)

PROGS := $(B)/libfioring.so
ifneq ($(HARNESS_SRCS),)
PROGS += $(B)/fioring-bench
endif

all: $(FIO) $(PROGS) $(UNIT_BINS)

# flock: several builds in one checkout must not race in fio's tree
$(FIO): $(FIO_SRC)/config-host.h
	@echo "  MAKE    fio ($(FIO_SRC))"
	@mkdir -p $(B)
	$(Q)flock $(B)/.fio-build.lock $(MAKE) -s -C $(FIO_SRC) -j$$(nproc) fio t/io_uring >$(B)/fio-build.log 2>&1 || \
		{ tail -20 $(B)/fio-build.log; exit 1; }

# What the engine checks at load time to refuse a fio it was not built for.
$(B)/fio-host.h: $(FIO) scripts/fio-host.sh
	$(QUIET_GEN)sh scripts/fio-host.sh $(FIO_SRC) $(FIO) >$@.tmp && mv $@.tmp $@

$(B)/engines/%.o: engines/%.c $(B)/fio-host.h config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/libfioring.so: $(ENGINE_OBJS)
	$(QUIET_LINK)$(CC) -shared $(LDFLAGS) -o $@ $^ $(ENGINE_LIBS)

$(B)/harness/%.o: harness/%.c config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(HARNESS_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/fioring-bench: $(HARNESS_OBJS)
	$(QUIET_LINK)$(CC) $(LDFLAGS) -o $@ $^ $(HARNESS_LIBS)

$(B)/tests/%.t: tests/unit/%.c $(HARNESS_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(HARNESS_CFLAGS) $(DEPFLAGS) -o $@ $< $(HARNESS_LIB_OBJS) $(HARNESS_LIBS)

# What the tests and benchmarks need to know about this build.
TEST_ENV = FIORING_TOP=$(CURDIR) FIO=$(FIO) T_IO_URING=$(T_IO_URING) \
	FIORING_ENGINE=$(CURDIR)/$(B)/libfioring.so \
	FIORING_BENCH=$(CURDIR)/$(B)/fioring-bench

check: all
	$(Q)$(TEST_ENV) sh tests/run.sh $(TESTS)

# The NVMe testbed (a qemu guest, see HOWTO.md): its tests alone, or a shell
# in it to try things by hand.
KERNEL ?= 6.1
MULTIPATH ?= Y
check-vm: all
	$(Q)$(TEST_ENV) sh tests/run.sh $(sort $(wildcard tests/vm/*.sh))

vm-shell: all
	$(Q)$(TEST_ENV) sh scripts/vm-boot.sh $(KERNEL) $(MULTIPATH) shell

bench-engine: all
	$(Q)$(TEST_ENV) sh scripts/bench-engine.sh $(TARGET)

# The default sweep on the embedded device (or TARGET), its report and the
# relative gate; bench-engine is the engine-only comparison.
bench: all
	$(Q)$(TEST_ENV) TARGET=$(TARGET) sh scripts/bench.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/fioring/jobs
	install -m 0755 $(B)/libfioring.so $(DESTDIR)$(PREFIX)/lib/libfioring.so
	install -m 0644 jobs/*.fio $(DESTDIR)$(PREFIX)/share/fioring/jobs/
	install -d $(DESTDIR)$(PREFIX)/share/fioring/plots
	install -m 0644 plots/*.gp $(DESTDIR)$(PREFIX)/share/fioring/plots/
ifeq ($(FIO_OWNED),yes)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(FIO) $(DESTDIR)$(PREFIX)/bin/fio
endif
	-[ -z "$(DESTDIR)" ] && ldconfig

clean:
	rm -rf $(B)/engines $(B)/harness $(B)/tests $(B)/libfioring.so \
		$(B)/fioring-bench $(B)/fio-host.h

distclean: clean
	rm -rf $(B) config-host.mak config-host.h config.log

.PHONY: all check check-vm vm-shell bench bench-engine install clean distclean

-include $(ENGINE_OBJS:.o=.d) $(HARNESS_OBJS:.o=.d) $(UNIT_BINS:.t=.d)
