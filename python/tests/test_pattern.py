"""Pattern files in and out."""
import os

import numpy as np
import pytest

import golcl

GUN_POP = 36  # the Gosper glider gun


def test_read_gun(data):
    p = golcl.Pattern.read(data("gosper-glider-gun.rle"))
    assert p.shape == (9, 36) and p.population == GUN_POP and p.format == "RLE"
    a = p.to_array()
    assert a.shape == (9, 36) and int(a.sum()) == GUN_POP
    assert p.rule == "B3/S23"
    gz = golcl.Pattern.read(data("gosper-glider-gun.rle.gz"))
    assert np.array_equal(gz.to_array(), a) and np.array_equal(np.asarray(p), a)
    assert p._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_parse_write_roundtrip(tmp_path):
    text = "#N glider\n#O someone\nx = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n"
    p = golcl.Pattern.parse(text)
    assert p.comments == ["#N glider", "#O someone"]
    assert p.rule == "B36/S23"
    glider = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], np.uint8)
    assert np.array_equal(p.to_array(), glider)
    p.generation = 12
    p.origin = (-5, 7)
    p.add_comment("made by a test")
    rle = p.to_rle()
    assert "#CXRLE Pos=-5,7 Gen=12" in rle and "#C made by a test" in rle
    for ext in (".rle", ".mc", ".cells"):
        path = os.path.join(tmp_path, "g" + ext)
        p.write(path)
        q = golcl.Pattern.read(path)
        assert np.array_equal(q.to_array(), glider), ext
        if ext != ".cells":
            assert q.generation == 12 and q.rule == "B36/S23"
    assert "[M2]" in p.to_macrocell()
    assert p.to_plaintext().rstrip().splitlines()[-3:] == [".O.", "..O", "OOO"]


def test_from_array_with_rule_and_bounds():
    a = np.zeros((4, 5), np.uint8)
    a[1, 2] = 1
    p = golcl.Pattern.from_array(a, rule="B3/S23:T5,4")
    assert p.rule == "B3/S23:T5,4" and p.population == 1
    assert golcl.Pattern.from_array(np.zeros((0, 0), np.uint8)).population == 0


def test_errors(tmp_path, data):
    with pytest.raises(golcl.ParseError) as e:
        golcl.Pattern.parse("x = 3, y = 3\nbo$2bo$3o{!\n")
    assert e.value.status == -7 and "line 2" in str(e.value)
    with pytest.raises(golcl.IOError) as e:
        golcl.Pattern.read(os.path.join(tmp_path, "missing.rle"))
    assert "missing.rle" in str(e.value) and isinstance(e.value, OSError)
    p = golcl.Pattern.read(data("gosper-glider-gun.rle"))
    with pytest.raises(golcl.InvalidArgument):
        p.write(os.path.join(tmp_path, "gun.txt"))  # unknown extension
    with pytest.raises(golcl.ParseError):
        p.rule = "B3/S23:Q"
    assert p.rule == "B3/S23"  # unchanged
    with pytest.raises(golcl.InvalidArgument):
        golcl.Pattern.from_array(np.zeros((3, 3), np.int64))
    with pytest.raises(golcl.InvalidArgument):
        p.generation = -1
    assert p.generation == 0
    with pytest.raises(golcl.InvalidArgument):
        golcl.Pattern.parse(12)


def test_limits():
    d = golcl.pattern_limits()
    assert d["max_width"] == 1 << 24 and d["max_cells"] == 1 << 26
    try:
        assert golcl.pattern_limits(max_width=10)["max_width"] == 10
        with pytest.raises(golcl.ParseError) as e:
            golcl.Pattern.parse("x = 20, y = 1\n20o!\n")
        assert "limit" in str(e.value)
        with pytest.raises(golcl.InvalidArgument):
            golcl.pattern_limits(max_cells=0)
        with pytest.raises(golcl.InvalidArgument):
            golcl.pattern_limits(max_area=5)
    finally:
        assert golcl.pattern_limits(reset=True) == d
    assert golcl.Pattern.parse("x = 20, y = 1\n20o!\n").population == 20
