/* stop.c — see stop.h. */
#define _POSIX_C_SOURCE 200809L /* sigaction */
#include "stop.h"

#include <signal.h>
#include <stddef.h>
#include <unistd.h>

#define MAX_TMP 64

static volatile sig_atomic_t requested, graceful_mode;
/* The temporaries to remove on a second signal: the handler only reads the
 * slots (unlink is async-signal-safe); a slot is set before it counts. */
static const char *volatile tmp_paths[MAX_TMP];

void ex_stop_remove_tmps(void) {
  for (int i = 0; i < MAX_TMP; i++)
    if (tmp_paths[i]) unlink(tmp_paths[i]);
}

static void on_signal(int sig) {
  if (!requested && graceful_mode) {
    requested = sig;
    return;
  }
  ex_stop_remove_tmps();
  signal(sig, SIG_DFL);
  raise(sig);
}

void ex_stop_install(int graceful) {
  graceful_mode = graceful;
  struct sigaction sa = {0};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART; /* reads and writes go on; the work checks the flag */
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

int ex_stop_requested(void) { return requested; }

int ex_stop_status(int sig) { return 128 + sig; }

void ex_stop_register_tmp(const char *path) {
  for (int i = 0; i < MAX_TMP; i++)
    if (!tmp_paths[i]) {
      tmp_paths[i] = path;
      return;
    }
}

void ex_stop_unregister_tmp(const char *path) {
  for (int i = 0; i < MAX_TMP; i++)
    if (tmp_paths[i] == path) tmp_paths[i] = NULL;
}
