"""pycute's interface, computed by cutelayout: `import cutelayout.pycute as pycute`.

pycute (CUTLASS's pure-Python layout algebra) represents a layout as Python tuples of ints
in `.shape` and `.stride`; this module keeps that representation and those names, so code
written for pycute runs unchanged, but every operation is cutelayout's, with CuTe's answers
(static integers: pycute has no runtime leaves). `None` in a coordinate is CuTe's `_`.
"""

from abc import ABC

from . import _core
from . import Error

__all__ = [
    "Integer", "is_int", "is_tuple", "flatten", "signum", "product", "inner_product", "tuple_max",
    "elem_scale", "shape_div", "prefix_product", "idx2crd", "crd2idx", "crd2crd", "slice_", "has_none",
    "LayoutBase", "is_layout", "Layout", "make_layout", "size", "cosize", "coalesce", "filter",
    "composition", "complement", "right_inverse", "left_inverse", "logical_divide", "logical_product",
    "zipped_divide", "tiled_divide", "zipped_product", "tiled_product", "blocked_product",
    "raked_product", "slice_and_offset", "hier_unzip", "shiftl", "shiftr", "Swizzle", "ComposedLayout",
]


class Integer(ABC):
    """An integer in pycute's sense: an int, but not a bool (nor a float)."""

    @classmethod
    def __subclasshook__(cls, c):
        return False if c in (bool, float) else issubclass(c, int)


# --- int tuples -----------------------------------------------------------------------


def is_int(x):
    return isinstance(x, int)


def is_tuple(x):
    return isinstance(x, tuple)


def flatten(t):
    if not is_tuple(t):
        return t
    out = []
    for x in t:
        f = flatten(x)
        out.extend(f if is_tuple(f) else (f,))
    return tuple(out)


def signum(a):
    return (a > 0) - (a < 0)


def product(a):
    return _call("size", a) if is_tuple(a) else a


def inner_product(a, b):
    if is_tuple(a):
        return sum(inner_product(x, y) for x, y in zip(a, b))
    return a * b


def tuple_max(a):
    return max(tuple_max(x) for x in a) if is_tuple(a) else a


def elem_scale(a, b):
    """a scaled by b: leaf by leaf, a leaf of a by the product of b's mode."""
    if is_tuple(a):
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    return a * product(b)


def shape_div(a, b):
    return _call("shape_div", a, b)


def prefix_product(a, init=1):
    """The exclusive prefix products of a, from init (CuTe's prefix_product)."""
    if not is_tuple(a):
        return init
    if is_tuple(init):
        return tuple(prefix_product(x, i) for x, i in zip(a, init))
    out = []
    for x in a:
        out.append(prefix_product(x, init))
        init = init * product(x)
    return tuple(out)


def idx2crd(idx, shape, stride=None):
    return _call("idx2crd", idx, shape) if stride is None else _call("idx2crd", idx, shape, stride)


def crd2idx(crd, shape, stride=None):
    if stride is None:
        stride = prefix_product(shape)
    return _call("crd2idx", crd, shape, stride)


def crd2crd(crd, dst_shape, src_shape=None):
    if is_tuple(crd):
        if is_tuple(dst_shape):
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        if src_shape is None:
            raise Error(f"crd2crd of {crd} into {dst_shape} needs the source shape")
        return crd2idx(crd, src_shape)
    return idx2crd(crd, dst_shape) if is_tuple(dst_shape) else crd


def slice_(crd, trg):
    """The parts of trg paired with None in crd (CuTe's slice)."""
    return _call("slice", crd, trg)


def has_none(a):
    if a is None:
        return True
    return is_tuple(a) and any(has_none(x) for x in a)


# --- layouts --------------------------------------------------------------------------


class LayoutBase:
    pass


def is_layout(x):
    return isinstance(x, LayoutBase)


_make_layout, _shape, _stride = _core.operation("make_layout"), _core.operation("shape"), _core.operation("stride")
_ops = {}


def _call(name, *args):
    op = _ops.get(name)
    if op is None:
        op = _ops[name] = _core.operation(name)
    return op(*args)


