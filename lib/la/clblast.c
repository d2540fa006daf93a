/* clblast.c — CLBlast, loaded on first use. Linking libclblast (C++, with
 * its tuning database built at load time) cost every process that links
 * libgolcl about 1.7 ms of CPU time at start-up on pocl's 2-core machine
 * (perf stat, 2026-11-28: an empty program 0.82 ms, linked with CLBlast
 * 2.54 ms), a run of `golcl run` to 1000 generations included; only dense
 * matrices call it. So the library opens libclblast.so.1 with dlopen the
 * first time a symbol is asked for, once a process. */
#include "la.h"

#ifndef GOLCL_HAVE_CLBLAST
#define GOLCL_HAVE_CLBLAST 1
#endif

#include <pthread.h>
#if GOLCL_HAVE_CLBLAST
#include <dlfcn.h>
#endif

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
static char why[256];

static void load(void) {
#if GOLCL_HAVE_CLBLAST
  handle = dlopen("libclblast.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) handle = dlopen("libclblast.so", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *e = dlerror();
    snprintf(why, sizeof why, "CLBlast could not be loaded (%s): install libclblast1",
             e ? e : "libclblast.so.1");
  }
#else
  snprintf(why, sizeof why, "this libgolcl was built without CLBlast (make CLBLAST=0)");
#endif
}

void *golcl_clblast_symbol(const char *name) {
  pthread_once(&once, load);
  void *f = NULL;
#if GOLCL_HAVE_CLBLAST
  if (handle && name) f = dlsym(handle, name);
#else
  (void)name;
#endif
  return f;
}

const char *golcl__clblast_why(void) {
  pthread_once(&once, load);
  return handle ? "CLBlast lacks a routine" : why;
}
