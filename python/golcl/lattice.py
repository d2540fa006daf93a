"""Automata on neighbour tables (golcl_lattice.h): graphs and lattices,
Life on a graph, and the spatial game of Nowak and May."""
import ctypes

import numpy as np

from . import _lib
from ._base import Handle, byref_out, text, text_bytes, u32, u64
from ._lib import InvalidArgument
from .core import boundary_code

_NBHD = {"moore": 0, "von_neumann": 1, "vonneumann": 1, "hexagonal": 2}
_ADJ = {"edge": 0, "vertex": 1}


def _adjacency(a):
    if a not in _ADJ:
        raise InvalidArgument("adjacency must be 'edge' or 'vertex', not %r" % (a,), status=-1)
    return _ADJ[a]


class Mesh(Handle):
    """A quad mesh on the host: Mesh.torus(w, h), Mesh.cube_sphere(n),
    Mesh.klein(w, h), Mesh.read_obj(path), Mesh.parse_obj(text). Its faces
    are the cells of Graph.from_mesh."""

    _destroy = "golcl_mesh_destroy"

    def __init__(self, _handle):
        super().__init__(_handle)

    @classmethod
    def _make(cls, name, *args):
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(None, name, *(args + (ref,)))
        return cls(out.value)

    @classmethod
    def torus(cls, w, h, R=2.0, r=1.0):
        """Face (x, y) is y·w + x; with vertex adjacency the w×h torus grid."""
        return cls._make("golcl_mesh_torus", u32(w, "w"), u32(h, "h"), float(R), float(r))

    @classmethod
    def cube_sphere(cls, n):
        return cls._make("golcl_mesh_cube_sphere", u32(n, "n"))

    @classmethod
    def klein(cls, w, h):
        return cls._make("golcl_mesh_klein", u32(w, "w"), u32(h, "h"))

    @classmethod
    def read_obj(cls, path):
        from ._base import path_arg
        return cls._make("golcl_mesh_read_obj", path_arg(path))

    @classmethod
    def parse_obj(cls, text_):
        b = text_bytes(text_)
        return cls._make("golcl_mesh_parse_obj", b, len(b))

    @property
    def vertex_count(self):
        return _lib.fn("golcl_mesh_vertex_count")(self.h)

    @property
    def face_count(self):
        return _lib.fn("golcl_mesh_face_count")(self.h)

    def vertices(self):
        """(V, 3) float64 positions (one library call a vertex)."""
        out = np.empty((self.vertex_count, 3))
        v = (ctypes.c_double * 3)()
        for i in range(out.shape[0]):
            self._call("golcl_mesh_vertex", self.h, i, ctypes.byref(v))
            out[i] = v[:]
        return out

    def faces(self):
        """(F, 4) uint32 vertex indices (one library call a face)."""
        out = np.empty((self.face_count, 4), np.uint32)
        f = (ctypes.c_uint32 * 4)()
        for i in range(out.shape[0]):
            self._call("golcl_mesh_face", self.h, i, ctypes.byref(f))
            out[i] = f[:]
        return out

    def table(self, adjacency="vertex"):
        """The (degree, faces) int32 neighbour table of the faces."""
        p, deg = ctypes.c_void_p(), ctypes.c_uint()
        self._call("golcl_mesh_table", self.h, _adjacency(adjacency), ctypes.byref(p),
                   ctypes.byref(deg))
        try:
            n = deg.value * self.face_count
            arr = np.ctypeslib.as_array((ctypes.c_int32 * n).from_address(p.value)) if n else \
                np.zeros(0, np.int32)
            return arr.reshape(deg.value, self.face_count).copy()
        finally:
            _lib.free(p)


def kernel_names():
    out, k = [], 0
    while True:
        n = _lib.fn("golcl_lattice_kernel_name")(k)
        if n is None:
            return out
        out.append(n.decode())
        k += 1


def _kernel(name):
    k = ctypes.c_int()
    _lib.call(None, "golcl_lattice_kernel_from_name", text(name, "kernel"), ctypes.byref(k))
    return k.value


