"""CuTe layout algebra in Python, exactly as CUTLASS CuTe computes it.

    >>> import cutelayout as cl
    >>> cl.composition(cl.Layout("(6,2):(8,2)"), cl.Layout("(4,3):(3,1)"))
    ((_2,_2),_3):((_24,_2),_8)
    >>> L = cl.Layout((4, 8), (1, 4))
    >>> L(1, 2), L.size(), str(cl.logical_divide(L, (2, 4)))
    (9, 32, '((2,2),(4,2)):((1,2),(4,16))')

Values: a Python int is a static leaf (CuTe's Int<N>, printed `_N` by repr), `Dyn(n)` a
dynamic one (CuTe's int), tuples nest, None is CuTe's `_`, a str names a type or a tag
(`"uint8_t"`, `"LayoutRight"`). Layouts, tiles, swizzles and composed layouts are values of
one native class, `cutelayout.Value`; `Layout`, `Tile`, `Swizzle` and `ComposedLayout` build
them and test for them (`isinstance(x, cutelayout.Layout)`). Every operation of the
`cute-layout` command is a function of this module with CuTe's name and argument order
(template arguments last: `upcast(L, 2)` is `upcast<2>(L)`). A failure raises
`cutelayout.Error` with the core's message.
"""

from collections import namedtuple as _namedtuple

from . import _core
from ._core import Value
from ._version import __version__

__all__ = ["Error", "Dyn", "Value", "Layout", "Tile", "Swizzle", "ComposedLayout", "Tensor", "evaluate", "operations", "svg", "latex",
           "bank_conflicts", "BankConflicts", "BankWave", "BankConflict"]


class Error(ValueError):
    """What the core refused, with its reason."""


class Dyn(int):
    """A dynamic (runtime) integer leaf: CuTe's `int` rather than `Int<N>`."""

    def __repr__(self):
        return f"Dyn({int(self)})"


_core._set_types(Dyn, Error)
_make_layout = _core.operation("make_layout")


class _Kind(type):
    """A kind of native value: `isinstance(v, Layout)` tests `v.kind`."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Value) and obj.kind == cls._kind


def _of_kind(v, kind, what):
    if not isinstance(v, Value) or v.kind != kind:
        raise Error(f"not {what}: {v}")
    return v


class Layout(metaclass=_Kind):
    """A layout shape:stride. `Layout("(4,8):(1,4)")` parses CuTe notation (`_N` static,
    plain integers static too unless `dynamic=True`); `Layout(shape, stride=None)` builds one
    (column-major without a stride). `L(c)` evaluates at a coordinate or index; with None in
    the coordinate it slices."""

    _kind = "layout"

    def __new__(cls, shape, stride=None, *, dynamic=False):
        if isinstance(shape, str) and stride is None:
            return _of_kind(_core.parse(shape, dynamic), "layout", "a layout")
        if stride is None:
            return _make_layout(shape)
        return _make_layout(shape, stride)


class Tile(metaclass=_Kind):
    """A tile (a tuple of tilers), CuTe's make_tile: `Tile("<3:4, 8:2>")`."""

    _kind = "tile"

    def __new__(cls, text):
        return _of_kind(_core.parse(text), "tile", "a tile")


class Swizzle(metaclass=_Kind):
    """CuTe's Swizzle<B,M,S>: `Swizzle(3, 4, 3)`; `sw(x)` swizzles an offset."""

    _kind = "swizzle"

    def __new__(cls, b, m, s):
        return _core.parse(f"Swizzle<{int(b)},{int(m)},{int(s)}>")


class ComposedLayout(metaclass=_Kind):
    """CuTe's ComposedLayout A o O o B: `ComposedLayout("Sw<3,4,3> o _0 o (8,64):(64,1)")`."""

    _kind = "composed_layout"

    def __new__(cls, text, *, dynamic=False):
        return _of_kind(_core.parse(text, dynamic), "composed_layout", "a composed layout")


class Tensor(metaclass=_Kind):
    """CuTe's tensor over a counting or coordinate iterator:
    `Tensor("make_identity_tensor((4,2))")`, or `make_identity_tensor((4,2))`;
    `t(5)` is its element, `t(None, 1)` a slice (None is CuTe's `_`)."""

    _kind = "tensor"

    def __new__(cls, text, *, dynamic=False):
        return _of_kind(_core.parse(text, dynamic), "tensor", "a tensor")


