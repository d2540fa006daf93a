# Makefile — libgolcl: the library (static and shared), examples, tests, install.
# GNU make. CC, CPPFLAGS, CFLAGS, LDFLAGS and LDLIBS from the command line are honoured.

VERSION_MAJOR := $(shell sed -n 's/^\#define GOLCL_VERSION_MAJOR \([0-9]*\).*/\1/p' include/golcl.h)
VERSION_MINOR := $(shell sed -n 's/^\#define GOLCL_VERSION_MINOR \([0-9]*\).*/\1/p' include/golcl.h)
VERSION_PATCH := $(shell sed -n 's/^\#define GOLCL_VERSION_PATCH \([0-9]*\).*/\1/p' include/golcl.h)
VERSION := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

# Install folders (GNU names). Multiarch systems put libraries in a
# per-architecture folder: make install PREFIX=/usr libdir=/usr/lib/x86_64-linux-gnu
# (Debian: libdir=/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)); golcl.pc
# and pkgconfigdir follow libdir. RPATH=DIR links the installed golcl command
# with a run path, for a libdir that the dynamic loader does not search.
PREFIX     ?= /usr/local
prefix     ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir     ?= $(exec_prefix)/bin
libdir     ?= $(exec_prefix)/lib
includedir ?= $(prefix)/include
datarootdir ?= $(prefix)/share
mandir     ?= $(datarootdir)/man
pkgconfigdir ?= $(libdir)/pkgconfig
DESTDIR    ?=
RPATH      ?=

CC      ?= cc
CFLAGS  ?= -O2 -g
WERROR  ?= -Werror
BUILD   ?= build
PKG_CONFIG ?= pkg-config

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes $(WERROR)
BASE_CPPFLAGS := -Iinclude -D_POSIX_C_SOURCE=200809L
LIB_CFLAGS := -std=c11 $(WARN) -fPIC -fvisibility=hidden -DGOLCL_BUILDING
ZLIB_LIBS := -lz
# CLBlast is not linked: lib/la/clblast.c opens libclblast.so.1 with dlopen on
# the first dense matrix (linking it cost every process 1.7 ms of start-up).
LIB_LIBS := -lOpenCL $(ZLIB_LIBS) -lm -ldl
# CLBLAST=0 builds without CLBlast: dense matrices then give GOLCL_E_UNSUPPORTED.
CLBLAST ?= 1
ifeq ($(CLBLAST),0)
LIB_LIBS := -lOpenCL $(ZLIB_LIBS) -lm
BASE_CPPFLAGS += -DGOLCL_HAVE_CLBLAST=0
endif
# Device discovery is serialised with a pthread mutex (lib/core/context.c).
LIB_LIBS += -pthread

# Sources: every .c under lib/, every .cl under cl/ (embedded at build time).
LIB_SRC := $(sort $(filter-out lib/dist/%,$(wildcard lib/*/*.c)))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/kernels.o
CL_SRC  := $(sort $(filter-out cl/dist/%,$(wildcard cl/*/*.cl)))

STATIC  := $(BUILD)/libgolcl.a
# Soname policy: while the major version is 0 every minor version may break
# the ABI, so the soname is libgolcl.so.0.MINOR; from 1.0 on it is
# libgolcl.so.MAJOR (include/golcl.h, "ABI AND VERSIONS").
SONAME  := libgolcl.so.$(if $(filter 0,$(VERSION_MAJOR)),0.$(VERSION_MINOR),$(VERSION_MAJOR))
SHARED  := $(BUILD)/libgolcl.so.$(VERSION)

