"""libgolcl through ctypes: the loader, the C declarations and the errors.

Only this module touches ctypes declarations; the other modules call
``call(ctx_handle, "golcl_...", args...)``, which raises an :class:`Error`
subclass with the library's status and message when the status is not OK.
"""
import ctypes
import ctypes.util
import os

__all__ = []

# ------------------------------------------------------------------ errors


class Error(Exception):
    """A failed libgolcl call: ``.status`` is the golcl_status code (an int),
    ``.message`` the library's details (golcl_context_errmsg or
    golcl_last_errmsg), ``.function`` the C function that failed."""

    status = None

    def __init__(self, message, status=None, function=None):
        super().__init__(message)
        if status is not None:
            self.status = status
        self.message = message
        self.function = function


class InvalidArgument(Error, ValueError):
    """GOLCL_E_INVALID_ARG, and bad input found before the call (wrong dtype,
    shape, a negative count)."""
    status = -1


class NoDevice(Error):
    status = -2


class OutOfMemory(Error, MemoryError):
    status = -3


class BuildError(Error):
    status = -4


class OpenCLError(Error):
    status = -5


class Unsupported(Error):
    """GOLCL_E_UNSUPPORTED, and a function this build of libgolcl lacks."""
    status = -6


class ParseError(Error, ValueError):
    status = -7


class IOError(Error, OSError):  # noqa: A001 (golcl.IOError, an OSError)
    status = -8

    def __str__(self):
        return self.message


class Mismatch(Error, ValueError):
    status = -9


class Cancelled(Error):
    status = -10


class ClosedError(InvalidArgument):
    """An object (or its context) was closed."""


_BY_STATUS = {c.status: c for c in (InvalidArgument, NoDevice, OutOfMemory, BuildError,
                                    OpenCLError, Unsupported, ParseError, IOError, Mismatch,
                                    Cancelled)}


class LibraryNotFound(ImportError):
    """libgolcl could not be loaded; the message lists every place tried."""


# ------------------------------------------------------------------ loader

def _candidates():
    """(description, path or name) in the documented order."""
    out = []
    env = os.environ.get("GOLCL_LIBRARY")
    if env:
        out.append(("$GOLCL_LIBRARY", env))
        return out  # an explicit choice is not second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.normpath(os.path.join(here, "..", "..", "build", "libgolcl.so"))
    out.append(("the in-tree build", tree))
    try:
        from . import _install  # written by `make python`
        out.append(("the libdir of `make python`", os.path.join(_install.LIBDIR, "libgolcl.so")))
    except ImportError:
        pass
    found = ctypes.util.find_library("golcl")
    out.append(("the system (ctypes.util.find_library('golcl'))", found))
    return out


def _load():
    tried = []
    for what, path in _candidates():
        if not path:
            tried.append("%s: not found" % what)
            continue
        if os.sep in path and not os.path.exists(path):
            tried.append("%s: %s does not exist" % (what, path))
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s: %s: %s" % (what, path, e))
    raise LibraryNotFound(
        "libgolcl not found. Looked in order for:\n  " + "\n  ".join(tried) +
        "\nBuild it with `make lib` in the source tree, install it (`sudo make install`, "
        "then ldconfig), or set GOLCL_LIBRARY to the path of libgolcl.so.")


lib, LIBRARY_PATH = _load()

# ------------------------------------------------------------------ types

c_int, c_uint, c_u8, c_u16, c_u32, c_u64 = (ctypes.c_int, ctypes.c_uint, ctypes.c_uint8,
                                           ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64)
c_i32, c_i64, c_size, c_ssize = ctypes.c_int32, ctypes.c_int64, ctypes.c_size_t, ctypes.c_ssize_t
c_double, c_float, c_char_p, c_void_p = ctypes.c_double, ctypes.c_float, ctypes.c_char_p, ctypes.c_void_p
P = ctypes.POINTER
ptr = c_void_p  # opaque handles and array data


class ContextOpts(ctypes.Structure):
    _fields_ = [("device", c_char_p), ("build_options", c_char_p)]


