"""Issue 45: CuTe's further layout API from Python (coshape, nullspace, max_alignment, zip,
unflatten, domain_offset, weakly_congruent, compatible, evenly_divides, inner_partition,
outer_partition, recast), each a function the evaluator makes; every expected value is
CuTe's answer (cute-ref) for the same C++ expression."""
import pytest

import cutelayout as cl


def static(x, value):
    """x is CuTe's static integer `value` (a runtime one is a cl.Dyn)."""
    return x == value and not isinstance(x, cl.Dyn)


def test_queries():
    assert static(cl.coshape(cl.Layout((4, 8), (1, 4))), 32)
    r = cl.coshape(cl.evaluate("(4,8):(1,4)", dynamic=True))
    assert r == 32 and isinstance(r, cl.Dyn)
    assert cl.coshape(cl.evaluate("(_4,_8):(_1@1,_2@0)")) == (15, 4)
    assert repr(cl.nullspace(cl.evaluate("((_2,_4),_8,_3):((_0,_1),_0,_0)"))) == "(_2,_8,_3):(_1,_8,_64)"
    assert repr(cl.nullspace(cl.evaluate("(4,8):(0,1)", dynamic=True))) == "_1:_0"  # a runtime 0 is no static zero
    assert static(cl.max_alignment(cl.evaluate("(_8,_3,_4):(_1,_12,_64)")), 4)
    assert static(cl.max_alignment(cl.evaluate("(4,8):(1,4)", dynamic=True)), 1)
    assert static(cl.max_alignment(cl.evaluate("Sw<3,4,3> o _0 o (_64,_64):(_64,_1)")), 16)


def test_zip_and_unflatten():
    assert cl.zip(((1, 2), (3, 4))) == ((1, 3), (2, 4))
    assert cl.zip((1, 2), (3, 4), (5, 6)) == ((1, 3, 5), (2, 4, 6))
    assert cl.zip((1, 2)) == ((1, 2),)
    assert repr(cl.zip(cl.Layout((2, 3), (1, 2)), cl.Layout((4, 5), (1, 4)))) == "((_2,_4),(_3,_5)):((_1,_1),(_2,_4))"
    assert cl.unflatten((2, 3, 4), (0, (0, 0))) == (2, (3, 4))
    assert repr(cl.unflatten(cl.Layout((2, 3, 4)), ((0, 0), 0))) == "((_2,_3),_4):((_1,_2),_6)"
    with pytest.raises(cl.Error, match=r"zip: element 1 of \(\(1,2\),\(3,4,5\)\) has rank 3, not element 0's rank 2 "
                                       r"\(CuTe: Mismatched Ranks\)"):
        cl.zip(((1, 2), (3, 4, 5)))
    with pytest.raises(cl.Error, match=r"unflatten: the profile 0 has fewer leaves \(1\) than \(2,3\) has elements \(2\)"):
        cl.unflatten((2, 3), 0)


def test_predicates_are_cutes_booleans():
    assert static(cl.weakly_congruent((1, 2), ((2, 3), 4)), 1)
    assert static(cl.weakly_congruent(((2, 3), 4), (1, 2)), 0)
    assert static(cl.compatible((6, 4), ((2, 3), 4)), 1)
    r = cl.compatible((cl.Dyn(6), 4), ((2, 3), 4))
    assert r == 1 and isinstance(r, cl.Dyn)
    assert static(cl.compatible((cl.Dyn(2), 4), (2, 5)), 0)  # the static 4 vs 5 decides
    assert static(cl.evenly_divides((8, 6), cl.Tile("<4:2, 3>")), 1)
    assert static(cl.evenly_divides((8, 6), 5), 0)
    r = cl.evenly_divides((8, cl.Dyn(6)), (4, 4))
    assert r == 0 and isinstance(r, cl.Dyn)
    # A composed layout or a tensor stands for its shape, as in CuTe.
    swizzled = cl.evaluate("Sw<3,4,3> o _0 o (_64,_64):(_1,_64)")
    assert static(cl.weakly_congruent(swizzled, (64, 64)), 1)
    assert static(cl.compatible((64, 64), cl.make_tensor(cl.counting_iterator(0), cl.Layout((64, 64)))), 1)
    with pytest.raises(cl.Error, match=r"compatible: argument 1: \(2,_\) cannot contain `_`"):
        cl.compatible((2, None), (2, 3))