# Examples: examples/NAME.c is one program; examples/golcl/*.c is the golcl
# command; examples/common/*.c is linked into all of them.
EX_COMMON_SRC := $(sort $(wildcard examples/common/*.c))
EX_COMMON_OBJ := $(EX_COMMON_SRC:%.c=$(BUILD)/obj/%.o)
EX_SRC  := $(sort $(wildcard examples/*.c))
EX_BIN  := $(EX_SRC:examples/%.c=$(BUILD)/examples/%)
GOLCL_SRC := $(sort $(wildcard examples/golcl/*.c))
GOLCL_OBJ := $(GOLCL_SRC:%.c=$(BUILD)/obj/%.o)
GOLCL_BIN := $(BUILD)/golcl
EX_CFLAGS := -std=c11 $(WARN) -Iexamples/common
PNG_CFLAGS := $(shell $(PKG_CONFIG) --cflags libpng 2>/dev/null)
PNG_LIBS   := $(shell $(PKG_CONFIG) --libs libpng 2>/dev/null || echo -lpng)

# Tests: tests/test_*.c is one Check program each, with tests/util/*.c.
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# tests/oclgrind/test_*.c: the small programs of `make oclgrind`.
OCLGRIND_TEST_SRC := $(sort $(wildcard tests/oclgrind/test_*.c))
OCLGRIND_TEST_BIN := $(OCLGRIND_TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_UTIL_SRC := $(sort $(wildcard tests/util/*.c))
TEST_UTIL_OBJ := $(TEST_UTIL_SRC:%.c=$(BUILD)/obj/%.o)
CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm -pthread)

DEPS_PKGS := ocl-icd-opencl-dev opencl-headers pocl-opencl-icd libclblast-dev check libpng-dev pkg-config \
             zlib1g-dev oclgrind

.PHONY: all lib examples tests test demo deps install install-pc install-static install-shared \
        install-includes install-bin install-man uninstall clean asan docs oclgrind
.DEFAULT_GOAL := all
.SECONDARY:

all: lib examples
lib: $(STATIC) $(SHARED)
examples: $(EX_BIN) $(GOLCL_BIN)
tests: $(TEST_BIN) $(OCLGRIND_TEST_BIN)

# ---------------------------------------------------------------- library
$(BUILD)/tools/embed_cl: tools/embed_cl.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -o $@ $<

$(BUILD)/gen/kernels.c: $(BUILD)/tools/embed_cl $(CL_SRC)
	@mkdir -p $(@D)
	$(BUILD)/tools/embed_cl $@ cl $(CL_SRC:cl/%=%)

$(BUILD)/obj/gen/kernels.o: $(BUILD)/gen/kernels.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -std=c11 -fPIC -fvisibility=hidden -c -o $@ $<

$(BUILD)/obj/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CPPFLAGS) $(CPPFLAGS) $(LIB_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LIB_LIBS) $(LDLIBS)
	ln -sf libgolcl.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libgolcl.so

# --------------------------------------------------------------- examples
$(BUILD)/obj/examples/%.o: examples/%.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CPPFLAGS) $(CPPFLAGS) $(EX_CFLAGS) $(PNG_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/examples/%: $(BUILD)/obj/examples/%.o $(EX_COMMON_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(EX_COMMON_OBJ) $(STATIC) $(PNG_LIBS) $(LIB_LIBS) $(LDLIBS)

$(GOLCL_BIN): $(GOLCL_OBJ) $(EX_COMMON_OBJ) $(STATIC)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(GOLCL_OBJ) $(EX_COMMON_OBJ) $(STATIC) $(PNG_LIBS) $(LIB_LIBS) $(LDLIBS)

# ------------------------------------------------------------------ tests
# Tests link the shared library, so that they see only what it exports, with
# a run path to this build as DT_RPATH (--disable-new-dtags): the loader
# searches that before LD_LIBRARY_PATH, where a DT_RUNPATH would come after
# it, so that the suites test this tree's library whatever the environment
# points at (tests/rpath/test_rpath.sh checks it).
TEST_RPATH = -Wl,--disable-new-dtags,-rpath,$(abspath $(BUILD))
# The suites keep their program binaries in the build, never in the user's
# cache ($XDG_CACHE_HOME/golcl; lib/core/diskcache.c): a second run starts
# from them.
TEST_CACHE = $(abspath $(BUILD))/cache
test test-long test-dist valgrind: export XDG_CACHE_HOME = $(TEST_CACHE)
$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CPPFLAGS) -Itests/util $(CPPFLAGS) -std=c11 $(WARN) $(CHECK_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_UTIL_OBJ) $(SHARED)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_UTIL_OBJ) -L$(BUILD) $(TEST_RPATH) \
	  -lgolcl $(CHECK_LIBS) -lOpenCL -lm -pthread $(LDLIBS)

# The universe's engine suites call the private sparse-tile engine
# (lib/universe/sparse.h), the tiles of states (mstiles.h, mstiles_gpu.h) and the pool of threads
# (lib/core/threads.h: test_pool), and test_core_fill the core's chunked fill
# (lib/core/core.h), which the shared library does not export: they link the
# static library.
$(BUILD)/tests/test_universe_sparse $(BUILD)/tests/test_universe_mstiles_engine $(BUILD)/tests/test_universe_mstiles_gpu $(BUILD)/tests/test_pool $(BUILD)/tests/test_core_fill: $(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_UTIL_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_UTIL_OBJ) $(STATIC) $(CHECK_LIBS) $(LIB_LIBS) $(LDLIBS)

# make test: every test is one job of a sub-make run TEST_JOBS at a time
# (default 2; `make test TEST_JOBS=1` runs them one by one). Each writes its
# output to $(TEST_LOGS)/NAME.log (and a Check suite its cases' durations to
# NAME.xml) and prints one line when it ends: ok or FAIL, its CPU seconds
# (user + system) and wall seconds, its count of checks. Every job runs even
# if another fails; tests/run/summary.sh then lists them slowest first in
# $(TEST_LOGS)/summary.txt and prints each failure with the tail of its log.
# The jobs: the Check suites (tests/test_*.c), the shell tests (tests/cli:
# the golcl command, tests/install: make install, tests/rpath), test_la
# built with CLBLAST=0, the MPI suites (test-dist) and Oclgrind's quick
# cases. Everything they use is built before any starts, so that no two
# jobs build the same file. No Check timeout can fire however slow a shared
# machine makes a case: tu_main (tests/util/testutil.c) runs every suite
# with CK_NOFORK, where Check has no timeouts (CK_DEFAULT_TIMEOUT and
# tcase_set_timeout apply to forked cases only), and the shell tests have
# no time limits either (test-dist's DIST_TIMEOUT only ends a hung mpirun). Cases tagged "long" (the long sweeps, each
# beside a smaller case of the same claim) run in `make test-long` instead.
TEST_JOBS ?= 2
TEST_LOGS = $(BUILD)/test-logs
# (tests/dist's script needs mpirun: test-dist runs it)
SCRIPT_TESTS := $(sort $(filter-out tests/dist/%,$(wildcard tests/*/test_*.sh)))
TEST_SUITES := $(TEST_BIN:$(BUILD)/tests/%=%)
# The longest first, so that the jobs end together (CPU seconds of a cold
# make test on pocl, 2 shared cores, 2026-11-28: test_golly_count 311,
# test_steppers_bits 252, test_rules_ruleloader 180, dist 125,
# test_lattice_game 98, test_rules_kernels 73, oclgrind-quick 69; the
# summary.txt of a run lists them all).
TEST_FIRST := test_golly_count test_steppers_bits test_rules_ruleloader test_lattice_game \
              test_rules_kernels
