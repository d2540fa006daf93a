"""Linear algebra for finite-difference solvers (golcl_la.h): device
vectors, band, stencil, CSR and dense operators, multigrid and CG."""
import ctypes

import numpy as np

from . import _lib
from ._base import Handle, byref_out, u64, vector_in
from ._lib import InvalidArgument

_DT = {np.dtype(np.float32): 0, np.dtype(np.float64): 1}
_NP = {0: np.dtype(np.float32), 1: np.dtype(np.float64)}
_PRECOND = {"none": 0, None: 0, "jacobi": 1, "mg": 2}
_METHOD = {"standard": 0, "single_reduction": 1}
_STOP = {0: "converged", 1: "max_iter", 2: "breakdown", 3: "nonfinite", 4: "zero_rhs",
         5: "inaccurate"}
_REDUCE = {"sum": 0, "min": 1, "max": 2, "amax": 3}


def _dtype(dtype):
    try:
        d = np.dtype(dtype)
    except TypeError:
        d = None
    if d not in _DT:
        raise InvalidArgument("dtype must be float32 or float64, not %r" % (dtype,), status=-1)
    return d


class Vec(Handle):
    """A device vector: Vec(ctx, values) from a 1-D float32/float64 array
    (copied once to the device), or Vec(ctx, n, dtype) of zeros."""

    _destroy = "golcl_vec_destroy"

    def __init__(self, ctx, values, dtype=None):
        if isinstance(values, np.ndarray):
            d = _dtype(values.dtype if dtype is None else dtype)
            p, keep = vector_in(values, d)
            n = values.shape[0]
        else:
            n, d, p = u64(values, "n"), _dtype(np.float64 if dtype is None else dtype), None
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_vec_create", ctx.h, n, _DT[d], p, ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)

    @property
    def size(self):
        return _lib.fn("golcl_vec_size")(self.h)

    def __len__(self):
        return self.size

    @property
    def dtype(self):
        return _NP[_lib.fn("golcl_vec_dtype")(self.h)]

    def read(self, out=None):
        """The values as a new numpy array (or into a contiguous `out`)."""
        if out is None:
            out = np.empty(self.size, self.dtype)
        else:
            vector_in(out, self.dtype, self.size, "out")
            if not out.flags.c_contiguous or not out.flags.writeable:
                raise InvalidArgument("out must be contiguous and writeable", status=-1)
        self._call("golcl_vec_read", self.h, 0, self.size, out.ctypes.data if out.size else None)
        return out

    to_array = read

    def __array__(self, dtype=None):
        a = self.read()
        return a if dtype is None else a.astype(dtype)

    def write(self, values, offset=0):
        p, keep = vector_in(values, self.dtype)
        self._call("golcl_vec_write", self.h, u64(offset, "offset"), values.shape[0], p)

    def fill(self, value):
        self._call("golcl_vec_fill", self.h, float(value))

    def copy_from(self, src):
        self._call("golcl_vec_copy", src.h, self.h)

    def axpby(self, a, x, b, y):
        """self = a·x + b·y (self may be x or y)."""
        self._call("golcl_vec_axpby", float(a), x.h, float(b), y.h, self.h)
        return self

    def mul(self, x, y):
        """self = x ∘ y elementwise."""
        self._call("golcl_vec_mul", x.h, y.h, self.h)
        return self

    def dot(self, other):
        v, ref = byref_out(ctypes.c_double)
        self._call("golcl_vec_dot", self.h, other.h, ref)
        return v.value

    def norm(self):
        v, ref = byref_out(ctypes.c_double)
        self._call("golcl_vec_nrm2", self.h, ref)
        return v.value

    def reduce(self, op="sum"):
        """(value, index) for "sum", "min", "max", "amax"."""
        if op not in _REDUCE:
            raise InvalidArgument("op must be one of %s" % sorted(_REDUCE), status=-1)
        v, i = ctypes.c_double(), ctypes.c_size_t()
        self._call("golcl_vec_reduce", self.h, _REDUCE[op], ctypes.byref(v), ctypes.byref(i))
        return v.value, i.value


class Operator(Handle):
    """What CG solves with: band, stencil, CSR and dense matrices."""

    _op_fn = None

    @property
    def op(self):
        return _lib.fn(self._op_fn)(self.h)

    @property
    def n(self):
        return _lib.fn("golcl_op_size")(self.op)

    @property
    def dtype(self):
        return self._dtype

    def mv(self, x, y, out):
        """out = A·x + y on device vectors (y may be None)."""
        self._call("golcl_op_mv", self.op, x.h, y.h if y is not None else None, out.h)
        return out

    def __matmul__(self, x):
        """A @ x for a numpy vector (through device vectors)."""
        ctx = self._ctx
        with Vec(ctx, np.asarray(x, dtype=self._dtype)) as vx, Vec(ctx, self.n, self._dtype) \
                as vo:
            self.mv(vx, None, vo)
            return vo.read()

    def cg(self):
        return CG(self)

    def solve(self, b, x0=None, **opts):
        """CG on this operator: see CG.solve."""
        with CG(self) as cg:
            return cg.solve(b, x0, **opts)