class Graph(Handle):
    """N cells with D neighbour slots on the device. Graph(ctx, table) takes
    a (D, N) int32 array (table[d, i] the d-th neighbour of cell i, -1 for
    none: the library's structure of arrays, passed without a copy when
    C-contiguous); Graph.lattice(ctx, nx, ny[, nz], ...) a regular lattice."""

    _destroy = "golcl_graph_destroy"

    def __init__(self, ctx, table=None, _handle=None, _shape=None):
        if _handle is None:
            if not isinstance(table, np.ndarray) or table.dtype != np.int32 or table.ndim != 2:
                raise InvalidArgument("table must be a 2-D int32 numpy array (degree, cells)",
                                      status=-1)
            t = np.ascontiguousarray(table)
            out, ref = byref_out(ctypes.c_void_p)
            _lib.call(ctx.h, "golcl_graph_create", ctx.h, t.shape[1], t.shape[0],
                      t.ctypes.data if t.size else None, ref)
            _handle = out.value
        super().__init__(_handle, parent=ctx, ctx=ctx)
        self.shape = _shape or (self.cells,)

    @classmethod
    def lattice(cls, ctx, nx, ny, nz=None, boundary="torus", neighbourhood="moore"):
        """A 2-D (nz None) or 3-D lattice; cell (x, y, z) is (z*ny + y)*nx + x,
        so arrays of strategies or cells have shape (ny, nx) or (nz, ny, nx)."""
        if neighbourhood not in _NBHD:
            raise InvalidArgument("neighbourhood must be one of %s" % sorted(_NBHD), status=-1)
        lat = _lib.Lattice(2 if nz is None else 3, u32(nx, "nx"), u32(ny, "ny"),
                           1 if nz is None else u32(nz, "nz"), boundary_code(boundary),
                           _NBHD[neighbourhood])
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_graph_create_lattice", ctx.h, ctypes.byref(lat), ref)
        shape = (ny, nx) if nz is None else (nz, ny, nx)
        return cls(ctx, _handle=out.value, _shape=shape)

    @classmethod
    def from_mesh(cls, ctx, mesh, adjacency="vertex"):
        """The graph of a mesh's faces (Mesh.table's neighbours)."""
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(ctx.h, "golcl_graph_create_mesh", ctx.h, mesh.h, _adjacency(adjacency), ref)
        return cls(ctx, _handle=out.value)

    @property
    def cells(self):
        return _lib.fn("golcl_graph_cells")(self.h)

    @property
    def degree(self):
        return _lib.fn("golcl_graph_degree")(self.h)

    def table(self):
        """The (degree, cells) int32 neighbour table."""
        t = np.empty((self.degree, self.cells), np.int32)
        self._call("golcl_graph_read_table", self.h, t.ctypes.data)
        return t

    def kernel_available(self, name):
        return bool(_lib.fn("golcl_graph_kernel_available")(self.h, _kernel(name)))

    def _states_in(self, arr, what):
        if not isinstance(arr, np.ndarray) or arr.dtype.type not in (np.uint8, np.bool_):
            raise InvalidArgument("%s must be a numpy uint8 (or bool) array" % what, status=-1)
        if arr.shape != tuple(self.shape) and arr.shape != (self.cells,):
            raise InvalidArgument("%s has shape %s; want %s or (%d,)"
                                  % (what, arr.shape, tuple(self.shape), self.cells), status=-1)
        return np.ascontiguousarray(arr)  # no copy when already C-contiguous

    def __repr__(self):
        if self.closed:
            return "<golcl.Graph closed>"
        return "<golcl.Graph %d cells, degree %d, shape %s>" % (self.cells, self.degree,
                                                                self.shape)


class GraphLife(Handle):
    """A Life-like rule on a graph: cells are uint8 of the graph's shape."""

    _destroy = "golcl_glife_destroy"

    def __init__(self, graph, rule=None):
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(graph._ctxh(), "golcl_glife_create", graph.h, ref)
        super().__init__(out.value, parent=graph, ctx=graph._ctx)
        self.graph = graph
        if rule is not None:
            self.set_rule(rule)

    def set_rule(self, rule):
        self._call("golcl_glife_set_rule", self.h, text(rule, "rule"))

    def write(self, cells):
        a = self.graph._states_in(cells, "cells")
        self._call("golcl_glife_write", self.h, a.ctypes.data)

    def read(self):
        a = np.empty(self.graph.shape, np.uint8)
        self._call("golcl_glife_read", self.h, a.ctypes.data)
        return a

    def randomize(self, density=0.5, seed=0):
        self._call("golcl_glife_randomize", self.h, float(density), u64(seed, "seed"))

    def population(self):
        v, ref = byref_out(ctypes.c_uint64)
        self._call("golcl_glife_population", self.h, ref)
        return v.value

    def run(self, generations=1, kernel="auto"):
        self._call("golcl_glife_run", self.h, _kernel(kernel), u64(generations, "generations"))
        return self

    @property
    def generation(self):
        return _lib.fn("golcl_glife_generation")(self.h)


