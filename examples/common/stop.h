/* stop.h — SIGINT and SIGTERM for the example programs and the golcl
 * command: the first signal asks the running work to stop at the next
 * boundary it can (a generation), so that its outputs can still be
 * written; a second one removes the temporary files (atomic_file.h) and
 * ends the process the way the signal does. */
#ifndef EX_STOP_H
#define EX_STOP_H

/* Catches SIGINT and SIGTERM from now on. graceful: the first asks to stop
 * (ex_stop_requested), the second ends the process; else the first ends it.
 * Either way the temporaries go first. */
void ex_stop_install(int graceful);

/* The signal that asked to stop (SIGINT, SIGTERM), or 0. */
int ex_stop_requested(void);

/* The exit status for a run stopped by signal `sig`: 128 + sig, as a shell
 * reports a process that a signal ended. */
int ex_stop_status(int sig);

/* A temporary file to remove if a signal ends the process (at most a few
 * dozen at a time; more are not remembered). Unregister with the same
 * pointer, before it is freed. */
void ex_stop_register_tmp(const char *path);
void ex_stop_unregister_tmp(const char *path);

/* Removes every registered temporary now (async-signal-safe): for a process
 * that ends with _exit. */
void ex_stop_remove_tmps(void);

#endif
