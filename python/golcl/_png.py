"""A minimal PNG writer (zlib from the standard library): libgolcl has no
public PNG writer, so grids and universes draw themselves here."""
import struct
import zlib

import numpy as np


def _chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_gray(img):
    """PNG bytes of a 2-D uint8 array (0 black .. 255 white), 8-bit grey."""
    img = np.ascontiguousarray(img, dtype=np.uint8)
    h, w = img.shape
    raw = np.zeros((h, w + 1), dtype=np.uint8)  # filter byte 0 on every row
    raw[:, 1:] = img
    return (b"\x89PNG\r\n\x1a\n" +
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
            _chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)) + _chunk(b"IEND", b""))


def cells_picture(cells, max_side=1024):
    """Live cells white on black, each cell `scale` pixels (1..8) so that a
    small grid is visible; a grid wider than max_side is shown in its first
    max_side columns and rows."""
    cells = np.asarray(cells)[:max_side, :max_side]
    h, w = cells.shape
    scale = max(1, min(8, 256 // max(h, w, 1)))
    img = np.where(cells != 0, 255, 0).astype(np.uint8)
    if scale > 1:
        img = np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)
    return png_gray(img)
