"""The Python module: values, every operation by its CuTe name, errors (CuTe's answers)."""

import re

import pytest

import cutelayout as cl


def test_composition_of_the_readme():
    r = cl.composition(cl.Layout("(6,2):(8,2)"), cl.Layout("(4,3):(3,1)"))
    assert str(r) == "((2,2),3):((24,2),8)"
    assert repr(r) == "((_2,_2),_3):((_24,_2),_8)"
    assert isinstance(r, cl.Layout)


def test_layout_values():
    L = cl.Layout((4, 8), (1, 4))
    assert L(1, 2) == 9 and L((1, 2)) == 9 and L(9) == 9
    assert L.shape == (4, 8) and L.stride == (1, 4)
    assert L.size() == 32 and L.cosize() == 32 and len(L) == 2 and L.rank == 2 and L.depth == 1
    assert str(L[1]) == "8:4"
    assert str(L(None, 1)) == "(4):(1)"  # None is CuTe's _: a slice
    assert L == cl.Layout("(4,8):(1,4)") and hash(L) == hash(cl.Layout("(4,8):(1,4)"))
    assert L != cl.Layout("(4,8):(1,4)", dynamic=True)  # staticness is part of the value
    assert str(cl.Layout((4, 8))) == "(4,8):(1,4)"  # column-major without a stride


def test_static_and_dynamic_leaves():
    L = cl.Layout((cl.Dyn(4), 8))
    assert repr(L) == "(4,_8):(_1,4)"
    s = cl.size(L)
    assert s == 32 and isinstance(s, cl.Dyn) and repr(s) == "Dyn(32)"
    assert cl.shape(L) == (4, 8) and isinstance(cl.shape(L)[0], cl.Dyn) and not isinstance(cl.shape(L)[1], cl.Dyn)


def test_every_operation_is_a_function():
    names = cl.operations()
    assert len(names) >= 60
    for name in names:
        assert callable(getattr(cl, name))
    assert str(cl.logical_divide(cl.Layout((4, 8), (1, 4)), (2, 4))) == "((2,2),(4,2)):((1,2),(4,16))"
    assert str(cl.complement(cl.Layout(4, 2), 24)) == "(2,3):(1,8)"
    assert str(cl.tile_to_shape(cl.Layout((8, 64), (64, 1)), (128, 64))) == "((8,16),(64,1)):((64,512),(1,0))"
    assert str(cl.upcast(cl.Layout((8, 64), (64, 1)), 2)) == "(8,32):(32,1)"
    assert str(cl.recast_layout(cl.Layout((8, 64), (64, 1)), "uint16_t", "uint32_t")) == "(8,32):(32,1)"
    assert cl.crd2idx((3, 5), cl.Layout((128, 128), (1, 128))) == 643
    assert cl.idx2crd(1000, ((8, 16), (64, 2))) == ((0, 13), (7, 0))


def test_swizzles_and_composed_layouts():
    c = cl.composition(cl.Swizzle(3, 4, 3), cl.Layout((8, 64), (64, 1)))
    assert isinstance(c, cl.ComposedLayout)
    assert repr(c) == "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
    assert c(1, 3) == 67 and c.size() == 512
    assert repr(cl.tile_to_shape(c, (64, 128))) == "Sw<3,4,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))"
    assert cl.Swizzle(3, 4, 3)(0x80) == 0x90
    assert cl.ComposedLayout("Sw<3,4,3> o _0 o (8,64):(64,1)") == c


def test_errors_carry_the_core_message():
    with pytest.raises(cl.Error, match="stride divisibility condition fails"):
        cl.composition(cl.Layout("(4,6):(1,5)"), cl.Layout("2:6"))
    with pytest.raises(cl.Error, match="column 7: expected an integer"):
        cl.Layout("(4,8):")
    with pytest.raises(cl.Error, match="out of the int64 range"):
        cl.size((1 << 70, 2))
    with pytest.raises(cl.Error, match="expected an int, a tuple of ints or None"):
        cl.size(1.5)
    assert issubclass(cl.Error, ValueError)


