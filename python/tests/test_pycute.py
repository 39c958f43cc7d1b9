"""cutelayout.pycute: pycute's interface (tuples in .shape and .stride), CuTe's answers."""

import random

import cutelayout
import cutelayout.pycute as pycute
from cutelayout.pycute import Layout


def test_int_tuple_helpers():
    assert pycute.product(((2, 3), 4)) == 24 and pycute.product(7) == 7
    assert pycute.inner_product(((2, 3), 4), ((2, 1), 2)) == 15
    assert pycute.shape_div(((3, 4), 6), 36) == ((1, 1), 2)
    assert pycute.prefix_product(((2, 3), (2, 1, 2))) == ((1, 2), (6, 12, 12))
    assert pycute.flatten(((1, 2), (3, (4, 5)))) == (1, 2, 3, 4, 5)
    assert pycute.idx2crd(5, (2, 3)) == (1, 2) and pycute.crd2idx((1, 2), (2, 3)) == 5
    assert pycute.slice_((None, 1), (4, 8)) == (4,) and pycute.has_none((1, (None, 2)))
    assert issubclass(int, pycute.Integer) and not isinstance(True, pycute.Integer)


def test_layout_interface():
    L = Layout((4, 8), (1, 4))
    assert L.shape == (4, 8) and L.stride == (1, 4) and len(L) == 2
    assert L(1, 2) == 9 and L[1] == Layout(8, 4) and L.size() == 32 and L.cosize() == 32
    assert str(L) == "(4, 8):(1, 4)" and repr(L) == "Layout((4, 8),(1, 4))"
    assert L(None, 1) == Layout((4,), (1,))
    assert pycute.slice_and_offset((None, 1), L) == (Layout((4,), (1,)), 4)
    assert pycute.make_layout(Layout(2, 1), Layout(3, 2)) == Layout((2, 3), (1, 2))


def test_a_changed_layout_is_recomputed():
    L = Layout((4, 8), (1, 4))
    assert L(1, 2) == 9
    L.stride = (8, 1)  # pycute layouts are plain objects: a cached native value must not survive
    assert L(1, 2) == 10 and L.cosize() == 32


def test_algebra_is_cutes():
    A, B = Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))
    assert pycute.composition(A, B) == Layout(((2, 2), 3), ((24, 2), 8))
    assert pycute.complement(Layout(4, 2), 24) == Layout((2, 3), (1, 8))
    assert pycute.logical_divide(Layout((4, 8), (1, 4)), (Layout(2), Layout(4))) == \
        Layout(((2, 2), (4, 2)), ((1, 2), (4, 16)))
    assert pycute.blocked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3))) == \
        Layout(((2, 3), (5, 4)), ((5, 10), (1, 30)))
    assert pycute.coalesce(Layout((2, (1, 6)), (1, (6, 2)))) == Layout(12, 1)
    assert pycute.right_inverse(Layout((4, 8), (8, 1))) == Layout((8, 4), (4, 1))


def _layouts(seed, count, extents=(1, 2, 3, 4, 8)):
    """Seeded compact layouts with permuted modes: injective, so every inverse exists."""
    rng = random.Random(seed)
    for _ in range(count):
        shape = tuple(rng.choice(extents) for _ in range(rng.randint(1, 3)))
        order = list(range(len(shape)))
        rng.shuffle(order)
        stride, acc = [0] * len(shape), 1
        for i in order:
            stride[i], acc = acc, acc * shape[i]
        yield Layout(shape, tuple(stride))


def test_postconditions_over_random_layouts():
    for L in _layouts(20261123, 300):
        R = pycute.right_inverse(L)
        assert all(L(R(i)) == i for i in range(pycute.size(R)))
        Li = pycute.left_inverse(L)
        assert all(Li(L(i)) == i for i in range(pycute.size(L)))
        C = pycute.coalesce(L)
        assert pycute.size(C) == pycute.size(L) and all(C(i) == L(i) for i in range(pycute.size(L)))
    # Composition is the function A(B(c)) where CuTe's conditions hold in full: with
    # power-of-two extents every division is exact.
    composed = 0
    pow2 = (1, 2, 4, 8)
    for L in _layouts(7, 200, pow2):
        for B in _layouts(pycute.size(L), 3, pow2):
            if pycute.cosize(B) > pycute.size(L):  # A(B(i)) is A's function on its domain
                continue
            try:
                AB = pycute.composition(L, B)
            except cutelayout.Error:  # CuTe's divisibility conditions refuse this pair
                continue
            composed += 1
            assert all(AB(i) == L(B(i)) for i in range(pycute.size(AB)))
    assert composed >= 100


def test_swizzle():
    sw = pycute.Swizzle(3, 4, 3)
    assert sw(0x80) == 0x90 and sw(sw(0x1234)) == 0x1234
