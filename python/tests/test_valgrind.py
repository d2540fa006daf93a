"""The binding's buffers under valgrind's memcheck: host-only calls (no
OpenCL device, so that pocl and LLVM stay out of the picture) with numpy
arrays that the library reads and writes. Any memcheck error fails, and so
does a definite leak whose stack passes through libgolcl (Python and numpy
keep their own allocations at exit, which are not the binding's)."""
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SUPP = os.path.join(HERE, "..", "..", "tests", "valgrind.supp")


@pytest.mark.skipif(shutil.which("valgrind") is None,
                    reason="valgrind is not installed: the memcheck run of the binding is skipped")
@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                    reason="under AddressSanitizer (make asan), which checks the same buffers; "
                    "valgrind cannot run beside it")
def test_host_calls_under_memcheck(tmp_path, data):
    log = tmp_path / "memcheck.log"
    cmd = ["valgrind", "--error-exitcode=99", "--leak-check=full",
           "--errors-for-leak-kinds=none", "--show-leak-kinds=definite", "--num-callers=40",
           "--log-file=%s" % log]
    if os.path.exists(SUPP):
        cmd.append("--suppressions=%s" % SUPP)
    env = dict(os.environ, PYTHONMALLOC="malloc")
    r = subprocess.run(cmd + [sys.executable, os.path.join(HERE, "valgrind_host.py"),
                              data("gosper-glider-gun.rle")],
                       capture_output=True, text=True, env=env)
    text = log.read_text()
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr + text[-4000:]
    assert "ERROR SUMMARY: 0 errors" in text
    records = re.split(r"==\d+== \n", text)
    ours = [rec for rec in records if "definitely lost" in rec and "libgolcl" in rec]
    assert not ours, "\n".join(ours)
