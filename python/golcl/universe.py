"""The unbounded plane (golcl_universe.h): HashLife, sparse tiles, host tiles."""
import ctypes
import os

import numpy as np

from . import _lib
from ._base import Handle, RectIO, byref_out, i64, path_arg, text, u32, u64
from ._lib import InvalidArgument
from ._png import cells_picture, png_gray
from .core import Pattern


def algorithms():
    out, k = [], 0
    while True:
        n = _lib.fn("golcl_universe_algo_name")(k)
        if n is None:
            return out
        out.append(n.decode())
        k += 1


class Universe(RectIO, Handle):
    """An endless plane: Universe(ctx=None, algo="auto", max_memory=0).
    ctx (a Context or None) is the device of the "sparse" and
    "hashlife-gpu" algorithms; HashLife and host tiles need none."""
    _c = "golcl_universe"

    _destroy = "golcl_universe_destroy"

    def __init__(self, ctx=None, algo="auto", max_memory=0):
        a = ctypes.c_int()
        _lib.call(None, "golcl_universe_algo_from_name", text(algo, "algo"), ctypes.byref(a))
        opts = _lib.UniverseOpts(a.value, u64(max_memory, "max_memory"))
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h if ctx is not None else None, "golcl_universe_create_sized",
                  ctx.h if ctx is not None else None, ctypes.byref(opts), ctypes.sizeof(opts),
                  ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)

    @classmethod
    def open(cls, path, ctx=None, algo="auto", max_memory=0):
        """A universe holding a pattern file (macrocell of any span too)."""
        u = cls(ctx, algo, max_memory)
        try:
            u.read(path)
        except Exception:
            u.close()
            raise
        return u

    def read(self, path):
        """Clears and loads a pattern file; unchanged on failure."""
        self._call("golcl_universe_read_file", self.h, path_arg(path))

    def load(self, pattern):
        """Clears and loads a Pattern (or an MSPattern, multi-state) at its
        position, with its rule and generation; unchanged on failure."""
        from .rules import MSPattern
        if isinstance(pattern, MSPattern):
            self._call("golcl_universe_load_ms", self.h, pattern.h)
        else:
            self._call("golcl_universe_load", self.h, pattern.h)

    @property
    def rule(self):
        buf = ctypes.create_string_buffer(256)
        self._call("golcl_universe_get_rule", self.h, buf, len(buf))
        return buf.value.decode()

    @rule.setter
    def rule(self, r):
        self._call("golcl_universe_set_rule", self.h, text(r, "rule"))

    @property
    def generation(self):
        return _lib.fn("golcl_universe_generation")(self.h)

    @generation.setter
    def generation(self, g):
        self._call("golcl_universe_set_generation", self.h, u64(g, "generation"))

    def run(self, generations, progress=None):
        """Advances `generations`. progress(done, total), if given, is called
        between chunks of the run (golcl_universe_run_progress); returning
        False stops the run there and raises golcl.Cancelled, the universe
        holding the generation reached; an exception in it stops the run and
        is raised again. A libgolcl without golcl_universe_run_progress
        raises golcl.Unsupported before anything is done."""
        n = u64(generations, "generations")
        if progress is None:
            self._call("golcl_universe_run", self.h, n)
            return self
        f = _lib.fn("golcl_universe_run_progress")  # Unsupported if absent
        failure = []

        def cb(user, done, total):
            try:
                return 0 if progress(done, total) is not False else 1
            except BaseException as e:  # noqa: B036 (raised again below)
                failure.append(e)
                return 1

        c_cb = _lib.PROGRESS_FN(cb)
        st = f(self.h, n, c_cb, None)
        if failure:
            raise failure[0]
        if st != 0:
            _lib.raise_for(st, "golcl_universe_run_progress", self._ctxh())
        return self

    def population(self):
        v, ref = byref_out(ctypes.c_uint64)
        self._call("golcl_universe_population", self.h, ref)
        return v.value

    def hash(self):
        v, ref = byref_out(ctypes.c_uint64)
        self._call("golcl_universe_hash", self.h, ref)
        return v.value

    def bounding_box(self):
        """(x, y, w, h) of the live cells; (0, 0, 0, 0) if none."""
        x, y, w, h = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_uint64(), ctypes.c_uint64()
        self._call("golcl_universe_bounding_box", self.h, ctypes.byref(x), ctypes.byref(y),
                   ctypes.byref(w), ctypes.byref(h))
        return (x.value, y.value, w.value, h.value)

    def _rect(self, x, y, w, h):  # any cell of the plane
        return i64(x, "x"), i64(y, "y"), u32(w, "w"), u32(h, "h")

    def to_array(self):
        """The cells of the bounding box, with its (x, y): (array, (x, y))."""
        x, y, w, h = self.bounding_box()
        if w > 0xFFFFFFFF or h > 0xFFFFFFFF or w * h > 1 << 32:
            raise InvalidArgument("bounding box %dx%d too large for one array; use read_rect"
                                  % (w, h), status=-1)
        return self.read_rect(x, y, w, h), (x, y)

    def extract(self):
        out, ref = byref_out(ctypes.c_void_p)
        self._call("golcl_universe_extract", self.h, ref)
        return Pattern(out.value)

    def extract_ms(self):
        """The cells not in state 0 as an MSPattern (multi-state too)."""
        from .rules import MSPattern
        out, ref = byref_out(ctypes.c_void_p)
        self._call("golcl_universe_extract_ms", self.h, ref)
        return MSPattern(out.value)

    def to_rle(self):
        return _lib.to_text(self._ctxh(), "golcl_universe_write_rle", self.h)

    def to_macrocell(self):
        return _lib.to_text(self._ctxh(), "golcl_universe_write_macrocell", self.h)

    def write(self, path):
        """Writes .rle or .mc (macrocell straight from the nodes, any span)."""
        p = os.fspath(path)
        ext = os.path.splitext(p)[1].lower()
        if ext == ".mc":
            data = self.to_macrocell()
        elif ext == ".rle":
            data = self.to_rle()
        else:
            raise InvalidArgument("write: extension must be .rle or .mc, not %r" % ext,
                                  status=-1)
        tmp = p + ".tmp%d" % os.getpid()
        with open(tmp, "w") as f:
            f.write(data)
        os.replace(tmp, p)

    def stats(self):
        s = _lib.UniverseStats()
        self._call("golcl_universe_get_stats", self.h, ctypes.byref(s))
        d = {k: getattr(s, k) for k, _ in s._fields_}
        d["algo"] = _lib.fn("golcl_universe_algo_name")(s.algo).decode()
        return d

    def is_soup(self, min_cells=0):
        """Whether AUTO sees a soup: more than min_cells (and 2^14) live cells
        filling an eighth of their box, most leaves distinct."""
        return bool(_lib.fn("golcl_universe_is_soup")(self.h, min_cells))

    # --- multi-state (functions of a later libgolcl: Unsupported if absent)
    @property
    def states(self):
        return _lib.fn("golcl_universe_states")(self.h)

    def census(self):
        """counts[s] of the cells in each state s (uint64 array of 256)."""
        c = (ctypes.c_uint64 * 256)()
        self._call("golcl_universe_census", self.h, ctypes.byref(c))
        return np.array(c[:], dtype=np.uint64)

    def read_scaled(self, x, y, w, h, shift):
        """Golly's zoomed-out picture: (share, state) arrays of (h, w)."""
        x, y, w, h = i64(x, "x"), i64(y, "y"), u32(w, "w"), u32(h, "h")
        share = np.empty((h, w), np.uint8)
        state = np.empty((h, w), np.uint8)
        self._call("golcl_universe_read_scaled", self.h, x, y, w, h, u32(shift, "shift"),
                   share.ctypes.data if share.size else None,
                   state.ctypes.data if state.size else None, max(w, 1))
        return share, state

    def _repr_png_(self, max_side=512):
        x, y, w, h = self.bounding_box()
        if w == 0:
            return png_gray(np.zeros((8, 8), np.uint8))
        side = max(w, h)
        if side <= max_side:
            return cells_picture(self.read_rect(x, y, w, h))
        shift = 0
        while (side + (1 << shift) - 1) >> shift > max_side:
            shift += 1
        pw, ph = (w + (1 << shift) - 1) >> shift, (h + (1 << shift) - 1) >> shift
        if _lib.has("golcl_universe_read_scaled"):
            share, _ = self.read_scaled(x, y, pw, ph, shift)
            return png_gray(np.where(share > 0, np.maximum(share, 64), 0).astype(np.uint8))
        return cells_picture(self.read_rect(x, y, min(w, max_side), min(h, max_side)))

    def __repr__(self):
        if self.closed:
            return "<golcl.Universe closed>"
        return "<golcl.Universe %s gen %d>" % (self.rule, self.generation)
