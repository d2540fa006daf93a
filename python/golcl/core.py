"""Contexts, devices, Life grids, steppers and patterns (golcl.h)."""
import ctypes

import numpy as np

from . import _lib
from ._base import (GridIO, Handle, PatternText, Sized, _open_contexts, byref_out, cells_in,
                    cells_out, cells_shape, formatted, from_array, i64, parsed, path_arg, text,
                    u32, u64)
from ._lib import InvalidArgument
from ._png import cells_picture

_BOUNDARIES = {"dead": 0, "torus": 1}
_BOUNDARY_NAMES = {v: k for k, v in _BOUNDARIES.items()}
_DEVICE_TYPES = {0: "other", 1: "cpu", 2: "gpu", 3: "accelerator"}
_LAYOUTS = {"bytes": 0, "pack16": 1, "bitrow": 2, "bytes_pow2": 3}


def boundary_code(b):
    if isinstance(b, str) and b.lower() in _BOUNDARIES:
        return _BOUNDARIES[b.lower()]
    raise InvalidArgument("boundary must be 'dead' or 'torus', not %r" % (b,), status=-1)


def _info_dict(d):
    return {"name": d.name.decode(), "vendor": d.vendor.decode(), "platform": d.platform.decode(),
            "version": d.version.decode(), "driver_version": d.driver_version.decode(),
            "platform_version": d.platform_version.decode(),
            "spec": "%d:%d" % (d.platform_index, d.device_index),
            "type": _DEVICE_TYPES.get(d.type, "other"), "compute_units": d.compute_units,
            "global_mem_bytes": d.global_mem_bytes, "max_alloc_bytes": d.max_alloc_bytes,
            "local_mem_bytes": d.local_mem_bytes, "max_work_group_size": d.max_work_group_size,
            "fp64": bool(d.fp64)}


def devices():
    """Every OpenCL device, in "P:D" order, as dicts (name, type, spec, ...)."""
    n = ctypes.c_size_t()
    _lib.call(None, "golcl_devices", None, 0, ctypes.byref(n))
    arr = (_lib.DeviceInfo * max(n.value, 1))()
    _lib.call(None, "golcl_devices", arr, n.value, ctypes.byref(n))
    return [_info_dict(arr[i]) for i in range(min(n.value, len(arr)))]


class Context(Handle):
    """One OpenCL device with its queue and kernel cache.

    ``device`` takes the specs of GOLCL_DEVICE: None (then $GOLCL_DEVICE, the
    first GPU, the first device), "gpu", "cpu", "P:D" or a substring of the
    device name. Use it as a context manager, or call close(): that closes
    every grid, vector, ... made with it first."""

    _destroy = "golcl_context_destroy"

    def __init__(self, device=None, build_options=None):
        opts = _lib.ContextOpts(text(device, "device") if device is not None else None,
                                text(build_options, "build_options")
                                if build_options is not None else None)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(None, "golcl_context_create_sized", ctypes.byref(opts),
                  ctypes.sizeof(opts), ref)
        super().__init__(out.value)
        self._ctx = self
        self._steppers = {}
        _open_contexts.add(self)

    def _ctxh(self):
        return self._h

    @property
    def device(self):
        """The device as a dict (name, vendor, type, spec "P:D", fp64, ...)."""
        d = _lib.DeviceInfo()
        self._call("golcl_context_device_info", self.h, ctypes.byref(d))
        return _info_dict(d)

    @property
    def errmsg(self):
        """golcl_context_errmsg: the details of the last failure."""
        return _lib.errmsg(self.h)

    def finish(self):
        """Waits until the device has done all queued work."""
        self._call("golcl_context_finish", self.h)

    def stepper(self, name="auto"):
        """A stepper of this context by name, made once and kept."""
        key = name.lower() if isinstance(name, str) else name
        s = self._steppers.get(key)
        if s is None or s.closed:
            s = self._steppers[key] = Stepper(self, name)
        return s

    def close(self):
        self._steppers = {}
        super().close()

    def __repr__(self):
        if self.closed:
            return "<golcl.Context closed>"
        d = self.device
        return "<golcl.Context %s %s (%s)>" % (d["spec"], d["name"], d["type"])


# ------------------------------------------------------------------ rules

def rule_canonical(rule):
    """Golly's spelling of any two-state rule ("life" -> "B3/S23")."""
    t = parsed(_lib.RuleTable, "golcl_rule_table_parse", rule, "rule")
    return formatted("golcl_rule_table_format", t, 128)


