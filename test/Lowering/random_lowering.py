#!/usr/bin/env python3
"""Differential test of the lowering (docs/lowering.md): seeded random layout math over
runtime leaves, as cute IR and as cute-layout expressions.

    random_lowering.py SEED COUNT CUTE_LAYOUT OUT_MLIR OUT_EXPECTED

Each case is one operation (composition, complement, the divides and products, coalesce,
filter, the inverses, crd2idx, idx2crd, size, cosize, tile_to_shape, local_tile,
local_partition, ...) on random layouts whose leaves are runtime values or static
constants; three in ten of the cases with a layout result chain a second op on it
(coalesce, filter, size, cosize, crd2idx). The IR builds the operands from `index` arguments (runtime leaves) and
constants (static leaves) inside a function, applies the op with its result type
inferred, and prints the result with cute.print; main calls every function with the
runtime values. The expected output is what `cute-layout --dynamic --runtime-checks --cute`
(the core) answers for the same expression, where a plain integer is a runtime value and
`_N` a static one. Cases the core rejects (a divisibility condition its runtime values
violate, or a runtime split whose condition fails, R19) are left out: the lowered code,
whose runtime checks are on by default, would stop there (random-lowering-stops.test).
"""
import random
import re
import subprocess
import sys


class Leaf:
    def __init__(self, value, dynamic):
        self.value, self.dynamic = value, dynamic


def leaves_of(t):
    return [t] if isinstance(t, Leaf) else [x for c in t for x in leaves_of(c)]


def text(t):
    """cute-layout notation under --dynamic: a runtime leaf plain, a static one _N."""
    if isinstance(t, Leaf):
        return str(t.value) if t.dynamic else "_" + str(t.value)
    return "(" + ",".join(text(c) for c in t) + ")"


def type_body(t):
    if isinstance(t, Leaf):
        return "?" if t.dynamic else str(t.value)
    return "(" + ",".join(type_body(c) for c in t) + ")"


class Gen:
    def __init__(self, rng):
        self.rng = rng

    def extent(self):
        return 1 << self.rng.randint(0, 3) if self.rng.random() < 0.8 else self.rng.randint(1, 8)

    def shape_values(self, max_rank=3):
        r = self.rng
        out = []
        for _ in range(r.randint(1, max_rank)):
            out.append(self.extent() if r.random() < 0.65 else [self.extent() for _ in range(r.randint(1, 3))])
        return out

    def strides_for(self, shape, kind):
        flat = flatten(shape)
        r = self.rng
        if kind == "compact":
            d, nxt = [], 1
            for s in flat:
                d.append(nxt)
                nxt *= s
        elif kind == "arbitrary":
            d = [0 if r.random() < 0.2 else (1 << r.randint(0, 5)) for _ in flat]
        else:  # permuted, with gaps
            order = list(range(len(flat)))
            r.shuffle(order)
            d, nxt = [0] * len(flat), 1
            for k in order:
                if flat[k] > 1 and r.random() < 0.4:
                    nxt *= 2
                d[k] = nxt
                nxt *= flat[k]
        return unflatten(d, shape)

    def mark(self, values, dynamic_percent):
        if isinstance(values, int):
            return Leaf(values, self.rng.randint(1, 100) <= dynamic_percent)
        return [self.mark(v, dynamic_percent) for v in values]

    def layout(self, static_strides=False, max_rank=3, kind=None, static_shape=False):
        shape = self.shape_values(max_rank)
        kind = kind or self.rng.choice(["compact", "arbitrary", "permuted"])
        stride = self.strides_for(shape, kind)
        pct = self.rng.choice([0, 50, 50, 100])
        return (self.mark(shape, 0 if static_shape else pct), self.mark(stride, 0 if static_strides else pct))


def flatten_leaves(t):
    return [t] if isinstance(t, Leaf) else [x for c in t for x in flatten_leaves(c)]


def flatten(t):
    return [t] if isinstance(t, int) else [x for c in t for x in flatten(c)]