class BandMatrix(Operator):
    """n×n matrix stored as diagonals: BandMatrix(ctx, n, {offset: values},
    dtype, wrap=False). values has n entries; entry i is A[i][i + offset]
    (entries that fall outside are ignored; with wrap, A[i][(i+offset) mod n])."""

    _destroy = "golcl_bandmat_destroy"
    _op_fn = "golcl_bandmat_op"

    def __init__(self, ctx, n, diagonals, dtype=np.float64, wrap=False):
        d = _dtype(dtype)
        if not isinstance(diagonals, dict) or not diagonals:
            raise InvalidArgument("diagonals must be a non-empty dict {offset: values}", status=-1)
        offs = sorted(int(o) for o in diagonals)
        arr = (ctypes.c_ssize_t * len(offs))(*offs)
        vals = {}
        for o in offs:
            vals[o] = vector_in(diagonals[o], d, u64(n, "n"), "diagonal %d" % o)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_bandmat_create_ex", ctx.h, n, len(offs), arr, _DT[d],
                  1 if wrap else 0, ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)
        self._dtype = d
        for o in offs:
            self.set_diag(o, diagonals[o])

    def set_diag(self, offset, values):
        p, keep = vector_in(values, self._dtype, self.n, "diagonal")
        self._call("golcl_bandmat_set_diag", self.h, int(offset), p)


class Stencil(Operator):
    """A matrix-free stencil: Stencil(ctx, coef, shape, edge="dirichlet"|
    "periodic", dtype). shape (ny, nx) with 5 coefficients {centre, -x, +x,
    -y, +y} or 9 (3×3 row by row); (nz, ny, nx) with 7. Unknown (x, y[, z])
    is row (z·ny + y)·nx + x, so a numpy field of that shape, flattened."""

    _destroy = "golcl_stencil_destroy"
    _op_fn = "golcl_stencil_op"

    def __init__(self, ctx, coef, shape, edge="dirichlet", dtype=np.float64):
        d = _dtype(dtype)
        coef = np.ascontiguousarray(coef, dtype=np.float64).reshape(-1)
        kind = coef.shape[0]
        shape = tuple(int(s) for s in shape)
        if (kind in (5, 9) and len(shape) != 2) or (kind == 7 and len(shape) != 3) or \
                kind not in (5, 7, 9):
            raise InvalidArgument("want 5 or 9 coefficients with a 2-D shape, 7 with 3-D; got "
                                  "%d and %s" % (kind, shape), status=-1)
        if edge not in ("dirichlet", "periodic"):
            raise InvalidArgument("edge must be 'dirichlet' or 'periodic'", status=-1)
        nz, ny, nx = (1,) + shape if len(shape) == 2 else shape
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_stencil_create", ctx.h, kind, nx, ny,
                  nz if len(shape) == 3 else 1,
                  coef.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                  0 if edge == "dirichlet" else 1, _DT[d], ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)
        self._dtype, self.shape = d, shape

    @classmethod
    def laplacian(cls, ctx, shape, h=1.0, edge="dirichlet", dtype=np.float64):
        """−∇² by finite differences with spacing h (SPD on Dirichlet grids)."""
        s = 1.0 / (h * h)
        if len(shape) == 2:
            return cls(ctx, [4 * s, -s, -s, -s, -s], shape, edge, dtype)
        return cls(ctx, [6 * s] + [-s] * 6, shape, edge, dtype)


class CSRMatrix(Operator):
    """A sparse matrix: CSRMatrix(ctx, (rows, cols), row_ptr, col_idx, vals)
    or CSRMatrix.from_scipy(ctx, m). row_ptr and col_idx are converted to
    size_t (one copy unless they already are np.uintp); vals must be float32
    or float64."""

    _destroy = "golcl_csrmat_destroy"
    _op_fn = "golcl_csrmat_op"

    def __init__(self, ctx, shape, row_ptr, col_idx, vals):
        rows, cols = (int(s) for s in shape)
        if not isinstance(vals, np.ndarray):
            raise InvalidArgument("vals must be a numpy array", status=-1)
        d = _dtype(vals.dtype)
        rp, ci = np.asarray(row_ptr), np.asarray(col_idx)
        for name, a in (("row_ptr", rp), ("col_idx", ci)):
            if a.ndim != 1 or a.dtype.kind not in "iu":
                raise InvalidArgument("%s must be a 1-D integer array" % name, status=-1)
            if a.size and a.min() < 0:
                raise InvalidArgument("%s has negative entries" % name, status=-1)
        if rp.shape[0] != rows + 1:
            raise InvalidArgument("row_ptr has %d entries; want rows + 1 = %d"
                                  % (rp.shape[0], rows + 1), status=-1)
        nnz = int(rp[-1]) if rp.size else 0
        if ci.shape[0] < nnz or vals.shape != (ci.shape[0],):
            raise InvalidArgument("col_idx and vals need row_ptr[-1] = %d entries" % nnz,
                                  status=-1)
        rp = np.ascontiguousarray(rp, dtype=np.uintp)
        ci = np.ascontiguousarray(ci, dtype=np.uintp)
        v = np.ascontiguousarray(vals)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_csrmat_create", ctx.h, rows, cols, rp.ctypes.data,
                  ci.ctypes.data if ci.size else None, v.ctypes.data if v.size else None,
                  _DT[d], ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)
        self._dtype, self.shape = d, (rows, cols)

    @classmethod
    def from_scipy(cls, ctx, m, dtype=None):
        """From any scipy.sparse matrix (converted to CSR)."""
        m = m.tocsr()
        vals = m.data if dtype is None else m.data.astype(dtype)
        if vals.dtype not in _DT:
            vals = vals.astype(np.float64)
        return cls(ctx, m.shape, m.indptr, m.indices, vals)

    @property
    def nnz(self):
        return _lib.fn("golcl_csrmat_nnz")(self.h)


