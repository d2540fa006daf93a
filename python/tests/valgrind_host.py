"""Host-only calls of the binding (patterns, HashLife, multi-state patterns,
the reference run): run by test_valgrind.py under memcheck."""
import sys; import os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np, golcl
p = golcl.Pattern.read(sys.argv[1])
a = p.to_array(); r = p.to_rle(); m = p.to_macrocell()
q = golcl.Pattern.from_array(np.ascontiguousarray(a[:, ::-1]))
u = golcl.Universe(); u.load(p); u.run(500)
b, xy = u.to_array(); u.write_rect(-3, -3, np.ones((2, 5), np.uint8)); u.read_rect(-10, -10, 33, 17)
s = u.to_rle(); e = u.extract(); e.to_array(); u._repr_png_()
try: golcl.Pattern.parse("x = 3, y = 3\nbo$2bo$3o{!\n")
except golcl.ParseError: pass
ms = golcl.MSPattern.parse("x = 4, y = 1, rule = 345/2/4\n.ABC!\n"); ms.to_array(); ms.to_rle()
golcl.ms_reference_run("345/2/4", np.random.default_rng(1).integers(0, 4, (29, 37)).astype(np.uint8), 5)
del u, p, q, e, ms
print("ok")