def unflatten(flat, profile):
    it = iter(flat)

    def go(p):
        return next(it) if isinstance(p, int) else [go(c) for c in p]

    return go(profile)


def size_of(t):
    n = 1
    for leaf in leaves_of(t):
        n *= leaf.value
    return n


class Function:
    """One case's IR: arguments for the runtime leaves, builders for the operands."""

    def __init__(self, name):
        self.name, self.args, self.values, self.body, self.n = name, [], [], [], 0

    def fresh(self, prefix="v"):
        self.n += 1
        return f"%{prefix}{self.n}"

    def leaf(self, x):
        if x.dynamic:
            a = f"%a{len(self.args)}"
            self.args.append(a)
            self.values.append(x.value)
            return a
        c = self.fresh("c")
        self.body.append(f"  {c} = arith.constant {x.value} : index")
        return c

    def tuple(self, t, builder):
        """SSA name and type of t built with cute.<builder> (shape, stride, coord)."""
        if isinstance(t, Leaf):
            return self.leaf(t), "index"
        parts = [self.tuple(c, builder) for c in t]
        v = self.fresh()
        ops = ", ".join(p[0] for p in parts)
        tys = ", ".join(p[1] for p in parts)
        self.body.append(f"  {v} = cute.make_{builder}({ops}) : ({tys})")
        return v, f"!cute.{builder}<{type_body(t)}>"

    def layout(self, l):
        s, st = self.tuple(l[0], "shape")
        d, dt = self.tuple(l[1], "stride")
        v = self.fresh()
        self.body.append(f"  {v} = cute.make_layout({s}, {d}) : ({st}, {dt})")
        return v, f"!cute.layout<{type_body(l[0])}:{type_body(l[1])}>"


def layout_text(l):
    return text(l[0]) + ":" + text(l[1])


def layout_op(f, name, layouts, kind):
    """cute.<name> applied to layouts built in f; returns its cute-layout expression and
    result kind."""
    built = [f.layout(l) for l in layouts]
    f.body.append(f"  %r = cute.{name}({', '.join(v for v, _ in built)}) : ({', '.join(t for _, t in built)})")
    return f"{name}({', '.join(layout_text(l) for l in layouts)})", kind


