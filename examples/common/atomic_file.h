/* atomic_file.h — files written whole or not at all, for the examples and
 * the golcl command: the data goes to a temporary file in the target's
 * folder, which is flushed, closed and renamed over the target only when
 * every write succeeded; on any failure the temporary is removed and the
 * old file stays as it was. No fsync: a reader never sees a half-written
 * target, and the command's start-up is not spent waiting for the disk
 * (about 10 ms for two syncs here, longer than a short run; bgolly does
 * not sync either). */
#ifndef EX_ATOMIC_FILE_H
#define EX_ATOMIC_FILE_H

#include <stdio.h>

typedef struct ex_atomic {
  FILE *f;      /* write here */
  char *target; /* the file to replace (a symbolic link's target) */
  char *tmp;    /* the temporary beside it; NULL when writing in place */
} ex_atomic;

/* Starts writing `path`. If path exists and is not a regular file (a
 * terminal, /dev/null, a pipe), it is written in place, since a rename would
 * replace the device. Returns 0, or -1 with "PROG: PATH: reason" on stderr
 * ("PATH: reason" for a NULL prog). */
int ex_atomic_open(ex_atomic *a, const char *path, const char *prog);

/* Finishes: fflush, a checked fclose, then rename over the target
 * (with the old file's permissions, else 0666 less the umask). If a write
 * failed earlier (ferror) or any step fails, removes the temporary, leaves
 * the target unchanged and returns -1 with a message on stderr; else 0. */
int ex_atomic_commit(ex_atomic *a, const char *prog);

/* Gives up: closes and removes the temporary; the target is unchanged. */
void ex_atomic_abort(ex_atomic *a);

/* Flushes and checks stdout (call before exit): on a write error prints
 * "PROG: error writing to standard output: reason" and returns -1. */
int ex_stdout_close(const char *prog);

#endif