TEST_ORDER := $(foreach t,$(TEST_FIRST),$(filter $(t),$(TEST_SUITES))) \
              $(filter-out $(TEST_FIRST),$(TEST_SUITES))
TEST_SCRIPT_NAMES := $(subst /,-,$(SCRIPT_TESTS:tests/%.sh=%))
TEST_NAMES := $(foreach t,$(TEST_FIRST),$(filter $(t),$(TEST_SUITES))) dist python oclgrind-quick \
              $(TEST_SCRIPT_NAMES) $(filter-out $(TEST_FIRST),$(TEST_SUITES)) noclblast-test_la
TEST_RUN = bash tests/run/suite.sh $(TEST_LOGS)
# The jobs that run make (install, dist, oclgrind) share this make's job
# server ('+') and its command line (BUILD, CFLAGS, ... of make asan); like
# every line that calls make, they run even under make -n.
TEST_SUBMAKE = $(MAKE) --no-print-directory
.PHONY: test test-build test-jobs test-long $(TEST_NAMES:%=test-job/%)

test: deps
	@$(MAKE) --no-print-directory test-build
	@rm -rf $(TEST_LOGS) && mkdir -p $(TEST_LOGS)
	@echo "make test: $(words $(TEST_NAMES)) tests, $(TEST_JOBS) at a time, logs in $(TEST_LOGS)/"
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) test-jobs TEST_CK_TAGS=CK_EXCLUDE_TAGS=long
	@bash tests/run/summary.sh $(TEST_LOGS) $(TEST_NAMES)

# The cases tagged "long", in every Check suite, the same way (logs in
# $(BUILD)/test-long-logs); the GPU runs and the bars run them.
test-long: deps
	@$(MAKE) --no-print-directory lib tests
	@rm -rf $(BUILD)/test-long-logs && mkdir -p $(BUILD)/test-long-logs
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) $(TEST_ORDER:%=test-job/%) \
	  TEST_LOGS=$(BUILD)/test-long-logs TEST_CK_TAGS=CK_INCLUDE_TAGS=long
	@TEST_LABEL="make test-long" bash tests/run/summary.sh $(BUILD)/test-long-logs $(TEST_ORDER)

test-build:
	@$(MAKE) --no-print-directory lib tests examples
	@$(MAKE) --no-print-directory CLBLAST=0 BUILD=$(BUILD)/noclblast lib \
	  $(BUILD)/noclblast/tests/test_la >/dev/null

test-jobs: $(TEST_NAMES:%=test-job/%)

$(TEST_ORDER:%=test-job/%): test-job/%:
	@GOLCL_TEST_DATA=$(CURDIR)/tests/data CK_XML_LOG_FILE_NAME=$(TEST_LOGS)/$*.xml $(TEST_CK_TAGS) \
	  $(TEST_RUN) $* $(BUILD)/tests/$*

$(TEST_SCRIPT_NAMES:%=test-job/%): test-job/%:
	+@MAKE="$(MAKE)" BUILD="$(BUILD)" CC="$(CC)" CFLAGS="$(CFLAGS)" \
	  LDFLAGS="$(LDFLAGS)" $(TEST_RUN) $* bash $(call test_script,$*) $(GOLCL_BIN)
# cli-test_cli_rules -> tests/cli/test_cli_rules.sh
test_script = tests/$(word 1,$(subst -, ,$(1)))/$(patsubst $(word 1,$(subst -, ,$(1)))-%,%,$(1)).sh

test-job/noclblast-test_la:
	@GOLCL_TEST_DATA=$(CURDIR)/tests/data $(TEST_CK_TAGS) \
	  $(TEST_RUN) noclblast-test_la $(BUILD)/noclblast/tests/test_la

test-job/dist:
	+@$(TEST_RUN) dist $(TEST_SUBMAKE) test-dist

test-job/python:
	@$(TEST_RUN) python $(TEST_SUBMAKE) test-python

test-job/oclgrind-quick:
	+@$(TEST_RUN) oclgrind-quick $(TEST_SUBMAKE) oclgrind OCLGRIND_TAGS=quick