class DeviceInfo(ctypes.Structure):
    _fields_ = [(n, ctypes.c_char * 256) for n in
                ("name", "vendor", "platform", "version", "driver_version", "platform_version")] + [
        ("platform_index", c_uint), ("device_index", c_uint), ("type", c_int),
        ("compute_units", c_uint), ("global_mem_bytes", c_u64), ("max_alloc_bytes", c_u64),
        ("local_mem_bytes", c_u64), ("max_work_group_size", c_size), ("fp64", c_int)]


class RuleTable(ctypes.Structure):
    _fields_ = [("next", c_u8 * 512), ("neighbourhood", c_int), ("family", c_int)]


class Bounds(ctypes.Structure):
    _fields_ = [("topology", c_int), ("width", c_u32), ("height", c_u32), ("shift_x", c_i32),
                ("shift_y", c_i32), ("twist_x", c_int)]


class LayoutInfo(ctypes.Structure):
    _fields_ = [("layout", c_int), ("row_pitch", c_size), ("rows", c_size), ("bytes", c_size),
                ("width", c_u32), ("height", c_u32)]


class StepperOpts(ctypes.Structure):
    _fields_ = [("local_w", c_u32), ("local_h", c_u32), ("tile_w", c_u32), ("tile_h", c_u32),
                ("gens_per_launch", c_u32)]


class StepperStats(ctypes.Structure):
    _fields_ = [("generations", c_u64), ("launches", c_u64), ("tiles_total", c_u64),
                ("tiles_computed", c_u64)]


class UniverseOpts(ctypes.Structure):
    _fields_ = [("algo", c_int), ("max_memory", c_u64)]


class UniverseStats(ctypes.Structure):
    _fields_ = [("algo", c_int)] + [(n, c_u64) for n in (
        "nodes", "node_bytes", "max_node_bytes", "collections", "results_computed", "tiles",
        "device_bytes", "host_tile_bytes")]


class MSRule(ctypes.Structure):
    _fields_ = [("family", c_int), ("states", c_u32), ("table", RuleTable), ("range", c_u32),
                ("ltl_c", c_u32), ("middle", c_u32), ("nbhd", c_int), ("smin", c_u32),
                ("smax", c_u32), ("bmin", c_u32), ("bmax", c_u32), ("tree", c_void_p)]


class PatternLimits(ctypes.Structure):
    _fields_ = [("max_width", c_u32), ("max_height", c_u32), ("max_cells", c_u64),
                ("max_bytes", c_u64)]


class Lattice(ctypes.Structure):
    _fields_ = [("dims", c_uint), ("nx", c_u32), ("ny", c_u32), ("nz", c_u32),
                ("boundary", c_int), ("nbhd", c_int)]


class Payoffs(ctypes.Structure):
    _fields_ = [("R", c_float), ("S", c_float), ("T", c_float), ("P", c_float)]


class CGOpts(ctypes.Structure):
    _fields_ = [("rtol", c_double), ("atol", c_double), ("max_iter", c_size), ("precond", c_int),
                ("history", P(c_double)), ("history_cap", c_size), ("method", c_int)]


class CGReport(ctypes.Structure):
    _fields_ = [("iterations", c_size), ("rel_residual", c_double), ("converged", c_int),
                ("stop", c_int), ("history_len", c_size)]


PROGRESS_FN = ctypes.CFUNCTYPE(c_int, c_void_p, c_u64, c_u64)

