"""cutelayout.append and cutelayout.prepend: CuTe's append and prepend of layouts, int tuples
and tiles, with a rank as the last argument (CuTe's template argument), and their errors;
the answers are CuTe's (test/tools/cute-layout/Inputs/cute-overloads.tsv)."""

import pytest

import cutelayout as cl


def test_layouts():
    a, x = cl.Layout(3, 1), cl.Layout(4, 3)
    assert repr(cl.append(a, x)) == "(_3,_4):(_1,_3)"
    assert repr(cl.prepend(a, x)) == "(_4,_3):(_3,_1)"
    assert repr(cl.append(cl.append(a, x), cl.append(a, x))) == "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))"
    assert isinstance(cl.append(a, x), cl.Layout)


def test_layouts_padded_to_a_rank():
    a, x = cl.Layout(3, 1), cl.Layout(4, 3)
    assert repr(cl.append(a, x, 3)) == "(_3,_4,_4):(_1,_3,_3)"  # append<3>(a, x)
    assert repr(cl.append(a, x, 1)) == "_3:_1"  # a leaf is rank 1
    assert repr(cl.prepend(a, 3)) == "(_1,_1,_3):(_0,_0,_1)"  # prepend<3>(a): x is _1:_0
    assert repr(cl.append(cl.Layout((2, 3), (1, 2)), x, 2)) == "(_2,_3):(_1,_2)"


def test_int_tuples_and_tiles():
    assert cl.append((2, 3), 4) == (2, 3, 4)
    assert cl.prepend((2, 3), 4) == (4, 2, 3)
    assert cl.append(2, 4) == (2, 4)
    assert cl.prepend(2, 4, 3) == (4, 4, 2)
    assert cl.append((), 4, 2) == (4, 4)
    r = cl.append((cl.Dyn(2), 3), cl.Dyn(4))
    assert r == (2, 3, 4) and isinstance(r[0], cl.Dyn) and not isinstance(r[1], cl.Dyn)
    t = cl.append(cl.Tile("<3:1, 4>"), cl.Layout((2, 2), (1, 2)))
    assert isinstance(t, cl.Tile) and repr(t) == "(_3:_1,_4,(_2,_2):(_1,_2))"
    assert repr(cl.append(cl.Tile("<3:1, 4>"), None, 4)) == "(_3:_1,_4,_,_)"  # None is CuTe's _


def test_composed_layouts():
    c = cl.composition(cl.Swizzle(1, 0, 1), cl.Layout((2, 2), (1, 2)))
    assert repr(cl.append(c, cl.Layout(4, 3), 3)) == "Sw<1,0,1> o _0 o (_2,_2,_4):(_1,_2,_3)"
    with pytest.raises(cl.Error, match=r"append: argument 1 is a composed layout .* makes an element of a plain tuple"):
        cl.append(c, cl.Layout(4, 3))
    with pytest.raises(cl.Error, match=r"prepend: argument 1 is a composed layout"):
        cl.prepend(c, cl.Layout(4, 3), 3)


def test_errors():
    with pytest.raises(cl.Error, match=r"append: cannot pad \(2,3\):\(1,2\) to rank 1: its rank is 2"):
        cl.append(cl.Layout((2, 3), (1, 2)), cl.Layout(4, 3), 1)
    with pytest.raises(cl.Error, match=r"prepend: cannot pad 2 to rank 0: its rank is 1"):
        cl.prepend(2, 4, 0)
    with pytest.raises(cl.Error, match=r"argument 2 must be a layout like argument 1 but is an int tuple \(2,3\)"):
        cl.append(cl.Layout(3, 1), (2, 3))
    with pytest.raises(cl.Error, match=r"argument 2 must be an int tuple like argument 1 but is a layout 4:3"):
        cl.prepend((2, 3), cl.Layout(4, 3))
    with pytest.raises(cl.Error, match=r"more than the 1048576 allowed"):
        cl.append(cl.Layout(3, 1), cl.Layout((2, 2), (1, 2)), 1000000)