def rule_table(rule):
    """The rule's 512-entry table (Golly's MAP order) as a uint8 array."""
    t = parsed(_lib.RuleTable, "golcl_rule_table_parse", rule, "rule")
    return np.frombuffer(bytes(t.next), dtype=np.uint8).copy()


def parse_bounds(spec):
    return parsed(_lib.Bounds, "golcl_bounds_parse", spec, "bounds")


def format_bounds(b):
    return formatted("golcl_bounds_format", b, 64)


class GridState:
    """boundary, generation and Golly's bounded grid of a grid (Grid, MSGrid)
    through golcl_<_c>_boundary, _generation, _bounds and their setters;
    clear, population and hash."""
    _c = None

    def clear(self):
        self._call(self._c + "_clear", self.h)

    def population(self):
        v, ref = byref_out(ctypes.c_uint64)
        self._call(self._c + "_population", self.h, ref)
        return v.value

    def hash(self):
        """The library's 64-bit hash of the cells (layout, device independent)."""
        v, ref = byref_out(ctypes.c_uint64)
        self._call(self._c + "_hash", self.h, ref)
        return v.value

    @property
    def boundary(self):
        return _BOUNDARY_NAMES.get(_lib.fn(self._c + "_boundary")(self.h), "dead")

    @property
    def generation(self):
        return _lib.fn(self._c + "_generation")(self.h)

    @generation.setter
    def generation(self, g):
        self._call(self._c + "_set_generation", self.h, u64(g, "generation"))

    @property
    def bounds(self):
        """Golly's bounded-grid suffix (":T30,20", ":P30,20", ":K30*,20", ...)."""
        b = _lib.Bounds()
        self._call(self._c + "_bounds", self.h, ctypes.byref(b))
        return format_bounds(b)

    @bounds.setter
    def bounds(self, spec):
        self._call(self._c + "_set_bounds", self.h, ctypes.byref(parse_bounds(spec)))


# ------------------------------------------------------------------ stepper

def stepper_names(available_only=True):
    """The stepper names ("reference", "naive", ..., "auto")."""
    out, k = [], 0
    while True:
        n = _lib.fn("golcl_stepper_name")(k)
        if n is None:
            break
        if not available_only or _lib.fn("golcl_stepper_available")(k):
            out.append(n.decode())
        k += 1
    return out


class Stepper(Handle):
    """An algorithm that advances grids: Stepper(ctx, "bitslice"). Options:
    local=(w, h) work-group shape, tile=(w, h), gens_per_launch."""

    _destroy = "golcl_stepper_destroy"

    def __init__(self, ctx, name="auto", local=None, tile=None, gens_per_launch=0):
        kind = ctypes.c_int()
        _lib.call(None, "golcl_stepper_from_name", text(name, "stepper name"),
                  ctypes.byref(kind))
        o = _lib.StepperOpts()
        if local is not None:
            o.local_w, o.local_h = u32(local[0], "local[0]"), u32(local[1], "local[1]")
        if tile is not None:
            o.tile_w, o.tile_h = u32(tile[0], "tile[0]"), u32(tile[1], "tile[1]")
        o.gens_per_launch = u32(gens_per_launch, "gens_per_launch")
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_stepper_create_sized", ctx.h, kind.value, ctypes.byref(o),
                  ctypes.sizeof(o), ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)

    @property
    def name(self):
        return _lib.fn("golcl_stepper_name")(_lib.fn("golcl_stepper_kind_of")(self.h)).decode()

    @property
    def chosen(self):
        """The stepper that ran the last run (auto's choice)."""
        return _lib.fn("golcl_stepper_name")(_lib.fn("golcl_stepper_chosen")(self.h)).decode()

    def prepare(self, grid):
        """Builds the kernels for this grid now (no JIT in the first run)."""
        self._call("golcl_stepper_prepare", self.h, grid.h)

    def run(self, grid, generations=1):
        """Advances grid by `generations` (enqueues; reads wait for it)."""
        n = u64(generations, "generations")
        self._call("golcl_stepper_run", self.h, grid.h, n)
        return grid

    def stats(self):
        s = _lib.StepperStats()
        self._call("golcl_stepper_get_stats", self.h, ctypes.byref(s))
        return {k: getattr(s, k) for k, _ in s._fields_}

    def __repr__(self):
        return "<golcl.Stepper %s>" % ("closed" if self.closed else self.name)


