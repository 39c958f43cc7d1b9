"""cutelayout.synthesize_swizzle (issue 47): the swizzle of a shared-memory tile with the
fewest bank conflicts for a cp.async write and an ldmatrix read, checked with
cutelayout.bank_conflicts, and its error for a copy of unknown direction."""

import pytest

import cutelayout as cl

WRITE = ("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, "
         "Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})")
LDMATRIX = ("make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, "
            "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}, Tile<_16,_8,_32>{}))")


def test_half_64_element_rows_get_cutlass_sw333():
    tile = cl.Layout("(8,64):(64,1)")
    chosen = cl.synthesize_swizzle(tile, cl.evaluate(WRITE), cl.evaluate(LDMATRIX))
    assert str(chosen) == str(cl.composition(cl.Swizzle(3, 3, 3), tile))
    assert cl.bank_conflicts(tile, access=cl.evaluate(LDMATRIX), side="src").worst == 8
    assert cl.bank_conflicts(chosen, access=cl.evaluate(LDMATRIX), side="src").worst == 1
    assert cl.bank_conflicts(chosen, access=cl.evaluate(WRITE), side="dst").worst == 1


def test_a_copy_of_unknown_direction_is_refused():
    universal = WRITE.replace("SM80_CP_ASYNC_CACHEGLOBAL", "UniversalCopy")
    with pytest.raises(Exception, match="neither reads shared memory"):
        cl.synthesize_swizzle(cl.Layout("(8,64):(64,1)"), cl.evaluate(universal))