# The kernels on the Oclgrind simulator (Debian oclgrind, OpenCL 1.2), which
# checks every load and store, data races, barrier divergence and API use:
# tests/oclgrind/test_*.c run every kernel family on small inputs against host
# models, and any Oclgrind report fails the target (tests/oclgrind/run.sh says
# how). OCLGRIND_TAGS=quick runs the cases tagged quick (make test does).
OCLGRIND_ICD ?= /usr/lib/oclgrind/liboclgrind-rt-icd.so
OCLGRIND_TAGS ?=
.PHONY: oclgrind
oclgrind:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory lib $(OCLGRIND_TEST_BIN)
	@CK_INCLUDE_TAGS="$(OCLGRIND_TAGS)" bash tests/oclgrind/run.sh $(abspath $(BUILD))/oclgrind \
	  $(OCLGRIND_ICD) $(OCLGRIND_TEST_BIN)

# The Gosper glider gun of tests/data through `golcl run`, as RLE and PNG;
# then examples/demo.c, the API in one page: an R-pentomino on a 512² torus.
demo: deps
	@$(MAKE) --no-print-directory lib examples
	$(BUILD)/golcl run tests/data/gosper-glider-gun.rle -g 1000 -o $(BUILD)/demo.rle \
	  -o $(BUILD)/demo.png --scale 2
	$(BUILD)/examples/demo $(BUILD)/r-pentomino.png

