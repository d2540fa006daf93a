/* cmd_devices.c — `golcl devices`: every platform and device. */
#include <golcl.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "pattern_io.h"

static const char *type_name(golcl_device_type t) {
  switch (t) {
    case GOLCL_DEVICE_GPU:
      return "gpu";
    case GOLCL_DEVICE_CPU:
      return "cpu";
    case GOLCL_DEVICE_ACCELERATOR:
      return "accelerator";
    default:
      return "other";
  }
}

int cmd_devices(int argc, char **argv) {
  static const struct option long_opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  int c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", long_opts, NULL)) != -1) {
    if (c != 'h') return pio_bad_option("devices", c, argv);
    printf(
        "usage: golcl devices\n\nLists every OpenCL platform and device as P:D (the form "
        "--device and $GOLCL_DEVICE take),\nwith type, compute units, memory and fp64.\n");
    return 0;
  }
  if (optind < argc) {
    fprintf(stderr, "golcl devices: unexpected argument '%s'\n", argv[optind]);
    return 2;
  }
  size_t n = 0;
  golcl_status s = golcl_devices(NULL, 0, &n);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl devices: %s: %s\n", golcl_strerror(s), golcl_last_errmsg());
    return 1;
  }
  if (n == 0) {
    printf("no OpenCL device (for a CPU device: apt-get install pocl-opencl-icd)\n");
    return 1;
  }
  golcl_device_info *info = calloc(n, sizeof *info);
  if (!info || golcl_devices(info, n, &n) != GOLCL_OK) {
    free(info);
    fprintf(stderr, "golcl devices: %s\n", golcl_last_errmsg());
    return 1;
  }
  printf("%-5s %-4s %4s %10s %10s %5s  %s\n", "P:D", "type", "CUs", "memory", "max alloc", "fp64",
         "name (platform)");
  for (size_t i = 0; i < n; i++)
    printf("%u:%-3u %-4s %4u %7.1f GiB %6.1f GiB %5s  %s (%s)\n", info[i].platform_index,
           info[i].device_index, type_name(info[i].type), info[i].compute_units,
           (double)info[i].global_mem_bytes / (1 << 30),
           (double)info[i].max_alloc_bytes / (1 << 30), info[i].fp64 ? "yes" : "no", info[i].name,
           info[i].platform);
  free(info);
  return 0;
}