S = c_int  # golcl_status
_SIGS = {
    # core
    "golcl_version": (c_uint, []),
    "golcl_version_string": (c_char_p, []),
    "golcl_strerror": (c_char_p, [c_int]),
    "golcl_context_create_sized": (S, [P(ContextOpts), c_size, P(ptr)]),
    "golcl_context_destroy": (None, [ptr]),
    "golcl_context_device_info": (S, [ptr, P(DeviceInfo)]),
    "golcl_devices": (S, [P(DeviceInfo), c_size, P(c_size)]),
    "golcl_context_errmsg": (c_char_p, [ptr]),
    "golcl_last_errmsg": (c_char_p, []),
    "golcl_context_finish": (S, [ptr]),
    # rules
    "golcl_rule_table_parse": (S, [c_char_p, P(RuleTable)]),
    "golcl_rule_table_format": (S, [P(RuleTable), c_char_p, c_size]),
    "golcl_bounds_parse": (S, [c_char_p, P(Bounds)]),
    "golcl_bounds_format": (S, [P(Bounds), c_char_p, c_size]),
    # grid
    "golcl_grid_create": (S, [ptr, c_u32, c_u32, c_int, P(ptr)]),
    "golcl_grid_clone": (S, [ptr, P(ptr)]),
    "golcl_grid_destroy": (None, [ptr]),
    "golcl_grid_width": (c_u32, [ptr]),
    "golcl_grid_height": (c_u32, [ptr]),
    "golcl_grid_boundary": (c_int, [ptr]),
    "golcl_grid_generation": (c_u64, [ptr]),
    "golcl_grid_set_generation": (S, [ptr, c_u64]),
    "golcl_grid_set_rule": (S, [ptr, c_char_p]),
    "golcl_grid_get_rule": (S, [ptr, c_char_p, c_size]),
    "golcl_grid_rule_table": (S, [ptr, P(RuleTable)]),
    "golcl_grid_set_rule_table": (S, [ptr, P(RuleTable)]),
    "golcl_grid_write": (S, [ptr, ptr, c_size]),
    "golcl_grid_read": (S, [ptr, ptr, c_size]),
    "golcl_grid_read_rect": (S, [ptr, c_u32, c_u32, c_u32, c_u32, ptr, c_size]),
    "golcl_grid_write_rect": (S, [ptr, c_u32, c_u32, c_u32, c_u32, ptr, c_size]),
    "golcl_grid_clear": (S, [ptr]),
    "golcl_grid_randomize": (S, [ptr, c_double, c_u64]),
    "golcl_grid_population": (S, [ptr, P(c_u64)]),
    "golcl_grid_hash": (S, [ptr, P(c_u64)]),
    "golcl_grid_buffer": (ptr, [ptr, P(LayoutInfo)]),
    "golcl_grid_set_layout": (S, [ptr, c_int]),
    "golcl_layout_name": (c_char_p, [c_int]),
    "golcl_grid_set_bounds": (S, [ptr, P(Bounds)]),
    "golcl_grid_bounds": (S, [ptr, P(Bounds)]),
    "golcl_grid_place": (S, [ptr, ptr, c_i64, c_i64]),
    "golcl_grid_extract": (S, [ptr, P(ptr)]),
    "golcl_grid_bounding_box": (S, [ptr, P(c_u32), P(c_u32), P(c_u32), P(c_u32)]),
    # stepper
    "golcl_stepper_create_sized": (S, [ptr, c_int, P(StepperOpts), c_size, P(ptr)]),
    "golcl_stepper_destroy": (None, [ptr]),
    "golcl_stepper_prepare": (S, [ptr, ptr]),
    "golcl_stepper_run": (S, [ptr, ptr, c_u64]),
    "golcl_stepper_get_stats": (S, [ptr, P(StepperStats)]),
    "golcl_stepper_kind_of": (c_int, [ptr]),
    "golcl_stepper_chosen": (c_int, [ptr]),
    "golcl_stepper_name": (c_char_p, [c_int]),
    "golcl_stepper_from_name": (S, [c_char_p, P(c_int)]),
    "golcl_stepper_available": (c_int, [c_int]),
    # patterns
    "golcl_pattern_get_limits": (None, [P(PatternLimits)]),
    "golcl_pattern_set_limits": (S, [P(PatternLimits)]),
    "golcl_pattern_parse": (S, [c_char_p, c_size, P(ptr)]),
    "golcl_pattern_read_file": (S, [c_char_p, P(ptr)]),
    "golcl_pattern_from_cells": (S, [ptr, c_u32, c_u32, c_size, P(ptr)]),
    "golcl_pattern_destroy": (None, [ptr]),
    "golcl_pattern_width": (c_u32, [ptr]),
    "golcl_pattern_height": (c_u32, [ptr]),
    "golcl_pattern_population": (c_u64, [ptr]),
    "golcl_pattern_get_cells": (S, [ptr, ptr, c_size]),
    "golcl_pattern_get_format": (c_int, [ptr]),
    "golcl_pattern_format_name": (c_char_p, [c_int]),
    "golcl_pattern_rule_text": (S, [ptr, c_char_p, c_size]),
    "golcl_pattern_set_rule": (S, [ptr, c_char_p]),
    "golcl_pattern_generation": (c_u64, [ptr]),
    "golcl_pattern_set_generation": (S, [ptr, c_u64]),
    "golcl_pattern_origin": (c_int, [ptr, P(c_i64), P(c_i64)]),
    "golcl_pattern_set_origin": (S, [ptr, c_i64, c_i64]),
    "golcl_pattern_comment_count": (c_size, [ptr]),
    "golcl_pattern_comment": (c_char_p, [ptr, c_size]),
    "golcl_pattern_add_comment": (S, [ptr, c_char_p]),
    "golcl_pattern_write_rle": (S, [ptr, ptr]),
    "golcl_pattern_write_macrocell": (S, [ptr, ptr]),
    "golcl_pattern_write_plaintext": (S, [ptr, ptr]),
    "golcl_pattern_write_file": (S, [ptr, c_char_p]),
    # universe
    "golcl_universe_create_sized": (S, [ptr, P(UniverseOpts), c_size, P(ptr)]),
    "golcl_universe_destroy": (None, [ptr]),
    "golcl_universe_set_rule": (S, [ptr, c_char_p]),
    "golcl_universe_get_rule": (S, [ptr, c_char_p, c_size]),
    "golcl_universe_load": (S, [ptr, ptr]),
    "golcl_universe_read_file": (S, [ptr, c_char_p]),
    "golcl_universe_run": (S, [ptr, c_u64]),
    "golcl_universe_generation": (c_u64, [ptr]),
    "golcl_universe_set_generation": (S, [ptr, c_u64]),
    "golcl_universe_population": (S, [ptr, P(c_u64)]),
    "golcl_universe_bounding_box": (S, [ptr, P(c_i64), P(c_i64), P(c_u64), P(c_u64)]),
    "golcl_universe_hash": (S, [ptr, P(c_u64)]),
    "golcl_universe_read_rect": (S, [ptr, c_i64, c_i64, c_u32, c_u32, ptr, c_size]),
    "golcl_universe_write_rect": (S, [ptr, c_i64, c_i64, c_u32, c_u32, ptr, c_size]),
    "golcl_universe_extract": (S, [ptr, P(ptr)]),
    "golcl_universe_write_macrocell": (S, [ptr, ptr]),
    "golcl_universe_write_rle": (S, [ptr, ptr]),
    "golcl_universe_get_stats": (S, [ptr, P(UniverseStats)]),
    "golcl_universe_algo_name": (c_char_p, [c_int]),
    "golcl_universe_algo_from_name": (S, [c_char_p, P(c_int)]),
    "golcl_universe_states": (c_u32, [ptr]),
    "golcl_universe_is_soup": (c_int, [ptr, c_u64]),
    "golcl_universe_census": (S, [ptr, P(c_u64 * 256)]),
    "golcl_universe_load_ms": (S, [ptr, ptr]),
    "golcl_universe_extract_ms": (S, [ptr, P(ptr)]),
    "golcl_universe_read_scaled": (S, [ptr, c_i64, c_i64, c_u32, c_u32, c_uint, ptr, ptr, c_size]),
    "golcl_universe_run_progress": (S, [ptr, c_u64, PROGRESS_FN, c_void_p]),
    # multi-state
    "golcl_msrule_parse": (S, [c_char_p, P(MSRule)]),
    "golcl_msrule_format": (S, [P(MSRule), c_char_p, c_size]),
    "golcl_msgrid_create": (S, [ptr, c_u32, c_u32, c_int, P(ptr)]),
    "golcl_msgrid_destroy": (None, [ptr]),
    "golcl_msgrid_width": (c_u32, [ptr]),
    "golcl_msgrid_height": (c_u32, [ptr]),
    "golcl_msgrid_boundary": (c_int, [ptr]),
    "golcl_msgrid_generation": (c_u64, [ptr]),
    "golcl_msgrid_set_generation": (S, [ptr, c_u64]),
    "golcl_msgrid_set_rule": (S, [ptr, c_char_p]),
    "golcl_msgrid_msrule": (S, [ptr, P(MSRule)]),
    "golcl_msgrid_set_bounds": (S, [ptr, P(Bounds)]),
    "golcl_msgrid_bounds": (S, [ptr, P(Bounds)]),
    "golcl_msgrid_write": (S, [ptr, ptr, c_size]),
    "golcl_msgrid_read": (S, [ptr, ptr, c_size]),
    "golcl_msgrid_write_rect": (S, [ptr, c_u32, c_u32, c_u32, c_u32, ptr, c_size]),
    "golcl_msgrid_read_rect": (S, [ptr, c_u32, c_u32, c_u32, c_u32, ptr, c_size]),
    "golcl_msgrid_clear": (S, [ptr]),
    "golcl_msgrid_randomize": (S, [ptr, c_uint, c_double, c_u64]),
    "golcl_msgrid_census": (S, [ptr, P(c_u64 * 256)]),
    "golcl_msgrid_population": (S, [ptr, P(c_u64)]),
    "golcl_msgrid_hash": (S, [ptr, P(c_u64)]),
    "golcl_msgrid_step": (S, [ptr, c_u64]),
    "golcl_ms_reference_run": (S, [P(MSRule), c_int, c_u32, c_u32, ptr, c_u64]),
    "golcl_mspattern_parse": (S, [c_char_p, c_size, P(ptr)]),
    "golcl_mspattern_read_file": (S, [c_char_p, P(ptr)]),
    "golcl_mspattern_destroy": (None, [ptr]),
    "golcl_mspattern_width": (c_u32, [ptr]),
    "golcl_mspattern_height": (c_u32, [ptr]),
    "golcl_mspattern_cells": (ptr, [ptr]),
    "golcl_mspattern_msrule": (S, [ptr, P(MSRule)]),
    "golcl_mspattern_generation": (c_u64, [ptr]),
    "golcl_mspattern_origin": (None, [ptr, P(c_i64), P(c_i64)]),
    "golcl_mspattern_write_rle": (S, [ptr, ptr]),
    "golcl_mspattern_write_macrocell": (S, [ptr, ptr]),
    "golcl_msgrid_place": (S, [ptr, ptr, c_i64, c_i64]),
    "golcl_msgrid_extract": (S, [ptr, P(ptr)]),
    # lattice
    "golcl_lattice_kernel_name": (c_char_p, [c_int]),
    "golcl_lattice_kernel_from_name": (S, [c_char_p, P(c_int)]),
    "golcl_graph_create": (S, [ptr, c_size, c_uint, ptr, P(ptr)]),
    "golcl_graph_create_lattice": (S, [ptr, P(Lattice), P(ptr)]),
    "golcl_graph_destroy": (None, [ptr]),
    "golcl_graph_cells": (c_size, [ptr]),
    "golcl_graph_degree": (c_uint, [ptr]),
    "golcl_graph_read_table": (S, [ptr, ptr]),
    "golcl_graph_kernel_available": (c_int, [ptr, c_int]),
    "golcl_mesh_parse_obj": (S, [c_char_p, c_size, P(ptr)]),
    "golcl_mesh_read_obj": (S, [c_char_p, P(ptr)]),
    "golcl_mesh_torus": (S, [c_u32, c_u32, c_double, c_double, P(ptr)]),
    "golcl_mesh_cube_sphere": (S, [c_u32, P(ptr)]),
    "golcl_mesh_klein": (S, [c_u32, c_u32, P(ptr)]),
    "golcl_mesh_destroy": (None, [ptr]),
    "golcl_mesh_vertex_count": (c_size, [ptr]),
    "golcl_mesh_face_count": (c_size, [ptr]),
    "golcl_mesh_vertex": (S, [ptr, c_size, P(c_double * 3)]),
    "golcl_mesh_face": (S, [ptr, c_size, P(c_u32 * 4)]),
    "golcl_mesh_table": (S, [ptr, c_int, P(c_void_p), P(c_uint)]),
    "golcl_graph_create_mesh": (S, [ptr, ptr, c_int, P(ptr)]),
    "golcl_glife_create": (S, [ptr, P(ptr)]),
    "golcl_glife_destroy": (None, [ptr]),
    "golcl_glife_set_rule": (S, [ptr, c_char_p]),
    "golcl_glife_write": (S, [ptr, ptr]),
    "golcl_glife_read": (S, [ptr, ptr]),
    "golcl_glife_randomize": (S, [ptr, c_double, c_u64]),
    "golcl_glife_population": (S, [ptr, P(c_u64)]),
    "golcl_glife_run": (S, [ptr, c_int, c_u64]),
    "golcl_glife_generation": (c_u64, [ptr]),
    "golcl_game_create": (S, [ptr, P(ptr)]),
    "golcl_game_destroy": (None, [ptr]),
    "golcl_game_set_payoffs": (S, [ptr, P(Payoffs)]),
    "golcl_game_set_b": (S, [ptr, c_double]),
    "golcl_game_set_self": (S, [ptr, c_int]),
    "golcl_game_write": (S, [ptr, ptr]),
    "golcl_game_read": (S, [ptr, ptr, ptr]),
    "golcl_game_randomize": (S, [ptr, c_double, c_u64]),
    "golcl_game_cooperators": (S, [ptr, P(c_u64)]),
    "golcl_game_run": (S, [ptr, c_int, c_u64]),
    "golcl_game_generation": (c_u64, [ptr]),
    # linear algebra
    "golcl_vec_create": (S, [ptr, c_size, c_int, ptr, P(ptr)]),
    "golcl_vec_destroy": (None, [ptr]),
    "golcl_vec_size": (c_size, [ptr]),
    "golcl_vec_dtype": (c_int, [ptr]),
    "golcl_vec_write": (S, [ptr, c_size, c_size, ptr]),
    "golcl_vec_read": (S, [ptr, c_size, c_size, ptr]),
    "golcl_vec_fill": (S, [ptr, c_double]),
    "golcl_vec_copy": (S, [ptr, ptr]),
    "golcl_vec_axpby": (S, [c_double, ptr, c_double, ptr, ptr]),
    "golcl_vec_mul": (S, [ptr, ptr, ptr]),
    "golcl_vec_dot": (S, [ptr, ptr, P(c_double)]),
    "golcl_vec_nrm2": (S, [ptr, P(c_double)]),
    "golcl_vec_reduce": (S, [ptr, c_int, P(c_double), P(c_size)]),
    "golcl_op_size": (c_size, [ptr]),
    "golcl_op_mv": (S, [ptr, ptr, ptr, ptr]),
    "golcl_bandmat_create_ex": (S, [ptr, c_size, c_size, P(c_ssize), c_int, c_uint, P(ptr)]),
    "golcl_bandmat_destroy": (None, [ptr]),
    "golcl_bandmat_op": (ptr, [ptr]),
    "golcl_bandmat_set_diag": (S, [ptr, c_ssize, ptr]),
    "golcl_stencil_create": (S, [ptr, c_int, c_size, c_size, c_size, P(c_double), c_int, c_int,
                                 P(ptr)]),
    "golcl_stencil_destroy": (None, [ptr]),
    "golcl_stencil_op": (ptr, [ptr]),
    "golcl_csrmat_create": (S, [ptr, c_size, c_size, ptr, ptr, ptr, c_int, P(ptr)]),
    "golcl_csrmat_destroy": (None, [ptr]),
    "golcl_csrmat_nnz": (c_size, [ptr]),
    "golcl_csrmat_op": (ptr, [ptr]),
    "golcl_densemat_create": (S, [ptr, c_size, c_size, c_int, ptr, P(ptr)]),
    "golcl_densemat_destroy": (None, [ptr]),
    "golcl_densemat_op": (ptr, [ptr]),
    "golcl_mg_create": (S, [ptr, c_size, P(ptr)]),
    "golcl_mg_destroy": (None, [ptr]),
    "golcl_mg_levels": (c_size, [ptr]),
    "golcl_mg_vcycle": (S, [ptr, ptr, ptr]),
    "golcl_cg_create": (S, [ptr, P(ptr)]),
    "golcl_cg_destroy": (None, [ptr]),
    "golcl_cg_run": (S, [ptr, ptr, ptr, P(CGOpts), P(CGReport)]),
}