def evaluate(text, dynamic=False):
    """Evaluates a `cute-layout` expression: `evaluate("coalesce((4,(2,2)):(1,(4,8)))")`."""
    return _core.parse(text, dynamic)


def svg(value):
    """The SVG picture of a layout, tiled MMA or tiled copy, as `cute-layout --svg` draws it
    (a str; in a notebook, `IPython.display.SVG(cutelayout.svg(x))`)."""
    return _core.svg(value)


def latex(value):
    """The same picture as a standalone LaTeX/TikZ document (a str), as `cute-layout --latex`
    writes it: CuTe's print_latex, at any size."""
    return _core.latex(value)


class BankConflict(_namedtuple("BankConflict", "wave bank ways threads")):
    """Threads colliding in one bank of one wave: the bank serves `ways` distinct 4-byte
    words (2 or more) to `threads`."""


class BankWave(_namedtuple("BankWave", "index what threads offsets elements banks ways conflicts")):
    """One wave (phase) of a warp's request: what it reads, its threads, each thread's first
    element offset, the elements it reads (v a thread, by column-major index of the
    layout's domain), the banks hit, its ways (1 is conflict-free) and its conflicts."""


class BankConflicts:
    """The bank report of a layout under an access, as `cute-layout --banks` prints it
    (`str(r)`): `worst` and `average` ways, `wavefronts` (the sum of the waves' ways; as
    many as `waves` when conflict-free), `waves` (BankWave) and `conflicts` (every
    BankConflict of every wave)."""

    def __init__(self, report, args):
        self._args = args
        self.layout = report["layout"]
        self.model = report["model"]
        self.element_bits = report["element_bits"]
        self.access_bits = report["access_bits"]
        self.phase = report["phase"]
        self.worst = report["worst"]
        self.average = report["average"]
        self.wavefronts = report["wavefronts"]
        self.text = report["text"]
        self.waves = []
        for i, w in enumerate(report["waves"]):
            first = w["first_thread"]
            conflicts = [BankConflict(i, bank, ways, threads) for bank, ways, threads in w["conflicts"]]
            self.waves.append(BankWave(i, w["what"], list(range(first, first + len(w["offsets"]))), w["offsets"],
                                       w["elements"], w["banks"], w["ways"], conflicts))
        self.conflicts = [c for w in self.waves for c in w.conflicts]

    @property
    def conflict_free(self):
        return self.worst == 1

    def svg(self):
        """The layout's picture with its cells coloured by bank and the first worst wave
        outlined (`cute-layout --banks --svg`)."""
        return _core.bank_svg(*self._args)

    def __str__(self):
        return self.text

    def __repr__(self):
        ways = "conflict-free" if self.worst == 1 else f"{self.worst}-way"
        return (f"<bank_conflicts of {self.layout}: worst {ways}, average {self.average:g}-way, "
                f"{self.wavefronts} wavefronts for {len(self.waves)} waves>")


def bank_conflicts(layout, access="rows", element_bits=16, access_bits=128, side=None, dynamic=False):
    """The shared-memory bank conflicts of a warp's accesses to `layout` (a layout or composed
    layout, or an expression), as `cute-layout --banks` computes them: a BankConflicts.

    access: "rows", "columns", a thread-value layout (thread, value) -> element index, or a
    tiled copy, copy atom, tiled MMA or MMA atom with `side` ("src" or "dst" of a copy; "A",
    "B" or "C" of an MMA); as text, an expression, with its side written first:
    "src:make_tiled_copy_B(...)". element_bits: one element's width; access_bits: what a
    thread accesses at once (8, 16, 32, 64 or 128).

        >>> r = bank_conflicts("(8,64):(64,1)", access="columns")
        >>> r.worst, r.wavefronts
        (8, 64)
    """
    args = (layout, access, side, int(element_bits), int(access_bits), bool(dynamic))
    return BankConflicts(_core.bank_conflicts(*args), args)


def operations():
    """The names of every operation, each a function of this module."""
    return list(_core.operations())


for _name in _core.operations():
    globals()[_name] = _core.operation(_name)
    __all__.append(_name)
del _name
