/* pattern_io.h — what the golcl subcommands share: loading a pattern (from a
 * file or stdin) with a one-line error, outputs chosen by extension and
 * written whole or not at all, number options, getopt_long messages. */
#ifndef GOLCL_PATTERN_IO_H
#define GOLCL_PATTERN_IO_H

#include <golcl.h>

#include "image_cells.h"

typedef enum pio_kind {
  PIO_BAD = -1,
  PIO_RLE,
  PIO_CELLS,
  PIO_PNG,
  PIO_STDOUT,
  PIO_MC,
  PIO_RLE_GZ, /* .rle.gz and .mc.gz: gzip-compressed, as bgolly writes them */
  PIO_MC_GZ
} pio_kind;

/* The output extensions, for messages. */
#define PIO_EXTENSIONS ".rle, .rle.gz, .cells, .mc, .mc.gz, .png or -"

/* Reads a pattern from path, or from stdin for "-"; on failure prints
 * "golcl CMD: PATH: line L, column C: ..." on stderr and returns NULL. */
golcl_pattern *pio_load(const char *cmd, const char *path);

/* Standard input as the path readers see a file: for gzip data, macrocell,
 * MCell and multi-state RLE (what only they take), stdin is copied into a
 * temporary file (*path, removed by pio_stdin_file_done, or by a second
 * signal); for the rest *path is NULL and pio_load(cmd, "-") parses it
 * from memory. A zip archive is refused. Returns 0, or -1 after a message. */
int pio_stdin_file(const char *cmd, char **path);
void pio_stdin_file_done(char *path);

/* -1 after "zip archives are not read" if the text (n bytes of its head)
 * or the file is a zip archive (Golly's .zip bundles), else 0. */
int pio_refuse_zip(const char *cmd, const char *name, const char *head, size_t n);
int pio_refuse_zip_file(const char *cmd, const char *path);

/* 1 if a GPU is among the OpenCL devices (golcl_devices). */
int pio_has_gpu(void);

/* The output kind of a path: .rle, .cells, .mc (macrocell), .png (any
 * case), or "-" (RLE on stdout). */
pio_kind pio_kind_of(const char *path);

/* Writes a pattern to path by its kind; a PNG shows the pattern's box with
 * `border` dead cells around it. A file is replaced whole or not at all (a
 * failed write keeps the old one). Prints one line on stderr and returns -1
 * on failure. */
int pio_write(const char *cmd, const char *path, const golcl_pattern *p, const ex_cell_view *view,
              uint32_t border);

/* Writes an object as text (RLE or macrocell) into path, replaced whole or
 * not at all, gzip-compressed for .gz: write(obj, f, kind) with kind
 * PIO_RLE, PIO_CELLS or PIO_MC (the .gz kinds told as the plain ones).
 * Prints one line on stderr and returns -1 on failure. */
typedef golcl_status (*pio_text_writer)(const void *obj, FILE *f, pio_kind kind);
int pio_write_text(const char *cmd, const char *path, pio_text_writer write, const void *obj);

/* The kind a .gz kind compresses (PIO_RLE_GZ: PIO_RLE); others as they are. */
pio_kind pio_plain_kind(pio_kind k);

/* Checks before a run that an output can be written: its folder exists
 * and takes files, it is not a folder. Prints one line and returns -1 if
 * not. */
int pio_check_output(const char *cmd, const char *path);

/* Writes 0/1 cells of a w×h box as a PNG (one line on stderr on failure). */
int pio_write_png(const char *cmd, const char *path, const uint8_t *cells, uint32_t w, uint32_t h,
                  const ex_cell_view *view);

/* Says in words what a bounded grid is: "30x20 torus", "30x20 Klein bottle
 * (top and bottom edges twisted)", "tube 0x20 (unbounded across, wrapping
 * top to bottom)", ... ("the infinite plane" for INFINITE). */
void pio_describe_bounds(const golcl_bounds *b, char *buf, size_t cap);

/* Decimal numbers and sizes of options; 0 on success, -1 if malformed. */
int pio_parse_u64(const char *s, uint64_t *out);
int pio_parse_u32(const char *s, uint32_t *out);
int pio_parse_size(const char *s, uint32_t *w, uint32_t *h); /* "WxH" or "N" (N×N) */

/* After getopt_long returned '?' or ':' (with ':' first in the option
 * string): prints "golcl CMD: unknown option '-x'" or "... option '--x'
 * needs a value" and "(golcl CMD --help)"; returns 2, the exit status. */
int pio_bad_option(const char *cmd, int c, char **argv);

#endif
