"""cutelayout.bank_conflicts: the --banks report in Python (issue 44): rows, columns,
thread-value layouts and the sides of tiled copies and MMAs (an ldmatrix read), its
numbers, its waves and colliding threads, its picture and its errors."""

import pytest

import cutelayout as cl

# make_tiled_copy_B of the ldmatrix x4 atom for an MMA whose K is 32: 8x32 tiles, thread t
# naming row t % 8, columns 8(t / 8) to 8(t / 8) + 7 (CuTe's get_layoutS_TV).
LDMATRIX = ("make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, "
            "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}, Tile<_16,_8,_32>{}))")
TILE = cl.Layout("(8,64):(64,1)")
SWIZZLED = cl.composition(cl.Swizzle(3, 3, 3), TILE)


def test_ldmatrix_read_of_the_unswizzled_tile_is_8_way():
    r = cl.bank_conflicts(TILE, access=cl.evaluate(LDMATRIX), side="src", element_bits=16, access_bits=128)
    assert (r.worst, r.average, r.wavefronts, len(r.waves)) == (8, 8.0, 64, 8)
    assert not r.conflict_free
    w = r.waves[1]
    assert w.what == "tile (0,0), values 0-7" and w.threads == list(range(8, 16))
    assert w.banks == [4, 5, 6, 7] and w.ways == 8
    assert w.offsets == [8 + 64 * row for row in range(8)]  # row t % 8, column 8
    assert [c.bank for c in w.conflicts] == [4, 5, 6, 7]
    assert all(c.threads == list(range(8, 16)) and c.ways == 8 and c.wave == 1 for c in w.conflicts)
    assert len(r.conflicts) == 32  # 4 banks in each of 8 waves
    assert repr(r) == ("<bank_conflicts of (_8,_64):(_64,_1): worst 8-way, average 8-way, "
                       "64 wavefronts for 8 waves>")


def test_ldmatrix_read_of_the_swizzled_tile_is_conflict_free():
    r = cl.bank_conflicts(SWIZZLED, access=cl.evaluate(LDMATRIX), side="src")
    assert (r.worst, r.average, r.wavefronts, len(r.waves)) == (1, 1.0, 8, 8)
    assert r.conflict_free and r.conflicts == []
    assert all(w.banks == list(range(32)) for w in r.waves)
    assert repr(r) == ("<bank_conflicts of Sw<3,3,3> o _0 o (_8,_64):(_64,_1): worst conflict-free, "
                       "average 1-way, 8 wavefronts for 8 waves>")
    # The same access as text, its side first, and the layout as an expression.
    text = cl.bank_conflicts("Sw<3,3,3> o _0 o (8,64):(64,1)", access="src:" + LDMATRIX)
    assert (text.worst, text.wavefronts) == (1, 8)


def test_the_text_is_the_command_lines():
    r = cl.bank_conflicts("(8,64):(64,1)", access="columns")
    lines = str(r).splitlines()
    assert lines[0] == "(_8,_64):(_64,_1)"
    assert lines[2] == "wave 0: columns 0-7, threads 0-7: banks 0-3, 8-way"
    assert lines[-3:] == ["worst: 8-way in waves 0-7; conflicting waves: 8 of 8",
                          "wavefronts: 64 for 8 waves (average 8-way)",
                          "colliding in wave 0: threads 0-7 in banks 0-3"]


def test_rows_columns_and_thread_value_layouts():
    assert cl.bank_conflicts(TILE).worst == 1  # rows are the default
    assert cl.bank_conflicts(SWIZZLED, access="columns").worst == 1
    # The wrong swizzle for 16-bit elements: threads 2k and 2k+1 share their banks.
    r = cl.bank_conflicts(cl.composition(cl.Swizzle(3, 4, 3), TILE), access="columns")
    assert (r.worst, r.wavefronts) == (2, 16)
    assert [c.threads for c in r.waves[0].conflicts[::4]] == [[0, 1], [2, 3], [4, 5], [6, 7]]
    # A thread-value layout as a value or as text: thread t reads row t.
    tv = cl.Layout("(8,64):(1,8)")
    assert cl.bank_conflicts(TILE, access=tv).worst == 8
    assert cl.bank_conflicts(TILE, access="(8,64):(1,8)").wavefronts == 64
    # 32-bit floats with rows of 33 words: the classic padding, conflict-free.
    padded = cl.bank_conflicts("(32,32):(33,1)", access="columns", element_bits=32, access_bits=32)
    assert padded.worst == 1 and padded.phase == 32
    assert cl.bank_conflicts("(32,32):(32,1)", access="columns", element_bits=32, access_bits=32).worst == 32


