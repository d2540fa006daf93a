#!/bin/bash
# test_install.sh — `make install` as a distribution uses it: the staged
# files and links, the soname, the installed golcl linked against the shared
# library, the manual page, golcl.pc without duplicates, a program linked
# statically against libgolcl.a with `pkg-config --static` (and run), a
# multiarch libdir, and `make uninstall`.
#
# Usage: tests/install/test_install.sh, from the repository root; MAKE,
# BUILD, CC, CFLAGS and LDFLAGS come from the environment (make test sets
# them). The device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
CC=${CC:-cc}
CFLAGS=${CFLAGS:-}
LDFLAGS=${LDFLAGS:-}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
export GOLCL_DEVICE=${GOLCL_TEST_DEVICE:-cpu}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/../util/check.sh"

minor=$(sed -n 's/^#define GOLCL_VERSION_MINOR \([0-9]*\).*/\1/p' include/golcl.h)
major=$(sed -n 's/^#define GOLCL_VERSION_MAJOR \([0-9]*\).*/\1/p' include/golcl.h)
patch=$(sed -n 's/^#define GOLCL_VERSION_PATCH \([0-9]*\).*/\1/p' include/golcl.h)
version=$major.$minor.$patch
if [ "$major" = 0 ]; then soname=libgolcl.so.0.$minor; else soname=libgolcl.so.$major; fi

stage_install() { # DESTDIR [make variables...]
  local dest=$1
  shift
  $MAKE --no-print-directory -s BUILD="$BUILD" DESTDIR="$dest" "$@" install >"$T/make.log" 2>&1 ||
    say "make install failed: $(tail -20 "$T/make.log")"
}

t_files_and_links() {
  stage_install "$T/stage" || return 1
  local p=$T/stage/usr/local f
  for f in lib/libgolcl.a "lib/libgolcl.so.$version" include/golcl.h include/golcl_la.h \
    lib/pkgconfig/golcl.pc lib/pkgconfig/golcl-static.pc bin/golcl share/man/man1/golcl.1; do
    [ -f "$p/$f" ] || say "missing $f" || return 1
  done
  [ "$(readlink "$p/lib/$soname")" = "libgolcl.so.$version" ] || say "no $soname link" || return 1
  [ "$(readlink "$p/lib/libgolcl.so")" = "$soname" ] || say "no libgolcl.so link" || return 1
  readelf -d "$p/lib/libgolcl.so.$version" | grep -q "SONAME.*\[$soname\]" ||
    say "the soname is not $soname: $(readelf -d "$p/lib/libgolcl.so.$version" | grep SONAME)"
}

t_installed_command_uses_the_shared_library() {
  local p=$T/stage/usr/local
  readelf -d "$p/bin/golcl" | grep -q "NEEDED.*\[$soname\]" ||
    say "bin/golcl does not need $soname" || return 1
  LD_LIBRARY_PATH=$p/lib "$p/bin/golcl" --version | grep -q "^golcl $version$" || return 1
  LD_LIBRARY_PATH=$p/lib ldd "$p/bin/golcl" | grep -q "$soname => $p/lib/" ||
    say "$(LD_LIBRARY_PATH=$p/lib ldd "$p/bin/golcl")" || return 1
  man -l "$p/share/man/man1/golcl.1" 2>/dev/null | grep -q 'golcl run PATTERN' ||
    say "the manual page does not render"
}

t_pc_has_no_duplicates() {
  local pc=$T/stage/usr/local/lib/pkgconfig
  local libs
  libs=$(PKG_CONFIG_PATH=$pc $PKG_CONFIG --static --libs golcl) || return 1
  echo "pkg-config --static --libs golcl: $libs"
  [ "$(echo "$libs" | tr ' ' '\n' | grep . | sort | uniq -d)" = "" ] || say "duplicates" || return 1
  for l in -lgolcl -lOpenCL -lm -pthread; do
    echo " $libs " | grep -q -- " $l " || say "no $l" || return 1
  done
  [ "$(PKG_CONFIG_PATH=$pc $PKG_CONFIG --modversion golcl)" = "$version" ] || return 1
  # golcl itself never appears twice in the file either
  [ "$(grep -c -- '-lOpenCL' "$pc/golcl.pc")" -le 1 ]
}

write_prog() {
  cat >"$T/prog.c" <<'EOF'
#include <golcl.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  golcl_context_opts o = {0};
  o.device = getenv("GOLCL_DEVICE");
  golcl_context *ctx;
  golcl_grid *g;
  golcl_stepper *st;
  uint64_t pop = 0;
  static const uint8_t blinker[9] = {0, 0, 0, 1, 1, 1, 0, 0, 0};
  if (golcl_version() != GOLCL_VERSION_NUMBER) return 3;
  if (golcl_context_create(&o, &ctx) != GOLCL_OK) {
    fprintf(stderr, "%s\n", golcl_last_errmsg());
    return 1;
  }
  if (golcl_grid_create(ctx, 3, 3, GOLCL_BOUNDARY_DEAD, &g) != GOLCL_OK ||
      golcl_grid_write(g, blinker, 3) != GOLCL_OK ||
      golcl_stepper_create(ctx, GOLCL_STEPPER_NAIVE, NULL, &st) != GOLCL_OK ||
      golcl_stepper_run(st, g, 7) != GOLCL_OK || golcl_grid_population(g, &pop) != GOLCL_OK) {
    fprintf(stderr, "%s\n", golcl_context_errmsg(ctx));
    return 1;
  }
  printf("libgolcl %s: a blinker has %llu cells at generation %llu\n", golcl_version_string(),
         (unsigned long long)pop, (unsigned long long)golcl_grid_generation(g));
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(ctx);
  return pop == 3 ? 0 : 2;
}
EOF
}

