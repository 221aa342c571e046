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

B ?= build
# CHECK_FIO=1: the same build against configure's second fio (--check-fio:
# FIO_CHECK_SRC, fio 3.41 by default) in build/fio-VERSION, its own fio
# binary, engine, harness and NVMe testbed results.  make check runs the
# engine's tests against both fios this way; the normal build is untouched.
ifeq ($(CHECK_FIO),1)
ifeq ($(FIO_CHECK_SRC),)
$(error CHECK_FIO=1: configure was run with --check-fio=none)
endif
B := build/$(notdir $(FIO_CHECK_SRC))
FIO_SRC := $(FIO_CHECK_SRC)
FIO_VERSION := $(FIO_CHECK_VERSION)
endif
# SANITIZE=1: the same build with ASan and UBSan under build/san, against a
# second fio built from a copy of FIO_SRC with the same flags, so that the
# engine's faults show inside fio.  The normal build is untouched.
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer
ifeq ($(SANITIZE),1)
B := $(B)/san
FIO_SRC_PLAIN := $(FIO_SRC)
FIO_SRC := $(CURDIR)/$(B)/fio-src/$(notdir $(FIO_SRC))
# our own code stops at its first undefined behaviour; fio's merely reports
CFLAGS += $(SAN_FLAGS) -fno-sanitize-recover=undefined
LDFLAGS += $(SAN_FLAGS)
endif

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