def test_mma_operands_and_copy_atoms():
    mma = cl.evaluate("make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{})")
    r = cl.bank_conflicts("(16,16):(16,1)", access=mma, side="A", access_bits=32)
    assert (r.worst, r.wavefronts) == (2, 8)
    assert r.waves[0].conflicts[0].threads == [0, 16]
    atom = cl.evaluate("Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}")
    assert cl.bank_conflicts("(64,8):(1,64)", access=atom, side="src").worst == 1


def test_elements_place_each_wave_on_the_grid():
    # Elements are column-major indices of the layout's domain: wave 0 of the columns
    # pattern reads columns 0-7 of rows 0-7 of the 8x64 tile.
    w = cl.bank_conflicts(TILE, access="columns").waves[0]
    assert sorted(w.elements) == sorted(row + 8 * col for row in range(8) for col in range(8))


def test_picture_by_bank():
    r = cl.bank_conflicts(TILE, access="columns")
    svg = r.svg()
    assert svg.startswith("<svg") and svg.count('class="wave"') == 64
    assert "outlined: wave 0 (columns 0-7, threads 0-7), 8-way" in svg
    assert "<title>(1,0): offset 64, bank 0</title>" in svg
    # The plain picture of a swizzled tile: its offsets.
    assert "<title>(1,0): 72</title>" in cl.svg(SWIZZLED)


def test_errors():
    tc = cl.evaluate(LDMATRIX)
    with pytest.raises(cl.Error, match=r'has several sides: name one, side="src" or side="dst"'):
        cl.bank_conflicts(TILE, access=tc)
    with pytest.raises(cl.Error, match=r"is src or dst, not 'A'"):
        cl.bank_conflicts(TILE, access=tc, side="A")
    with pytest.raises(cl.Error, match=r"^access_bits takes 8, 16, 32, 64 or 128 \(the widths of a shared-memory "
                                       r"access\) but got 256$"):
        cl.bank_conflicts(TILE, access_bits=256)
    with pytest.raises(cl.Error, match=r"^element_bits takes a positive number of bits but got 0$"):
        cl.bank_conflicts(TILE, element_bits=0)
    with pytest.raises(cl.Error, match=r"^access_bits 16 is not a multiple of element_bits 32$"):
        cl.bank_conflicts(TILE, element_bits=32, access_bits=16)
    with pytest.raises(cl.Error, match=r"^access takes rows, columns, a thread-value layout or SIDE:EXPR"):
        cl.bank_conflicts(TILE, access="row")
    with pytest.raises(cl.Error, match=r"^side names a side of a tiled copy or a tiled MMA, not of the rows pattern$"):
        cl.bank_conflicts(TILE, access="rows", side="src")
    with pytest.raises(cl.Error, match=r"^bank_conflicts: the tile \(_8,_32\) of the source side of .* does not divide "
                                       r"\(_16,_60\):\(_60,_1\): mode 1 has 60 elements, not a multiple of 32$"):
        cl.bank_conflicts("(16,60):(60,1)", access=tc, side="src")
    with pytest.raises(cl.Error, match=r"^bank_conflicts needs a layout or a composed layout but the result is"):
        cl.bank_conflicts("(4,8)")
    with pytest.raises(cl.Error, match=r"^expected a cutelayout value or an expression \(str\), got float$"):
        cl.bank_conflicts(1.5)
    with pytest.raises(cl.Error, match=r"^column 5: "):
        cl.bank_conflicts("(4,8", access="columns")
