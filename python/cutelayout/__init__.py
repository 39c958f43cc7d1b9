"""CuTe layout algebra in Python, exactly as CUTLASS CuTe computes it.

    >>> import cutelayout as cl
    >>> cl.composition(cl.Layout("(6,2):(8,2)"), cl.Layout("(4,3):(3,1)"))
    ((_2,_2),_3):((_24,_2),_8)
    >>> L = cl.Layout((4, 8), (1, 4))
    >>> L(1, 2), L.size(), str(cl.logical_divide(L, (2, 4)))
    (9, 32, '((2,2),(4,2)):((1,2),(4,16))')

Values: a Python int is a static leaf (CuTe's Int<N>, printed `_N` by repr), `Dyn(n)` a
dynamic one (CuTe's int), tuples nest, None is CuTe's `_`, a str names a type or a tag
(`"uint8_t"`, `"LayoutRight"`). Layouts, tiles, swizzles and composed layouts are objects;
every operation of the `cute-layout` command is a function of this module with CuTe's name
and argument order (template arguments last: `upcast(L, 2)` is `upcast<2>(L)`). A failure
raises `cutelayout.Error` with the core's message.
"""

from . import _core

__all__ = ["Error", "Dyn", "Value", "Layout", "Tile", "Swizzle", "ComposedLayout", "evaluate", "operations"]


class Error(ValueError):
    """What the core refused, with its reason."""


class Dyn(int):
    """A dynamic (runtime) integer leaf: CuTe's `int` rather than `Int<N>`."""

    def __repr__(self):
        return f"Dyn({int(self)})"


_core._set_types(Dyn, Error)


class Value:
    """A native value: a layout, tile, swizzle or composed layout."""

    __slots__ = ("_v",)

    def __init__(self, native):
        self._v = native

    def __str__(self):
        return str(self._v)

    def __repr__(self):
        return self._v.cute()

    def __eq__(self, other):
        return isinstance(other, Value) and self._v == other._v

    def __hash__(self):
        return hash(self._v)

    @property
    def kind(self):
        return self._v.kind

    def cute(self):
        """CuTe's print(): `_N` for static integers."""
        return self._v.cute()


class Layout(Value):
    """A layout shape:stride. `Layout("(4,8):(1,4)")` parses CuTe notation (`_N` static,
    plain integers static too unless `dynamic=True`); `Layout(shape, stride=None)` builds one
    (column-major without a stride). `L(c)` evaluates at a coordinate or index; with None in
    the coordinate it slices."""

    __slots__ = ()

    def __init__(self, shape, stride=None, *, dynamic=False):
        if isinstance(shape, _core.Value):
            native = shape
        elif isinstance(shape, str) and stride is None:
            native = _unwrap(evaluate(shape, dynamic=dynamic))
        elif stride is None:
            native = _core.call("make_layout", shape)
        else:
            native = _core.call("make_layout", shape, stride)
        if not isinstance(native, _core.Value) or native.kind != "layout":
            raise Error(f"not a layout: {native}")
        Value.__init__(self, native)

    @property
    def shape(self):
        return _core.call("shape", self._v)

    @property
    def stride(self):
        return _core.call("stride", self._v)

    def __call__(self, *coord):
        c = coord[0] if len(coord) == 1 else coord
        if _has_none(c):
            return _wrap(_core.call("slice", c, self._v))
        return _core.call("crd2idx", c, self._v)

    def __getitem__(self, i):
        return _wrap(_core.call("get", self._v, i))

    def __len__(self):
        return _core.call("rank", self._v)

    def size(self):
        return _core.call("size", self._v)

    def cosize(self):
        return _core.call("cosize", self._v)

    @property
    def rank(self):
        return _core.call("rank", self._v)

    @property
    def depth(self):
        return _core.call("depth", self._v)


class Tile(Value):
    """A tile (a tuple of tilers), CuTe's make_tile: `Tile("<3:4, 8:2>")`."""

    __slots__ = ()

    def __init__(self, text):
        native = text if isinstance(text, _core.Value) else _unwrap(evaluate(text))
        Value.__init__(self, native)


class Swizzle(Value):
    """CuTe's Swizzle<B,M,S>: `Swizzle(3, 4, 3)`; `sw(x)` swizzles an offset."""

    __slots__ = ()

    def __init__(self, b, m=None, s=None):
        native = b if isinstance(b, _core.Value) else _core.parse(f"Swizzle<{b},{m},{s}>")
        Value.__init__(self, native)

    def __call__(self, x):
        return _core.call("crd2idx", x, _core.call("make_composed_layout", self._v, 0, _core.call("make_layout", 1 << 31)))


class ComposedLayout(Value):
    """CuTe's ComposedLayout A o O o B: `ComposedLayout("Sw<3,4,3> o _0 o (8,64):(64,1)")`."""

    __slots__ = ()

    def __init__(self, text):
        native = text if isinstance(text, _core.Value) else _unwrap(evaluate(text))
        Value.__init__(self, native)

    def __call__(self, *coord):
        c = coord[0] if len(coord) == 1 else coord
        if _has_none(c):
            return _wrap(_core.call("slice", c, self._v))
        return _core.call("crd2idx", c, self._v)

    def size(self):
        return _core.call("size", self._v)

    def cosize(self):
        return _core.call("cosize", self._v)

    @property
    def shape(self):
        return _core.call("shape", self._v)


_KINDS = {"layout": Layout, "tile": Tile, "swizzle": Swizzle, "composed_layout": ComposedLayout}


def _wrap(x):
    if isinstance(x, _core.Value):
        cls = _KINDS.get(x.kind, Value)
        obj = object.__new__(cls)
        obj._v = x
        return obj
    return x


def _unwrap(x):
    return x._v if isinstance(x, Value) else x


def _has_none(c):
    if c is None:
        return True
    if isinstance(c, (tuple, list)):
        return any(_has_none(x) for x in c)
    return False


def evaluate(text, dynamic=False):
    """Evaluates a `cute-layout` expression: `evaluate("coalesce((4,(2,2)):(1,(4,8)))")`."""
    return _wrap(_core.parse(text, dynamic))


def _operation(name):
    def op(*args):
        return _wrap(_core.call(name, *[_unwrap(a) for a in args]))

    op.__name__ = name
    op.__doc__ = f"CuTe's {name} (see `cute-layout --help`)."
    return op


def operations():
    """The names of every operation, each a function of this module."""
    return list(_core.operations())


for _name in _core.operations():
    globals()[_name] = _operation(_name)
    __all__.append(_name)
del _name