class DenseMatrix(Operator):
    """A dense matrix on the device (products through CLBlast)."""

    _destroy = "golcl_densemat_destroy"
    _op_fn = "golcl_densemat_op"

    def __init__(self, ctx, a):
        if not isinstance(a, np.ndarray) or a.ndim != 2:
            raise InvalidArgument("a must be a 2-D numpy array", status=-1)
        d = _dtype(a.dtype)
        a = np.ascontiguousarray(a)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_densemat_create", ctx.h, a.shape[0], a.shape[1], _DT[d],
                  a.ctypes.data, ref)
        super().__init__(out.value, parent=ctx, ctx=ctx)
        self._dtype, self.shape = d, a.shape

    @property
    def n(self):
        return self.shape[0]


class Multigrid(Handle):
    """A geometric multigrid V-cycle for a 5- or 7-point Stencil."""

    _destroy = "golcl_mg_destroy"

    def __init__(self, stencil, levels=0):
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(stencil._ctxh(), "golcl_mg_create", stencil.h, u64(levels, "levels"), ref)
        super().__init__(out.value, parent=stencil, ctx=stencil._ctx)
        self.stencil = stencil

    @property
    def levels(self):
        return _lib.fn("golcl_mg_levels")(self.h)

    def vcycle(self, r, z):
        """z = one V-cycle applied to r (device vectors)."""
        self._call("golcl_mg_vcycle", self.h, r.h, z.h)
        return z


class CG(Handle):
    """A conjugate-gradient solver for one operator (keeps its workspace)."""

    _destroy = "golcl_cg_destroy"

    def __init__(self, A):
        if not isinstance(A, Operator):
            raise InvalidArgument("CG needs a BandMatrix, Stencil, CSRMatrix or DenseMatrix",
                                  status=-1)
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(A._ctxh(), "golcl_cg_create", A.op, ref)
        super().__init__(out.value, parent=A, ctx=A._ctx)
        self.A = A

    def run(self, b, x, rtol=0.0, atol=0.0, max_iter=0, precond="none", method="standard",
            history=0):
        """Solves A·x = b on device vectors b and x (x: the initial guess in,
        the solution out). Returns the report as a dict; its "history" is a
        numpy array of ||r_k||/||b|| (`history` entries at most)."""
        if precond not in _PRECOND or method not in _METHOD:
            raise InvalidArgument("precond must be none/jacobi/mg and method standard/"
                                  "single_reduction", status=-1)
        cap = u64(history, "history")
        hist = np.zeros(cap, np.float64)
        o = _lib.CGOpts(float(rtol), float(atol), u64(max_iter, "max_iter"), _PRECOND[precond],
                        hist.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if cap else None,
                        cap, _METHOD[method])
        r = _lib.CGReport()
        self._call("golcl_cg_run", self.h, b.h, x.h, ctypes.byref(o), ctypes.byref(r))
        return {"iterations": r.iterations, "rel_residual": r.rel_residual,
                "converged": bool(r.converged), "stop": _STOP.get(r.stop, str(r.stop)),
                "history": hist[:r.history_len].copy()}

    def solve(self, b, x0=None, rtol=1e-6, atol=0.0, max_iter=0, precond="none",
              method="standard", history=None):
        """Solves A·x = b from numpy arrays: (x, report). history defaults to
        room for every iteration (max_iter, or n)."""
        ctx, d = self._ctx, self.A.dtype
        n = self.A.n
        if history is None:
            history = (max_iter or n) + 1
        bv = Vec(ctx, b if isinstance(b, np.ndarray) else np.asarray(b, d))
        try:
            xv = Vec(ctx, x0) if x0 is not None else Vec(ctx, n, d)
            try:
                rep = self.run(bv, xv, rtol, atol, max_iter, precond, method, history)
                return xv.read(), rep
            finally:
                xv.close()
        finally:
            bv.close()
