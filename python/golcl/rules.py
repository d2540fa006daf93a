"""Multi-state rules, grids and patterns (golcl_rules.h): Generations,
Larger than Life, RuleLoader rules, JvN."""
import ctypes

import numpy as np

from . import _lib
from ._base import (GridIO, Handle, PatternText, Sized, byref_out, cells_in, formatted,
                    from_array, i64, parsed, text, u32, u64)
from ._png import png_gray
from .core import GridState, boundary_code

_FAMILIES = {0: "generations", 1: "ltl", 3: "ruleloader", 16: "jvn29", 17: "nobili32",
             18: "hutton32"}


def _msrule(rule):
    return parsed(_lib.MSRule, "golcl_msrule_parse", rule, "rule")


def _msrule_text(r):
    return formatted("golcl_msrule_format", r, 256)


def msrule_info(rule):
    """{"rule": canonical text, "family": ..., "states": n} of a multi-state rule."""
    r = _msrule(rule)
    return {"rule": _msrule_text(r), "family": _FAMILIES.get(r.family, str(r.family)),
            "states": r.states}


def ms_reference_run(rule, cells, generations, boundary="dead"):
    """The host reference (the definition) on a copy of `cells`: the cells
    after `generations`."""
    r = _msrule(rule)
    if not isinstance(cells, np.ndarray) or cells.ndim != 2:
        cells_in(cells, None)
    cells_in(cells, cells.shape)  # dtype check
    work = np.ascontiguousarray(cells, dtype=np.uint8).copy()
    h, w = work.shape
    _lib.call(None, "golcl_ms_reference_run", ctypes.byref(r), boundary_code(boundary), w, h,
              work.ctypes.data, u64(generations, "generations"))
    return work


def _state_picture(cells, states):
    cells = np.asarray(cells)[:1024, :1024]
    h, w = cells.shape
    scale = max(1, min(8, 256 // max(h, w, 1)))
    k = max(int(states) - 1, 1)
    img = (cells.astype(np.uint32) * 255 // k).clip(0, 255).astype(np.uint8)
    if scale > 1:
        img = np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)
    return png_gray(img)


class MSGrid(Sized, GridIO, GridState, Handle):
    """A byte-a-cell grid of a multi-state rule: MSGrid(ctx, w, h,
    boundary="dead"|"torus", rule="345/2/4"). Cells are uint8 states.
    ctx None: a grid on the host (no device; the same cells)."""
    _c = "golcl_msgrid"

    _destroy = "golcl_msgrid_destroy"

    def __init__(self, ctx, width, height, boundary="dead", rule=None):
        out, ref = byref_out(ctypes.c_void_p)
        ch = ctx.h if ctx is not None else None
        _lib.call(ch, "golcl_msgrid_create", ch, u32(width, "width"),
                  u32(height, "height"), boundary_code(boundary), ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)
        if rule is not None:
            try:
                self.rule = rule
            except Exception:
                self.close()
                raise

    @classmethod
    def from_array(cls, ctx, cells, rule, boundary="dead"):
        return from_array(lambda w, h: cls(ctx, w, h, boundary, rule), cells)

    @property
    def rule(self):
        r = _lib.MSRule()
        self._call("golcl_msgrid_msrule", self.h, ctypes.byref(r))
        return _msrule_text(r)

    @rule.setter
    def rule(self, rule):
        self._call("golcl_msgrid_set_rule", self.h, text(rule, "rule"))

    @property
    def states(self):
        r = _lib.MSRule()
        self._call("golcl_msgrid_msrule", self.h, ctypes.byref(r))
        return r.states

    def randomize(self, density=0.5, seed=0, states=None):
        st = self.states if states is None else u32(states, "states")
        self._call("golcl_msgrid_randomize", self.h, st, float(density), u64(seed, "seed"))

    def census(self):
        c = (ctypes.c_uint64 * 256)()
        self._call("golcl_msgrid_census", self.h, ctypes.byref(c))
        return np.array(c[:], dtype=np.uint64)

    def run(self, generations=1):
        self._call("golcl_msgrid_step", self.h, u64(generations, "generations"))
        return self

    step = run

    def place(self, pattern, x=0, y=0):
        self._call("golcl_msgrid_place", self.h, pattern.h, i64(x, "x"), i64(y, "y"))

    def extract(self):
        out, ref = byref_out(ctypes.c_void_p)
        self._call("golcl_msgrid_extract", self.h, ref)
        return MSPattern(out.value)

    def _repr_png_(self):
        return _state_picture(self.read(), self.states)

    def __repr__(self):
        if self.closed:
            return "<golcl.MSGrid closed>"
        return "<golcl.MSGrid %dx%d %s gen %d>" % (self.width, self.height, self.rule,
                                                  self.generation)


class MSPattern(Sized, PatternText, Handle):
    """A multi-state pattern (Golly's RLE, macrocell, MCell)."""
    _c = "golcl_mspattern"

    _destroy = "golcl_mspattern_destroy"

    def __init__(self, _handle):
        super().__init__(_handle)

    @property
    def rule(self):
        r = _lib.MSRule()
        self._call("golcl_mspattern_msrule", self.h, ctypes.byref(r))
        return _msrule_text(r)

    def to_array(self):
        h, w = self.shape
        p = _lib.fn("golcl_mspattern_cells")(self.h)
        if not p or h * w == 0:
            return np.zeros((h, w), np.uint8)
        return np.ctypeslib.as_array((ctypes.c_uint8 * (h * w)).from_address(p)).reshape(
            h, w).copy()

    def to_rle(self):
        return _lib.to_text(None, "golcl_mspattern_write_rle", self.h)

    def to_macrocell(self):
        return _lib.to_text(None, "golcl_mspattern_write_macrocell", self.h)

    def __repr__(self):
        if self.closed:
            return "<golcl.MSPattern closed>"
        return "<golcl.MSPattern %dx%d %s>" % (self.width, self.height, self.rule)