_funcs = {}


def has(name):
    """True if this build of libgolcl exports the function."""
    return fn(name, required=False) is not None


def fn(name, required=True):
    """The ctypes function, declared; None (or Unsupported when required) if
    the library does not export it (a function declared in a header but
    implemented on a later version)."""
    f = _funcs.get(name)
    if f is None:
        try:
            f = getattr(lib, name)
        except AttributeError:
            if required:
                raise Unsupported("%s is not in this libgolcl (%s, version %s): it is declared "
                                  "in the headers but not implemented in this build"
                                  % (name, LIBRARY_PATH, version_string()),
                                  status=-6, function=name) from None
            return None
        res, args = _SIGS[name]
        f.restype, f.argtypes = res, args
        _funcs[name] = f
    return f


def errmsg(ctx_handle):
    if ctx_handle:
        m = fn("golcl_context_errmsg")(ctx_handle)
    else:
        m = fn("golcl_last_errmsg")()
    return (m or b"").decode("utf-8", "replace")


def raise_for(status, name, ctx_handle=None):
    cls = _BY_STATUS.get(status, Error)
    text = fn("golcl_strerror")(status).decode()
    detail = errmsg(ctx_handle)
    msg = "%s: %s" % (name, text) + (" (%s)" % detail if detail else "")
    raise cls(msg, status=status, function=name)


