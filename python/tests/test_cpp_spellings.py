"""CuTe's C++ spellings in Python strings (issue 44): cl.evaluate reads an expression copied
from CuTe C++ code as the command line does, with C++'s static and runtime integers. The
expected strings are CuTe's own prints (checked with CUTLASS's headers)."""

import cutelayout as cl
import pytest

CASES = [
    # media/docs/cpp/cute/01_layout.md
    ("make_layout(make_shape(Int<2>{}, 4))", "(_2,4):(_1,_2)"),
    ("make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))", "(2,(2,2)):(4,(2,1))"),
    ("make_layout(make_shape(Int<2>{}, 4), LayoutRight{})", "(_2,4):(4,_1)"),
    ("Layout<Shape<_4,_8>>{}(1, 2)", "9"),
    ("Layout<Shape<_4,_8>>{}(Int<1>{}, Int<2>{})", "_9"),
    ("make_layout(make_shape(4, 8))(make_coord(1, _))", "(8):(4)"),
    # media/docs/cpp/cute/02_layout_algebra.md
    ("logical_divide(make_layout(make_shape(24, 8)), make_tile(Int<4>{}, 2))", "((_4,6),(2,4)):((_1,_4),(24,48))"),
    ("composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{})", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"),
    ("cute::composition(cute::Swizzle<3,3,3>{}, cute::_0{}, cute::Layout<cute::_64>{})", "Sw<3,3,3> o _0 o _64:_1"),
    ("Step<_1,X,_1>{}", "(_1,_,_1)"),
    ("3*E<0>{} + 4*E<1>{}", "(3,4)"),
    ("Int<128>{} + Int<1>{}", "_129"),
]


def cute(v):
    """CuTe's print of a value evaluate returns (a static int is a Python int, a runtime one
    a cl.Dyn, `_` None, an int tuple a Python tuple)."""
    if v is None:
        return "_"
    if isinstance(v, cl.Dyn):
        return str(int(v))
    if isinstance(v, int):
        return f"_{v}"
    if isinstance(v, tuple):
        return "(" + ",".join(cute(x) for x in v) + ")"
    return repr(v)


@pytest.mark.parametrize("text,expected", CASES)
def test_cpp_spelling_prints_cute(text, expected):
    assert cute(cl.evaluate(text)) == expected


def test_notation_keeps_static_integers():
    # No C++-only spelling: the notation, where a plain integer is static.
    assert cute(cl.evaluate("make_layout(8)")) == "_8:_1"
    assert cute(cl.evaluate("make_layout(8)", dynamic=True)) == "8:_1"


@pytest.mark.parametrize("text,message", [
    ("4{}", "column 2: expected end of the integer (a static integer is written _4{} or Int<4>{}) but found '{'"),
    ("Int<1>{} / 0", "column 10: '/': tuple_div: division by zero in 1 / 0"),
    ("Layout<_4>{}()", "column 13: a layout call needs a coordinate"),
])
def test_cpp_spelling_errors(text, message):
    with pytest.raises(cl.Error) as e:
        cl.evaluate(text)
    assert str(e.value) == message
