/* demo.c — `make demo`: an R-pentomino on a 512×512 torus for 1000
 * generations with the naive stepper on the default device; prints the
 * device, generations/s and the final population, and writes a PNG. */
#include <golcl.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "image.h"

#define CHECK(call)                                                                 \
  do {                                                                              \
    golcl_status s_ = (call);                                                       \
    if (s_ != GOLCL_OK) {                                                           \
      fprintf(stderr, "demo: %s: %s\n%s\n", #call, golcl_strerror(s_),              \
              golcl_context_errmsg(ctx));                                           \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

int main(int argc, char **argv) {
  const char *png = argc > 1 ? argv[1] : "demo.png";
  enum { W = 512, H = 512, GENS = 1000 };
  golcl_context *ctx = NULL;
  CHECK(golcl_context_create(NULL, &ctx));
  golcl_device_info dev;
  CHECK(golcl_context_device_info(ctx, &dev));
  printf("device: %s (%s)\n", dev.name, dev.platform);

  golcl_grid *grid;
  CHECK(golcl_grid_create(ctx, W, H, GOLCL_BOUNDARY_TORUS, &grid));
  /* The R-pentomino:  .OO / OO. / .O.  in the middle of the grid. */
  static uint8_t cells[W * H];
  const int rp[5][2] = {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}};
  for (int i = 0; i < 5; i++) cells[(H / 2 + rp[i][1]) * W + W / 2 + rp[i][0]] = 1;
  CHECK(golcl_grid_write(grid, cells, W));

  golcl_stepper *naive;
  CHECK(golcl_stepper_create(ctx, GOLCL_STEPPER_NAIVE, NULL, &naive));
  CHECK(golcl_stepper_prepare(naive, grid)); /* JIT build outside the timing */
  double t0 = ex_now();
  CHECK(golcl_stepper_run(naive, grid, GENS));
  CHECK(golcl_context_finish(ctx));
  double dt = ex_now() - t0;

  uint64_t pop;
  CHECK(golcl_grid_population(grid, &pop));
  printf("R-pentomino, %dx%d torus, %d generations with the naive stepper\n", W, H, GENS);
  printf("%.0f generations/s (%.3f s), final population %llu\n", GENS / dt, dt,
         (unsigned long long)pop);

  CHECK(golcl_grid_read(grid, cells, W));
  for (size_t i = 0; i < sizeof cells; i++) cells[i] = cells[i] ? 255 : 0;
  if (ex_write_png_gray(png, cells, W, H, W) != 0) return 1;
  printf("wrote %s\n", png);

  golcl_stepper_destroy(naive);
  golcl_grid_destroy(grid);
  golcl_context_destroy(ctx);
  return 0;
}