# README's lines, on a whole install (libgolcl.a and libgolcl.so side by side
# in one libdir, as every install has them): golcl-static.pc gives a program
# that needs no libgolcl.so, and runs; golcl.pc with --static only adds the
# private dependencies, so its -lgolcl takes libgolcl.so (README says so).
t_static_link_with_pkg_config() {
  local p=$T/prefix
  $MAKE --no-print-directory -s BUILD="$BUILD" PREFIX="$p" install >"$T/make.log" 2>&1 ||
    say "$(tail -20 "$T/make.log")" || return 1
  [ -f "$p/lib/libgolcl.a" ] && [ -f "$p/lib/libgolcl.so" ] || say "not a whole install" || return 1
  write_prog
  local flags
  flags=$(PKG_CONFIG_PATH=$p/lib/pkgconfig $PKG_CONFIG --cflags --libs golcl-static) || return 1
  echo "cc prog.c $flags"
  # shellcheck disable=SC2086
  $CC $CFLAGS $LDFLAGS -o "$T/prog" "$T/prog.c" $flags || return 1
  ! readelf -d "$T/prog" | grep -q 'NEEDED.*libgolcl' || say "prog needs libgolcl.so" || return 1
  "$T/prog" | grep -q 'a blinker has 3 cells at generation 7' || return 1
  # --static golcl-static is the same program
  [ "$(PKG_CONFIG_PATH=$p/lib/pkgconfig $PKG_CONFIG --static --libs golcl-static | tr ' ' '\n' |
    grep -c 'libgolcl\.a$')" = 1 ] || say "--static golcl-static lost libgolcl.a" || return 1
  flags=$(PKG_CONFIG_PATH=$p/lib/pkgconfig $PKG_CONFIG --static --cflags --libs golcl) || return 1
  echo "cc prog.c $flags"
  # shellcheck disable=SC2086
  $CC $CFLAGS $LDFLAGS -o "$T/prog2" "$T/prog.c" $flags || return 1
  readelf -d "$T/prog2" | grep -q 'NEEDED.*libgolcl\.so' ||
    say "pkg-config --static golcl linked libgolcl.a: README says it takes libgolcl.so" || return 1
  LD_LIBRARY_PATH=$p/lib "$T/prog2" | grep -q 'a blinker has 3 cells at generation 7'
}

# make install RPATH=DIR after an install without it relinks the command
# with that run path, and a later install without RPATH drops it again.
t_install_rpath_relinks() {
  local bin=$T/rp/usr/local/bin/golcl
  stage_install "$T/rp" || return 1
  ! readelf -d "$bin" | grep -q 'R.*PATH' || say "an RPATH without RPATH=" || return 1
  stage_install "$T/rp" RPATH=/opt/golcl-test/lib || return 1
  readelf -d "$bin" | grep -q 'R.*PATH.*\[/opt/golcl-test/lib\]' ||
    say "not relinked: $(readelf -d "$bin" | grep PATH)" || return 1
  stage_install "$T/rp" || return 1
  ! readelf -d "$bin" | grep -q 'R.*PATH' || say "the RPATH stayed: $(readelf -d "$bin" | grep PATH)"
}

# make install writes nothing into the source tree: the .pc files are made
# in the build folder.
t_source_tree_untouched() {
  local f before after
  for f in golcl.pc golcl-static.pc golcl-dist.pc; do
    before=$(stat -c %Y "$f" 2>/dev/null || echo none)
    stage_install "$T/src" || return 1
    after=$(stat -c %Y "$f" 2>/dev/null || echo none)
    [ "$before" = "$after" ] || say "make install wrote $f in the source tree" || return 1
  done
  [ -f "$BUILD/pc/golcl.pc" ] || say "no $BUILD/pc/golcl.pc"
}

t_multiarch_libdir() {
  stage_install "$T/multi" PREFIX=/usr libdir=/usr/lib/x86_64-linux-gnu || return 1
  local d=$T/multi/usr/lib/x86_64-linux-gnu
  [ -f "$d/libgolcl.a" ] && [ -f "$d/$soname" ] && [ -f "$d/pkgconfig/golcl.pc" ] || return 1
  grep -q '^libdir=/usr/lib/x86_64-linux-gnu$' "$d/pkgconfig/golcl.pc" || return 1
  grep -q '^prefix=/usr$' "$d/pkgconfig/golcl.pc" || return 1
  [ -f "$T/multi/usr/bin/golcl" ] && [ -f "$T/multi/usr/share/man/man1/golcl.1" ]
}

t_uninstall_removes_everything() {
  $MAKE --no-print-directory -s BUILD="$BUILD" DESTDIR="$T/stage" uninstall >/dev/null 2>&1 ||
    return 1
  [ -z "$(find "$T/stage" ! -type d)" ] || say "left: $(find "$T/stage" ! -type d)"
}

echo "make install into stages under $T (soname $soname)"
check "files, soname and links" t_files_and_links
check "the installed golcl uses the shared library; man golcl" \
  t_installed_command_uses_the_shared_library
check "golcl.pc: static libraries once each" t_pc_has_no_duplicates
check "a program linked statically with golcl-static.pc beside libgolcl.so" \
  t_static_link_with_pkg_config
check "make install RPATH=... relinks the installed command" t_install_rpath_relinks
check "make install writes no .pc into the source tree" t_source_tree_untouched
check "a multiarch libdir" t_multiarch_libdir
check "make uninstall removes every file" t_uninstall_removes_everything
check_summary