# Dependencies: Debian packages, installed when missing if we are root.
deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "make deps: not a Debian system; install: $(DEPS_PKGS)"; exit 0; fi; \
	missing=""; for p in $(DEPS_PKGS) $(EXTRA_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "make deps: installing$$missing"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	else \
	  echo "make deps: missing packages; run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	fi

# AddressSanitizer + UndefinedBehaviorSanitizer (with LeakSanitizer) over the
# whole test suite, in build/asan; any report fails the suite that made it.
# The MPI suites suppress only Open MPI's own leaks (tests/dist/lsan.supp says how).
asan: deps
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	  LDFLAGS="-fsanitize=address,undefined" test

# Every suite under valgrind's memcheck: any error or definite leak fails the
# suite. tests/valgrind.supp suppresses only what pocl, LLVM, the OpenCL
# loader and glibc's dynamic loader report about themselves. Each suite first
# runs natively to compile its kernels for valgrind's CPU (tests/valgrind/run.sh
# says why); suites run VALGRIND_JOBS at a time, logs in build/valgrind/.
# VALGRIND_TESTS="build/tests/test_grid ..." runs a few.
VALGRIND ?= valgrind
VALGRIND_TESTS ?= $(TEST_BIN)
VALGRIND_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
VALGRIND_FLAGS ?= --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
  --show-leak-kinds=definite --num-callers=40
.PHONY: valgrind
valgrind:
	@$(MAKE) --no-print-directory deps EXTRA_PKGS=valgrind
	@$(MAKE) --no-print-directory lib tests
	@GOLCL_TEST_DATA=$(CURDIR)/tests/data VALGRIND="$(VALGRIND)" VALGRIND_FLAGS="$(VALGRIND_FLAGS)" \
	  bash tests/valgrind/run.sh $(CURDIR)/$(BUILD)/valgrind $(VALGRIND_JOBS) $(VALGRIND_TESTS)

# libFuzzer over the pattern parsers (clang with compiler-rt), FUZZ_SECONDS
# long, the corpus seeded from tests/data. A find is left in $(BUILD)/fuzz/
# (crash-*, leak-*, timeout-*); it becomes a tests/data/fuzz-* regression file.
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_PKGS ?= clang libclang-rt-14-dev
# Built without OpenCL: no -lOpenCL, and tests/fuzz/no-opencl/CL/cl.h (an #error)
# first on the include path.
FUZZ_SRC := tests/fuzz/fuzz_pattern.c lib/pattern/pattern.c lib/pattern/pattern_read.c \
            lib/pattern/pattern_write.c lib/life/rule.c lib/core/error.c \
            lib/life/rule_table.c lib/life/bounds.c lib/pattern/macrocell.c lib/core/rle.c
.PHONY: fuzz
fuzz:
	@$(MAKE) --no-print-directory deps EXTRA_PKGS="$(FUZZ_PKGS)"
	@$(MAKE) --no-print-directory $(BUILD)/fuzz/fuzz_pattern
	@mkdir -p $(BUILD)/fuzz/corpus
	cp tests/data/* $(BUILD)/fuzz/corpus/
	$(BUILD)/fuzz/fuzz_pattern -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -dict=tests/fuzz/pattern.dict -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus

FUZZ_RULE_SRC := tests/fuzz/fuzz_rule.c $(filter-out tests/fuzz/fuzz_pattern.c,$(FUZZ_SRC))
.PHONY: fuzz-rule
fuzz-rule: $(BUILD)/fuzz/fuzz_rule
	$(BUILD)/fuzz/fuzz_rule -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	  -artifact_prefix=$(BUILD)/fuzz/rule-
$(BUILD)/fuzz/fuzz_rule: $(FUZZ_RULE_SRC) include/golcl.h lib/pattern/pattern.h lib/core/host.h lib/core/rle.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -Itests/fuzz/no-opencl -DGOLCL_NO_OPENCL_HEADERS $(BASE_CPPFLAGS) -std=c11 $(WARN) \
	  -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ \
	  $(FUZZ_RULE_SRC) $(ZLIB_LIBS)

$(BUILD)/fuzz/fuzz_pattern: $(FUZZ_SRC) tests/fuzz/pattern.dict include/golcl.h \
                            lib/pattern/pattern.h lib/core/host.h lib/core/rle.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -Itests/fuzz/no-opencl -DGOLCL_NO_OPENCL_HEADERS $(BASE_CPPFLAGS) -std=c11 $(WARN) \
	  -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ $(FUZZ_SRC) \
	  $(ZLIB_LIBS)

# libFuzzer over the multi-state rules and RLE (lib/rules' text part, also
# without OpenCL).
FUZZ_RULES_SRC := tests/fuzz/fuzz_rules.c lib/rules/msrule.c lib/rules/msrle.c \
                  lib/rules/mspattern.c lib/rules/mspattern_read.c \
                  lib/rules/ruleloader.c lib/rules/ruletree.c lib/rules/reference.c \
                  lib/rules/jvn_rule.c lib/rules/msmacrocell.c lib/rules/mcell.c \
                  $(filter-out tests/fuzz/fuzz_pattern.c,$(FUZZ_SRC))
.PHONY: fuzz-rules
fuzz-rules: $(BUILD)/fuzz/fuzz_rules
	$(BUILD)/fuzz/fuzz_rules -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	  -artifact_prefix=$(BUILD)/fuzz/rules-
$(BUILD)/fuzz/fuzz_rules: $(FUZZ_RULES_SRC) include/golcl.h include/golcl_rules.h lib/rules/ms.h \
                          lib/rules/ruletree.h cl/rules/jvn_rule.cl lib/core/host.h lib/core/rle.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -Itests/fuzz/no-opencl -DGOLCL_NO_OPENCL_HEADERS $(BASE_CPPFLAGS) -std=c11 $(WARN) \
	  -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ \
	  $(FUZZ_RULES_SRC) $(ZLIB_LIBS) -pthread

# libFuzzer over the OBJ reader of the lattice part (as `make fuzz`, also
# without OpenCL); the
# corpus is seeded from tests/fuzz/obj-seed/ (not tests/data: test_pattern reads
# every file there as a pattern).
FUZZ_OBJ_SRC := tests/fuzz/fuzz_obj.c lib/lattice/mesh.c lib/lattice/mesh_obj.c lib/core/error.c \
                lib/core/threads.c
.PHONY: fuzz-obj
fuzz-obj:
	@$(MAKE) --no-print-directory deps EXTRA_PKGS="$(FUZZ_PKGS)"
	@$(MAKE) --no-print-directory $(BUILD)/fuzz/fuzz_obj
	@mkdir -p $(BUILD)/fuzz/obj-corpus
	cp tests/fuzz/obj-seed/*.obj $(BUILD)/fuzz/obj-corpus/
	$(BUILD)/fuzz/fuzz_obj -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -dict=tests/fuzz/obj.dict -artifact_prefix=$(BUILD)/fuzz/obj- $(BUILD)/fuzz/obj-corpus

$(BUILD)/fuzz/fuzz_obj: $(FUZZ_OBJ_SRC) tests/fuzz/obj.dict include/golcl_lattice.h \
                        lib/lattice/mesh.h lib/core/host.h lib/core/threads.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -Itests/fuzz/no-opencl -DGOLCL_NO_OPENCL_HEADERS $(BASE_CPPFLAGS) -std=c11 $(WARN) \
	  -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ \
	  $(FUZZ_OBJ_SRC) -lm -pthread

# ---------------------------------------------------------------- install
# golcl.pc for static linking: each library of LIB_LIBS that has a .pc of its
# own (PC_DEPS: package=library) goes to Requires.private, the others (-lm,
# -pthread) to Libs.private, each once. Made afresh every time, since prefix
# and libdir come from the command line.
PC_DEPS := OpenCL=OpenCL zlib=z
pc_pkg = $(word 1,$(subst =, ,$(1)))
pc_lib = -l$(word 2,$(subst =, ,$(1)))
PC_FOUND := $(foreach d,$(PC_DEPS),$(if $(filter $(call pc_lib,$(d)),$(LIB_LIBS)),$(if \
              $(shell $(PKG_CONFIG) --exists $(call pc_pkg,$(d)) 2>/dev/null && echo y),$(d))))
PC_REQUIRES := $(foreach d,$(PC_FOUND),$(call pc_pkg,$(d)))
PC_LIBS := $(filter-out $(foreach d,$(PC_FOUND),$(call pc_lib,$(d))),$(LIB_LIBS))
# Made in the build folder, afresh for every install (prefix and libdir come
# from the command line), never in the source tree. golcl.pc: `-lgolcl`, which
# the linker resolves to libgolcl.so where both libraries are installed
# (`pkg-config --static` only adds the private dependencies); golcl-static.pc
# names libgolcl.a itself, with every dependency public, for a program that
# must not need libgolcl.so (tests/install checks both).
.PHONY: FORCE
PC_SED = sed -e 's|@prefix@|$(prefix)|' -e 's|@libdir@|$(libdir)|' -e 's|@includedir@|$(includedir)|' \
	    -e 's|@VERSION@|$(VERSION)|' -e 's|@REQUIRES_PRIVATE@|$(strip $(PC_REQUIRES))|' \
	    -e 's|@LIBS_PRIVATE@|$(strip $(PC_LIBS))|'
$(BUILD)/pc/golcl.pc $(BUILD)/pc/golcl-static.pc: $(BUILD)/pc/%.pc: %.pc.in FORCE
	@mkdir -p $(@D)
	$(PC_SED) $< > $@

# The installed command links the shared library (build/golcl links the
# static one, so that it runs from the build tree). It is relinked when RPATH
# differs from its last link ($(BUILD)/shared/rpath holds that RPATH).
GOLCL_SHARED_BIN := $(BUILD)/shared/golcl
$(BUILD)/shared/rpath: FORCE
	@mkdir -p $(@D)
	@echo '$(RPATH)' | cmp -s - $@ 2>/dev/null || echo '$(RPATH)' > $@
$(GOLCL_SHARED_BIN): $(GOLCL_OBJ) $(EX_COMMON_OBJ) $(SHARED) $(BUILD)/shared/rpath
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) $(if $(RPATH),-Wl$(comma)-rpath$(comma)$(RPATH)) -o $@ \
	  $(GOLCL_OBJ) $(EX_COMMON_OBJ) -L$(BUILD) -lgolcl $(PNG_LIBS) $(LIB_LIBS) $(LDLIBS)
comma := ,

install: install-pc install-static install-shared install-includes install-bin install-man

install-pc: $(BUILD)/pc/golcl.pc $(BUILD)/pc/golcl-static.pc
	install -d $(DESTDIR)$(pkgconfigdir)
	install -m 644 $^ $(DESTDIR)$(pkgconfigdir)/

install-static: $(STATIC)
	install -d $(DESTDIR)$(libdir)
	install -m 644 $(STATIC) $(DESTDIR)$(libdir)/

install-shared: $(SHARED)
	install -d $(DESTDIR)$(libdir)
	install -m 755 $(SHARED) $(DESTDIR)$(libdir)/
	ln -sf libgolcl.so.$(VERSION) $(DESTDIR)$(libdir)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(libdir)/libgolcl.so

install-includes:
	install -d $(DESTDIR)$(includedir)
	install -m 644 $(wildcard include/*.h) $(DESTDIR)$(includedir)/

install-bin: $(GOLCL_SHARED_BIN)
	install -d $(DESTDIR)$(bindir)
	install -m 755 $(GOLCL_SHARED_BIN) $(DESTDIR)$(bindir)/golcl

install-man: docs/golcl.1
	install -d $(DESTDIR)$(mandir)/man1
	install -m 644 docs/golcl.1 $(DESTDIR)$(mandir)/man1/golcl.1

uninstall:
	rm -f $(DESTDIR)$(pkgconfigdir)/golcl.pc $(DESTDIR)$(pkgconfigdir)/golcl-static.pc \
	      $(DESTDIR)$(libdir)/libgolcl.a \
	      $(DESTDIR)$(libdir)/libgolcl.so.$(VERSION) $(DESTDIR)$(libdir)/$(SONAME) \
	      $(DESTDIR)$(libdir)/libgolcl.so $(DESTDIR)$(bindir)/golcl $(DESTDIR)$(mandir)/man1/golcl.1 \
	      $(patsubst include/%,$(DESTDIR)$(includedir)/%,$(wildcard include/*.h))

# The API reference, made from the documentation comments of the headers.
docs: docs/api.md
docs/api.md: tools/apidoc.awk $(wildcard include/*.h)
	{ echo "# libgolcl API reference"; echo; echo "Made by \`make docs\` from the comments in include/; do not edit."; \
	  awk -f tools/apidoc.awk $(sort $(wildcard include/*.h)); } > $@


# ------------------------------------------------------- distributed (MPI)
# libgolcl_dist: lib/dist and cl/dist on the public API and MPI, with golcl-dist.pc, the
# golcl-dist command and tests/dist run under mpirun for 1..4 ranks. Built when $(MPICC) is
# found (MPI=1 forces it, MPI=0 turns it off), so that the core library needs no MPI.
MPICC   ?= mpicc
MPIRUN  ?= mpirun
ifeq ($(origin MPI),undefined)
MPI := $(if $(shell command -v $(MPICC) 2>/dev/null),1,0)
endif
DIST_PKGS := libopenmpi-dev openmpi-bin
DEPS_PKGS += $(DIST_PKGS)
MPI_PC  ?= $(firstword $(foreach p,mpi-c ompi-c mpich,$(shell $(PKG_CONFIG) --exists $(p) 2>/dev/null && echo $(p))))
DIST_SRC := $(sort $(wildcard lib/dist/*.c))
DIST_OBJ := $(DIST_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/dist_kernels.o
DIST_CL  := $(sort $(wildcard cl/dist/*.cl))
DIST_STATIC := $(BUILD)/libgolcl_dist.a
DIST_SONAME := $(SONAME:libgolcl.%=libgolcl_dist.%)
DIST_SHARED := $(BUILD)/libgolcl_dist.so.$(VERSION)
DIST_CMD_SRC := $(sort $(wildcard examples/golcl-dist/*.c))
DIST_CMD_OBJ := $(DIST_CMD_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/examples/golcl/pattern_io.o
DIST_CMD := $(BUILD)/golcl-dist
DIST_TEST_SRC := $(sort $(wildcard tests/dist/test_*.c))
DIST_TEST_BIN := $(DIST_TEST_SRC:tests/dist/%.c=$(BUILD)/tests/dist/%)
DIST_RANKS ?= 1 2 3 4
DIST_TIMEOUT ?= 1800
MPIRUN_FLAGS ?= --oversubscribe $(if $(filter 0,$(shell id -u)),--allow-run-as-root)
.PHONY: dist-lib test-dist install-dist

ifeq ($(MPI),1)
lib: dist-lib
examples: $(DIST_CMD)
tests: $(DIST_TEST_BIN)
install: install-dist
endif
dist-lib: $(DIST_STATIC) $(DIST_SHARED)

$(BUILD)/gen/dist_kernels.c: $(BUILD)/tools/embed_cl $(DIST_CL)
	@mkdir -p $(@D)
	$(BUILD)/tools/embed_cl $@ cl $(DIST_CL:cl/%=%)

$(BUILD)/obj/gen/dist_kernels.o: $(BUILD)/gen/dist_kernels.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -std=c11 -fPIC -fvisibility=hidden \
	  -Dgolcl__embedded_files=golcl__dist_embedded_files \
	  -Dgolcl__embedded_count=golcl__dist_embedded_count -c -o $@ $<

$(BUILD)/obj/lib/dist/%.o: lib/dist/%.c
	@mkdir -p $(@D)
	$(MPICC) $(BASE_CPPFLAGS) $(CPPFLAGS) $(LIB_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(DIST_STATIC): $(DIST_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(DIST_SHARED): $(DIST_OBJ) $(SHARED)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(DIST_SONAME) -o $@ $(DIST_OBJ) \
	  -L$(BUILD) -lgolcl -lOpenCL -lm $(LDLIBS)
	ln -sf libgolcl_dist.so.$(VERSION) $(BUILD)/$(DIST_SONAME)
	ln -sf $(DIST_SONAME) $(BUILD)/libgolcl_dist.so

$(BUILD)/pc/golcl-dist.pc: golcl-dist.pc.in FORCE
	@mkdir -p $(@D)
	sed -e 's|@prefix@|$(prefix)|' -e 's|@libdir@|$(libdir)|' -e 's|@includedir@|$(includedir)|' \
	    -e 's|@VERSION@|$(VERSION)|' -e 's|@MPI_PC@|$(MPI_PC)|' $< > $@

$(BUILD)/obj/examples/golcl-dist/%.o: examples/golcl-dist/%.c
	@mkdir -p $(@D)
	$(MPICC) $(BASE_CPPFLAGS) $(CPPFLAGS) $(EX_CFLAGS) $(PNG_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(DIST_CMD): $(DIST_CMD_OBJ) $(EX_COMMON_OBJ) $(DIST_STATIC) $(STATIC)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(DIST_CMD_OBJ) $(EX_COMMON_OBJ) $(DIST_STATIC) $(STATIC) \
	  $(PNG_LIBS) $(LIB_LIBS) $(LDLIBS)

$(BUILD)/obj/tests/dist/%.o: tests/dist/%.c
	@mkdir -p $(@D)
	$(MPICC) $(BASE_CPPFLAGS) -Itests/dist $(CPPFLAGS) -std=c11 $(WARN) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/dist/%: $(BUILD)/obj/tests/dist/%.o $(DIST_SHARED)
	@mkdir -p $(@D)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $< -L$(BUILD) $(TEST_RPATH) \
	  -lgolcl_dist -lgolcl -lOpenCL -lm $(LDLIBS)

# Each suite under mpirun for every rank count; POCL_MAX_PTHREAD_COUNT=1 lets four ranks share
# two cores; then the golcl-dist command's test (tests/dist/test_dist_cmd.sh, 1-3 ranks, pocl).
# DIST_TIMEOUT only guards against a hang (a bug that leaves a rank waiting).
# Under `make asan`: tests/dist/lsan.supp names the MPI libraries whose leaks are suppressed,
# and ASAN_OPTIONS=fast_unwind_on_malloc=0 lets a leak's stack reach them (why: lsan.supp).
test-dist:
ifeq ($(MPI),1)
	@$(MAKE) --no-print-directory dist-lib $(DIST_TEST_BIN) $(DIST_CMD)
	@fail=0; for t in $(DIST_TEST_BIN); do for p in $(DIST_RANKS); do \
	  echo "== $$t (mpirun -np $$p)"; \
	  POCL_MAX_PTHREAD_COUNT=1 GOLCL_TEST_DATA=$(CURDIR)/tests/data \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/dist/lsan.supp \
	  ASAN_OPTIONS=fast_unwind_on_malloc=0 timeout $(DIST_TIMEOUT) \
	    $(MPIRUN) $(MPIRUN_FLAGS) -np $$p $$t || fail=1; \
	done; done; \
	echo "== tests/dist/test_dist_cmd.sh ($(DIST_CMD))"; \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/dist/lsan.supp \
	ASAN_OPTIONS=fast_unwind_on_malloc=0 timeout $(DIST_TIMEOUT) \
	  sh tests/dist/test_dist_cmd.sh $(DIST_CMD) $(MPIRUN) $(MPIRUN_FLAGS) || fail=1; \
	exit $$fail
else
	@echo "test-dist: $(MPICC) not found, the MPI suites are skipped (make deps installs $(DIST_PKGS))"
endif

install-dist: $(DIST_STATIC) $(DIST_SHARED) $(BUILD)/pc/golcl-dist.pc $(DIST_CMD)
	install -d $(DESTDIR)$(libdir) $(DESTDIR)$(pkgconfigdir) $(DESTDIR)$(bindir)
	install -m 644 $(DIST_STATIC) $(DESTDIR)$(libdir)/
	install -m 755 $(DIST_SHARED) $(DESTDIR)$(libdir)/
	ln -sf libgolcl_dist.so.$(VERSION) $(DESTDIR)$(libdir)/$(DIST_SONAME)
	ln -sf $(DIST_SONAME) $(DESTDIR)$(libdir)/libgolcl_dist.so
	install -m 644 $(BUILD)/pc/golcl-dist.pc $(DESTDIR)$(pkgconfigdir)/golcl-dist.pc
	install -m 755 $(DIST_CMD) $(DESTDIR)$(bindir)/golcl-dist

# What install-dist put there (removing files that are absent is harmless).
uninstall: uninstall-dist
.PHONY: uninstall-dist
uninstall-dist:
	rm -f $(DESTDIR)$(libdir)/libgolcl_dist.a $(DESTDIR)$(libdir)/libgolcl_dist.so.$(VERSION) \
	      $(DESTDIR)$(libdir)/$(DIST_SONAME) $(DESTDIR)$(libdir)/libgolcl_dist.so \
	      $(DESTDIR)$(pkgconfigdir)/golcl-dist.pc $(DESTDIR)$(bindir)/golcl-dist

-include $(patsubst %.o,%.d,$(DIST_OBJ) $(DIST_CMD_OBJ)) \
  $(patsubst tests/dist/%.c,$(BUILD)/obj/tests/dist/%.d,$(DIST_TEST_SRC))

# ------------------------------------------------------------------ python
# The Python package golcl (python/golcl: ctypes over libgolcl.so, numpy
# arrays; docs/python.md). `make python` installs it into PYTHON's
# site-packages and records $(libdir) in golcl/_install.py, where the package
# looks for libgolcl after $GOLCL_LIBRARY and the in-tree build;
# `make test-python` (part of `make test`) runs python/tests with pytest on
# pocl against this tree's build/libgolcl.so.
PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
PYTHON_SITEDIR ?= $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_path("purelib"))' 2>/dev/null)
PY_PKGS := python3-numpy python3-cffi python3-pytest
DEPS_PKGS += $(PY_PKGS)
PY_SRC := $(sort $(wildcard python/golcl/*.py))
# The library of $(BUILD) (build/: the package's own default); under `make asan` the
# sanitizer's runtime is preloaded into the interpreter, without its leak report (Python's
# own allocations at exit; the C suites check the library's leaks).
PY_TEST_ENV = $(if $(filter build,$(BUILD)),GOLCL_LIBRARY=,GOLCL_LIBRARY=$(abspath $(BUILD))/libgolcl.so) \
  $(if $(findstring -fsanitize=address,$(CFLAGS)),LD_PRELOAD=$$($(CC) -print-file-name=libasan.so) \
  ASAN_OPTIONS=detect_leaks=0)
.PHONY: python test-python uninstall-python
test-python: export XDG_CACHE_HOME = $(TEST_CACHE)
test-python:
	@$(MAKE) --no-print-directory lib
	@echo "== $(PYTHON) -m pytest python/tests"
	@cd python && GOLCL_TEST_DATA=$(CURDIR)/tests/data $(PY_TEST_ENV) \
	  $(PYTHON) -m pytest -q -rsx -p no:cacheprovider tests

python: $(PY_SRC)
	@test -n "$(PYTHON_SITEDIR)" || { echo "make python: set PYTHON_SITEDIR"; exit 1; }
	install -d $(DESTDIR)$(PYTHON_SITEDIR)/golcl
	install -m 644 $(filter-out python/golcl/_install.py,$(PY_SRC)) $(DESTDIR)$(PYTHON_SITEDIR)/golcl/
	printf '# written by make python\nLIBDIR = %s\n' "'$(libdir)'" > $(DESTDIR)$(PYTHON_SITEDIR)/golcl/_install.py

uninstall-python:
	rm -rf $(DESTDIR)$(PYTHON_SITEDIR)/golcl

clean:
	rm -rf $(BUILD) golcl.pc golcl-dist.pc

-include $(patsubst %.o,%.d,$(LIB_OBJ) $(EX_COMMON_OBJ) $(GOLCL_OBJ) $(TEST_UTIL_OBJ)) \
  $(patsubst examples/%.c,$(BUILD)/obj/examples/%.d,$(EX_SRC)) \
  $(patsubst tests/%.c,$(BUILD)/obj/tests/%.d,$(TEST_SRC) $(OCLGRIND_TEST_SRC))
