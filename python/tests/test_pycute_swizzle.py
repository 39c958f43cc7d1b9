"""cutelayout.pycute as a drop-in for pycute's swizzle code: every name pycute exports is
there (int_tuple.py, layout.py, swizzle.py, typing.py in NVIDIA/cutlass python/pycute),
and the swizzle ones give CuTe's answers (each expected value printed by CuTe for the same
C++ expression, noted beside it)."""

import pytest

import cutelayout.pycute as pycute
from cutelayout.pycute import ComposedLayout, Layout, Swizzle

PYCUTE_NAMES = {
    "int_tuple": ["is_int", "is_tuple", "flatten", "signum", "product", "inner_product", "tuple_max", "elem_scale",
                  "shape_div", "prefix_product", "idx2crd", "crd2idx", "crd2crd", "slice_", "has_none"],
    "layout": ["LayoutBase", "is_layout", "Layout", "make_layout", "size", "cosize", "coalesce", "filter",
               "composition", "complement", "right_inverse", "left_inverse", "logical_divide", "logical_product",
               "hier_unzip", "zipped_divide", "tiled_divide", "zipped_product", "tiled_product", "slice_and_offset"],
    "swizzle": ["shiftr", "shiftl", "Swizzle", "ComposedLayout"],
    "typing": ["Integer"],
}


@pytest.mark.parametrize("module", sorted(PYCUTE_NAMES))
def test_every_pycute_name(module):
    for name in PYCUTE_NAMES[module]:
        assert hasattr(pycute, name), f"pycute's {module}.{name}"
    ns = {}
    exec("from cutelayout.pycute import *", ns)
    assert all(name in ns for name in PYCUTE_NAMES[module])


def test_shifts():
    assert pycute.shiftl(1, 3) == 8 and pycute.shiftr(64, 3) == 8
    assert pycute.shiftl(64, -3) == 8 and pycute.shiftr(1, -3) == 8
    assert pycute.shiftl(5, 0) == 5 and pycute.shiftr(5, 0) == 5  # pycute recurses forever here


def test_swizzle():
    sw = Swizzle(3, 4, 3)
    assert (str(sw), repr(sw)) == ("SW_3_4_3", "Swizzle(3,4,3)")
    assert (sw.yyy_msk, sw.zzz_msk) == (0b1110000000, 0b1110000)
    assert sw.size() == sw.cosize() == 1024
    assert sw(67) == 67 and sw(200) == 216  # Swizzle<3,4,3>{}(200)
    neg = Swizzle(2, 0, -2)
    assert (neg.yyy_msk, neg.zzz_msk) == (0b11, 0b1100)
    assert neg(13) == 9
    assert Swizzle(3, 4, 3) == sw and Swizzle(2, 4, 3) != sw


def test_composed_layout():
    c = ComposedLayout(Swizzle(3, 4, 3), 0, Layout((8, 64), (64, 1)))
    assert str(c) == "SW_3_4_3 o 0 o (8, 64):(64, 1)"
    assert repr(c) == "ComposedLayout(Swizzle(3,4,3),0,Layout((8, 64),(64, 1)))"
    assert len(c) == 2 and pycute.size(c) == 512
    assert pycute.cosize(c) == 512  # CuTe's (the inner layout's); pycute says 1024
    assert c(1, 3) == 67 and c(5, 9) == 361 and c(67) == 216  # composition(Swizzle<3,4,3>{}, L)(...)
    assert c[1] == ComposedLayout(Swizzle(3, 4, 3), 0, Layout(64, 1)) and c[1](3) == 3
    neg = ComposedLayout(Swizzle(2, 0, -2), 0, Layout((4, 4), (4, 1)))
    assert neg(3, 1) == 9


def test_algebra_of_composed_layouts():
    c = ComposedLayout(Swizzle(3, 4, 3), 0, Layout((8, 64), (64, 1)))
    # Sw<3,4,3> o _0 o ((_2,_4),(_16,_4)):((_64,_128),(_1,_16))
    assert pycute.logical_divide(c, (2, 16)) == ComposedLayout(
        Swizzle(3, 4, 3), 0, Layout(((2, 4), (16, 4)), ((64, 128), (1, 16))))
    # Sw<3,4,3> o _0 o (_4,_8):(_8,_64)
    assert pycute.composition(c, Layout((4, 8), (64, 1))) == ComposedLayout(
        Swizzle(3, 4, 3), 0, Layout((4, 8), (8, 64)))
    # Sw<2,3,3> o _0 o ((_4,_8),(_2,_4)):((_32,_1),(_128,_8))
    d = ComposedLayout(Swizzle(2, 3, 3), 0, Layout((8, 32), (32, 1)))
    assert str(pycute.zipped_divide(d, (4, 8))) == "SW_2_3_3 o 0 o ((4, 8), (2, 4)):((32, 1), (128, 8))"
    assert pycute.coalesce(c) == c


def test_hier_unzip():
    split = pycute.hier_unzip(pycute.logical_divide, Layout((8, 64), (64, 1)), (Layout(2, 1), Layout(16, 1)))
    assert split == pycute.zipped_divide(Layout((8, 64), (64, 1)), (Layout(2, 1), Layout(16, 1)))
    assert pycute.hier_unzip(pycute.logical_divide, Layout(8, 1), None) == Layout((1, 8), (0, 1))