def make_case(g, f):
    """Adds one operation to f; returns (cute-layout expression, result kind)."""
    r = g.rng
    op = r.choice(["composition", "composition", "complement", "logical_divide", "zipped_divide", "tiled_divide",
                   "flat_divide", "logical_divide_layout", "logical_product", "blocked_product", "raked_product",
                   "coalesce", "filter", "right_inverse", "left_inverse", "crd2idx", "crd2idx_coord", "idx2crd",
                   "size", "cosize", "tile_to_shape", "local_tile", "local_partition", "zipped_product",
                   "crd2idx_swizzled", "composition_swizzled", "tuple", "tuple", "tuple", "misc", "misc", "misc"])
    if op == "misc":
        # Queries, mode surgery and the remaining layout operations.
        name = r.choice(["get", "select", "group_modes", "take", "flatten", "make_fragment_like",
                         "make_layout_like", "filter_zeros", "max_common_vector", "max_common_layout",
                         "upcast", "downcast", "recast_layout", "tiled_product", "flat_product", "slice", "dice",
                         "make_ordered_layout", "local_tile_projected"])
        if name in ("get", "select", "group_modes", "take", "flatten", "filter_zeros", "make_fragment_like",
                    "make_layout_like"):
            a = g.layout(static_strides=name in ("make_layout_like",))
            rank = len(a[0])
            va, ta = f.layout(a)
            attr, call = "", f"{name}({layout_text(a)})"
            if name in ("get", "select"):
                # Distinct modes: the dialect refuses a repeated one (the spec's select check).
                modes = r.sample(range(rank), 1 if name == "get" else r.randint(1, rank))
                attr = " {modes = array<i32: " + ", ".join(map(str, modes)) + ">}"
                call = f"{name}({layout_text(a)}, {', '.join(map(str, modes))})"
            elif name in ("group_modes", "take"):
                b = r.randint(0, rank - 1)
                e = r.randint(b + 1, rank)
                attr = f" {{begin = {b} : i32, end = {e} : i32}}"
                call = f"{'group' if name == 'group_modes' else name}({layout_text(a)}, {b}, {e})"
            f.body.append(f"  %r = cute.{name}({va}){attr} : ({ta})")
            return call, "layout"
        if name in ("max_common_vector", "max_common_layout"):
            a = g.layout(static_strides=True, static_shape=True, kind="compact")
            b = (mark_like(a[0], lambda x: Leaf(x.value, r.random() < 0.5)), g.strides_for(
                [x.value if isinstance(x, Leaf) else [y.value for y in x] for x in a[0]], "permuted"))
            b = (b[0], g.mark(b[1], 0))
            return layout_op(f, name, [a, b], "index" if name == "max_common_vector" else "layout")
        if name in ("upcast", "downcast", "recast_layout"):
            a = g.layout(static_strides=True)
            va, ta = f.layout(a)
            if name == "recast_layout":
                pair = r.choice([("i16", "i8", "uint16_t", "uint8_t"), ("i8", "i32", "uint8_t", "uint32_t")])
                f.body.append(f"  %r = cute.recast_layout({va}) {{old_type = {pair[0]}, new_type = {pair[1]}}} : ({ta})")
                return f"recast_layout({layout_text(a)}, {pair[2]}, {pair[3]})", "layout"
            n = r.choice([2, 4])
            f.body.append(f"  %r = cute.{name}({va}) {{factor = {n} : i64}} : ({ta})")
            return f"{name}({layout_text(a)}, {n})", "layout"
        if name in ("tiled_product", "flat_product"):
            a = g.layout(static_strides=True, max_rank=2)
            b = g.layout(static_strides=True, max_rank=len(a[0]))
            return layout_op(f, name, [a, b], "layout")
        if name in ("slice", "dice"):
            a = g.layout()
            # One `_` mode at least; the other modes get runtime or static coordinates.
            under = r.randint(0, len(a[0]) - 1)
            coord = [None if k == under or r.random() < 0.3 else mark_like(m, lambda x: Leaf(r.randint(0, x.value - 1), r.random() < 0.6))
                     for k, m in enumerate(a[0])]
            parts, types, texts = [], [], []
            for c in coord:
                if c is None:
                    v = f.fresh()
                    f.body.append(f"  {v} = cute.constant : !cute.coord<_>")
                    parts.append(v)
                    types.append("!cute.coord<_>")
                    texts.append("_")
                else:
                    v, t = f.tuple(c, "coord") if not isinstance(c, Leaf) else (f.leaf(c), "index")
                    parts.append(v)
                    types.append(t)
                    texts.append(text(c))
            vc = f.fresh()
            f.body.append(f"  {vc} = cute.make_coord({', '.join(parts)}) : ({', '.join(types)})")
            body = "(" + ",".join("_" if c is None else type_body(c) for c in coord) + ")"
            va, ta = f.layout(a)
            f.body.append(f"  %r = cute.{name}({vc}, {va}) : (!cute.coord<{body}>, {ta})")
            return f"{name}(({','.join(texts)}), {layout_text(a)})", "layout"
        if name == "make_ordered_layout":
            shape = g.mark(g.shape_values(), 50)
            n = len(flatten_leaves(shape))
            order = list(range(n))
            r.shuffle(order)
            order_t = unflatten([Leaf(o, False) for o in order], [0 if isinstance(x, Leaf) else [0] * len(x) for x in shape])
            vs, ts = f.tuple(shape, "shape")
            vo = f.fresh()
            f.body.append(f"  {vo} = cute.constant : !cute.int_tuple<{type_body(order_t)}>")
            f.body.append(f"  %r = cute.make_ordered_layout({vs}, {vo}) : ({ts}, !cute.int_tuple<{type_body(order_t)}>)")
            return f"make_ordered_layout({text(shape)}, {text(order_t)})", "layout"
        if name == "idx2crd_stride":
            a = g.layout(kind="compact")
            i = Leaf(r.randint(0, size_of(a[0]) - 1), r.random() < 0.7)
            vs, ts = f.tuple(a[0], "shape")
            vd, td = f.tuple(a[1], "stride")
            vi = f.leaf(i)
            f.body.append(f"  %r = cute.idx2crd({vi}, {vs}, {vd}) : (index, {ts}, {td})")
            return f"idx2crd({text(i)}, {text(a[0])}, {text(a[1])})", "coord"
        # local_tile with a projection: CuTe's GEMM step on a runtime (M,K) matrix
        m, k = 1 << r.randint(3, 6), 1 << r.randint(3, 6)
        a = ([Leaf(m, r.random() < 0.7), Leaf(k, r.random() < 0.7)], [Leaf(1, False), Leaf(m, r.random() < 0.7)])
        tm, tn, tk = m >> r.randint(0, 2), 1 << r.randint(0, 3), k >> r.randint(0, 2)
        bm = Leaf(r.randint(0, m // tm - 1), r.random() < 0.7)
        va, ta = f.layout(a)
        vt = f.fresh()
        f.body.append(f"  {vt} = cute.constant : !cute.shape<({tm},{tn},{tk})>")
        vu = f.fresh()
        f.body.append(f"  {vu} = cute.constant : !cute.coord<_>")
        vb = f.leaf(bm)
        vz = f.leaf(Leaf(0, False))
        vc = f.fresh()
        f.body.append(f"  {vc} = cute.make_coord({vb}, {vz}, {vu}) : (index, index, !cute.coord<_>)")
        vp = f.fresh()
        f.body.append(f"  {vp} = cute.constant : !cute.coord<(1,_,1)>")
        f.body.append(f"  %r = cute.local_tile({va}, {vt}, {vc}, {vp}) : ({ta}, !cute.shape<({tm},{tn},{tk})>, "
                      f"!cute.coord<({type_body(bm)},0,_)>, !cute.coord<(1,_,1)>)")
        return f"local_tile({layout_text(a)}, (_{tm},_{tn},_{tk}), ({text(bm)},_0,_), (_1,_,_1))", "layout"
    if op == "tuple":
        # Int-tuple arithmetic leaf by leaf, on shapes of one profile.
        name = r.choice(["ceil_div", "shape_div", "round_up", "tuple_add", "tuple_mul", "tuple_div",
                         "tuple_mod", "product_each", "compact_col_major", "compact_row_major", "increment_coord"])
        a = g.mark(g.shape_values(), r.choice([50, 100]))
        b = mark_like(a, lambda x: Leaf(g.extent(), r.random() < 0.5))
        if name == "increment_coord":
            coord = mark_like(a, lambda x: Leaf(r.randint(0, x.value - 1), r.random() < 0.7))
            vc, tc = f.tuple(coord, "coord")
            va, ta = f.tuple(a, "shape")
            f.body.append(f"  %r = cute.increment_coord({vc}, {va}) : ({tc}, {ta})")
            return f"increment({text(coord)}, {text(a)})", "coord"
        va, ta = f.tuple(a, "shape")
        if name in ("product_each", "compact_col_major", "compact_row_major"):
            f.body.append(f"  %r = cute.{name}({va}) : ({ta})")
            return f"{name}({text(a)})", "stride" if name.startswith("compact") else "shape"
        vb, tb = f.tuple(b, "shape")
        f.body.append(f"  %r = cute.{name}({va}, {vb}) : ({ta}, {tb})")
        return f"{name}({text(a)}, {text(b)})", "shape"
    if op in ("crd2idx_swizzled", "composition_swizzled"):
        bits = r.randint(1, 3)
        sw = (bits, r.randint(0, 4), r.randint(bits, 4))
        a = g.layout()
        vs = f.fresh()
        f.body.append(f"  {vs} = cute.constant : !cute.swizzle<{sw[0]},{sw[1]},{sw[2]}>")
        c0 = f.leaf(Leaf(0, False))
        va, ta = f.layout(a)
        vc = f.fresh()
        tc = f"!cute.composed_layout<Sw<{sw[0]},{sw[1]},{sw[2]}> o 0 o {type_body(a[0])}:{type_body(a[1])}>"
        f.body.append(f"  {vc} = cute.make_composed_layout({vs}, {c0}, {va}) : (!cute.swizzle<{sw[0]},{sw[1]},{sw[2]}>, index, {ta})")
        composed = f"composition(Swizzle<{sw[0]},{sw[1]},{sw[2]}>{{}}, {layout_text(a)})"
        if op == "crd2idx_swizzled":
            i = Leaf(r.randint(0, size_of(a[0]) - 1), r.random() < 0.8)
            vi = f.leaf(i)
            f.body.append(f"  %r = cute.crd2idx({vi}, {vc}) : (index, {tc})")
            return f"crd2idx({text(i)}, {composed})", "index"
        b = g.layout()
        vb, tb = f.layout(b)
        f.body.append(f"  %r = cute.composition({vc}, {vb}) : ({tc}, {tb})")
        return f"composition({composed}, {layout_text(b)})", "composed_layout"
    if op == "composition":
        a, b = g.layout(), g.layout()
        return layout_op(f, "composition", [a, b], "layout")
    if op == "complement":
        a = g.layout(static_strides=True)
        bound = Leaf(size_of(a[0]) * r.choice([1, 2, 4, 16]), r.random() < 0.5)
        va, ta = f.layout(a)
        vb = f.leaf(bound)
        f.body.append(f"  %r = cute.complement({va}, {vb}) : ({ta}, index)")
        return f"complement({layout_text(a)}, {text(bound)})", "layout"
    if op in ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide"):
        a = g.layout(max_rank=2)
        rank = 1 if isinstance(a[0], Leaf) else len(a[0])
        # Tiles that divide each mode (the dialect checks R8's static divisibility).
        def divisor(mode):
            n = size_of(mode)
            return r.choice([d for d in (1, 2, 4, 8) if n % d == 0])
        tiler = [Leaf(divisor(a[0][i]), r.random() < 0.4) for i in range(r.randint(1, rank))]
        va, ta = f.layout(a)
        vt, tt = f.tuple(tiler, "shape")
        f.body.append(f"  %r = cute.{op}({va}, {vt}) : ({ta}, {tt})")
        return f"{op}({layout_text(a)}, {text(tiler)})", "layout"
    if op == "logical_divide_layout":
        a = g.layout()
        t = g.layout(static_strides=True, max_rank=len(a[0]), kind="compact")
        va, ta = f.layout(a)
        vt, tt = f.layout(t)
        f.body.append(f"  %r = cute.logical_divide({va}, {vt}) : ({ta}, {tt})")
        return f"logical_divide({layout_text(a)}, {layout_text(t)})", "layout"
    if op in ("logical_product", "blocked_product", "raked_product", "zipped_product"):
        a = g.layout(static_strides=True, max_rank=2)
        # The dialect checks rank(tiler) <= rank(input) for products too (the spec's gate).
        b = g.layout(static_strides=op != "logical_product", max_rank=len(a[0]))
        return layout_op(f, op, [a, b], "layout")
    if op in ("coalesce", "filter"):
        a = g.layout()
        return layout_op(f, op, [a], "layout")
    if op in ("right_inverse", "left_inverse"):
        # The dialect asks for a static shape here (the spec's verifier); CuTe for static strides.
        a = g.layout(static_strides=True, static_shape=True, kind=r.choice(["compact", "permuted"]))
        return layout_op(f, op, [a], "layout")
    if op == "crd2idx":
        a = g.layout()
        i = Leaf(r.randint(0, size_of(a[0]) - 1), r.random() < 0.7)
        va, ta = f.layout(a)
        vi = f.leaf(i)
        f.body.append(f"  %r = cute.crd2idx({vi}, {va}) : (index, {ta})")
        return f"crd2idx({text(i)}, {layout_text(a)})", "index"
    if op == "crd2idx_coord":
        a = g.layout()
        coord = mark_like(a[0], lambda x: Leaf(r.randint(0, x.value - 1), r.random() < 0.7))
        va, ta = f.layout(a)
        vc, tc = f.tuple(coord, "coord")
        f.body.append(f"  %r = cute.crd2idx({vc}, {va}) : ({tc}, {ta})")
        return f"crd2idx({text(coord)}, {layout_text(a)})", "index"
    if op == "idx2crd":
        s = g.layout()[0]
        i = Leaf(r.randint(0, size_of(s) - 1), r.random() < 0.7)
        vs, ts = f.tuple(s, "shape")
        vi = f.leaf(i)
        f.body.append(f"  %r = cute.idx2crd({vi}, {vs}) : (index, {ts})")
        return f"idx2crd({text(i)}, {text(s)})", "coord"
    if op in ("size", "cosize"):
        a = g.layout()
        return layout_op(f, op, [a], "index")
    if op == "tile_to_shape":
        a = g.layout(static_strides=True, max_rank=2, kind="compact")
        block = a[0]
        target = [Leaf(size_of(m) * r.choice([1, 2, 4]), r.random() < 0.5) for m in block]
        va, ta = f.layout(a)
        vt, tt = f.tuple(target, "shape")
        f.body.append(f"  %r = cute.tile_to_shape({va}, {vt}) : ({ta}, {tt})")
        return f"tile_to_shape({layout_text(a)}, {text(target)})", "layout"
    if op == "local_tile":
        m, n = 1 << r.randint(1, 4), 1 << r.randint(1, 4)
        tm, tn = m >> r.randint(0, 1), n >> r.randint(0, 1)
        pct = r.choice([0, 50, 100])
        a = ([Leaf(m, r.random() < pct / 100), Leaf(n, r.random() < pct / 100)],
             [Leaf(1, False), Leaf(m, r.random() < pct / 100)])
        tile = [Leaf(tm, False), Leaf(tn, False)]
        coord = [Leaf(r.randint(0, m // tm - 1), r.random() < 0.7), Leaf(r.randint(0, n // tn - 1), r.random() < 0.7)]
        va, ta = f.layout(a)
        vt, tt = f.tuple(tile, "shape")
        vc, tc = f.tuple(coord, "coord")
        f.body.append(f"  %r = cute.local_tile({va}, {vt}, {vc}) : ({ta}, {tt}, {tc})")
        return f"local_tile({layout_text(a)}, {text(tile)}, {text(coord)})", "layout"
    # local_partition
    m, n = 1 << r.randint(1, 4), 1 << r.randint(1, 4)
    pct = r.choice([0, 50, 100])
    a = ([Leaf(m, r.random() < pct / 100), Leaf(n, r.random() < pct / 100)],
         [Leaf(1, False), Leaf(m, r.random() < pct / 100)])
    thr = ([Leaf(m >> r.randint(0, 1), False), Leaf(n >> r.randint(0, 1), False)], None)
    thr = (thr[0], [Leaf(1, False), Leaf(thr[0][0].value, False)])
    idx = Leaf(r.randint(0, size_of(thr[0]) - 1), True)
    va, ta = f.layout(a)
    vt, tt = f.layout(thr)
    vi = f.leaf(idx)
    f.body.append(f"  %r = cute.local_partition({va}, {vt}, {vi}) : ({ta}, {tt}, index)")
    return f"local_partition({layout_text(a)}, {layout_text(thr)}, {text(idx)})", "layout"


def make_chain(g, f):
    """A case, and three times in ten a second op applied to its layout result: returns
    (expression, kind, the first expression or None). The first result's type is written
    __T0__ until its answer gives it."""
    r = g.rng
    expr, kind = make_case(g, f)
    if kind != "layout" or r.random() > 0.3:
        return expr, kind, None
    f.body = [line.replace("  %r = ", "  %s0 = ", 1) if line.startswith("  %r = ") else line for line in f.body]
    op = r.choice(["coalesce", "filter", "size", "cosize", "crd2idx"])
    if op == "crd2idx":
        i = Leaf(r.randint(0, 63), r.random() < 0.8)
        vi = f.leaf(i)
        f.body.append(f"  %r = cute.crd2idx({vi}, %s0) : (index, __T0__)")
        return f"crd2idx({text(i)}, {expr})", "index", expr
    f.body.append(f"  %r = cute.{op}(%s0) : (__T0__)")
    return f"{op}({expr})", "index" if op in ("size", "cosize") else "layout", expr


def mark_like(t, f):
    return f(t) if isinstance(t, Leaf) else [mark_like(c, f) for c in t]


def result_type(kind, printed):
    """The cute type of a result printed by CuTe: _N static, a plain integer runtime."""
    if kind == "index":
        return "index"
    prefix = ""
    if kind == "composed_layout":  # Sw<B,M,S> o offset o layout: the swizzle is static
        prefix, printed = printed.split(" o ", 1)
        prefix += " o "
    body = prefix + re.sub(r"(?<![_\d])-?\d+", "?", printed)
    body = body.replace("_", "")
    return f"!cute.{kind}<{body}>"


def main():
    seed, count, cute_layout, out_mlir, out_expected = sys.argv[1:6]
    rng = random.Random(int(seed))
    g = Gen(rng)
    cases = []
    for k in range(int(count)):
        f = Function(f"@case{k}")
        expr, kind, first = make_chain(g, f)
        cases.append((f, expr, kind, first))
    lines = []
    for _, expr, _, first in cases:
        lines += ([first] if first else []) + [expr]
    answers = iter(subprocess.run([cute_layout, "--dynamic", "--runtime-checks", "--cute", "-"], input="\n".join(lines) + "\n",
                                  capture_output=True, text=True).stdout.splitlines())
    funcs, calls, expected = [], [], []
    consts = {}
    for f, expr, kind, first in cases:
        first_answer = next(answers) if first else None
        answer = next(answers)
        if answer.startswith("error") or (first_answer or "").startswith("error"):
            continue
        if first:  # the chain's intermediate layout, typed from its answer
            f.body = [line.replace("__T0__", result_type("layout", first_answer)) for line in f.body]
        rtype = result_type(kind, answer)
        printed = answer.lstrip("_") if kind == "index" else answer
        # A third of the runtime arguments state a divisor of their value (cute.div): the
        # lowering folds with those facts, and the answers must not change.
        def fact(v):
            divisors = [d for d in (2, 4, 8, 16, 3) if v % d == 0]
            return f" {{cute.div = {rng.choice(divisors)} : i64}}" if divisors and rng.random() < 0.33 else ""
        args = ", ".join(f"{a}: index{fact(v)}" for a, v in zip(f.args, f.values))
        body = "\n".join(f.body)
        funcs.append(f"// {expr}\nfunc.func {f.name}({args}) {{\n{body}\n  cute.print %r : {rtype}\n  return\n}}")
        names = []
        for v in f.values:
            if v not in consts:
                consts[v] = f"%k{len(consts)}"
            names.append(consts[v])
        calls.append(f"  func.call {f.name}({', '.join(names)}) : ({', '.join('index' for _ in names)}) -> ()")
        expected.append(printed)
    main_consts = "\n".join(f"  {n} = arith.constant {v} : index" for v, n in consts.items())
    with open(out_mlir, "w") as out:
        out.write("\n".join(funcs))
        out.write(f"\nfunc.func @main() {{\n{main_consts}\n" + "\n".join(calls) + "\n  return\n}\n")
    with open(out_expected, "w") as out:
        out.write("\n".join(expected) + "\n")
    print(f"{len(expected)} of {len(cases)} cases kept", file=sys.stderr)


if __name__ == "__main__":
    main()
