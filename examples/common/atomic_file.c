/* atomic_file.c — see atomic_file.h. */
#define _XOPEN_SOURCE 700 /* realpath, PATH_MAX */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stop.h"

static void fail(const char *prog, const char *path, const char *what, int err) {
  fprintf(stderr, "%s%s%s: %s%s%s\n", prog ? prog : "", prog ? ": " : "", path, what,
          err ? ": " : "", err ? strerror(err) : "");
}

/* The file a path names in the end: itself, or the target of a symbolic
 * link (so that the link stays a link). NULL with errno on failure. */
static char *resolve(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *real = realpath(path, NULL);
    if (real) return real;
    if (errno != ENOENT) return NULL;
    /* a dangling link: write where it points */
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof buf - 1);
    if (n < 0) return NULL;
    buf[n] = '\0';
    if (buf[0] == '/') return strdup(buf);
    char *copy = strdup(path);
    if (!copy) return NULL;
    const char *dir = dirname(copy);
    size_t len = strlen(dir) + 1 + (size_t)n + 1;
    char *out = malloc(len);
    if (out) snprintf(out, len, "%s/%s", dir, buf);
    free(copy);
    return out;
  }
  return strdup(path);
}

int ex_atomic_open(ex_atomic *a, const char *path, const char *prog) {
  memset(a, 0, sizeof *a);
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      fail(prog, path, "is a folder", 0);
      return -1;
    }
    a->f = fopen(path, "wb");
    if (!a->f) {
      fail(prog, path, "cannot write", errno);
      return -1;
    }
    a->target = strdup(path);
    return 0;
  }
  a->target = resolve(path);
  if (!a->target) {
    fail(prog, path, "cannot write", errno);
    return -1;
  }
  char *copy = strdup(a->target);
  const char *dir = copy ? dirname(copy) : NULL;
  size_t len = dir ? strlen(dir) + 32 : 0;
  a->tmp = dir ? malloc(len) : NULL;
  if (!a->tmp) {
    free(copy);
    ex_atomic_abort(a);
    fail(prog, path, "out of memory", 0);
    return -1;
  }
  snprintf(a->tmp, len, "%s/.golcl-tmp-XXXXXX", dir);
  free(copy);
  int fd = mkstemp(a->tmp);
  if (fd < 0) {
    int err = errno;
    free(a->tmp);
    a->tmp = NULL;
    ex_atomic_abort(a);
    fail(prog, path, "cannot write (a temporary file in its folder)", err);
    return -1;
  }
  ex_stop_register_tmp(a->tmp); /* a second SIGINT removes it */
  a->f = fdopen(fd, "wb");
  if (!a->f) {
    int err = errno;
    close(fd);
    ex_atomic_abort(a);
    fail(prog, path, "cannot write", err);
    return -1;
  }
  return 0;
}

void ex_atomic_abort(ex_atomic *a) {
  if (a->f) fclose(a->f);
  if (a->tmp) unlink(a->tmp);
  ex_stop_unregister_tmp(a->tmp);
  free(a->tmp);
  free(a->target);
  memset(a, 0, sizeof *a);
}

/* The permissions a new file gets: 0666 less the umask. */
static mode_t new_file_mode(void) {
  mode_t m = umask(0);
  umask(m);
  return 0666 & ~m;
}

int ex_atomic_commit(ex_atomic *a, const char *prog) {
  int err = errno; /* the reason of a failed write before, most likely */
  const char *shown = a->target ? a->target : "?";
  const char *what = NULL;
  if (ferror(a->f)) {
    what = "write failed";
    if (!err) err = EIO;
  } else if (fflush(a->f) != 0) {
    what = "write failed";
    err = errno;
  }
  if (a->tmp && !what) {
    struct stat st;
    mode_t mode = stat(a->target, &st) == 0 ? st.st_mode & 07777 : new_file_mode();
    if (fchmod(fileno(a->f), mode) != 0) {
      what = "cannot set the permissions";
      err = errno;
    }
  }
  FILE *f = a->f;
  a->f = NULL;
  if (fclose(f) != 0 && !what) {
    what = "write failed (close)";
    err = errno;
  }
  if (!what && a->tmp && rename(a->tmp, a->target) != 0) {
    what = "cannot replace it";
    err = errno;
  }
  if (what) {
    fprintf(stderr, "%s%s%s: %s: %s%s\n", prog ? prog : "", prog ? ": " : "", shown, what,
            strerror(err), a->tmp ? " (the old file, if any, is unchanged)" : "");
    ex_atomic_abort(a);
    return -1;
  }
  if (a->tmp) {
    ex_stop_unregister_tmp(a->tmp);
    free(a->tmp);
    a->tmp = NULL;
  }
  free(a->target);
  a->target = NULL;
  return 0;
}

int ex_stdout_close(const char *prog) {
  int bad = fflush(stdout) != 0 || ferror(stdout);
  int err = errno;
  if (fclose(stdout) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    fprintf(stderr, "%s: error writing to standard output: %s\n", prog, strerror(err ? err : EIO));
    return -1;
  }
  return 0;
}