HARNESS_SRCS := $(sort $(wildcard harness/*/*.c))
HARNESS_OBJS := $(HARNESS_SRCS:%.c=$(B)/%.o)
HARNESS_LIB_OBJS := $(filter-out $(B)/harness/cli/main.o,$(HARNESS_OBJS))
HARNESS_CFLAGS := $(CFLAGS) -std=gnu11 -D_GNU_SOURCE -include config-host.h -Iharness
HARNESS_LIBS := -ljson-c -lblkid -lsqlite3 -lz -lm

UNIT_SRCS := $(sort $(wildcard tests/unit/*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%.t)
# programs the integration tests run (not tests themselves)
HELPER_SRCS := $(sort $(wildcard tests/helpers/*.c))
HELPER_BINS := $(HELPER_SRCS:tests/helpers/%.c=$(B)/tests/helpers/%)
# benchmark programs (tests/bench/*.c), linked with the harness like unit tests
BENCH_SRCS := $(sort $(wildcard tests/bench/*.c))
BENCH_BINS := $(BENCH_SRCS:tests/bench/%.c=$(B)/tests/bench/%)

PROGS := $(B)/libfioring.so
ifneq ($(HARNESS_SRCS),)
PROGS += $(B)/fioring-bench
endif

all: $(FIO) $(PROGS) $(UNIT_BINS) $(HELPER_BINS) $(BENCH_BINS)

# flock: several builds in one checkout must not race in fio's tree
$(FIO): $(FIO_SRC)/config-host.h
	@echo "  MAKE    fio ($(FIO_SRC))"
	@mkdir -p $(B)
	$(Q)flock $(B)/.fio-build.lock $(MAKE) -s -C $(FIO_SRC) -j$$(nproc) fio t/io_uring >$(B)/fio-build.log 2>&1 || \
		{ tail -20 $(B)/fio-build.log; exit 1; }

ifeq ($(SANITIZE),1)
$(FIO_SRC)/config-host.h: scripts/fio-sanitize.sh
	@echo "  CONFIG  sanitized fio ($(FIO_SRC))"
	$(Q)mkdir -p $(B) && sh scripts/fio-sanitize.sh $(FIO_SRC_PLAIN) $(FIO_SRC) \
		"$(SAN_FLAGS)" >$(B)/fio-configure.log 2>&1 || \
		{ tail -20 $(B)/fio-configure.log; exit 1; }
endif

# What the engine checks at load time to refuse a fio it was not built for,
# and what that fio offers it (FIO_HAS_*); the harness runs that fio.
# Remade when configure picks another fio, whose binary may be the older one.
$(B)/fio-host.h: $(FIO) scripts/fio-host.sh config-host.mak
	@mkdir -p $(B)
	$(QUIET_GEN)CC="$(CC)" FIO_CPPFLAGS="$(FIO_CPPFLAGS)" sh scripts/fio-host.sh \
		$(FIO_SRC) $(FIO) $(B)/fio-host.log >$@.tmp && mv $@.tmp $@

$(B)/engines/%.o: engines/%.c $(B)/fio-host.h config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/libfioring.so: $(ENGINE_OBJS)
	$(QUIET_LINK)$(CC) -shared $(LDFLAGS) -o $@ $^ $(ENGINE_LIBS)

$(B)/harness/%.o: harness/%.c config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(HARNESS_CFLAGS) $(DEPFLAGS) -c -o $@ $<

# the harness runs the fio the engine is built against (harness/fio/locate.c)
$(B)/harness/fio/locate.o: $(B)/fio-host.h
$(B)/harness/fio/locate.o: HARNESS_CFLAGS += -include $(B)/fio-host.h

$(B)/fioring-bench: $(HARNESS_OBJS)
	$(QUIET_LINK)$(CC) $(LDFLAGS) -o $@ $^ $(HARNESS_LIBS)

$(B)/tests/%.t: tests/unit/%.c $(HARNESS_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(HARNESS_CFLAGS) $(DEPFLAGS) -o $@ $< $(HARNESS_LIB_OBJS) $(HARNESS_LIBS)

$(B)/tests/bench/%: tests/bench/%.c $(HARNESS_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(HARNESS_CFLAGS) $(DEPFLAGS) -o $@ $< $(HARNESS_LIB_OBJS) $(HARNESS_LIBS)

# fdp_status reads FDP log pages through libnvme (in the NVMe guest)
$(B)/tests/helpers/fdp_status: HELPER_LIBS := -lnvme

$(B)/tests/helpers/%: tests/helpers/%.c config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(CFLAGS) $(LDFLAGS) -std=gnu11 $(DEPFLAGS) -o $@ $< $(HELPER_LIBS)

# libFuzzer targets (tests/fuzz/*.c) for the parsers of outside data, built
# with clang's fuzzer coverage and ASan+UBSan under build/fuzz.  The code
# they reach comes from an archive, so a target links only what it calls.
FUZZ_CC ?= clang
FZ := build/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
FUZZ_CFLAGS = $(CFLAGS) -std=gnu11 -D_GNU_SOURCE -include config-host.h \
	-Iharness -Iengines $(FUZZ_SAN)
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/*.c))
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(FZ)/%.fuzz)
FUZZ_LIB_OBJS := $(HARNESS_LIB_OBJS:$(B)/%=$(FZ)/%) $(FZ)/engines/mpath_user_list.o \
	$(FZ)/engines/mpath_kernel_trace.o
FUZZ_SECONDS ?= 300

$(FZ)/%.o: %.c config-host.mak
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(DEPFLAGS) -c -o $@ $<

$(FZ)/harness/fio/locate.o: $(B)/fio-host.h
$(FZ)/harness/fio/locate.o: FUZZ_CFLAGS += -include $(B)/fio-host.h

$(FZ)/libfuzzed.a: $(FUZZ_LIB_OBJS)
	$(QUIET_LINK)rm -f $@ && ar rcs $@ $^

$(FZ)/%.fuzz: tests/fuzz/%.c $(FZ)/libfuzzed.a
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(DEPFLAGS) \
		-o $@ $< $(FZ)/libfuzzed.a $(HARNESS_LIBS)

fuzz-build: $(FUZZ_BINS)

# A long run of every target (FUZZ_SECONDS each); check runs them briefly.
fuzz: fuzz-build
	$(Q)FIORING_TOP=$(CURDIR) FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/fuzz.sh

# What the tests and benchmarks need to know about this build.
TEST_ENV = FIORING_TOP=$(CURDIR) FIO=$(FIO) T_IO_URING=$(T_IO_URING) \
	FIORING_ENGINE=$(CURDIR)/$(B)/libfioring.so \
	FIORING_BENCH=$(CURDIR)/$(B)/fioring-bench \
	FIORING_HELPERS=$(CURDIR)/$(B)/tests/helpers

ifeq ($(CHECK_FIO),1)
# the testbed keeps this fio's boots apart from the normal build's, so that
# each stays cached (scripts/vm-boot.sh, tests/vm/lib/report.sh)
TEST_ENV += VM_BUILD=$(notdir $(FIO_SRC))
endif

ifeq ($(SANITIZE),1)
# fio's own leaks are suppressed (each one said why in the file); any
# undefined behaviour of fioring stops the run (built not to recover)
TEST_ENV += LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=suppressions=$(CURDIR)/tests/ubsan.supp:print_stacktrace=1
# by default the sanitized unit tests and the integration tests (not the VM's)
TESTS ?= $(UNIT_BINS) $(sort $(wildcard tests/integration/*.sh))
endif

# The engine's tests against configure's second fio (CHECK_FIO=1, see
# above): the engine, paths and NVMe testbed tests, those that load the
# engine into fio, and the harness's choice of fio.  The other harness-*
# tests run fio's own engines and are not repeated.
ifeq ($(CHECK_FIO),1)
TESTS ?= $(sort $(wildcard tests/integration/engine-*.sh tests/integration/paths-*.sh)) \
	tests/integration/harness-fio-choice.sh $(shell sh tests/vm/lib/matrix.sh)
endif

# 'make check' (what CI runs) is every test, then the hardening passes: a
# clang build (check-clang), the unit tests and most engine, harness, paths
# and fault tests again with ASan+UBSan (check-sanitize), and every fuzz
# target for FUZZ_CHECK_SECONDS (check-fuzz); between them the engine's tests
# against the second fio (check-fio).  TESTS="..." runs just those tests,
# SANITIZE=1 in build/san, CHECK_FIO=1 against the second fio.  The
# sanitized subset leaves out what is slow under ASan (engine-verify,
# harness-sweep, harness-ioprio, harness-targets, harness-iostat: minutes
# each) or measures latency (engine-sqpoll-clat, paths-fuse); 'make check
# SANITIZE=1' runs them all.
SAN_TESTS ?= $(UNIT_BINS) $(sort $(wildcard tests/integration/fault-*.sh)) \
	$(addprefix tests/integration/,engine-bad-input.sh engine-cmdprio.sh \
	engine-rw-modes.sh harness-bad-input.sh harness-embedded.sh \
	harness-guard.sh harness-signals.sh paths-bad-input.sh \
	paths-policies.sh)
FUZZ_CHECK_SECONDS ?= 10

# Every pass adds its counts to one tally, and the last line of make check
# is the total over all of them; a failing pass does not stop the others.
TALLY := $(CURDIR)/build/test-tally
check: all
	@mkdir -p build && rm -f $(TALLY)
	-$(Q)$(TEST_ENV) TALLY=$(TALLY) sh tests/run.sh $(TESTS)
ifeq ($(TESTS)$(SANITIZE),)
	$(Q)$(MAKE) --no-print-directory check-clang
ifneq ($(FIO_CHECK_SRC),)
	-$(Q)TALLY=$(TALLY) $(MAKE) --no-print-directory check-fio
endif
	-$(Q)TALLY=$(TALLY) $(MAKE) --no-print-directory check-sanitize
	-$(Q)TALLY=$(TALLY) $(MAKE) --no-print-directory check-fuzz
endif
	$(Q)sh tests/run.sh --total $(TALLY)

# clang finds warnings gcc does not: the same -Werror build, in build/clang
check-clang:
	@echo "  BUILD   with clang (build/clang)"
	$(Q)$(MAKE) --no-print-directory CC=clang B=build/clang all

ifeq ($(SANITIZE),1)
check-sanitize: all
	@echo "  TEST    with ASan+UBSan ($(B))"
	$(Q)$(TEST_ENV) sh tests/run.sh $(SAN_TESTS)
else
check-sanitize:
	$(Q)$(MAKE) --no-print-directory SANITIZE=1 check-sanitize
endif

ifeq ($(CHECK_FIO),1)
check-fio: all
	@echo "  TEST    against $(FIO_VERSION) ($(B))"
	$(Q)$(TEST_ENV) sh tests/run.sh $(TESTS)
else
check-fio:
	$(Q)$(MAKE) --no-print-directory CHECK_FIO=1 check-fio
endif

check-fuzz: fuzz-build
	@echo "  TEST    fuzz targets, $(FUZZ_CHECK_SECONDS) s each"
	$(Q)$(TEST_ENV) FUZZ_SECONDS=$(FUZZ_CHECK_SECONDS) sh tests/run.sh tests/fuzz/fuzz.sh

# The NVMe testbed (a qemu guest, see HOWTO.md): its tests alone, or a shell
# in it to try things by hand.
KERNEL ?= 6.1
MULTIPATH ?= Y
# TESTS="tests/vm/nvme-util-5.10-mpN.sh ..." runs some of them (names from
# tests/vm/lib/matrix.sh, which no file holds).
check-vm: all
	$(Q)list="$(TESTS)"; [ -n "$$list" ] || list=$$(sh tests/vm/lib/matrix.sh) || exit 1; \
		$(TEST_ENV) sh tests/run.sh $$list

vm-shell: all
	$(Q)$(TEST_ENV) sh scripts/vm-boot.sh $(KERNEL) $(MULTIPATH) shell

bench-engine: all
	$(Q)$(TEST_ENV) sh scripts/bench-engine.sh $(TARGET)

# The default sweep on the embedded device (or TARGET), its report and the
# relative gate; bench-engine is the engine-only comparison.
bench: all
	$(Q)$(TEST_ENV) TARGET=$(TARGET) sh scripts/bench.sh

# The gate measured: false alarms of A/A pairs, a 10% IOPS cap and a 10%
# CPU-per-I/O rise caught, on a loop device made for the run.
bench-gate: all
	$(Q)$(TEST_ENV) sh scripts/bench-gate.sh

# The report's latency DIFFERs measured on made-up sweeps: alike pairs
# said to differ, and pairs 1.3x apart found, with and without its cut.
bench-report: all
	$(Q)$(TEST_ENV) sh scripts/bench-report.sh

# The change-point detector of history detect measured on synthetic series:
# recall of planted drops and change points called in series without one.
bench-history: $(B)/tests/bench/history_detect
	$(Q)$(B)/tests/bench/history_detect

# What stopping futile pairs in adaptive repeats saves and costs, measured
# side by side on synthetic pairs with the same draws, then on a sweep's
# own runs replayed both ways (SWEEP_DIR, by default make bench's bench/out).
SWEEP_DIR ?= bench/out
bench-adaptive: $(B)/tests/bench/adaptive_futility $(B)/tests/bench/adaptive_replay
	$(Q)$(B)/tests/bench/adaptive_futility
	$(Q)if [ -f $(SWEEP_DIR)/meta.json ]; then $(B)/tests/bench/adaptive_replay $(SWEEP_DIR); \
	else echo "bench-adaptive: no sweep in $(SWEEP_DIR) to replay (make bench, or SWEEP_DIR=)"; fi

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/fioring/jobs
	install -m 0755 $(B)/fioring-bench $(DESTDIR)$(PREFIX)/bin/fioring-bench
	install -m 0755 $(B)/libfioring.so $(DESTDIR)$(PREFIX)/lib/libfioring.so
	install -m 0644 jobs/*.fio $(DESTDIR)$(PREFIX)/share/fioring/jobs/
	install -d $(DESTDIR)$(PREFIX)/share/fioring/plots
	install -m 0644 plots/*.gp $(DESTDIR)$(PREFIX)/share/fioring/plots/
ifeq ($(FIO_OWNED),yes)
	install -m 0755 $(FIO) $(DESTDIR)$(PREFIX)/bin/fio
endif
	@if [ -z "$(DESTDIR)" ]; then ldconfig; fi

# Removes what install put there (the same PREFIX and DESTDIR), and the
# share/fioring folders once empty; the shared bin/, lib/ and share/ stay.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/fioring-bench $(DESTDIR)$(PREFIX)/lib/libfioring.so
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/share/fioring/jobs/,$(notdir $(wildcard jobs/*.fio)))
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/share/fioring/plots/,$(notdir $(wildcard plots/*.gp)))
ifeq ($(FIO_OWNED),yes)
	rm -f $(DESTDIR)$(PREFIX)/bin/fio
endif
	for d in share/fioring/jobs share/fioring/plots share/fioring; do \
		rmdir $(DESTDIR)$(PREFIX)/$$d 2>/dev/null || :; done
	@if [ -z "$(DESTDIR)" ]; then ldconfig; fi

clean:
	rm -rf $(B)/engines $(B)/harness $(B)/tests $(B)/libfioring.so \
		$(B)/fioring-bench $(B)/fio-host.h $(FZ)

distclean: clean
	rm -rf $(B) config-host.mak config-host.h config.log

.PHONY: all check check-vm vm-shell bench bench-engine bench-gate bench-history bench-adaptive bench-report install uninstall \
	clean distclean \
	check-clang check-sanitize check-fio check-fuzz fuzz fuzz-build

-include $(ENGINE_OBJS:.o=.d) $(HARNESS_OBJS:.o=.d) $(UNIT_BINS:.t=.d) $(HELPER_BINS:=.d) $(BENCH_BINS:=.d) \
	$(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_BINS:.fuzz=.d)
