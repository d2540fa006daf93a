#!/usr/bin/python3
"""frames_check.py — the test's own readers of golcl run's pictures, written
from the formats (GIF89a with its LZW, PNG and APNG with zlib, Golly's RLE),
not from the code under test.

  frames_check.py size FILE...        "W H N" for each (N: a GIF's or an APNG's frames, 1
                                      for a PNG)
  frames_check.py delays GIF|APNG      the delay of each frame, in 1/100 s
  frames_check.py compare X Y S IMG RLE...
      IMG (a GIF, an APNG, or a folder of NNNNNNNN.png frames) has one frame per RLE;
      pixel (c, r) shows the cell (X + c // S, Y + r // S): black where the
      RLE's cell is dead (state 0), not black where it lives, one colour a
      state. X and Y "union": the union of the RLEs' live boxes with a
      border of 2 cells, which must then be the whole picture, no live cell
      outside it (else cells outside the picture are cut). Exit 1 with the
      first difference.
"""
import os
import struct
import sys
import zlib


def lzw_decode(data, min_size, npix):
    clear, end = 1 << min_size, (1 << min_size) + 1
    size = min_size + 1
    table = [bytes([i]) for i in range(clear)] + [b"", b""]
    out = bytearray()
    prev = None
    acc = nacc = pos = 0
    while True:
        while nacc < size:
            if pos >= len(data):
                raise ValueError("LZW data ends without an end code")
            acc |= data[pos] << nacc
            nacc += 8
            pos += 1
        code = acc & ((1 << size) - 1)
        acc >>= size
        nacc -= size
        if code == clear:
            size = min_size + 1
            table = table[: clear + 2]
            prev = None
            continue
        if code == end:
            break
        if code < len(table):
            entry = table[code]
            if prev is not None:
                table.append(prev + entry[:1])
        elif code == len(table) and prev is not None:
            entry = prev + prev[:1]
            table.append(entry)
        else:
            raise ValueError("bad LZW code %d (table %d)" % (code, len(table)))
        out += entry
        prev = entry
        if len(table) == (1 << size) and size < 12:
            size += 1
    if len(out) != npix:
        raise ValueError("a frame of %d pixels decodes to %d" % (npix, len(out)))
    return bytes(out)


def read_gif(path):
    """(w, h, [frame palette-RGB rows], [delays])"""
    b = open(path, "rb").read()
    if b[:6] != b"GIF89a":
        raise ValueError("not GIF89a")
    w, h, flags = struct.unpack("<HHB", b[6:11])
    p = 13
    gct = None
    if flags & 0x80:
        n = 2 << (flags & 7)
        gct = b[p : p + 3 * n]
        p += 3 * n
    frames, delays = [], []
    delay = 0
    while True:
        t = b[p]
        p += 1
        if t == 0x3B:
            break
        if t == 0x21:
            label = b[p]
            p += 1
            blocks = []
            while b[p]:
                blocks.append(b[p + 1 : p + 1 + b[p]])
                p += 1 + b[p]
            p += 1
            if label == 0xF9:
                delay = struct.unpack("<H", blocks[0][1:3])[0]
            continue
        if t != 0x2C:
            raise ValueError("unknown block 0x%02x" % t)
        left, top, fw, fh, fflags = struct.unpack("<HHHHB", b[p : p + 9])
        p += 9
        pal = gct
        if fflags & 0x80:
            n = 2 << (fflags & 7)
            pal = b[p : p + 3 * n]
            p += 3 * n
        if fflags & 0x40 or (left, top, fw, fh) != (0, 0, w, h):
            raise ValueError("frames here are whole and not interlaced")
        min_size = b[p]
        p += 1
        data = bytearray()
        while b[p]:
            data += b[p + 1 : p + 1 + b[p]]
            p += 1 + b[p]
        p += 1
        idx = lzw_decode(bytes(data), min_size, w * h)
        frames.append([[tuple(pal[3 * i : 3 * i + 3]) for i in idx[r * w : (r + 1) * w]] for r in range(h)])
        delays.append(delay)
    return w, h, frames, delays


