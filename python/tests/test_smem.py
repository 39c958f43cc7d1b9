"""Issue 43: tensors over CuTe's shared-memory pointer with swizzled layouts, from Python.

Every expected string is CuTe's answer (cute-ref) for the same C++ expression.
"""
import pytest

import cutelayout as cl

SWIZZLED = "composition(Swizzle<3,4,3>{}, Layout<Shape<_64,_64>,Stride<_64,_1>>{})"


def smem_tile():
    return cl.make_tensor(cl.make_smem_ptr("half_t", 0), cl.evaluate(SWIZZLED))


def test_pointer_and_tensor_print_as_cute():
    assert repr(cl.make_smem_ptr("half_t", 0)) == "smem_ptr[16b]((nil))"
    assert repr(cl.evaluate("make_smem_ptr<float>(1024)")) == "smem_ptr[32b](0x400)"
    t = smem_tile()
    assert t.kind == "tensor"
    assert repr(t) == "smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o (_64,_64):(_64,_1)"
    assert t == cl.evaluate(f"make_tensor(make_smem_ptr<half_t>(nullptr), {SWIZZLED})")


def test_tiled_copy_partitions_of_a_swizzled_tile():
    # CuTe: make_tiled_copy(...).get_slice(t).partition_S(make_tensor(make_smem_ptr<half_t>(nullptr), Sw o L))
    tc = cl.evaluate("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, "
                     "Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})")
    t = smem_tile()
    expected = {0: "smem_ptr[16b]((nil)) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)",
                5: "smem_ptr[16b](0x50) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)",
                16: "smem_ptr[16b](0x120) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)",
                127: "smem_ptr[16b](0x710) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)"}
    for thread, answer in expected.items():
        assert repr(cl.partition_S(tc, thread, t)) == answer
        assert repr(cl.partition_D(tc, thread, t)) == answer
    mma = cl.evaluate("make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_2,_2,_1>>{})")
    ldsm = cl.make_tiled_copy_A(cl.evaluate("Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}"), mma)
    assert repr(cl.partition_S(ldsm, 37, t)) == "smem_ptr[16b](0xac0) o ((_8,_1),_2,(_2,_2)):((_1,_0),_2048,(16,-32))"
    assert repr(cl.partition_fragment_A(mma, 37, t)) == "((_2,_2,_2),_2,(_2,_2)):((_1,_2,_4),_8,(_16,_32))"


def test_tiles_of_a_swizzled_tile():
    # Python's integers are static: CuTe's make_coord(Int<3>{}, Int<2>{}), Int<19>{}.
    t = smem_tile()
    assert repr(cl.local_tile(t, (8, 8), (3, 2))) == "smem_ptr[16b](0xca0) o ((_2,_2,_2),_8):((_-64,_112,_288),_1)"
    assert repr(cl.local_partition(t, cl.Layout((16, 8), (8, 1)), 19)) == \
        "smem_ptr[16b](0x126) o (_4,(_2,_2,_2)):(_1024,(_8,_-16,_32))"
    # A tile that keeps both swizzle fields stays swizzled, its fixed bits the offset.
    assert repr(cl.local_tile(t, (16, 32), (3, 1))) == "smem_ptr[16b](0x1800) o Sw<3,4,3> o _32 o (_16,_32):(_64,_1)"
    assert repr(cl.zipped_divide(t, (8, 8))) == \
        "smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o ((_8,_8),(_8,_8)):((_64,_1),(_512,_8))"


def test_errors():
    with pytest.raises(cl.Error, match="not 4 bits"):
        cl.make_smem_ptr("uint4_t", 0)
    with pytest.raises(cl.Error, match="is a value in shared memory"):
        cl.crd2idx(5, smem_tile())
    # At a runtime coordinate CuTe's offset there is a MixedBits value: not modelled.
    with pytest.raises(cl.Error, match="MixedBits"):
        cl.evaluate(f"local_tile(make_tensor(make_smem_ptr<half_t>(nullptr), {SWIZZLED}), "
                    "make_shape(Int<16>{}, Int<32>{}), make_coord(3, 1))")