def call(ctx_handle, name, *args):
    """Calls a function that returns a golcl_status; raises on failure with
    the message of ctx_handle's context (golcl_last_errmsg without one)."""
    st = fn(name)(*args)
    if st != 0:
        raise_for(st, name, ctx_handle)
    return st


def version():
    return fn("golcl_version")()


def version_string():
    return fn("golcl_version_string")().decode()


def strerror(status):
    return fn("golcl_strerror")(int(status)).decode()


# ------------------------------------------------------------------ FILE *
_libc = ctypes.CDLL(None)
_libc.open_memstream.restype = c_void_p
_libc.open_memstream.argtypes = [P(c_void_p), P(c_size)]
_libc.fclose.restype = c_int
_libc.fclose.argtypes = [c_void_p]
_libc.free.restype = None
_libc.free.argtypes = [c_void_p]


def free(p):
    """free() of the C library, for the arrays libgolcl hands over."""
    _libc.free(p)


def to_text(ctx_handle, name, handle):
    """Runs a writer `name(handle, FILE *)` into memory; returns the text."""
    buf, size = c_void_p(), c_size()
    f = _libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
    if not f:
        raise OutOfMemory("open_memstream failed", status=-3, function=name)
    st = fn(name)(handle, f)
    _libc.fclose(f)
    try:
        data = ctypes.string_at(buf, size.value) if buf.value else b""
    finally:
        _libc.free(buf)
    if st != 0:
        raise_for(st, name, ctx_handle)
    return data.decode("utf-8", "replace")
