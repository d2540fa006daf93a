/* plot.c — see plot.h. */
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"

static const char *gnuplot(void) {
  const char *g = getenv("GNUPLOT");
  return g && *g ? g : "gnuplot";
}

/* 1 if name is an executable (a path, or found in $PATH). */
static int runnable(const char *name) {
  if (strchr(name, '/')) return access(name, X_OK) == 0;
  const char *path = getenv("PATH");
  while (path && *path) {
    size_t n = strcspn(path, ":");
    char buf[4096];
    if (n > 0 && n + strlen(name) + 2 < sizeof buf) {
      snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
      if (access(buf, X_OK) == 0) return 1;
    }
    path += n + (path[n] == ':');
  }
  return 0;
}

int plot_check(const char *cmd) {
  if (runnable(gnuplot())) return 1;
  fprintf(stderr,
          "golcl %s: --plot needs gnuplot, and '%s' was not found (Debian: apt-get install "
          "gnuplot-nox; or set GNUPLOT to its path)\n",
          cmd, gnuplot());
  return 0;
}

void plot_quoted(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputc('\'', f);
    fputc(*s, f);
  }
  fputc('\'', f);
}

/* 1 if path holds a whole PNG: the signature first and the IEND chunk last.
 * gnuplot exits 0 even when its output could not be written (a full disk
 * leaves an empty or cut file), so the file is looked at before it replaces
 * the old one. */
static int whole_png(const char *path) {
  static const unsigned char SIG[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  static const unsigned char IEND[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
  unsigned char head[8], tail[12];
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  int ok = fread(head, 1, 8, f) == 8 && memcmp(head, SIG, 8) == 0 && fseek(f, -12, SEEK_END) == 0 &&
           fread(tail, 1, 12, f) == 12 && memcmp(tail, IEND, 12) == 0;
  fclose(f);
  return ok;
}

int plot_png(const char *cmd, const char *path, unsigned w, unsigned h, const char *script) {
  char prog[64];
  snprintf(prog, sizeof prog, "golcl %s", cmd);
  ex_atomic a;
  if (ex_atomic_open(&a, path, prog) != 0) return -1;
  /* gnuplot writes the file itself: hand it the temporary's name (or the
   * target when that is not a regular file) */
  const char *out = a.tmp ? a.tmp : a.target;
  fflush(stdout);
  FILE *g = popen(gnuplot(), "w");
  if (!g) {
    fprintf(stderr, "%s: %s: cannot run %s\n", prog, path, gnuplot());
    ex_atomic_abort(&a);
    return -1;
  }
  fprintf(g, "set terminal pngcairo size %u,%u noenhanced font ',10'\nset output ", w, h);
  plot_quoted(g, out);
  fprintf(g, "\n%s\nset output\n", script);
  int status = pclose(g);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "%s: %s: gnuplot failed (its messages are above)\n", prog, path);
    ex_atomic_abort(&a);
    return -1;
  }
  if (a.tmp && !whole_png(a.tmp)) {
    fprintf(stderr,
            "%s: %s: gnuplot did not write a whole PNG (a full disk?); the old file, if any, is "
            "unchanged\n",
            prog, path);
    ex_atomic_abort(&a);
    return -1;
  }
  return ex_atomic_commit(&a, prog);
}