class Game(Handle):
    """Nowak and May's spatial prisoner's dilemma on a graph. Strategies
    are uint8 arrays of the graph's shape, 0 cooperate and 1 defect."""

    _destroy = "golcl_game_destroy"

    def __init__(self, graph, b=None, payoffs=None, self_interaction=True):
        out, ref = byref_out(ctypes.c_void_p)
        _lib.call(graph._ctxh(), "golcl_game_create", graph.h, ref)
        super().__init__(out.value, parent=graph, ctx=graph._ctx)
        self.graph = graph
        self._payoffs = (1.0, 0.0, 1.9, 0.0)
        self._self = True
        try:
            if b is not None:
                self.b = b
            if payoffs is not None:
                self.payoffs = payoffs
            self.self_interaction = self_interaction
        except Exception:
            self.close()
            raise

    @property
    def payoffs(self):
        """(R, S, T, P), as float32 values the library uses."""
        return self._payoffs

    @payoffs.setter
    def payoffs(self, rstp):
        try:
            R, S_, T, P_ = (float(v) for v in rstp)
        except (TypeError, ValueError):
            raise InvalidArgument("payoffs must be four numbers (R, S, T, P)", status=-1) from None
        p = _lib.Payoffs(R, S_, T, P_)
        self._call("golcl_game_set_payoffs", self.h, ctypes.byref(p))
        self._payoffs = (p.R, p.S, p.T, p.P)

    @property
    def b(self):
        R, S_, T, P_ = self._payoffs
        return T if (R, S_, P_) == (1.0, 0.0, 0.0) else None

    @b.setter
    def b(self, b):
        self._call("golcl_game_set_b", self.h, float(b))
        self._payoffs = (1.0, 0.0, float(np.float32(b)), 0.0)

    @property
    def self_interaction(self):
        return self._self

    @self_interaction.setter
    def self_interaction(self, on):
        self._call("golcl_game_set_self", self.h, 1 if on else 0)
        self._self = bool(on)

    def write(self, strategies):
        a = self.graph._states_in(strategies, "strategies")
        self._call("golcl_game_write", self.h, a.ctypes.data)

    def read(self):
        """(strategies, previous) of the graph's shape."""
        s = np.empty(self.graph.shape, np.uint8)
        p = np.empty(self.graph.shape, np.uint8)
        self._call("golcl_game_read", self.h, s.ctypes.data, p.ctypes.data)
        return s, p

    @property
    def strategies(self):
        return self.read()[0]

    def randomize(self, defectors=0.5, seed=0):
        self._call("golcl_game_randomize", self.h, float(defectors), u64(seed, "seed"))

    def cooperators(self):
        v, ref = byref_out(ctypes.c_uint64)
        self._call("golcl_game_cooperators", self.h, ref)
        return v.value

    def cooperation(self):
        """The fraction of cooperators."""
        return self.cooperators() / self.graph.cells

    def run(self, generations=1, kernel="auto"):
        self._call("golcl_game_run", self.h, _kernel(kernel), u64(generations, "generations"))
        return self

    @property
    def generation(self):
        return _lib.fn("golcl_game_generation")(self.h)

    def scores(self, strategies=None):
        """Each agent's score against the current strategies (or those
        given), by the library's documented formula in float32: score =
        nC·X + nD·Y, X, Y = R, S for a cooperator and T, P for a defector,
        the neighbours counted once per slot, the agent itself with
        self-interaction. libgolcl keeps scores on the device without a
        read call, so they are computed here from the table."""
        s = self.strategies if strategies is None else \
            self.graph._states_in(strategies, "strategies")
        s = (s.reshape(-1) != 0)
        t = self.graph.table()
        valid = t >= 0
        nb_d = np.where(valid, s[np.where(valid, t, 0)], False)
        nD = (nb_d & valid).sum(axis=0).astype(np.float32)
        nC = (valid & ~nb_d).sum(axis=0).astype(np.float32)
        if self._self:
            nD += s
            nC += ~s
        R, S_, T, P_ = (np.float32(v) for v in self._payoffs)
        X = np.where(s, T, R).astype(np.float32)
        Y = np.where(s, P_, S_).astype(np.float32)
        sc = (nC * X).astype(np.float32) + (nD * Y).astype(np.float32)
        return sc.astype(np.float32).reshape(self.graph.shape)
