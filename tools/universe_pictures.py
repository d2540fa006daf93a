#!/usr/bin/env python3
"""universe_pictures.py — the two pictures of docs/universe.md, drawn from
RLE files that `golcl run` writes (its #CXRLE line gives the position):

  tiles:    the sparse tiles' view of a pattern at generation N: the 64x64
            tiles around live cells, orange where something changed in the
            last generation or its neighbours' facing bands did (stepped),
            blue where the tile and those bands repeat with period 1 or 2
            (skipped, QuickLife's rule as cl/universe/sparse.cl applies it,
            with 32-cell bands), live cells black.
  hashlife: the quadtree's view: every non-empty 2^L x 2^L square coloured
            by its content, one colour a distinct square that occurs more
            than once (one node in HashLife's store, many places), grey
            where it occurs once.

usage: universe_pictures.py tiles OUT.png GEN_N.rle GEN_N-1.rle GEN_N-2.rle
       universe_pictures.py hashlife OUT.png PATTERN.rle LEVEL [PIXELS_A_CELL]
No dependency beyond Python 3 (the PNG is written with zlib)."""
import re, struct, sys, zlib

def read_rle(path):
    x0 = y0 = 0
    body = []
    for line in open(path):
        m = re.match(r"#CXRLE.*Pos=(-?\d+),(-?\d+)", line)
        if m:
            x0, y0 = int(m.group(1)), int(m.group(2))
        elif line.startswith("#") or line.startswith("x"):
            continue
        else:
            body.append(line.strip())
    cells, x, y, n = set(), 0, 0, ""
    for ch in "".join(body):
        if ch.isdigit():
            n += ch
            continue
        k = int(n) if n else 1
        n = ""
        if ch == "b":
            x += k
        elif ch == "o":
            for i in range(k):
                cells.add((x0 + x + i, y0 + y))
            x += k
        elif ch == "$":
            y, x = y + k, 0
        elif ch == "!":
            break
    return cells

def write_png(path, w, h, pix):
    raw = b"".join(b"\0" + bytes(pix[y * w * 3:(y + 1) * w * 3]) for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)

class Canvas:
    def __init__(self, x0, y0, w, h, s):
        self.x0, self.y0, self.s, self.w, self.h = x0, y0, s, w * s, h * s
        self.pix = bytearray([255] * (self.w * self.h * 3))
    def rect(self, x, y, w, h, rgb, outline=False):
        px0, py0 = (x - self.x0) * self.s, (y - self.y0) * self.s
        for py in range(max(py0, 0), min(py0 + h * self.s, self.h)):
            for px in range(max(px0, 0), min(px0 + w * self.s, self.w)):
                edge = px in (px0, px0 + w * self.s - 1) or py in (py0, py0 + h * self.s - 1)
                if outline and not edge:
                    continue
                i = (py * self.w + px) * 3
                self.pix[i:i + 3] = bytes(rgb)

T, BAND = 64, 32

def tiles(out, now, one, two):
    c0, c1, c2 = read_rle(now), read_rle(one), read_rle(two)
    def by_tile(cells):
        d = {}
        for (x, y) in cells:
            d.setdefault((x // T, y // T), set()).add((x, y))
        return d
    t0, t1, t2 = by_tile(c0), by_tile(c1), by_tile(c2)
    # tiles that exist: those with live cells, and the tiles across an edge
    # or corner within BAND cells of a live cell (sp_settle's NEED bits)
    exist = set()
    for (x, y) in c0:
        tx, ty = x // T, y // T
        cx, cy = x - tx * T, y - ty * T
        for dx in (-1, 0, 1):
            if (dx < 0 and cx >= BAND) or (dx > 0 and cx < T - BAND):
                continue
            for dy in (-1, 0, 1):
                if (dy < 0 and cy >= BAND) or (dy > 0 and cy < T - BAND):
                    continue
                exist.add((tx + dx, ty + dy))
    def region(d, tx, ty):
        r = set()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for (x, y) in d.get((tx + dx, ty + dy), ()):
                    if tx * T - BAND <= x < (tx + 1) * T + BAND and \
                       ty * T - BAND <= y < (ty + 1) * T + BAND:
                        r.add((x, y))
        return r
    xs = [t[0] for t in exist]; ys = [t[1] for t in exist]
    X0, Y0 = min(xs) * T, min(ys) * T
    W, H = (max(xs) + 1) * T - X0, (max(ys) + 1) * T - Y0
    s = max(1, min(4, 900 // max(W, H)))
    cv = Canvas(X0, Y0, W, H, s)
    stepped = skipped = 0
    for (tx, ty) in exist:
        r0 = region(t0, tx, ty)
        quiet = r0 == region(t1, tx, ty) or r0 == region(t2, tx, ty)
        if quiet:
            skipped += 1
        else:
            stepped += 1
        cv.rect(tx * T, ty * T, T, T, (200, 220, 255) if quiet else (255, 200, 140))
    for (tx, ty) in exist:
        cv.rect(tx * T, ty * T, T, T, (150, 150, 150), outline=True)
    for (x, y) in c0:
        cv.rect(x, y, 1, 1, (0, 0, 0))
    write_png(out, cv.w, cv.h, cv.pix)
    print(f"{out}: {len(exist)} tiles, {stepped} stepped, {skipped} skipped, {len(c0)} cells, {s} px a cell")

def hashlife(out, path, level, scale=2):
    cells = read_rle(path)
    n = 1 << level
    squares = {}
    for (x, y) in cells:
        squares.setdefault((x // n, y // n), []).append((x % n, y % n))
    content = {k: tuple(sorted(v)) for k, v in squares.items()}
    count = {}
    for v in content.values():
        count[v] = count.get(v, 0) + 1
    xs = [k[0] for k in content]; ys = [k[1] for k in content]
    X0, Y0 = min(xs) * n, min(ys) * n
    W, H = (max(xs) + 1) * n - X0, (max(ys) + 1) * n - Y0
    cv = Canvas(X0, Y0, W, H, scale)
    for (kx, ky), v in content.items():
        if count[v] > 1:
            h = zlib.crc32(repr(v).encode())
            rgb = (120 + h % 120, 120 + (h >> 8) % 120, 120 + (h >> 16) % 120)
        else:
            rgb = (225, 225, 225)
        cv.rect(kx * n, ky * n, n, n, rgb)
    for (x, y) in cells:
        cv.rect(x, y, 1, 1, (0, 0, 0))
    for (kx, ky) in content:
        cv.rect(kx * n, ky * n, n, n, (255, 255, 255), outline=True)
    write_png(out, cv.w, cv.h, cv.pix)
    rep = sum(1 for v in content.values() if count[v] > 1)
    print(f"{out}: {len(content)} squares of {n}x{n}, {len(count)} distinct, {rep} in repeated ones")

if __name__ == "__main__":
    a = sys.argv
    if len(a) == 6 and a[1] == "tiles":
        tiles(a[2], a[3], a[4], a[5])
    elif len(a) in (5, 6) and a[1] == "hashlife":
        hashlife(a[2], a[3], int(a[4]), int(a[5]) if len(a) == 6 else 2)
    else:
        sys.exit(__doc__)