# ------------------------------------------------------------------ grid

class Grid(Sized, GridIO, GridState, Handle):
    """A two-state grid on the device: Grid(ctx, width, height,
    boundary="dead"|"torus", rule="B3/S23"). Cells cross to and from numpy
    as uint8 arrays of shape (height, width), 0 dead and 1 alive."""
    _c = "golcl_grid"

    _destroy = "golcl_grid_destroy"

    def __init__(self, ctx, width, height, boundary="dead", rule=None, _handle=None):
        if _handle is None:
            w, h = u32(width, "width"), u32(height, "height")
            out, ref = byref_out(ctypes.c_void_p)
            _lib.call(ctx.h, "golcl_grid_create", ctx.h, w, h, boundary_code(boundary), ref)
            _handle = out.value
        super().__init__(_handle, parent=ctx, ctx=ctx)
        if rule is not None:
            try:
                self.rule = rule
            except Exception:
                self.close()
                raise

    @classmethod
    def from_array(cls, ctx, cells, boundary="dead", rule=None):
        """A grid of the array's shape (rows, columns) holding its cells."""
        return from_array(lambda w, h: cls(ctx, w, h, boundary, rule), cells)

    # --- properties
    @property
    def context(self):
        return self._ctx

    @property
    def rule(self):
        """The rule as Golly writes it; set any two-state rule Golly runs."""
        buf = ctypes.create_string_buffer(128)
        self._call("golcl_grid_get_rule", self.h, buf, len(buf))
        return buf.value.decode()

    @rule.setter
    def rule(self, r):
        self._call("golcl_grid_set_rule", self.h, text(r, "rule"))

    @property
    def rule_table(self):
        t = _lib.RuleTable()
        self._call("golcl_grid_rule_table", self.h, ctypes.byref(t))
        return np.frombuffer(bytes(t.next), dtype=np.uint8).copy()

    @property
    def layout(self):
        info = _lib.LayoutInfo()
        _lib.fn("golcl_grid_buffer")(self.h, ctypes.byref(info))
        return _lib.fn("golcl_layout_name")(info.layout).decode()

    def set_layout(self, name):
        if name not in _LAYOUTS:
            raise InvalidArgument("layout must be one of %s" % sorted(_LAYOUTS), status=-1)
        self._call("golcl_grid_set_layout", self.h, _LAYOUTS[name])

    # --- cells (write, read, to_array, read_rect, write_rect: GridIO)
    def _rect(self, x, y, w, h):
        x, y, w, h = (u32(x, "x"), u32(y, "y"), u32(w, "w"), u32(h, "h"))
        if x + w > self.width or y + h > self.height:
            raise InvalidArgument("rectangle %dx%d at (%d, %d) is outside the %dx%d grid"
                                  % (w, h, x, y, self.width, self.height), status=-1)
        return x, y, w, h

    def randomize(self, density=0.5, seed=0):
        """Cell alive iff the library's hash of (seed, x, y) < density: the
        same cells on every device."""
        d = float(density)
        self._call("golcl_grid_randomize", self.h, d, u64(seed, "seed"))

    def run(self, generations=1, stepper="auto"):
        """Advances `generations` with a stepper (a name or a Stepper)."""
        s = stepper if isinstance(stepper, Stepper) else self._ctx.stepper(stepper)
        s.run(self, generations)
        return self

    step = run

    def clone(self):
        out, ref = byref_out(ctypes.c_void_p)
        self._call("golcl_grid_clone", self.h, ref)
        return Grid(self._ctx, 0, 0, _handle=out.value)

    # --- patterns
    def place(self, pattern, x=0, y=0):
        """ORs a pattern's live cells in with its top-left at (x, y)."""
        self._call("golcl_grid_place", self.h, pattern.h, i64(x, "x"), i64(y, "y"))

    def extract(self):
        """The live cells' bounding box as a Pattern (rule, generation, bounds)."""
        out, ref = byref_out(ctypes.c_void_p)
        self._call("golcl_grid_extract", self.h, ref)
        return Pattern(_handle=out.value)

    def bounding_box(self):
        """(x, y, w, h) of the live cells; (0, 0, 0, 0) if none."""
        vals = [ctypes.c_uint32() for _ in range(4)]
        self._call("golcl_grid_bounding_box", self.h, *[ctypes.byref(v) for v in vals])
        return tuple(v.value for v in vals)

    def _repr_png_(self):
        return cells_picture(self.read_rect(0, 0, min(self.width, 1024), min(self.height, 1024)))

    def __repr__(self):
        if self.closed:
            return "<golcl.Grid closed>"
        return "<golcl.Grid %dx%d %s %s gen %d>" % (self.width, self.height, self.boundary,
                                                   self.rule, self.generation)


