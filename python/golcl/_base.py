"""Handles and their lifetimes; numpy arrays in and out.

Every wrapper holds its C handle and a strong reference to its parent (a
grid to its context, a game to its graph, a solver to its operator), so a
parent never goes before its children by garbage collection. Closing a
parent explicitly (ctx.close(), leaving a ``with`` block) first closes its
children, newest first; using a closed object raises ClosedError.
"""
import atexit
import ctypes
import weakref

import numpy as np

from . import _lib
from ._lib import ClosedError, InvalidArgument

_U64_MAX = (1 << 64) - 1


class Handle:
    _destroy = None  # the C destroy function's name

    def __init__(self, handle, parent=None, ctx=None):
        self._h = handle
        self._parent = parent
        self._ctx = ctx
        self._children = {}
        if parent is not None:
            parent._adopt(self)

    def _adopt(self, child):
        self._children[id(child)] = weakref.ref(child)

    @property
    def closed(self):
        return self._h is None

    @property
    def h(self):
        if self._h is None:
            raise ClosedError("%s is closed%s" % (type(self).__name__, self._why_closed()),
                              status=-1)
        return self._h

    def _why_closed(self):
        p, why = self._parent, ""
        while p is not None:  # the outermost closed ancestor
            if p._h is None:
                why = " (its %s was closed)" % type(p).__name__
            p = p._parent
        return why

    def _ctxh(self):
        """The raw context handle for error messages (None: golcl_last_errmsg)."""
        c = self._ctx
        return c._h if c is not None else None

    def _call(self, name, *args):
        return _lib.call(self._ctxh(), name, *args)

    def close(self):
        """Frees the C object (children first); later use raises ClosedError.
        Calling it again is a no-op."""
        if self._h is None:
            return
        for ref in reversed(list(self._children.values())):
            child = ref()
            if child is not None:
                child.close()
        self._children.clear()
        h, self._h = self._h, None
        if self._destroy:
            _lib.fn(self._destroy)(h)
        if self._parent is not None:
            self._parent._children.pop(id(self), None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: modules may be gone
            pass


_open_contexts = weakref.WeakSet()


@atexit.register
def _close_all():
    for c in list(_open_contexts):
        try:
            c.close()
        except Exception:
            pass


def u64(value, what):
    """A count or seed as uint64: refuses negatives, non-integers and overflow
    before ctypes would wrap them around."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgument("%s must be an integer, not %s" % (what, type(value).__name__),
                              status=-1)
    value = int(value)
    if value < 0 or value > _U64_MAX:
        raise InvalidArgument("%s must be in 0..2^64-1, not %d" % (what, value), status=-1)
    return value


def u32(value, what):
    value = u64(value, what)
    if value > 0xFFFFFFFF:
        raise InvalidArgument("%s must be below 2^32, not %d" % (what, value), status=-1)
    return value


def i64(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgument("%s must be an integer, not %s" % (what, type(value).__name__),
                              status=-1)
    value = int(value)
    if not -(1 << 63) <= value < (1 << 63):
        raise InvalidArgument("%s does not fit in int64: %d" % (what, value), status=-1)
    return value


def text(value, what):
    if not isinstance(value, (str, bytes)):
        raise InvalidArgument("%s must be a string, not %s" % (what, type(value).__name__),
                              status=-1)
    b = value.encode() if isinstance(value, str) else value
    if b"\0" in b:
        raise InvalidArgument("%s contains a NUL character" % what, status=-1)
    return b


def path_arg(value, what="path"):
    import os
    return text(os.fspath(value), what)


# ------------------------------------------------------------------ arrays

CELL_DTYPES = (np.uint8, np.bool_)


def cells_in(arr, shape, what="cells"):
    """(pointer, row_stride, keepalive) for a 2-D array of uint8 or bool with
    the given (rows, columns): no copy when each row is contiguous and rows
    follow at a positive stride (any C-contiguous array, a slice of rows or
    columns of one); one copy otherwise."""
    if not isinstance(arr, np.ndarray):
        raise InvalidArgument("%s must be a numpy array of uint8, not %s"
                              % (what, type(arr).__name__), status=-1)
    if arr.dtype.type not in CELL_DTYPES:
        raise InvalidArgument("%s has dtype %s; want uint8 (or bool): use arr.astype(np.uint8)"
                              % (what, arr.dtype), status=-1)
    if shape is not None and tuple(arr.shape) != tuple(shape):
        raise InvalidArgument("%s has shape %s; want %s (rows, columns)"
                              % (what, tuple(arr.shape), tuple(shape)), status=-1)
    if arr.ndim != 2:
        raise InvalidArgument("%s must be 2-D, not %d-D" % (what, arr.ndim), status=-1)
    h, w = arr.shape
    if h == 0 or w == 0:
        return None, max(w, 1), arr
    if arr.strides[1] != 1 or arr.strides[0] < w:
        arr = np.ascontiguousarray(arr)  # the one copy
    return arr.ctypes.data, arr.strides[0], arr


def cells_out(out, shape, what="out", dtype=np.uint8):
    """(array, pointer, row_stride): `out` if the library can write it in
    place (dtype uint8, the shape, rows contiguous at a positive stride,
    writeable), else InvalidArgument; a new C-contiguous array for None."""
    if out is None:
        out = np.empty(shape, dtype=dtype)
    else:
        if not isinstance(out, np.ndarray) or out.dtype != np.dtype(dtype):
            raise InvalidArgument("%s must be a numpy array of %s" % (what, np.dtype(dtype)),
                                  status=-1)
        if tuple(out.shape) != tuple(shape):
            raise InvalidArgument("%s has shape %s; want %s" % (what, out.shape, tuple(shape)),
                                  status=-1)
        if not out.flags.writeable:
            raise InvalidArgument("%s is read-only" % what, status=-1)
        if out.size and (out.strides[-1] != out.itemsize or
                         (out.ndim == 2 and out.strides[0] < shape[1] * out.itemsize)):
            raise InvalidArgument("%s must have contiguous rows at a positive stride" % what,
                                  status=-1)
    stride = out.strides[0] if out.ndim == 2 else 0
    return out, (out.ctypes.data if out.size else None), stride


def vector_in(arr, dtype, n=None, what="values"):
    """(pointer, keepalive) of a 1-D array of exactly `dtype` and length n;
    anything else is refused (no silent casts of float64 to float32)."""
    if not isinstance(arr, np.ndarray):
        raise InvalidArgument("%s must be a numpy array, not %s" % (what, type(arr).__name__),
                              status=-1)
    if arr.dtype != np.dtype(dtype):
        raise InvalidArgument("%s has dtype %s; want %s" % (what, arr.dtype, np.dtype(dtype)),
                              status=-1)
    if arr.ndim != 1 or (n is not None and arr.shape[0] != n):
        raise InvalidArgument("%s has shape %s; want (%s,)" % (what, arr.shape, n), status=-1)
    arr = np.ascontiguousarray(arr)  # no copy when already contiguous
    return arr.ctypes.data, arr


def byref_out(ctype):
    v = ctype()
    return v, ctypes.byref(v)


def text_bytes(value, what="text"):
    """A str (UTF-8) or bytes argument as bytes."""
    b = value.encode() if isinstance(value, str) else value
    if not isinstance(b, bytes):
        raise InvalidArgument("%s must be str or bytes" % what, status=-1)
    return b


def cells_shape(cells, what="cells"):
    """(rows, columns) of a 2-D cell array; the clear error for anything else."""
    if not isinstance(cells, np.ndarray) or cells.ndim != 2:
        cells_in(cells, None, what)  # raises
    return cells.shape


def from_array(make, cells):
    """make(width, height) filled with the array's cells (closed again if that fails)."""
    h, w = cells_shape(cells)
    g = make(w, h)
    try:
        g.write(cells)
    except Exception:
        g.close()
        raise
    return g


class Sized:
    """width, height and shape (rows, columns) through golcl_<_c>_width/_height."""
    _c = None

    @property
    def width(self):
        return _lib.fn(self._c + "_width")(self.h)

    @property
    def height(self):
        return _lib.fn(self._c + "_height")(self.h)

    @property
    def shape(self):
        return (self.height, self.width)


class RectIO:
    """read_rect and write_rect through golcl_<_c>_read_rect/_write_rect; _rect
    checks and converts a rectangle (unsigned 32-bit here)."""
    _c = None

    def _rect(self, x, y, w, h):
        return u32(x, "x"), u32(y, "y"), u32(w, "w"), u32(h, "h")

    def read_rect(self, x, y, w, h, out=None):
        """The w×h cells (states) at (x, y) as an (h, w) uint8 array."""
        x, y, w, h = self._rect(x, y, w, h)
        out, p, stride = cells_out(out, (h, w))
        self._call(self._c + "_read_rect", self.h, x, y, w, h, p, stride or max(w, 1))
        return out

    def write_rect(self, x, y, cells):
        """Replaces the rectangle at (x, y) of the array's shape with its cells."""
        h, w = cells_shape(cells)
        x, y, w, h = self._rect(x, y, w, h)
        p, stride, keep = cells_in(cells, (h, w))
        self._call(self._c + "_write_rect", self.h, x, y, w, h, p, stride)


class PatternText:
    """A pattern's way in from text and its place: read(path) and parse(text)
    through golcl_<_c>_read_file/_parse, origin and generation."""
    _c = None

    @classmethod
    def read(cls, path):
        """The pattern of a file (every format the C reader takes, gzip too)."""
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(None, cls._c + "_read_file", path_arg(path), ref)
        return cls(out.value)

    @classmethod
    def parse(cls, text_):
        """The pattern of a text (str or bytes)."""
        b = text_bytes(text_)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(None, cls._c + "_parse", b, len(b), ref)
        return cls(out.value)

    @property
    def origin(self):
        """(x, y) of the box's top-left cell in Golly's coordinates."""
        x, y = ctypes.c_int64(), ctypes.c_int64()
        _lib.fn(self._c + "_origin")(self.h, ctypes.byref(x), ctypes.byref(y))
        return (x.value, y.value)

    @property
    def generation(self):
        return _lib.fn(self._c + "_generation")(self.h)


class GridIO(RectIO):
    """A grid's cells in and out whole (golcl_<_c>_write/_read), and by rectangles."""

    def write(self, cells):
        """Replaces every cell from a (height, width) uint8/bool array;
        no copy for row-contiguous arrays, one copy otherwise."""
        p, stride, keep = cells_in(cells, self.shape)
        self._call(self._c + "_write", self.h, p, stride)

    def read(self, out=None):
        """The cells as a new (height, width) uint8 array (or into `out`)."""
        out, p, stride = cells_out(out, self.shape)
        self._call(self._c + "_read", self.h, p, stride)
        return out

    def to_array(self, out=None):
        return self.read(out)

    def __array__(self, dtype=None):
        a = self.read()
        return a if dtype is None else a.astype(dtype)


def parsed(struct, fn, value, what):
    """A new ctypes struct filled by the C parser fn(text, &struct)."""
    s = struct()
    _lib.call(None, fn, text(value, what), ctypes.byref(s))
    return s


def formatted(fn, obj, cap):
    """The text that the C formatter fn(&obj, buf, cap) writes."""
    buf = ctypes.create_string_buffer(cap)
    _lib.call(None, fn, ctypes.byref(obj), buf, len(buf))
    return buf.value.decode()