def test_evaluate_takes_the_command_line_notation():
    assert str(cl.evaluate("coalesce((4,(2,2)):(1,(4,8)))")) == "16:1"
    assert cl.evaluate("size((4,8))") == 32
    assert cl.evaluate("shape((4,8):(1,4))", dynamic=True) == (4, 8)


def test_basis_strides_and_identity_tensors():
    t = cl.make_identity_tensor((4, 2))
    assert isinstance(t, cl.Tensor) and t.kind == "tensor"
    assert repr(t) == "ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)"
    assert t(5) == (1, 1) and t(3, 1) == (3, 1)
    assert repr(t(None, 1)) == "ArithTuple(_0,_1) o (_4):(_1@0)"
    tile = cl.local_tile(cl.make_identity_tensor((128, 64)), (32, 16), (1, 2))
    assert repr(tile) == "ArithTuple(_32,_32) o (_32,_16):(_1@0,_1@1)"
    part = cl.local_partition(cl.make_tensor(cl.counting_iterator(0), (16, 8)), (4, 2), 3)
    assert repr(part) == "counting_iter(3) o (_4,_4):(_4,_32)"
    basis = cl.Layout("(4,2):(1@0,1@1)")
    # CuTe: a rest mode of size 1 gets the integer stride _0.
    assert repr(cl.zipped_divide(basis, (2, 2))) == "((_2,_2),(_2,_1)):((_1@0,_1@1),(_2@0,_0))"
    assert repr(cl.crd2idx((3, 1), (8, 2), cl.evaluate("(2@1,0)"))) == "_6@1"  # one basis stays a basis
    with pytest.raises(cl.Error, match="CuTe needs integer strides here, not scaled bases"):
        cl.complement(basis, 64)


def test_operations_are_native_callables():
    op = cl.composition
    assert op.__name__ == "composition" and "composition" in op.__doc__ and "composition" in repr(op)
    A = cl.Layout("(6,2):(8,2)")
    before = repr(A)
    assert str(op(A, cl.Layout("(4,3):(3,1)"))) == "((2,2),3):((24,2),8)"
    assert repr(A) == before  # arguments are read in place, never changed
    with pytest.raises(cl.Error, match="no keyword arguments"):
        cl.size(A, mode=0)
    with pytest.raises(cl.Error, match="takes 2 arguments but got 1"):
        cl.composition(A)
    with pytest.raises(cl.Error, match="too many arguments"):
        cl.size(*([1] * 9))
    with pytest.raises(cl.Error, match="expected an int, a tuple of ints or None"):
        cl.composition(A, object())  # a failing conversion after a native argument


def test_tiled_mma():
    # CuTe: make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{})
    m = cl.make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2, 2, 1))
    assert m.kind == "tiled_mma"
    assert repr(cl.get_layoutC_TV(m)) == "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    assert repr(cl.partition_C(m, 37, (64, 64))) == "counting_iter(145) o ((_2,_2),_2,_4):((_64,_8),_32,_1024)"
    assert cl.tile_size(m, 0) == 32
    assert cl.evaluate("MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}").kind == "mma_atom"
    with pytest.raises(cl.Error, match="must be an MMA atom"):
        cl.make_tiled_mma("SM90_64x8x16", (2, 2, 1))