def png_chunks(path):
    """[(type, data)] of a PNG or APNG, each CRC checked."""
    b = open(path, "rb").read()
    if b[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    p, out = 8, []
    while p < len(b):
        n, kind = struct.unpack(">I4s", b[p : p + 8])
        body = b[p + 8 : p + 8 + n]
        if struct.unpack(">I", b[p + 8 + n : p + 12 + n])[0] != zlib.crc32(kind + body):
            raise ValueError("%s: bad CRC" % kind)
        out.append((kind, body))
        p += 12 + n
    if out[-1][0] != b"IEND":
        raise ValueError("no IEND")
    return out


def unfilter(raw, w, h, ch, colour):
    """RGB rows of filtered scanlines of ch bytes a pixel; colour(bytes) -> RGB."""
    stride = w * ch
    rows, prev = [], bytearray(stride)
    for r in range(h):
        f = raw[r * (stride + 1)]
        line = bytearray(raw[r * (stride + 1) + 1 : (r + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            c = prev[i - ch] if i >= ch else 0
            up = prev[i]
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (a + up) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(up - c), abs(a - c), abs(a + up - 2 * c)
                pr = a if pa <= pb and pa <= pc else up if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append([colour(line[i : i + ch]) for i in range(0, stride, ch)])
        prev = line
    return rows


def read_png(path):
    """(w, h, RGB rows, [frames' RGB rows]) of an 8-bit grey, RGB or palette
    PNG; the frames of an APNG (whole frames at (0, 0)), else [the image]."""
    chunks = png_chunks(path)
    w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth != 8 or ctype not in (0, 2, 3) or interlace:
        raise ValueError("only 8-bit grey, RGB or palette, not interlaced")
    ch = 3 if ctype == 2 else 1
    pal = dict(chunks)[b"PLTE"] if ctype == 3 else None
    colour = (lambda v: tuple(pal[3 * v[0] : 3 * v[0] + 3])) if pal else \
        (lambda v: tuple(v * (3 // ch)))
    idat = b"".join(d for k, d in chunks if k == b"IDAT")
    image = unfilter(zlib.decompress(idat), w, h, ch, colour)
    if b"acTL" not in dict(chunks):
        return w, h, image, [image]
    frames, data, seq, delays = [], None, 0, []
    for k, d in chunks + [(b"fcTL", None)]:
        if k in (b"fcTL", b"fdAT") and d is not None:
            if struct.unpack(">I", d[:4])[0] != seq:
                raise ValueError("sequence number %d, not %d" % (struct.unpack(">I", d[:4])[0], seq))
            seq += 1
        if k == b"fcTL":
            if data is not None:
                frames.append(unfilter(zlib.decompress(data), w, h, ch, colour))
            if d is None:
                break
            fw, fh, fx, fy, dn, dd = struct.unpack(">IIIIHH", d[4:24])
            if (fw, fh, fx, fy) != (w, h, 0, 0):
                raise ValueError("frames here are whole")
            delays.append(dn * 100 // (dd or 100))
            data = b""
        elif k == b"IDAT" and data is not None:
            data += d
        elif k == b"fdAT":
            data += d[4:]
    count = struct.unpack(">I", dict(chunks)[b"acTL"][:4])[0]
    if count != len(frames):
        raise ValueError("acTL says %d frames, there are %d" % (count, len(frames)))
    read_png.delays = delays
    return w, h, image, frames


def read_rle(path):
    """{(x, y): state} of live cells, in the pattern's coordinates: #CXRLE
    Pos, else the box centred on (0, 0) as Golly places it."""
    pos = None
    cells = {}
    body = ""
    for line in open(path):
        if line.startswith("#CXRLE") and "Pos=" in line:
            pos = [int(v) for v in line.split("Pos=")[1].split()[0].split(",")]
        elif line.startswith("x ") or line.startswith("x="):
            head = dict(f.split("=") for f in line.replace(" ", "").split(",")[:2])
            x0, y0 = pos or (-(int(head["x"]) // 2), -(int(head["y"]) // 2))
        elif line.startswith("#"):
            continue
        else:
            body += line.strip()
    x, y, n, prefix = 0, 0, "", 0
    for c in body:
        if c.isdigit():
            n += c
            continue
        k = int(n) if n else 1
        n = ""
        if c == "!":
            break
        if c == "$":
            y, x = y + k, 0
        elif c in "b.":
            x += k
        elif "p" <= c <= "y":
            prefix = ord(c) - ord("p") + 1
            n = str(k) if k > 1 else ""
            continue
        else:
            s = 1 if c == "o" else 24 * prefix + ord(c) - ord("A") + 1
            for i in range(k):
                cells[(x0 + x + i, y0 + y)] = s
            x += k
        prefix = 0
    return cells


def frames_of(img):
    if os.path.isdir(img):
        names = sorted(f for f in os.listdir(img) if f.endswith(".png"))
        return [read_png(os.path.join(img, f))[2] for f in names]
    if open(img, "rb").read(3) == b"GIF":
        return read_gif(img)[2]
    return read_png(img)[3]


def compare(x0, y0, s, img, rles):
    frames = frames_of(img)
    if len(frames) != len(rles):
        sys.exit("%s: %d frames, %d patterns" % (img, len(frames), len(rles)))
    union = x0 == "union"
    if union:
        live = [c for rle in rles for c in read_rle(rle)]
        xs, ys = [c[0] for c in live], [c[1] for c in live]
        x0, y0 = min(xs) - 2, min(ys) - 2
        size = ((max(xs) - x0 + 3) * s, (max(ys) - y0 + 3) * s)
        for k, rows in enumerate(frames):
            if (len(rows[0]), len(rows)) != size:
                sys.exit("frame %d is %dx%d, not the union box's %dx%d" % ((k, len(rows[0]), len(rows)) + size))
    x0, y0 = int(x0), int(y0)
    colour_of = {}
    for k, (rows, rle) in enumerate(zip(frames, rles)):
        cells = read_rle(rle)
        seen = set()
        for r, row in enumerate(rows):
            for c, rgb in enumerate(row):
                cell = (x0 + c // s, y0 + r // s)
                state = cells.get(cell, 0)
                seen.add(cell)
                want = colour_of.setdefault(state, rgb)
                if (rgb == (0, 0, 0)) != (state == 0) or rgb != want:
                    sys.exit("frame %d, pixel (%d, %d): %s for cell %s in state %d (%s)"
                             % (k, c, r, rgb, cell, state, rle))
        cut = [c for c in cells if c not in seen]
        if cut and union:
            sys.exit("frame %d: %d live cells outside the picture, e.g. %s" % (k, len(cut), cut[0]))
    if len(set(colour_of.values())) != len(colour_of):
        sys.exit("two states share a colour: %s" % colour_of)


def main(argv):
    if argv[0] == "size":
        for f in argv[1:]:
            if open(f, "rb").read(3) == b"GIF":
                w, h, frames, _ = read_gif(f)
                print(w, h, len(frames))
            else:
                w, h, _, frames = read_png(f)
                print(w, h, len(frames))
    elif argv[0] == "delays":
        if open(argv[1], "rb").read(3) == b"GIF":
            print(*read_gif(argv[1])[3])
        else:
            read_png(argv[1])
            print(*read_png.delays)
    elif argv[0] == "compare":
        compare(argv[1], argv[2], int(argv[3]), argv[4], argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