def test_partitions_and_domain_offset():
    t = cl.make_tensor(cl.counting_iterator(0), cl.Layout((8, 8)))
    assert repr(cl.inner_partition(t, (4, 4), (1, 1))) == "counting_iter(36) o (_4,_4):(_1,_8)"
    assert repr(cl.outer_partition(t, (4, 4), (1, 1))) == "counting_iter(9) o (_2,_2):(_4,_32)"
    assert repr(cl.outer_partition(t, (4, 4), (1,))) == "counting_iter(1) o (_4,_2,_2):(_8,_4,_32)"
    assert repr(cl.inner_partition(cl.Layout((8, 8)), (4, 4), (1, 1))) == "(_4,_4):(_1,_8)"
    p = cl.make_tensor(cl.make_smem_ptr("half_t", 256), cl.Layout((8, 8)))
    assert repr(cl.domain_offset(2, p)) == "smem_ptr[16b](0x104) o (_8,_8):(_1,_8)"
    assert repr(cl.domain_offset((cl.Dyn(1), cl.Dyn(2)), cl.Layout((4, 8)))) == "((_4,_8):(_1,_4),9)"
    with pytest.raises(cl.Error, match=r"outer_partition: coordinate \(1,1,1\) has more modes than the tile \(4,4\)"):
        cl.outer_partition(cl.Layout((8, 8)), (4, 4), (1, 1, 1))


def test_recast_of_a_tensor():
    t = cl.make_tensor(cl.make_smem_ptr("half_t", 256), cl.Layout((4, 8)))
    assert repr(cl.recast(t, "float")) == "smem_ptr[32b](0x100) o (_2,_8):(_1,_2)"
    assert repr(cl.recast("uint8_t", t)) == "smem_ptr[8b](0x100) o (_8,_8):(_1,_8)"
    assert static(cl.max_alignment(t), 512)
    neg = cl.make_tensor(cl.make_smem_ptr("half_t", 256), cl.Layout((4, 8), (-1, 4)))
    assert repr(cl.recast(neg, "float")) == "smem_ptr[32b](0xfc) o (_2,_8):(_-1,_2)"
    with pytest.raises(cl.Error, match=r"recast<T> takes a tensor over a pointer, not a layout"):
        cl.recast(cl.Layout((4, 8)), "float")


def test_make_tensor_like():
    # CuTe prints the register array's stack address where this prints rmem.
    assert repr(cl.make_tensor_like(cl.Layout((4, 8), (0, 1)), "float")) == "ptr[32b](rmem) o (_4,_8):(_0,_1)"
    assert repr(cl.make_tensor_like("float", cl.Layout((4, 8), (0, 1)))) == "ptr[32b](rmem) o (_4,_8):(_0,_1)"
    t = cl.make_tensor(cl.make_smem_ptr("half_t", 256), cl.Layout((4, 8), (8, 1)))
    assert repr(cl.make_tensor_like(t)) == "ptr[16b](rmem) o (_4,_8):(_8,_1)"
    assert repr(cl.make_tensor_like(t, "float")) == "ptr[32b](rmem) o (_4,_8):(_8,_1)"
    with pytest.raises(cl.Error, match=r"Dynamic owning tensors not supported"):
        cl.make_tensor_like(cl.evaluate("(4,8):(1,4)", dynamic=True), "half_t")


def test_transform_layout_takes_an_operation_name():
    assert repr(cl.transform_layout(cl.Layout(((2, 4), (3, 5))), "coalesce")) == "(_8,_15):(_1,_8)"
    assert repr(cl.transform_layout(cl.Layout((8, 6, 2)), (4, 3), "logical_divide")) == \
        "((_4,_2),(_3,_2),_2):((_1,_4),(_8,_24),_48)"
    with pytest.raises(cl.Error, match=r"size of mode 0 is an int tuple 8, not a layout"):
        cl.transform_layout(cl.Layout((8, 6)), "size")
