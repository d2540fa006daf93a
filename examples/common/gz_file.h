/* gz_file.h — a stdio stream that gzip-compresses what is written to it into
 * another stream's file, for the .rle.gz and .mc.gz outputs bgolly writes. */
#ifndef EX_GZ_FILE_H
#define EX_GZ_FILE_H

#include <stdio.h>

/* A stream whose writes reach f's file descriptor gzip-compressed (f must
 * have nothing buffered). fclose() on it finishes the gzip stream and
 * returns EOF if any write or the finish failed; f stays open. NULL with
 * errno on failure. */
FILE *ex_gz_open(FILE *f);

#endif