def _native(layout):
    """cutelayout's value of a pycute layout, kept on it while .shape and .stride stay."""
    cached = layout.__dict__.get("_native")
    shape, stride = layout.shape, layout.stride
    if cached is not None and cached[0] is shape and cached[1] is stride:
        return cached[2]
    v = _make_layout(shape, stride)
    layout._native = (shape, stride, v)
    return v


def _from_native(v):
    """A cutelayout result as pycute's: a Layout, or a ComposedLayout (CuTe's lifted algebra)."""
    if v.kind == "composed_layout":
        return ComposedLayout(_from_native(v.layout_a), v.offset, _from_native(v.layout_b))
    if v.kind == "swizzle":
        return Swizzle(*(int(x) for x in str(v)[3:-1].split(",")))  # Sw<B,M,S>
    out = Layout(_shape(v), _stride(v))
    out._native = (out.shape, out.stride, v)
    return out


def _arg(x):
    """A pycute operand as cutelayout's: a layout, a swizzle, a composed layout, a tuple of
    tilers (a tile), an int or None."""
    if isinstance(x, Swizzle):
        return x._v
    if isinstance(x, ComposedLayout):
        return _call("make_composed_layout", _arg(x.layoutB), x.offset, _arg(x.layoutA))
    if is_layout(x):
        return _native(x)
    if is_tuple(x) and any(is_layout(e) or is_tuple(e) for e in x):
        return _call("make_tile", *[_arg(e) for e in x])
    return x


class Layout(LayoutBase):
    """A layout as pycute has it: `.shape` and `.stride` are ints or tuples of ints."""

    def __init__(self, _shape, _stride=None):
        self.shape = _shape
        self.stride = prefix_product(_shape) if _stride is None else _stride

    def __eq__(self, other):
        return is_layout(other) and self.shape == other.shape and self.stride == other.stride

    def __len__(self):
        return len(self.shape) if is_tuple(self.shape) else 1

    def __call__(self, *args):
        crd = args[0] if len(args) == 1 else args
        if has_none(crd):
            return _from_native(_call("slice", crd, _native(self)))
        return _call("crd2idx", crd, _native(self))

    def __getitem__(self, i):
        if is_tuple(self.shape):
            return Layout(self.shape[i], self.stride[i])
        if i != 0:
            raise IndexError(f"mode {i} of a rank-1 layout")
        return Layout(self.shape, self.stride)

    def size(self):
        return product(self.shape)

    def cosize(self):
        return _call("cosize", _native(self))

    def __str__(self):
        return f"{self.shape}:{self.stride}"

    def __repr__(self):
        return f"Layout({self.shape},{self.stride})"


def make_layout(*layouts):
    if len(layouts) == 1 and not is_layout(layouts[0]):
        layouts = layouts[0]
    return Layout(tuple(a.shape for a in layouts), tuple(a.stride for a in layouts))


def size(layout):
    return layout.size() if is_layout(layout) else product(layout)


def cosize(layout):
    return layout.cosize()


def _op(name, *args):
    return _from_native(_call(name, *[_arg(a) for a in args]))


def coalesce(layout, profile=None):
    return _op("coalesce", layout) if profile is None else _op("coalesce", layout, profile)


def filter(layout, profile=None):
    return _op("filter", layout) if profile is None else _op("filter", layout, profile)


def composition(layoutA, layoutB):
    return _op("composition", layoutA, layoutB)


def complement(layout, max_idx=1):
    return _op("complement", layout, max_idx)


def right_inverse(layout):
    return _op("right_inverse", layout)


def left_inverse(layout):
    return _op("left_inverse", layout)


def logical_divide(layoutA, layoutB):
    return _op("logical_divide", layoutA, layoutB)


def logical_product(layoutA, layoutB):
    return _op("logical_product", layoutA, layoutB)


def zipped_divide(layoutA, layoutB):
    return _op("zipped_divide", layoutA, layoutB)


def tiled_divide(layoutA, layoutB):
    return _op("tiled_divide", layoutA, layoutB)


def zipped_product(layoutA, layoutB):
    return _op("zipped_product", layoutA, layoutB)


def tiled_product(layoutA, layoutB):
    return _op("tiled_product", layoutA, layoutB)


def blocked_product(layoutA, layoutB):
    return _op("blocked_product", layoutA, layoutB)


def raked_product(layoutA, layoutB):
    return _op("raked_product", layoutA, layoutB)