def test_tiled_copy_and_pictures():
    atom = cl.evaluate("Copy_Atom<UniversalCopy<uint128_t>, half_t>{}")
    assert atom.kind == "copy_atom"
    tc = cl.make_tiled_copy(atom, cl.Layout((32, 8), (8, 1)), cl.Layout((1, 8)))
    assert tc.kind == "tiled_copy"
    # CuTe: ...get_slice(5).partition_S(make_tensor(counting_iterator<int>(0), (_128,_64):(_64,_1)))
    assert repr(cl.partition_S(tc, 5, cl.Layout((128, 64), (64, 1)))) == \
        "counting_iter(40) o ((_8,_1),_4,_1):((_1,_0),_2048,_0)"
    picture = cl.svg(tc)
    assert picture.startswith("<svg") and picture.count('class="cell"') == 2 * 32 * 64
    tex = cl.latex(tc)
    assert tex.startswith("\\documentclass") and tex.count("rectangle") == 2 * 32 * 64
    with pytest.raises(cl.Error, match="rank-1 or rank-2 layout, not of rank 3"):
        cl.svg(cl.Layout((2, 2, 2)))
    # Issue 41, F1/F2/F4/F11: pictures past the bound (2^16 cells, rows or columns), of a
    # negative extent or of a size that overflows int64 raise; the interpreter survives.
    for text, message in [("(4294967296,4294967296):(1,1)", "more than 2^16 cells, rows or columns"),
                          ("(4294967296,0):(1,1)", "more than 2^16 cells, rows or columns"),
                          ("(2,-3):(1,2)", "an extent is negative"),
                          ("((4294967296,4294967296)):((1,1))", "its size overflows int64")]:
        for draw in (cl.svg, cl.latex):
            with pytest.raises(cl.Error, match=re.escape(message)):
                draw(cl.evaluate(text))


def test_long_composed_chains_and_swizzled_products():
    # Issue 41, F3: a composed chain past 64 links raises (30,000 links crashed the
    # interpreter); F12: products of composed layouts are CuTe's.
    link = " o 0 o 8:1"
    assert str(cl.evaluate("Sw<1,2,3> o 0 o 8:1" + link * 63)).count(" o ") == 128
    for n in (64, 30000):
        with pytest.raises(cl.Error, match="chained more than 64 links deep"):
            cl.evaluate("Sw<1,2,3> o 0 o 8:1" + link * n)
    assert str(cl.evaluate("zipped_product((8,4):(4,1), Sw<1,0,1> o _0 o (2,2):(1,2))")) == \
        "Sw<1,5,1> o 0 o ((8,4),(2,2)):((4,1),(32,64))"
    assert str(cl.evaluate("logical_product(Sw<3,4,3> o _0 o (8,64):(64,1), Sw<3,4,3> o _0 o (2,2):(1,2))")) == \
        "Sw<3,4,3> o 0 o ((8,64),(2,2)):((64,1),(512,1024))"


def test_value_cannot_be_made_uninitialised():
    # Issue 41, F13: Value.__new__ raises instead of making an instance without its C++
    # value (whose use crashed the interpreter).
    with pytest.raises(TypeError):
        cl.Value.__new__(cl.Value)
    with pytest.raises(TypeError, match="cannot be made directly"):
        cl.Value()
    assert cl.size(cl.Layout((4, 8))) == 32


def test_composed_layout_parts():
    c = cl.ComposedLayout("Sw<3,4,3> o _0 o (8,64):(64,1)")
    assert repr(c.layout_a) == "Sw<3,4,3>" and c.offset == 0 and str(c.layout_b) == "(8,64):(64,1)"
    nested = cl.ComposedLayout("(8,64):(64,1) o 3 o (4,2):(1,4)")
    assert str(nested.layout_a) == "(8,64):(64,1)" and nested.offset == 3
    with pytest.raises(cl.Error, match="parts of a composed layout, not of a layout"):
        cl.Layout((4, 8)).layout_a


def test_to_linear_layout_is_tritons_text():
    # Issue 47 item 2 (docs/linear-layout.md): the SM80 accumulator is Triton's MMA v2 layout.
    mma = cl.make_tiled_mma("SM80_16x8x16_F32BF16BF16F32_TN")
    text = cl.to_linear_layout_tv(cl.get_layoutC_TV(mma), (16, 8))
    assert isinstance(text, str)
    assert text.splitlines()[:2] == [" - register=1 -> (0, 1)", "   register=2 -> (8, 0)"]
    assert text.endswith("where out dims are: [dim0 (size 16), dim1 (size 8)]")
    assert cl.to_linear_layout(cl.Layout("(4,8):(8,1)")).splitlines()[0] == " - dim0=1 -> (8)"
    with pytest.raises(cl.Error, match="is not linear over GF"):
        cl.to_linear_layout(cl.Layout("(2,2):(1,1)"))
