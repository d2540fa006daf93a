"""libgolcl from Python: contexts, Life grids and steppers, patterns, the
unbounded universe, multi-state rules, graphs and the spatial game, and
the linear algebra, over the shared library through ctypes (no compiled
extension). Cells and vectors cross as numpy arrays. docs/python.md.

The library is found at $GOLCL_LIBRARY, else the in-tree build
(build/libgolcl.so beside this python/ folder), else the libdir recorded by
`make python`, else the system (ctypes.util.find_library("golcl")).
"""
from ._lib import (LIBRARY_PATH, BuildError, Cancelled, ClosedError, Error, InvalidArgument,
                   IOError, LibraryNotFound, Mismatch, NoDevice, OpenCLError, OutOfMemory,
                   ParseError, Unsupported, has as has_function, strerror, version,
                   version_string)
from .core import (Context, Grid, Pattern, Stepper, devices, pattern_limits, rule_canonical,
                   rule_table, stepper_names)
from .universe import Universe, algorithms
from .rules import MSGrid, MSPattern, ms_reference_run, msrule_info
from .lattice import Game, Graph, GraphLife, Mesh, kernel_names
from .la import CG, BandMatrix, CSRMatrix, DenseMatrix, Multigrid, Operator, Stencil, Vec

__version__ = "0.2.0"

__all__ = ["LIBRARY_PATH", "BuildError", "Cancelled", "ClosedError", "Error", "InvalidArgument",
           "IOError", "LibraryNotFound", "Mismatch", "NoDevice", "OpenCLError", "OutOfMemory",
           "ParseError", "Unsupported", "has_function", "strerror", "version", "version_string",
           "Context", "Grid", "Pattern", "Stepper", "devices", "pattern_limits",
           "rule_canonical", "rule_table",
           "stepper_names", "Universe", "algorithms", "MSGrid", "MSPattern", "ms_reference_run",
           "msrule_info", "Game", "Graph", "GraphLife", "Mesh", "kernel_names", "CG", "BandMatrix",
           "CSRMatrix", "DenseMatrix", "Multigrid", "Operator", "Stencil", "Vec"]