def slice_and_offset(crd, layout):
    """(the layout of the modes where crd has None, the offset of the others)."""
    sliced = _from_native(_call("slice", crd, _native(layout)))
    fixed = _call("crd2idx", _call("dice", crd, crd), _call("dice", crd, _native(layout)))
    return sliced, fixed


def hier_unzip(splitter, layoutA, layoutB):
    """pycute's helper of the zipped and tiled forms: splitter(A_i, B_i) gives each mode of A
    that B tiles as a rank-2 layout (tile, rest); the result gathers the tiles and then the
    rests with A's untiled modes: ((tiles...), (rests..., A's other modes...)). A None B
    leaves A whole behind a unit tile."""
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    if not is_tuple(layoutB):
        return splitter(layoutA, layoutB)
    if len(layoutA) < len(layoutB):
        raise ValueError(f"hier_unzip: a tiler of rank {len(layoutB)} for a layout of rank {len(layoutA)}")
    pairs = [hier_unzip(splitter, layoutA[i], b) for i, b in enumerate(layoutB)]
    tiles = make_layout(*[p[0] for p in pairs])
    rests = make_layout(*([p[1] for p in pairs] + [layoutA[i] for i in range(len(layoutB), len(layoutA))]))
    return make_layout(tiles, rests)


# --- swizzles and composed layouts ----------------------------------------------------


def shiftr(a, s):
    """a shifted right by s bits (left by -s for a negative s)."""
    return a >> s if s > 0 else a << -s


def shiftl(a, s):
    """a shifted left by s bits (right by -s for a negative s)."""
    return a << s if s > 0 else a >> -s


class Swizzle:
    """CuTe's Swizzle<B,M,S> as a function of an offset: the B bits at M + max(0,S) (yyy_msk)
    are XORed into the B bits at M - min(0,S) (zzz_msk)."""

    def __init__(self, bits, base, shift):
        assert bits >= 0 and base >= 0 and abs(shift) >= bits
        self._v = _core.parse(f"Swizzle<{bits},{base},{shift}>")
        self.bits, self.base, self.shift = bits, base, shift
        mask = (1 << bits) - 1
        self.yyy_msk = mask << (base + max(0, shift))
        self.zzz_msk = mask << (base - min(0, shift))

    def __call__(self, offset):
        return self._v(offset)

    def size(self):
        """The size of its domain, the offsets up to the highest bit it reads."""
        return 1 << (self.bits + self.base + abs(self.shift))

    def cosize(self):
        return self.size()

    def __eq__(self, other):
        return isinstance(other, Swizzle) and (self.bits, self.base, self.shift) == (other.bits, other.base, other.shift)

    def __str__(self):
        return f"SW_{self.bits}_{self.base}_{self.shift}"

    def __repr__(self):
        return f"Swizzle({self.bits},{self.base},{self.shift})"


class ComposedLayout(LayoutBase):
    """pycute's composed layout: layoutB(offset + layoutA(c)). layoutB, the function applied
    last, is a Swizzle, a Layout or a ComposedLayout (CuTe's A); layoutA is the Layout the
    coordinate enters (CuTe's B). The algebra above takes it where CuTe does (the divides,
    products and composition act on layoutA and keep the rest) and returns one."""

    def __init__(self, layoutB, offset, layoutA):
        self.layoutB = layoutB
        self.offset = offset
        self.layoutA = layoutA

    def __eq__(self, other):
        return (isinstance(other, ComposedLayout) and self.layoutB == other.layoutB and self.offset == other.offset
                and self.layoutA == other.layoutA)

    def __len__(self):
        return len(self.layoutA)

    def __call__(self, *args):
        return self.layoutB(self.offset + self.layoutA(*args))

    def __getitem__(self, i):
        return ComposedLayout(self.layoutB, self.offset, self.layoutA[i])

    def size(self):
        return size(self.layoutA)

    def cosize(self):
        """CuTe's cosize of A o O o B, its inner layout's (pycute's is layoutB's cosize)."""
        return _call("cosize", _arg(self))

    def __str__(self):
        return f"{self.layoutB} o {self.offset} o {self.layoutA}"

    def __repr__(self):
        return f"ComposedLayout({repr(self.layoutB)},{repr(self.offset)},{repr(self.layoutA)})"