# ------------------------------------------------------------------ patterns

def pattern_limits(**limits):
    """The process-wide limits of the pattern readers (and writers) as a dict
    (max_width, max_height, max_cells, max_bytes); keyword arguments set
    those fields first, pattern_limits(reset=True) restores the defaults."""
    cur = _lib.PatternLimits()
    if limits.pop("reset", False):
        _lib.call(None, "golcl_pattern_set_limits", None)
    _lib.fn("golcl_pattern_get_limits")(ctypes.byref(cur))
    if limits:
        for k, v in limits.items():
            if k not in dict(_lib.PatternLimits._fields_):
                raise InvalidArgument("no pattern limit %r" % k, status=-1)
            setattr(cur, k, u32(v, k) if k in ("max_width", "max_height") else u64(v, k))
        _lib.call(None, "golcl_pattern_set_limits", ctypes.byref(cur))
    return {k: getattr(cur, k) for k, _ in cur._fields_}


class Pattern(Sized, PatternText, Handle):
    """A host-side pattern: Pattern.read(path) (RLE, plaintext, Life 1.05/1.06
    or macrocell, gzip too), Pattern.parse(text), Pattern.from_array(cells);
    .to_array(), .write(path), .to_rle()."""
    _c = "golcl_pattern"

    _destroy = "golcl_pattern_destroy"

    def __init__(self, _handle):
        super().__init__(_handle)

    @classmethod
    def from_array(cls, cells, rule=None):
        p, stride, keep = cells_in(cells, cells_shape(cells))
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(None, "golcl_pattern_from_cells", p, cells.shape[1], cells.shape[0],
                  stride if p else 0, ref)
        pat = cls(out.value)
        if rule is not None:
            pat.rule = rule
        return pat

    @property
    def population(self):
        return _lib.fn("golcl_pattern_population")(self.h)

    @property
    def format(self):
        return _lib.fn("golcl_pattern_format_name")(
            _lib.fn("golcl_pattern_get_format")(self.h)).decode()

    @property
    def rule(self):
        """The rule with its bounded-grid suffix ("B3/S23:T30,20")."""
        buf = ctypes.create_string_buffer(192)
        self._call("golcl_pattern_rule_text", self.h, buf, len(buf))
        return buf.value.decode()

    @rule.setter
    def rule(self, r):
        self._call("golcl_pattern_set_rule", self.h, text(r, "rule"))

    @PatternText.generation.setter
    def generation(self, g):
        self._call("golcl_pattern_set_generation", self.h, u64(g, "generation"))

    @PatternText.origin.setter
    def origin(self, xy):
        self._call("golcl_pattern_set_origin", self.h, i64(xy[0], "x"), i64(xy[1], "y"))

    @property
    def comments(self):
        n = _lib.fn("golcl_pattern_comment_count")(self.h)
        return [_lib.fn("golcl_pattern_comment")(self.h, i).decode("utf-8", "replace")
                for i in range(n)]

    def add_comment(self, line):
        self._call("golcl_pattern_add_comment", self.h, text(line, "comment"))

    def to_array(self, out=None):
        out, p, stride = cells_out(out, self.shape)
        self._call("golcl_pattern_get_cells", self.h, p, stride or max(self.width, 1))
        return out

    __array__ = lambda self, dtype=None: self.to_array() if dtype is None else \
        self.to_array().astype(dtype)

    def to_rle(self):
        return _lib.to_text(None, "golcl_pattern_write_rle", self.h)

    def to_macrocell(self):
        return _lib.to_text(None, "golcl_pattern_write_macrocell", self.h)

    def to_plaintext(self):
        return _lib.to_text(None, "golcl_pattern_write_plaintext", self.h)

    def write(self, path):
        """Writes by extension (.rle, .cells, .mc), atomically."""
        self._call("golcl_pattern_write_file", self.h, path_arg(path))

    def _repr_png_(self):
        return cells_picture(self.to_array())

    def __repr__(self):
        if self.closed:
            return "<golcl.Pattern closed>"
        return "<golcl.Pattern %dx%d pop %d %s>" % (self.width, self.height, self.population,
                                                   self.rule)
