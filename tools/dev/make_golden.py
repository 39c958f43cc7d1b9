#!/usr/bin/env python3
"""Build the golden corpus core/test/data/golden.tsv from CuTe's own answers.

Development only: tests and CI read the committed golden.tsv and never run this.

Each case is generated at random (fixed seed), written twice, once in cute-layout's
notation and once as a C++ CuTe expression, and the C++ side is evaluated by compiling
it against the CUTLASS headers that /work/shared/tools/cute-ref extracts from the
fetched CUTLASS/CCCL mirrors. Output lines are

    <cute-layout expression> TAB <what cute::print printed, or ERROR> TAB <static|dynamic>

A case is ERROR when CuTe rejects it at compile time (static_assert, no overload, ...)
or when its program crashes or hangs at run time. Cases are compiled in batches; a batch
that fails to compile is split by attributing the compiler's errors to the lines of
the cases, then by bisection, so one rejected case never loses the others. Each case
prints its index before running and flushes after, so a run that crashes on one case
is resumed after it.

Families: the default operations make golden.tsv (and the golden-seed*.tsv corpora, with
other seeds); `--ops sw` the swizzles and composed layouts of golden-swizzle.tsv; `--ops
basis` the scaled-basis strides and tensors (identity and counting tensors) of
golden-basis.tsv; `--ops api` CuTe's further layout API (issue 45) of golden-api.tsv. With `--agree-with CUTE_LAYOUT` the cases that cute-layout answers
otherwise than CuTe are left out of the corpus and listed (`--disagreements` writes them to
a file), so a corpus can be committed while the differences are reported; golden-basis.tsv
was made so:

    tools/dev/make_golden.py --ops basis --seed 1212 --per-op 30 \
        --out core/test/data/golden-basis.tsv --agree-with build/tools/cute-layout/cute-layout
"""

import argparse
import collections
import concurrent.futures
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

CUTE_REF = "/work/shared/tools/cute-ref"
CACHE = os.environ.get("CUTE_REF_CACHE", "/tmp/cute-ref")
INCLUDES = [
    os.path.join(os.path.dirname(CUTE_REF), "cute-ref.d", "stub"),
    os.path.join(CACHE, "cutlass", "include"),
    os.path.join(CACHE, "cccl", "libcudacxx", "include"),
]
CXXFLAGS = ["-std=c++17", "-O0", "-w"]
PRELUDE = """\
#include <cute/layout.hpp>
#include <cute/layout_composed.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/tensor_impl.hpp>
#include <cstdio>
#include <cstdlib>
"""

# ---------------------------------------------------------------------------
# Values: every node renders itself in cute-layout notation and as C++.
# ---------------------------------------------------------------------------


class I:
    """An integer leaf, static (Int<N>) or dynamic (int)."""

    __slots__ = ("v", "static")

    def __init__(self, v, static):
        self.v, self.static = v, static


class BI(I):
    """A scaled-basis stride leaf, CuTe's E<path...>{} scaled by v (path: outermost mode
    first). cute-layout writes it v@p_n@...@p_0, the innermost mode first, as CuTe prints."""

    __slots__ = ("path",)

    def __init__(self, v, static, path):
        super().__init__(v, static)
        self.path = tuple(path)


class _Underscore:
    pass


U = _Underscore()  # CuTe's `_`


def nota_tree(t, dynamic):
    if t is U:
        return "_"
    if isinstance(t, BI):
        return ("_" if dynamic and t.static else "") + str(t.v) + "".join(f"@{p}" for p in reversed(t.path))
    if isinstance(t, I):
        return f"_{t.v}" if (dynamic and t.static) else str(t.v)
    return "(" + ",".join(nota_tree(x, dynamic) for x in t) + ")"


_force_static = False  # set only by static_twin()


def cpp_tree(t, maker):
    if t is U:
        return "_"
    if isinstance(t, BI):
        v = f"Int<{t.v}>{{}}" if (t.static or _force_static) else str(t.v)
        return f"(E<{','.join(str(p) for p in t.path)}>{{}} * {v})"
    if isinstance(t, I):
        return f"Int<{t.v}>{{}}" if (t.static or _force_static) else str(t.v)
    return maker + "(" + ", ".join(cpp_tree(x, maker) for x in t) + ")"


class Tup:
    """An int tuple (or a single integer); maker is the C++ tuple factory."""

    def __init__(self, t, maker="make_shape"):
        self.t, self.maker = t, maker

    def nota(self, dynamic):
        return nota_tree(self.t, dynamic)

    def cpp(self):
        return cpp_tree(self.t, self.maker)


class Lay:
    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride

    def nota(self, dynamic):
        return nota_tree(self.shape, dynamic) + ":" + nota_tree(self.stride, dynamic)

    def cpp(self):
        return f"make_layout({cpp_tree(self.shape, 'make_shape')}, {cpp_tree(self.stride, 'make_stride')})"


class Tile:
    def __init__(self, items):
        self.items = items

    def nota(self, dynamic):
        return "<" + ", ".join(x.nota(dynamic) for x in self.items) + ">"

    def cpp(self):
        return "make_tile(" + ", ".join(x.cpp() for x in self.items) + ")"


class Name:
    """A bare name such as LayoutRight (C++: LayoutRight{})."""

    def __init__(self, name, cpp):
        self.name, self.cpp_text = name, cpp

    def nota(self, dynamic):
        return self.name

    def cpp(self):
        return self.cpp_text


class Call:
    def __init__(self, name, args, targs=(), cpp_name=None, cpp_targs=None):
        self.name, self.args, self.targs = name, list(args), list(targs)
        self.cpp_name = cpp_name or name
        self.cpp_targs = list(cpp_targs) if cpp_targs is not None else [str(x) for x in targs]

    def nota(self, dynamic):
        t = "<" + ",".join(str(x) for x in self.targs) + ">" if self.targs else ""
        return f"{self.name}{t}(" + ", ".join(a.nota(dynamic) for a in self.args) + ")"

    def cpp(self):
        t = "<" + ",".join(self.cpp_targs) + ">" if self.cpp_targs else ""
        return f"{self.cpp_name}{t}(" + ", ".join(a.cpp() for a in self.args) + ")"


class TensorCall(Call):
    """local_tile / local_partition: CuTe takes a tensor, we print its layout."""

    def cpp(self):
        tensor = f"make_tensor(make_gmem_ptr((float*)nullptr), {self.args[0].cpp()})"
        rest = ", ".join(a.cpp() for a in self.args[1:])
        return f"{self.cpp_name}({tensor}, {rest}).layout()"


# ---------------------------------------------------------------------------
# Plain-int structure helpers (nested Python tuples; leaves are ints or P).
# ---------------------------------------------------------------------------


class P:
    """One layout leaf mode: size s, stride d."""

    __slots__ = ("s", "d")

    def __init__(self, s, d):
        self.s, self.d = s, d


def tmap(t, f):
    return tuple(tmap(x, f) for x in t) if isinstance(t, tuple) else f(t)


def leaves(t):
    return [y for x in t for y in leaves(x)] if isinstance(t, tuple) else [t]


def rank(t):
    return len(t) if isinstance(t, tuple) else 1


def modes(t):
    return list(t) if isinstance(t, tuple) else [t]


def shape_of(m):
    return tmap(m, lambda p: p.s)


def stride_of(m):
    return tmap(m, lambda p: p.d)


def size_of(t):
    return math.prod(p.s if isinstance(p, P) else p for p in leaves(t))


def cosize_of(m):
    return sum((p.s - 1) * abs(p.d) for p in leaves(m)) + 1


def prime_factors(n):
    out, f = [], 2
    while n > 1:
        while n % f == 0:
            out.append(f)
            n //= f
        f += 1
    return out


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


POW2 = [1, 2, 2, 4, 4, 4, 8, 8, 16]
ANY = [1, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 12, 16]
STRIDES = [0, 1, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32]
WIDTHS = {1: "cute::uint1_t", 2: "cute::uint2_t", 4: "cute::uint4_t", 8: "uint8_t",
          16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}


# ---------------------------------------------------------------------------
# The random generator context.
# ---------------------------------------------------------------------------


class Gen:
    """Random choices plus the static/dynamic decoration of leaves.

    In static mode every leaf is static. In dynamic mode a leaf is static with
    probability p (strides 0 and 1 more often, to exercise _0 and _1)."""

    def __init__(self, rng, dynamic):
        self.r, self.dynamic = rng, dynamic

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    # -- decoration ------------------------------------------------------
    def leaf(self, v, p=0.15):
        return I(v, (not self.dynamic) or self.r.random() < p)

    def stride_leaf(self, v, p=None):
        if p is None:
            p = 0.5 if v in (0, 1) else 0.1
        elif callable(p):
            p = p(v)
        return self.leaf(v, p)

    def tup(self, t, maker="make_shape", p=0.15):
        return Tup(tmap(t, lambda v: U if v is U else self.leaf(v, p)), maker)

    def num(self, v, p=0.15):
        return Tup(self.leaf(v, p))

    def lay(self, m, ps=0.15, pd=None, all_static=0.0):
        """A layout; in dynamic mode all_static is the chance that every stride is
        static (complement, and so divides, products and inverses, need that)."""
        if self.dynamic and self.chance(all_static):
            pd = 1.0
        return Lay(tmap(m, lambda x: self.leaf(x.s, ps)), tmap(m, lambda x: self.stride_leaf(x.d, pd)))

    # -- structure -------------------------------------------------------
    def nest(self, items, max_rank=3, wrap1=0.1):
        """Groups a flat list into a tuple of rank <= max_rank and depth <= 2."""
        n = len(items)
        if n == 1:
            return (items[0],) if self.chance(wrap1) else items[0]
        r = self.r.randint(1, min(max_rank, n))
        if r == 1:
            return tuple(items)
        cuts = sorted(self.r.sample(range(1, n), r - 1))
        groups = [items[a:b] for a, b in zip([0] + cuts, cuts + [n])]
        return tuple(g[0] if len(g) == 1 else tuple(g) for g in groups)

    def sizes(self, n, pow2=True, max_size=256):
        while True:
            out = [self.pick(POW2 if pow2 else ANY) for _ in range(n)]
            if math.prod(out) <= max_size:
                return out

    def nleaves(self, lo=1, hi=5):
        return self.r.choice([k for k in [1, 2, 2, 3, 3, 3, 4, 4, 5] if lo <= k <= hi])

    def compact(self, sizes, permute=False, gaps=False, start=1):
        """Leaf modes with compact strides in a random (or column-major) order."""
        order = list(range(len(sizes)))
        if permute:
            self.r.shuffle(order)
        strides, d = [0] * len(sizes), start
        for i in order:
            strides[i] = d
            d *= sizes[i] * (self.pick([1, 1, 2, 3]) if gaps else 1)
        return [P(s, x) for s, x in zip(sizes, strides)]

    def layout_modes(self, kind=None, n=None, pow2=None, max_rank=3, max_size=256):
        """Nested P for a random layout of the given kind."""
        kind = kind or self.pick(["compact", "perm", "perm", "gapped", "general", "zeros"])
        n = n or self.nleaves()
        pow2 = self.chance(0.7) if pow2 is None else pow2
        sz = self.sizes(n, pow2, max_size)
        if kind == "general":
            flat = [P(s, self.pick(STRIDES)) for s in sz]
        else:
            flat = self.compact(sz, permute=kind != "compact", gaps=kind == "gapped")
            if kind == "zeros":
                for p in flat:
                    if self.chance(0.4):
                        p.d = 0
            if kind == "neg":
                for p in flat:
                    if self.chance(0.4):
                        p.d = -p.d
        return self.nest(flat, max_rank)

    def segments(self, factors, k=None, injective=True):
        """Leaf modes made of disjoint runs of a factor sequence, in random order:
        each has size prod(run) and stride prod(factors before the run)."""
        if not factors:
            return [P(1, self.pick([0, 1]))]
        n = len(factors)
        m = self.r.randint(1, n)
        cuts = sorted(self.r.sample(range(1, n), m - 1)) if m > 1 else []
        runs = list(zip([0] + cuts, cuts + [n]))
        k = k or self.r.randint(1, min(3, len(runs)))
        chosen = self.r.sample(runs, min(k, len(runs)))
        if not injective and self.chance(0.5):
            chosen.append(chosen[0])
        return [P(math.prod(factors[a:b]), math.prod(factors[:a])) for a, b in chosen]

    def prefix_divisor(self, n):
        """A product of a prefix of n's prime factors (always a valid by-mode tiler)."""
        f = prime_factors(n)
        return math.prod(f[: self.r.randint(0, len(f))]) if f else 1

    def coord(self, shape, hier=0.3, oob=0.0):
        """A natural coordinate of shape; a nested mode sometimes gets a 1-D index."""
        if isinstance(shape, tuple):
            return tuple(
                self.r.randrange(size_of(s)) if isinstance(s, tuple) and self.chance(hier) else self.coord(s, hier, oob)
                for s in shape
            )
        return self.r.randrange(shape + (2 if self.chance(oob) else 0))

    def mode_path(self, t, bad=False):
        """Template indices selecting a mode (or sub-mode) of t."""
        ms = modes(t)
        if bad:
            return [len(ms)]
        i = self.r.randrange(len(ms))
        if isinstance(ms[i], tuple) and self.chance(0.4):
            return [i, self.r.randrange(len(ms[i]))]
        return [i]


# ---------------------------------------------------------------------------
# Generators: one per operation family. Each returns a Call node.
# ---------------------------------------------------------------------------


def any_layout(g, **kw):
    return g.layout_modes(**kw)


def gen_size(g):
    m = any_layout(g)
    v = g.r.random()
    if v < 0.25:
        return Call("size", [g.tup(shape_of(m))])
    if v < 0.5:
        return Call("size", [g.lay(m)])
    return Call("size", [g.lay(m)], targs=g.mode_path(m, bad=g.chance(0.1)))


def gen_cosize(g):
    m = any_layout(g, kind=g.pick(["compact", "perm", "gapped", "general", "zeros", "neg"]))
    if g.chance(0.3):
        return Call("cosize", [g.lay(m)], targs=g.mode_path(m, bad=g.chance(0.1)))
    return Call("cosize", [g.lay(m)])


def _structural(name):
    """rank / depth: of a layout or a shape, whole or of mode i."""

    def gen(g):
        m = any_layout(g)
        arg = g.tup(shape_of(m)) if g.chance(0.35) else g.lay(m)
        targs = g.mode_path(m, bad=g.chance(0.1)) if g.chance(0.5) else []
        return Call(name, [arg], targs=targs)

    return gen


def gen_get(g):
    m = any_layout(g)
    bad = g.chance(0.1)
    if g.chance(0.5):
        return Call("get", [g.tup(shape_of(m))], targs=g.mode_path(m, bad))
    return Call("get", [g.lay(m)], targs=g.mode_path(m, bad))


def gen_layout_mode(g):
    m = any_layout(g)
    return Call("layout", [g.lay(m)], targs=g.mode_path(m, bad=g.chance(0.1)))


def _shape_or_stride(name):
    def gen(g):
        m = any_layout(g)
        targs = g.mode_path(m, bad=g.chance(0.1)) if g.chance(0.5) else []
        return Call(name, [g.lay(m)], targs=targs)

    return gen


def gen_crd2idx(g):
    m = any_layout(g, kind=g.pick(["compact", "perm", "gapped", "general"]))
    shape, n = shape_of(m), size_of(m)
    v = g.r.random()
    if v < 0.25:
        c = g.num(g.r.randrange(n))
    else:
        t = g.coord(shape, oob=0.05)
        if g.chance(0.1) and isinstance(t, tuple):  # rank mismatch
            t = t + (0,) if g.chance(0.5) or len(t) == 1 else t[:-1]
        c = g.tup(t, "make_coord")
    form = g.r.random()
    if form < 0.2:
        return Call("crd2idx", [c, g.tup(shape)])
    if form < 0.35:
        return Call("crd2idx", [c, g.lay(m)])
    return Call("crd2idx", [c, g.tup(shape), g.tup(stride_of(m), "make_stride")])


def gen_idx2crd(g):
    m = any_layout(g, kind=g.pick(["compact", "compact", "perm", "zeros"]))
    shape, n = shape_of(m), size_of(m)
    if g.chance(0.2):
        idx = g.tup(g.coord(shape, hier=0.7), "make_coord")
    else:
        idx = g.num(g.r.randrange(n + (n if g.chance(0.1) else 0)))
    if g.chance(0.4):
        return Call("idx2crd", [idx, g.tup(shape)])
    return Call("idx2crd", [idx, g.tup(shape), g.tup(stride_of(m), "make_stride")])


def profile_for(g, m, leaf, bad=False):
    """A target profile for m's top-level modes (sometimes fewer modes, sometimes
    following a nested mode's structure)."""
    ms = modes(m)
    k = len(ms) + 1 if bad else g.r.randint(1, len(ms))
    out = []
    for x in (ms + [ms[-1]])[:k]:
        if isinstance(x, tuple) and g.chance(0.5):
            out.append(tmap(x, lambda _: leaf()))
        else:
            out.append(leaf())
    return tuple(out)


def gen_coalesce(g):
    m = any_layout(g, kind=g.pick(["compact", "perm", "zeros", "general", "gapped"]))
    v = g.r.random()
    if v < 0.1:
        return Call("coalesce", [g.tup(shape_of(m))])
    if v < 0.5 and isinstance(m, tuple):
        prof = profile_for(g, m, lambda: 1, bad=g.chance(0.1))
        return Call("coalesce", [g.lay(m), g.tup(prof, p=0.5)])
    return Call("coalesce", [g.lay(m)])


def gen_filter_zeros(g):
    m = any_layout(g, kind=g.pick(["zeros", "zeros", "general", "perm"]))
    if g.chance(0.4):
        if g.chance(0.1):
            prof = tuple(leaves(shape_of(m))) + (1,)  # not congruent
        else:
            prof = tmap(m, lambda p: g.pick([0, 1, p.s]))
            if isinstance(m, tuple) and g.chance(0.3):  # a coarser profile
                prof = tuple(g.pick([0, 1]) if isinstance(x, tuple) and g.chance(0.5) else y
                             for x, y in zip(m, prof))
        return Call("filter_zeros", [g.lay(m), g.tup(prof, p=0.6)])
    return Call("filter_zeros", [g.lay(m)])


def gen_filter(g):
    m = any_layout(g, kind=g.pick(["zeros", "zeros", "general", "perm", "compact"]))
    if g.chance(0.25) and isinstance(m, tuple):
        return Call("filter", [g.lay(m), g.tup(profile_for(g, m, lambda: 1), p=0.5)])
    return Call("filter", [g.lay(m)])


def gen_complement(g):
    if g.chance(0.1):  # not injective
        s = g.pick([2, 4])
        m = g.nest([P(s, 1), P(g.pick([2, 4]), g.pick([1, 2, s // 2]))])
    else:
        m = any_layout(g, kind=g.pick(["compact", "perm", "gapped", "gapped"]), max_size=128)
    # CuTe sorts strides at compile time: keep them mostly static in dynamic mode
    L = g.lay(m, pd=0.5, all_static=0.8)
    v = g.r.random()
    cos = cosize_of(m)
    if v < 0.4:
        return Call("complement", [L])
    if v < 0.7:
        return Call("complement", [L, g.num(cos * g.pick([1, 2, 3, 4]))])
    if v < 0.85:
        return Call("complement", [L, g.num(g.r.randint(1, 2 * cos))])
    return Call("complement", [L, g.tup((cos, g.pick([2, 3, 4])))])


def composable_rhs(g, a_modes, k=None, loose=True):
    """Leaf modes of a layout B that maps into A's domain with the divisibility
    conditions met (runs of the prime factors of A's flattened shape). Unless loose,
    B is injective (a divide's tiler needs a complement)."""
    factors = [f for p in leaves(a_modes) for f in prime_factors(p.s)]
    flat = g.segments(factors, k=k, injective=not (loose and g.chance(0.15)))
    if loose and g.chance(0.1):
        flat.insert(g.r.randrange(len(flat) + 1), P(g.pick([2, 3]), 0))
    return flat


def random_rhs(g):
    return [P(g.pick(ANY), g.pick(STRIDES)) for _ in range(g.r.randint(1, 3))]


def gen_composition(g):
    a = any_layout(g, kind=g.pick(["compact", "perm", "gapped"]), max_size=256)
    b = random_rhs(g) if g.chance(0.12) else composable_rhs(g, a)
    return Call("composition", [g.lay(a), g.lay(g.nest(b))])


def tiler_for(g, a, kind, bad=False, loose=True, underscore=0.07):
    """A tiler for layout modes a: 'layout' (1-D over the whole domain), 'tile'
    (by-mode layouts, ints or `_`) or 'shape' (by-mode integers)."""
    if kind == "layout":
        flat = random_rhs(g) if bad else composable_rhs(g, a, loose=loose)
        return g.lay(g.nest(flat), pd=0.8, all_static=0.5)
    ms = modes(a)
    k = g.r.randint(1, len(ms))
    if kind == "shape":
        sizes = [g.pick(ANY) if bad else g.prefix_divisor(size_of(x)) for x in ms[:k]]
        return g.tup(tuple(sizes) if (k > 1 or g.chance(0.5)) else sizes[0])
    items = []
    for x in ms[:k]:
        v = g.r.random()
        if bad:
            items.append(g.lay(g.nest(random_rhs(g))))
        elif v < 0.15:
            items.append(g.num(g.prefix_divisor(size_of(x))))
        elif v < 0.15 + underscore:
            items.append(Tup(U))
        else:
            rhs = composable_rhs(g, x, k=g.pick([1, 1, 2]), loose=loose)
            items.append(g.lay(g.nest(rhs), pd=0.8, all_static=0.5))
    return Tile(items)


def gen_composition_tiler(g):
    a = any_layout(g, kind=g.pick(["compact", "perm", "gapped"]), n=g.r.randint(2, 5))
    kind = g.pick(["tile", "tile", "shape"])
    return Call("composition", [g.lay(a), tiler_for(g, a, kind, bad=g.chance(0.1))])


def gen_inverse(name):
    def gen(g):
        kind = g.pick(["perm", "perm", "perm", "compact", "gapped", "zeros"])
        a = any_layout(g, kind=kind, pow2=g.chance(0.6), max_size=128)
        return Call(name, [g.lay(a, pd=0.5, all_static=0.85)])

    return gen


def gen_divide(name):
    def gen(g):
        a = any_layout(g, kind=g.pick(["compact", "perm", "gapped"]), n=g.r.randint(1, 5))
        kind = g.pick(["layout", "tile", "tile", "shape"])
        # only logical_divide accepts `_` in a tile; keep a few to record the others' errors
        under = 0.07 if name == "logical_divide" else 0.01
        tiler = tiler_for(g, a, kind, bad=g.chance(0.08), loose=False, underscore=under)
        return Call(name, [g.lay(a, pd=0.5), tiler])

    return gen


def product_lhs(g):
    if g.chance(0.1):  # not injective: its complement does not exist
        return g.nest([P(4, 1), P(2, g.pick([0, 1, 2]))])
    return any_layout(g, kind=g.pick(["compact", "perm", "gapped"]), n=g.r.randint(1, 3), max_size=32)


def gen_product(name, tiles=True):
    def gen(g):
        a = product_lhs(g)
        if tiles and g.chance(0.2):
            items = [g.lay(any_layout(g, kind=g.pick(["compact", "perm"]), n=g.r.randint(1, 2), max_size=8))
                     for _ in range(g.r.randint(1, rank(a)))]
            b = Tile(items)
        else:
            b = g.lay(any_layout(g, kind=g.pick(["compact", "perm", "perm", "gapped"]), n=g.r.randint(1, 3), max_size=32))
        return Call(name, [g.lay(a, pd=0.5, all_static=0.85), b])

    return gen


def gen_make_layout(g):
    m = any_layout(g)
    v = g.r.random()
    if v < 0.2:
        return Call("make_layout", [g.tup(shape_of(m))])
    if v < 0.55:
        stride = stride_of(m)
        if g.chance(0.1):  # not congruent
            stride = tuple(leaves(stride)) + (1,)
        return Call("make_layout", [g.tup(shape_of(m)), g.tup(stride, "make_stride")])
    if v < 0.7:
        major = g.pick([("LayoutLeft", "LayoutLeft{}"), ("LayoutRight", "LayoutRight{}")])
        return Call("make_layout", [g.tup(shape_of(m)), Name(*major)])
    parts = [g.lay(any_layout(g, n=g.r.randint(1, 3), max_size=64)) for _ in range(g.r.randint(2, 3))]
    return Call("make_layout", parts)


def gen_make_ordered_layout(g):
    n = g.nleaves(2, 5)
    shape = g.nest(g.sizes(n, g.chance(0.6)))
    perm = list(range(n))
    g.r.shuffle(perm)
    if g.chance(0.25) and isinstance(shape, tuple):  # one order value per top-level mode
        top = list(range(rank(shape)))
        g.r.shuffle(top)
        order = tuple(top)
    else:
        it = iter(perm)
        order = tmap(shape, lambda _: next(it))
    if g.chance(0.1) and isinstance(order, tuple):  # rank mismatch
        order = order + (len(perm),)
    return Call("make_ordered_layout", [g.tup(shape), g.tup(order, "make_step", p=0.7)])


def gen_like(name):
    def gen(g):
        m = any_layout(g, kind=g.pick(["perm", "perm", "zeros", "general", "gapped", "compact"]))
        return Call(name, [g.lay(m)])

    return gen


def gen_compact_major(name):
    def gen(g):
        shape = g.nest(g.sizes(g.nleaves(), g.chance(0.5)))
        if g.chance(0.2):
            return Call(name, [g.tup(shape), g.num(g.pick([1, 2, 3, 4, 8]))])
        return Call(name, [g.tup(shape)])

    return gen


def gen_range_modes(name):
    """group<B,E> / take<B,E>."""

    def gen(g):
        m = any_layout(g, n=g.nleaves(2, 5), max_rank=4)
        r = rank(m)
        if g.chance(0.1):
            b, e = g.pick([(0, r + 1), (r, r + 1), (1, 0)])
        else:
            b = g.r.randrange(r)
            e = g.r.randint(b + 1, r)
        arg = g.tup(shape_of(m)) if g.chance(0.15) else g.lay(m)
        return Call(name, [arg], targs=[b, e])

    return gen


def gen_select(g):
    m = any_layout(g, n=g.nleaves(2, 5), max_rank=4)
    r = rank(m)
    idx = [g.r.randrange(r) for _ in range(g.r.randint(1, r + 1))]
    if g.chance(0.1):
        idx[-1] = r
    arg = g.tup(shape_of(m)) if g.chance(0.15) else g.lay(m)
    return Call("select", [arg], targs=idx)


def slice_coord(g, shape):
    """A coordinate of shape with `_` at some modes (at any depth)."""
    if isinstance(shape, tuple):
        return tuple(U if g.chance(0.35) else slice_coord(g, s) for s in shape)
    return U if g.chance(0.3) else g.r.randrange(shape)


def gen_slice_dice(name):
    def gen(g):
        m = any_layout(g, n=g.nleaves(2, 5))
        shape = shape_of(m)
        c = slice_coord(g, shape) if isinstance(shape, tuple) else U
        if g.chance(0.1) and isinstance(c, tuple):  # rank mismatch
            c = c + (U,)
        target = g.tup(shape) if g.chance(0.2) else g.lay(m)
        return Call(name, [g.tup(c, "make_coord"), target])

    return gen


def gen_tile_to_shape(g):
    block = any_layout(g, kind=g.pick(["compact", "perm"]), n=g.r.randint(1, 3), pow2=g.chance(0.8),
                       max_rank=2, max_size=32)
    bsizes = [size_of(x) for x in modes(block)]
    R = g.r.randint(len(bsizes), 3)
    trg = []
    bad = g.r.randrange(R) if g.chance(0.08) else -1
    for i in range(R):
        n = (bsizes[i] if i < len(bsizes) else 1) * g.pick([1, 2, 3, 4])
        if i == bad:
            n += 1  # not a multiple of the block
        f = prime_factors(n)
        trg.append((f[0], n // f[0]) if len(f) > 1 and g.chance(0.2) else n)
    if g.chance(0.05) and R == len(bsizes) and R > 1:
        trg = trg[:-1]  # target rank below the block rank
    args = [g.lay(block, pd=0.5, all_static=0.85), g.tup(tuple(trg) if len(trg) > 1 or g.chance(0.5) else trg[0])]
    if g.chance(0.35):
        order = list(range(len(trg)))
        g.r.shuffle(order)
        args.append(g.tup(tuple(order), "make_step", p=0.7))
    return Call("tile_to_shape", args)


def div_operands(g, exact):
    """An (a, b) pair of ints or tuples for shape_div / ceil_div."""
    v = g.r.random()
    if v < 0.35:
        b = g.pick(ANY)
        a = b * g.pick([1, 2, 3, 4]) if exact and g.chance(0.7) else g.pick(ANY + [24, 32, 48])
        if exact and g.chance(0.2):
            a, b = b, a
        return a, b
    a = tuple(g.sizes(g.r.randint(2, 3), g.chance(0.6)))
    if v < 0.7:
        if exact and g.chance(0.85):  # a product of a prefix of a's prime factors divides it in order
            f = [x for y in a for x in prime_factors(y)]
            return a, math.prod(f[: g.r.randint(0, len(f))])
        return a, g.pick(ANY)
    b = tuple(g.pick(divisors(x)) if exact and g.chance(0.9) else g.pick(ANY) for x in a)
    if g.chance(0.1):
        b = b[:-1] if len(b) > 1 else b + (1,)
    return a, b


def gen_int_div(name, exact):
    def gen(g):
        a, b = div_operands(g, exact)
        if g.chance(0.05):
            b = 0 if not isinstance(b, tuple) else b[:-1] + (0,)
        return Call(name, [g.tup(a, p=0.3), g.tup(b, p=0.3)])

    return gen


def gen_max_common(name):
    def gen(g):
        n = g.nleaves(1, 4)
        sz = g.sizes(n, g.chance(0.7), 128)
        a = g.compact(sz, permute=g.chance(0.6))
        if g.chance(0.2):
            b = [P(p.s, p.d) for p in a]
        else:
            b = g.compact(sz, permute=g.chance(0.7), gaps=g.chance(0.15))
        if g.chance(0.1):
            b = g.compact(g.sizes(n, True, 128), permute=True)
        return Call(name, [g.lay(g.nest(a), pd=0.6), g.lay(g.nest(b), pd=0.6, all_static=0.5)])

    return gen


def cast_layout(g, n, up):
    """A layout suited to up/downcast by n: a (static in dynamic mode) stride-1 mode,
    other strides multiples of n."""
    k = g.r.randint(1, 4)
    sz = g.sizes(k, True, 128)
    if up:
        sz[0] = max(sz[0], n) if g.chance(0.85) else sz[0]
    flat = g.compact(sz, permute=g.chance(0.5), gaps=g.chance(0.2))
    if up and g.chance(0.1):
        flat[-1].d = g.pick([3, 5, 6])  # divisibility violated
    if g.chance(0.1):
        flat.append(P(g.pick([2, 4]), 0))
    if not up and g.chance(0.08):
        flat = [P(p.s, p.d * 2) for p in flat]  # no stride-1 mode
    return g.nest(flat)


def CAST_STRIDE(v):
    """downcast needs a static stride-1 mode: mostly _1 in dynamic mode."""
    return 0.85 if v == 1 else 0.4


def gen_cast(name):
    def gen(g):
        n = g.pick([2, 4, 8])
        m = cast_layout(g, n, up=name == "upcast")
        return Call(name, [g.lay(m, pd=CAST_STRIDE)], targs=[n])

    return gen


def gen_recast_layout(g):
    a, b = g.pick(list(WIDTHS)), g.pick(list(WIDTHS))
    up = b > a
    m = cast_layout(g, max(a, b) // min(a, b), up=up)
    return Call("recast_layout", [g.lay(m, pd=CAST_STRIDE)], targs=[a, b], cpp_targs=[WIDTHS[a], WIDTHS[b]])


def gen_local_tile(g):
    n = g.r.randint(1, 3)
    sz = g.sizes(n, g.chance(0.8), 512)
    sz = [s * g.pick([1, 2, 4]) for s in sz]
    m = g.nest(g.compact(sz, permute=g.chance(0.5)), wrap1=0.3)
    ms = modes(m)
    k = g.r.randint(1, len(ms))
    bad = g.chance(0.1)
    tsizes = [g.pick(ANY) if bad else g.prefix_divisor(size_of(x)) for x in ms[:k]]
    if g.chance(0.25):
        tiler = Tile([g.lay(P(t, 1)) for t in tsizes])
    else:
        tiler = g.tup(tuple(tsizes))
    rest = [-(-size_of(x) // t) for x, t in zip(ms, tsizes)] + [1] * (len(ms) - k)
    coord = tuple(U if g.chance(0.15) else g.r.randrange(r) for r in rest[:k])
    return TensorCall("local_tile", [g.lay(m), tiler, g.tup(coord, "make_coord")])


def gen_local_partition(g):
    n = g.r.randint(1, 3)
    thr = g.sizes(n, True, 64)
    data = [t * g.pick([1, 2, 4]) for t in thr]
    m = tuple(g.compact(data, permute=g.chance(0.5)))
    t = tuple(g.compact(thr, permute=g.chance(0.4)))
    if g.chance(0.1):
        t = t + (P(2, size_of(t)),)  # thread layout rank above the data rank
    idx = g.r.randrange(size_of(t))
    return TensorCall("local_partition", [g.lay(m), g.lay(t, pd=0.6), g.num(idx)])


OPS = {
    "size": gen_size,
    "cosize": gen_cosize,
    "rank": _structural("rank"),
    "depth": _structural("depth"),
    "get": gen_get,
    "layout": gen_layout_mode,
    "shape": _shape_or_stride("shape"),
    "stride": _shape_or_stride("stride"),
    "crd2idx": gen_crd2idx,
    "idx2crd": gen_idx2crd,
    "coalesce": gen_coalesce,
    "filter_zeros": gen_filter_zeros,
    "filter": gen_filter,
    "complement": gen_complement,
    "composition": gen_composition,
    "composition_tiler": gen_composition_tiler,
    "right_inverse": gen_inverse("right_inverse"),
    "left_inverse": gen_inverse("left_inverse"),
    "logical_divide": gen_divide("logical_divide"),
    "zipped_divide": gen_divide("zipped_divide"),
    "tiled_divide": gen_divide("tiled_divide"),
    "flat_divide": gen_divide("flat_divide"),
    "logical_product": gen_product("logical_product"),
    "zipped_product": gen_product("zipped_product"),
    "tiled_product": gen_product("tiled_product"),
    "flat_product": gen_product("flat_product"),
    "blocked_product": gen_product("blocked_product", tiles=False),
    "raked_product": gen_product("raked_product", tiles=False),
    "make_layout": gen_make_layout,
    "make_ordered_layout": gen_make_ordered_layout,
    "make_layout_like": gen_like("make_layout_like"),
    "make_fragment_like": gen_like("make_fragment_like"),
    "compact_col_major": gen_compact_major("compact_col_major"),
    "compact_row_major": gen_compact_major("compact_row_major"),
    "group": gen_range_modes("group"),
    "take": gen_range_modes("take"),
    "select": gen_select,
    "slice": gen_slice_dice("slice"),
    "dice": gen_slice_dice("dice"),
    "tile_to_shape": gen_tile_to_shape,
    "shape_div": gen_int_div("shape_div", exact=True),
    "ceil_div": gen_int_div("ceil_div", exact=False),
    "max_common_vector": gen_max_common("max_common_vector"),
    "max_common_layout": gen_max_common("max_common_layout"),
    "upcast": gen_cast("upcast"),
    "downcast": gen_cast("downcast"),
    "recast_layout": gen_recast_layout,
    "local_tile": gen_local_tile,
    "local_partition": gen_local_partition,
}


# ---------------------------------------------------------------------------
# Swizzles and composed layouts (issue 11): the layout operand of an operation's own
# generator wrapped in a swizzle, composition(Sw<B,M,S>, L), so every lifted operation is
# exercised on the same variety of layouts; plus the rules of their own.
# ---------------------------------------------------------------------------


class Sw:
    def __init__(self, b, m, s):
        self.b, self.m, self.s = b, m, s

    def nota(self, dynamic):
        return f"Swizzle<{self.b},{self.m},{self.s}>"

    def cpp(self):
        return f"Swizzle<{self.b},{self.m},{self.s}>{{}}"


class Eval(Call):
    """crd2idx(c, C) of a composed layout: CuTe evaluates C(c)."""

    def cpp(self):
        return f"({self.args[1].cpp()})({self.args[0].cpp()})"


def gen_swizzle(g):
    b = g.pick([0, 1, 2, 2, 3, 3, 3])
    m = g.pick([0, 1, 2, 3, 4, 4])
    s = b + g.pick([0, 0, 1, 2])
    if s == 0 and b == 0:
        s = g.pick([0, 3])
    if g.chance(0.1) and s > 0:
        s = -s
    return Sw(b, m, s)


def swizzled(g, lay):
    if g.chance(0.15):  # a composed layout written out, with a static or runtime offset
        return Call("make_composed_layout", [gen_swizzle(g), g.num(g.pick([0, 0, 4, 16]), p=0.5), lay])
    return Call("composition", [gen_swizzle(g), lay])


def gen_lifted(op, at=0):
    def gen(g):
        for _ in range(20):
            c = OPS[op](g)
            if len(c.args) > at and isinstance(c.args[at], Lay):
                c.args[at] = swizzled(g, c.args[at])
                return c
        return c
    return gen


def smem(g):
    return any_layout(g, kind=g.pick(["compact", "perm"]), n=g.r.randint(1, 4), pow2=True, max_rank=2, max_size=1024)


def gen_sw_eval(g):
    m = smem(g)
    return Eval("crd2idx", [g.tup(g.coord(shape_of(m)), "make_coord"), swizzled(g, g.lay(m, all_static=0.5))])


def gen_sw_compose(g):
    m = smem(g)
    lay = g.lay(m, all_static=0.6)
    k = g.r.randrange(4)
    if k == 0:  # L o Sw: the swizzle moved behind the layout
        return Call("composition", [lay, gen_swizzle(g)])
    if k == 1:  # L o C
        outer = any_layout(g, kind="compact", n=g.r.randint(1, 3), pow2=True, max_rank=2, max_size=4096)
        return Call("composition", [g.lay(outer, all_static=0.6), swizzled(g, lay)])
    if k == 2:  # Sw o Sw
        a, b = gen_swizzle(g), gen_swizzle(g)
        return Call("composition", [a, Sw(b.b, b.m, a.s) if g.chance(0.8) else b])
    return Call("make_layout", [gen_swizzle(g)])


def gen_sw_portion(g):
    lay = g.lay(smem(g), all_static=0.5)
    arg = swizzled(g, lay) if g.chance(0.8) else lay
    return Call(g.pick(["get_swizzle_portion", "get_nonswizzle_portion"]), [arg])


def gen_sw_common(g):
    m = smem(g)
    other = g.lay(m if g.chance(0.6) else smem(g), all_static=0.6)
    c = swizzled(g, g.lay(m, all_static=0.6))
    op = g.pick(["max_common_vector", "max_common_layout"])
    return Call(op, [c, other] if g.chance(0.7) else [other, c])


def gen_sw_product_tiler(g):
    """logical_product of a layout by a swizzled tiler (CuTe carries the swizzle over)."""
    a = any_layout(g, kind="compact", n=g.r.randint(1, 2), pow2=True, max_rank=2, max_size=16)
    t = smem(g)
    return Call("logical_product", [g.lay(a, all_static=0.8), Call("composition", [gen_swizzle(g),
                                                                                 g.lay(t, all_static=0.8)])])


for _op in ["size", "cosize", "coalesce", "complement", "composition_tiler", "right_inverse", "left_inverse",
            "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product",
            "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape", "upcast",
            "downcast", "recast_layout", "get", "take", "group", "filter"]:
    OPS["sw_" + _op] = gen_lifted(_op)
OPS["sw_slice"] = gen_lifted("slice", at=1)
OPS["sw_eval"] = gen_sw_eval
OPS["sw_compose"] = gen_sw_compose
OPS["sw_portion"] = gen_sw_portion
OPS["sw_common"] = gen_sw_common
OPS["sw_product_tiler"] = gen_sw_product_tiler


# ---------------------------------------------------------------------------
# CuTe's further layout API (issue 45): coshape, nullspace, max_alignment, zip, unflatten,
# weakly_congruent, compatible, evenly_divides, and of identity and counting tensors
# inner_partition, outer_partition and domain_offset. `--ops api` selects them (the a_
# operations), for core/test/data/golden-api.tsv.
# ---------------------------------------------------------------------------


def gen_a_coshape(g):
    m = any_layout(g, kind=g.pick(["compact", "perm", "gapped", "general", "zeros", "neg"]))
    if g.chance(0.3):
        return Call("coshape", [g.lay(m)], targs=g.mode_path(m, bad=g.chance(0.1)))
    return Call("coshape", [g.lay(m)])


def gen_a_nullspace(g):
    m = any_layout(g, kind=g.pick(["zeros", "zeros", "general", "perm"]))
    return Call("nullspace", [g.lay(m, pd=lambda v: 0.8 if v == 0 else 0.2)])


def gen_a_max_alignment(g):
    m = any_layout(g, kind=g.pick(["compact", "perm", "gapped", "general", "zeros"]))
    return Call("max_alignment", [g.lay(m, ps=0.6, pd=0.6)])


def gen_a_zip(g):
    k, r = g.r.randint(1, 3), g.r.randint(1, 3)
    rows = [tuple(g.pick([1, 2, 3, 4, 8]) for _ in range(r)) for _ in range(k)]
    if g.chance(0.15):  # mismatched ranks: CuTe's static_assert
        rows[-1] = rows[-1] + (2,) if g.chance(0.5) or r == 1 else rows[-1][:-1]
    v = g.r.random()
    if v < 0.4:
        return Call("zip", [g.tup(tuple(rows))])
    if v < 0.7:
        return Call("zip", [g.tup(x) for x in rows])
    if v < 0.85 and k >= 2:  # zip(LA, LB) of two layouts of one rank
        a, b = (g.layout_modes(kind="compact", n=r, max_rank=1) for _ in range(2))
        a, b = (x if isinstance(x, tuple) else (x,) for x in (a, b))
        return Call("zip", [g.lay(a), g.lay(b)])
    m = tuple(tuple(g.compact(g.sizes(r, max_size=16))) for _ in range(max(k, 2)))  # zip(L) of a mode grid
    return Call("zip", [g.lay(m)])


def gen_a_unflatten(g):
    n = g.nleaves(1, 5)
    flat = g.compact(g.sizes(n))
    marks = [0] * (n + (1 if g.chance(0.1) else 0) - (1 if g.chance(0.1) and n > 1 else 0))
    prof = g.nest(marks, max_rank=3) if marks else ()
    arg = g.tup(tuple(p.s for p in flat)) if g.chance(0.5) else g.lay(tuple(flat))
    return Call("unflatten", [arg, Tup(tmap(prof, lambda v: I(0, True)))])


def _coarsen(g, t):
    """A shape whose leaves stand for t's modes, sometimes refined again (weakly_congruent
    and compatible pairs): each mode is its size or its own structure."""
    if not isinstance(t, tuple):
        return t
    return tuple(size_of(x) if g.chance(0.5) else _coarsen(g, x) for x in t)


def _shape_pair(g):
    b = shape_of(any_layout(g))
    a = _coarsen(g, b)
    v = g.r.random()
    if v < 0.15:  # another size somewhere
        a = tmap(a, lambda x: x + 1 if g.chance(0.3) else x)
    elif v < 0.3:  # swapped
        a, b = b, a
    elif v < 0.4 and isinstance(a, tuple):  # another rank
        a = a + (2,)
    return a, b


def _predicate(name):
    def gen(g):
        a, b = _shape_pair(g)
        return Call(name, [g.tup(a), g.tup(b)])

    return gen


def gen_a_evenly_divides(g):
    s = shape_of(any_layout(g, pow2=g.chance(0.5)))
    v = g.r.random()
    if v < 0.3:
        t = g.pick([1, 2, 3, 4, 8, 16])
    else:
        t = tuple(g.pick([1, 2, 3, 4]) if g.chance(0.3) else g.prefix_divisor(size_of(x)) for x in (s if isinstance(s, tuple) else (s,)))
        if g.chance(0.15):
            t = t + (2,)
    return Call("evenly_divides", [g.tup(s), g.tup(t)])


def _a_partition(name):
    """inner_partition / outer_partition of an identity or counting tensor by a shape or
    tile: the coordinate picks a rest (inner) or tile (outer) position, a tuple or an index."""

    def gen(g):
        shape = tile_shape(g)
        ms = modes(shape)
        k = g.r.randint(1, len(ms))
        tsizes = [g.prefix_divisor(size_of(x)) for x in ms[:k]]
        tiler = Tile([g.lay(P(t, 1)) for t in tsizes]) if g.chance(0.25) else g.tup(tuple(tsizes))
        rest = [-(-size_of(x) // t) for x, t in zip(ms, tsizes)] + [size_of(x) for x in ms[k:]]
        sliced = rest if name == "inner_partition" else tsizes
        if g.chance(0.25):
            coord = g.num(g.r.randrange(math.prod(sliced)))
        else:
            n = g.r.randint(1, len(sliced)) + (1 if g.chance(0.08) else 0)  # one too many: an error
            coord = g.tup(tuple(U if g.chance(0.1) else g.r.randrange(x) for x in (sliced + [2])[:n]), "make_coord")
        return Call(name, [any_tensor(g, shape), tiler, coord])

    return gen


def gen_a_domain_offset(g):
    """domain_offset of a coordinate into a tensor (its iterator moves) or a layout (CuTe's
    tuple of the layout and its offset)."""
    shape = tile_shape(g)
    c = g.tup(g.coord(shape), "make_coord") if g.chance(0.7) else g.num(g.r.randrange(size_of(shape)))
    if g.chance(0.3):
        return Call("domain_offset", [c, g.lay(int_modes(g, shape))])
    return Call("domain_offset", [c, any_tensor(g, shape)])


OPS["a_inner_partition"] = _a_partition("inner_partition")
OPS["a_outer_partition"] = _a_partition("outer_partition")
OPS["a_domain_offset"] = gen_a_domain_offset
OPS["a_coshape"] = gen_a_coshape
OPS["a_nullspace"] = gen_a_nullspace
OPS["a_max_alignment"] = gen_a_max_alignment
OPS["a_zip"] = gen_a_zip
OPS["a_unflatten"] = gen_a_unflatten
OPS["a_weakly_congruent"] = _predicate("weakly_congruent")
OPS["a_compatible"] = _predicate("compatible")
OPS["a_evenly_divides"] = gen_a_evenly_divides


# ---------------------------------------------------------------------------
# Scaled-basis strides and tensors (issue 12, issue 13 item 4): identity tensors
# (make_identity_tensor), counting tensors (make_tensor(counting_iterator<int>(n), L)) and
# layouts with E<...>{} strides; their elements, slices, tiles, partitions, divides,
# compositions, coalesce and cosize, make_basis_like, basis_get and basis_value, and the
# operations CuTe does not define on basis strides. `--ops basis` selects them (the b_
# operations), for core/test/data/golden-basis.tsv. A tensor's element and its slices are
# CuTe's T(c); every other operation is the same call in C++.
# ---------------------------------------------------------------------------


class Proj:
    """A local_tile / local_partition projection: cute-layout (1,_,1), CuTe Step<_1,X,_1>{}."""

    def __init__(self, keep):
        self.keep = list(keep)

    def nota(self, dynamic):
        return "(" + ",".join("1" if k else "_" for k in self.keep) + ")"

    def cpp(self):
        return "Step<" + ",".join("_1" if k else "X" for k in self.keep) + ">{}"


def tmap_path(t, f, path=()):
    """tmap with each leaf's mode path (outermost first)."""
    if isinstance(t, tuple):
        return tuple(tmap_path(x, f, path + (i,)) for i, x in enumerate(t))
    return f(t, path)


BASIS_PATHS = [(0,), (0,), (1,), (1,), (2,), (1, 0), (0, 1), (1, 1)]


def bshape(g, n=None, pow2=None, max_size=256, max_rank=3, wrap1=0.1):
    n = n or g.nleaves(1, 4)
    return g.nest(g.sizes(n, g.chance(0.7) if pow2 is None else pow2, max_size), max_rank, wrap1)


def basis_modes(g, shape, kind=None):
    """P leaves over shape whose strides d are an int or (value, path) for a scaled basis:
    'like' make_basis_like's (_1@p at each leaf's own path p), 'targets' a few target modes
    each walked compactly (sometimes scaled, gapped or permuted) as a tile of an identity
    layout would be, 'general' any bases and values."""
    kind = kind or g.pick(["like", "like", "targets", "targets", "targets", "general"])
    if kind == "like":  # an integer shape: CuTe's _1, or _1@0
        return tmap_path(shape, lambda s, p: P(s, (1, p or (0,)) if p or g.chance(0.5) else 1))
    flat = leaves(shape)
    if kind == "general":
        out = [P(s, 0 if g.chance(0.1) else (g.pick([1, 1, 2, 3, 4, 8, 16]), g.pick(BASIS_PATHS))) for s in flat]
    else:
        targets = g.r.sample(BASIS_PATHS[:6] if g.chance(0.8) else BASIS_PATHS, g.r.randint(1, min(3, len(flat))))
        targets = list(dict.fromkeys(targets))
        where = [g.pick(targets) for _ in flat]
        order = list(range(len(flat)))
        if g.chance(0.4):
            g.r.shuffle(order)
        out = [None] * len(flat)
        nxt = {t: g.pick([1, 1, 1, 2, 4]) for t in targets}
        for i in order:
            t = where[i]
            out[i] = P(flat[i], (nxt[t], t))
            nxt[t] *= flat[i] * (g.pick([1, 1, 1, 2]) if g.chance(0.3) else 1)
        for p in out:
            if g.chance(0.07):
                p.d = 0
    it = iter(out)
    return tmap(shape, lambda _: next(it))


def blay(g, m, ps=0.15):
    """A layout over basis-stride modes m (mostly _1@p bases static in dynamic mode too)."""

    def stride(p):
        if isinstance(p.d, tuple):
            v, path = p.d
            return BI(v, (not g.dynamic) or g.chance(0.6 if v == 1 else 0.15), path)
        return g.stride_leaf(p.d, 0.8 if p.d == 0 else None)

    return Lay(tmap(m, lambda p: g.leaf(p.s, ps)), tmap(m, stride))


def basis_layout(g, shape=None, kind=None):
    shape = bshape(g) if shape is None else shape
    if kind in (None, "like") and g.chance(0.12):  # written make_layout(S, make_basis_like(S))
        s = g.tup(shape)
        return Call("make_layout", [s, Call("make_basis_like", [s])])
    return blay(g, basis_modes(g, shape, kind))


def identity(g, shape):
    return Call("make_identity_tensor", [g.tup(shape)])


def counting(g, m, start=None, shape_only=False):
    n = g.pick([0, 0, 0, 1, 3, 16, 100]) if start is None else start
    it = Name(f"counting_iterator<int>({n})", f"counting_iterator<int>({n})")
    if shape_only:
        return Call("make_tensor", [it, g.tup(shape_of(m))])
    return Call("make_tensor", [it, g.lay(m)])


def int_modes(g, shape):
    """Integer-stride modes over shape (a counting tensor's layout)."""
    flat = g.compact(leaves(shape), permute=g.chance(0.5), gaps=g.chance(0.2))
    it = iter(flat)
    return tmap(shape, lambda _: next(it))


def shape_modes(shape):
    return tmap(shape, lambda s: P(s, 0))


def any_tensor(g, shape, counting_p=0.3):
    if g.chance(counting_p):
        return counting(g, int_modes(g, shape), shape_only=g.chance(0.2))
    return identity(g, shape)


def gen_b_identity(g):
    return identity(g, bshape(g, n=g.nleaves(1, 5), max_size=4096))


def gen_b_make_basis_like(g):
    return Call("make_basis_like", [g.tup(bshape(g, n=g.nleaves(1, 5), max_size=4096))])


def gen_b_basis_get(g):
    t = bshape(g, n=g.nleaves(1, 5), pow2=False, max_size=100000)
    if g.chance(0.15):
        e = g.num(g.pick([1, 2, 3]), p=0.5)
    else:
        paths = []
        tmap_path(t, lambda s, p: paths.append(p))
        paths = [p for p in paths if p]
        if isinstance(t, tuple):  # a whole mode too
            paths += [(i,) for i in range(len(t)) if isinstance(t[i], tuple)]
        path = g.pick(paths) if paths and not g.chance(0.1) else (g.pick([2, 3, 5]),)
        e = Tup(BI(g.pick([1, 1, 2, 3]), (not g.dynamic) or g.chance(0.5), path))
    if g.chance(0.3):
        return Call("basis_value", [e])
    return Call("basis_get", [e, g.tup(t, "make_tuple")])


def gen_b_elem(g):
    """The element of an identity tensor: crd2idx(c, T), CuTe's T(c)."""
    shape = bshape(g, n=g.nleaves(1, 5), max_size=4096)
    if g.chance(0.35):
        c = g.num(g.r.randrange(size_of(shape)))
    else:
        c = g.tup(g.coord(shape, hier=0.3, oob=0.03), "make_coord")
    return Eval("crd2idx", [c, identity(g, shape)])


def gen_b_eval(g):
    """The value of a basis layout or a counting tensor at c."""
    shape = bshape(g)
    c = g.num(g.r.randrange(size_of(shape))) if g.chance(0.35) else g.tup(g.coord(shape, hier=0.3), "make_coord")
    v = g.r.random()
    if v < 0.25:
        return Eval("crd2idx", [c, counting(g, int_modes(g, shape), shape_only=g.chance(0.2))])
    m = basis_modes(g, shape)
    if v < 0.45:
        L = blay(g, m)
        return Call("crd2idx", [c, Tup(L.shape, "make_shape"), Tup(L.stride, "make_stride")])
    return Eval("crd2idx", [c, blay(g, m)])


def gen_b_slice(g):
    """slice(c, T): CuTe's T(c) with `_` in c (an identity or counting tensor, or a basis layout)."""
    shape = bshape(g, n=g.nleaves(2, 5))
    for _ in range(20):
        c = slice_coord(g, shape) if isinstance(shape, tuple) else U
        if U in leaves(c):
            break
    v = g.r.random()
    if v < 0.2:
        return Call("slice", [g.tup(c, "make_coord"), basis_layout(g, shape)])
    return Eval("slice", [g.tup(c, "make_coord"), any_tensor(g, shape)])


def tile_shape(g, max_size=512):
    n = g.r.randint(1, 3)
    sz = [s * g.pick([1, 2, 4]) for s in g.sizes(n, g.chance(0.8), max_size)]
    return g.nest(sz, wrap1=0.3) if n > 1 else (tuple(sz) if g.chance(0.3) else sz[0])


def gen_b_local_tile(proj):
    def gen(g):
        shape = tile_shape(g)
        ms = modes(shape)
        bad = g.chance(0.08)
        k = len(ms) if proj else g.r.randint(1, len(ms))
        tsizes = [g.pick(ANY) if bad else g.prefix_divisor(size_of(x)) for x in ms[:k]]
        if g.chance(0.3):  # a tile from its largest divisors
            tsizes = [g.pick(divisors(size_of(x))[-3:]) if not bad else t for x, t in zip(ms, tsizes)]
        rest = [-(-size_of(x) // t) for x, t in zip(ms, tsizes)]
        coord = [U if g.chance(0.15) else g.r.randrange(r) for r in rest]
        keep = [True] * len(tsizes)
        if proj:
            for _ in range(g.r.randint(0, 2) if g.chance(0.9) else 0):
                at = g.r.randint(0, len(keep))
                keep.insert(at, False)
                tsizes.insert(at, g.pick([2, 4, 8, 16, 32]))
                coord.insert(at, U if g.chance(0.3) else g.r.randrange(8))
        if g.chance(0.25):
            tiler = Tile([g.lay(P(t, 1)) for t in tsizes])
        else:
            tiler = g.tup(tuple(tsizes))
        args = [any_tensor(g, shape), tiler, g.tup(tuple(coord), "make_coord")]
        if proj:
            args.append(Proj(keep))
        return Call("local_tile", args)

    return gen


def gen_b_local_partition(count):
    def gen(g):
        n = g.r.randint(1, 3)
        thr = g.sizes(n, g.chance(0.85), 64)
        data = [t * g.pick([1, 2, 4]) for t in thr]
        if count:
            shape = tuple(data)
            tensor = counting(g, int_modes(g, shape), shape_only=g.chance(0.2))
        else:
            shape = tuple(data) if n > 1 or g.chance(0.5) else data[0]
            if g.chance(0.15) and n > 1:  # a nested data mode
                i = g.r.randrange(n)
                f = prime_factors(data[i])
                if len(f) > 1:
                    shape = shape[:i] + ((f[0], data[i] // f[0]),) + shape[i + 1:]
            tensor = identity(g, shape)
        t = g.compact(thr, permute=g.chance(0.4))
        keep = None
        if g.chance(0.25):  # a projection drops thread modes
            keep = [True] * len(t)
            for _ in range(g.r.randint(1, 2)):
                at = g.r.randint(0, len(keep))
                keep.insert(at, False)
                t.insert(at, P(g.pick([1, 2, 4]), g.pick([0, 1, 2, 32])))
        elif g.chance(0.08):
            t.append(P(2, size_of(tuple(t))))  # thread layout rank above the data rank
        kept = [p for p, k in zip(t, keep or [True] * len(t)) if k]
        idx = g.r.randrange(size_of(tuple(kept)) * (2 if g.chance(0.05) else 1))
        args = [tensor, g.lay(tuple(t), pd=0.6), g.num(idx)]
        if keep:
            args.append(Proj(keep))
        return Call("local_partition", args)

    return gen


def basis_operand(g, shape):
    """An identity tensor or a basis layout over shape."""
    if g.chance(0.5):
        return identity(g, shape)
    return basis_layout(g, shape)


def gen_b_divide(name):
    def gen(g):
        shape = bshape(g, n=g.r.randint(1, 5), max_size=4096)
        kind = g.pick(["layout", "tile", "tile", "shape"])
        under = 0.07 if name == "logical_divide" else 0.01
        tiler = tiler_for(g, shape_modes(shape), kind, bad=g.chance(0.06), loose=False, underscore=under)
        return Call(name, [basis_operand(g, shape), tiler])

    return gen


def gen_b_composition(g):
    shape = bshape(g, n=g.r.randint(1, 5), max_size=1024)
    a = shape_modes(shape)
    v = g.r.random()
    if v < 0.08:
        b = g.lay(g.nest(random_rhs(g)))
    elif v < 0.5:
        b = g.lay(g.nest(composable_rhs(g, a)), pd=0.8, all_static=0.5)
    else:
        b = tiler_for(g, a, g.pick(["tile", "tile", "shape"]), bad=g.chance(0.06))
    return Call("composition", [basis_operand(g, shape), b])


def gen_b_coalesce(g):
    shape = bshape(g, n=g.nleaves(1, 5), max_size=1024)
    v = g.r.random()
    if v < 0.15:
        return Call("coalesce", [any_tensor(g, shape, counting_p=0.5)])
    m = basis_modes(g, shape, g.pick(["like", "targets", "targets", "targets", "general"]))
    if v < 0.25:
        return Call("filter", [blay(g, m)])
    if v < 0.45 and isinstance(m, tuple):
        return Call("coalesce", [blay(g, m), g.tup(profile_for(g, m, lambda: 1), p=0.5)])
    return Call("coalesce", [blay(g, m)])


def gen_b_cosize(g):
    shape = bshape(g, n=g.nleaves(1, 5), max_size=1024)
    return Call("cosize", [basis_layout(g, shape)])


def gen_b_reject(g):
    """What cute-layout refuses on basis strides (complement, the inverses, the products,
    tile_to_shape, max_common_*, casts, a basis layout as composition's inner function) and
    on tensors. CuTe rejects most of them; where it answers (its composition picks A's mode
    by an inner basis stride; extent-1 basis modes are dropped before a complement) the
    case is a disagreement, left out and listed by --agree-with."""
    shape = bshape(g, n=g.nleaves(1, 4), max_size=64)
    L = basis_layout(g, shape)
    other = g.lay(any_layout(g, kind=g.pick(["compact", "perm"]), n=g.r.randint(1, 3), max_size=16))
    k = g.r.randrange(13)
    if k == 0:
        return Call("complement", [L])
    if k == 1:
        return Call("complement", [L, g.num(size_of(shape) * g.pick([1, 2, 4]))])
    if k == 2:
        return Call("right_inverse", [L])
    if k == 3:
        return Call("left_inverse", [L])
    if k == 4:
        return Call(g.pick(["logical_product", "zipped_product", "tiled_product", "flat_product"]), [L, other])
    if k == 5:
        return Call(g.pick(["blocked_product", "raked_product"]), [L, other])
    if k == 6:
        return Call("logical_product", [other, L])
    if k == 7:  # a basis layout as the inner function (CuTe: basis_get of A's mode)
        outer = g.lay(any_layout(g, kind="compact", n=g.r.randint(1, 3), max_size=4096))
        return Call("composition", [outer, L])
    if k == 8:
        return Call("tile_to_shape", [L, g.tup(tuple(size_of(x) * 2 for x in modes(shape)))])
    if k == 9:
        return Call(g.pick(["max_common_vector", "max_common_layout"]), [L, basis_layout(g, shape)])
    if k == 10:
        return Call(g.pick(["upcast", "downcast"]), [L], targs=[g.pick([2, 4])])
    if k == 11:  # the products and complement take no tensor
        T = identity(g, shape)
        return Call(g.pick(["complement", "right_inverse", "left_inverse"]), [T])
    T = identity(g, shape)
    return Call(g.pick(["logical_product", "blocked_product"]), [T, other])


OPS.update({
    "b_identity": gen_b_identity,
    "b_make_basis_like": gen_b_make_basis_like,
    "b_basis_get": gen_b_basis_get,
    "b_elem": gen_b_elem,
    "b_eval": gen_b_eval,
    "b_slice": gen_b_slice,
    "b_local_tile": gen_b_local_tile(False),
    "b_local_tile_proj": gen_b_local_tile(True),
    "b_local_partition": gen_b_local_partition(False),
    "b_local_partition_count": gen_b_local_partition(True),
    "b_logical_divide": gen_b_divide("logical_divide"),
    "b_zipped_divide": gen_b_divide("zipped_divide"),
    "b_tiled_divide": gen_b_divide("tiled_divide"),
    "b_flat_divide": gen_b_divide("flat_divide"),
    "b_composition": gen_b_composition,
    "b_coalesce": gen_b_coalesce,
    "b_cosize": gen_b_cosize,
    "b_reject": gen_b_reject,
})


def static_twin(node):
    """The C++ of node with every integer static."""
    global _force_static
    _force_static = True
    try:
        return node.cpp()
    finally:
        _force_static = False


class Case:
    """One corpus line. For a dynamic case, twin is its all-static C++ form: when CuTe
    rejects the twin but not the case itself, the case breaks a precondition that CuTe
    checks only at compile time, and its answer is unchecked (marked in the output)."""

    __slots__ = ("op", "mode", "expr", "cpp", "twin", "result", "twin_result", "got")

    def __init__(self, op, mode, expr, cpp, twin=None):
        self.op, self.mode, self.expr, self.cpp, self.twin = op, mode, expr, cpp, twin
        self.result = self.twin_result = self.got = None

    @property
    def unchecked(self):
        return self.result != "ERROR" and self.twin_result == "ERROR"

    @property
    def expected(self):
        """The corpus's answer (what check_golden.py compares with)."""
        return "ERROR" if self.unchecked else self.result


def generate(seed, per_op, ops):
    cases = []
    for mode in ("static", "dynamic"):
        for op in ops:
            rng = random.Random(f"{seed}/{mode}/{op}")  # stable per op: adding ops keeps the others
            g = Gen(rng, mode == "dynamic")
            seen = set()
            for _ in range(per_op * 20):
                if len(seen) >= per_op:
                    break
                node = OPS[op](g)
                expr = node.nota(g.dynamic)
                if expr not in seen:
                    seen.add(expr)
                    cpp = node.cpp()
                    twin = static_twin(node) if g.dynamic else None
                    cases.append(Case(op, mode, expr, cpp, twin if twin != cpp else None))
    return cases


# ---------------------------------------------------------------------------
# The oracle: compile batches against CuTe, isolate rejected cases, run.
# ---------------------------------------------------------------------------


class Oracle:
    def __init__(self, workdir, compile_timeout=600, run_timeout=20):
        self.workdir = workdir
        self.compile_timeout, self.run_timeout = compile_timeout, run_timeout
        self.compiles = 0
        self.lock = threading.Lock()
        self.prelude = os.path.join(workdir, "prelude.hpp")
        with open(self.prelude, "w") as f:
            f.write(PRELUDE)
        # A precompiled prelude saves ~1 s per compile; g++ silently ignores it if unusable.
        subprocess.run(self.gxx() + ["-x", "c++-header", self.prelude, "-o", self.prelude + ".gch"],
                       capture_output=True)

    @staticmethod
    def gxx():
        cmd = ["g++"] + CXXFLAGS
        for d in INCLUDES:
            cmd += ["-I", d]
        return cmd

    def write_source(self, path, exprs):
        """One case per line; returns {line number: position in exprs}."""
        lines = [f'#include "{self.prelude}"', "using namespace cute;"]
        where = {}
        for k, e in enumerate(exprs):
            where[len(lines) + 1] = k
            lines.append(f"static void c{k}() {{ auto r = ({e}); print(r); }}")
        lines.append("static void (*const cases[])() = {" + ", ".join(f"c{k}" for k in range(len(exprs))) + "};")
        lines += [
            "int main(int argc, char** argv) {",
            "  int n = (int)(sizeof(cases) / sizeof(cases[0]));",
            "  for (int i = argc > 1 ? atoi(argv[1]) : 0; i < n; ++i) {",
            '    printf("\\x1e%d\\t", i); fflush(stdout);',  # a marker no printed value holds (not @)
            "    cases[i]();",
            '    printf("\\n"); fflush(stdout);',
            "  }",
            "}",
        ]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return where

    def compile(self, exprs, tag):
        """Returns (binary or None, set of positions the errors point at)."""
        d = os.path.join(self.workdir, tag)
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, "cases.cpp")
        where = self.write_source(src, exprs)
        with self.lock:
            self.compiles += 1
        try:
            p = subprocess.run(self.gxx() + ["cases.cpp", "-o", "cases"], cwd=d, capture_output=True,
                               text=True, timeout=self.compile_timeout)
        except subprocess.TimeoutExpired:
            return None, set()
        if p.returncode == 0:
            return os.path.join(d, "cases"), set()
        blamed = {where[int(n)] for n in re.findall(r"^cases\.cpp:(\d+):", p.stderr, re.M) if int(n) in where}
        return None, blamed

    def run(self, binary, n):
        """Runs all n cases, resuming after a crash or hang; returns n results."""
        out = [None] * n
        start = 0
        while start < n:
            try:
                p = subprocess.run([binary, str(start)], capture_output=True, timeout=self.run_timeout)
                text, finished = p.stdout.decode(errors="replace"), p.returncode == 0
            except subprocess.TimeoutExpired as e:
                text, finished = (e.stdout or b"").decode(errors="replace"), False
            last = start - 1
            for chunk in text.split("\x1e")[1:]:
                m = re.match(r"(\d+)\t(.*)", chunk, re.S)
                if not m:
                    continue
                i, body = int(m.group(1)), m.group(2)
                if body.endswith("\n"):
                    out[i] = body[:-1]
                    last = i
                else:
                    out[i] = "ERROR"  # crashed or hung inside case i
                    last = i
            if finished:
                break
            if last < start or out[last] != "ERROR":
                # died outside a case (or before printing): blame the next one
                last += 1
                if last < n:
                    out[last] = "ERROR"
            start = last + 1
        return ["ERROR" if r is None else r for r in out]

    def evaluate(self, exprs, tag, verify=True):
        """Results for exprs, ERROR where CuTe rejects the case."""
        results = [None] * len(exprs)
        todo = [list(range(len(exprs)))]
        step = 0
        while todo:
            group = todo.pop()
            step += 1
            binary, blamed = self.compile([exprs[i] for i in group], f"{tag}-{step}")
            if binary:
                for i, r in zip(group, self.run(binary, len(group))):
                    results[i] = r
                continue
            if len(group) == 1:
                results[group[0]] = "ERROR"
                continue
            culprits = [group[k] for k in sorted(blamed)]
            if culprits:
                # The errors point at these cases. Without verify, trust that; with it,
                # compile each alone (cheap with the precompiled prelude) to confirm.
                if verify:
                    todo += [[i] for i in culprits]
                else:
                    for i in culprits:
                        results[i] = "ERROR"
                rest = [i for i in group if i not in set(culprits)]
                if rest:
                    todo.append(rest)
            else:
                half = len(group) // 2
                todo += [group[:half], group[half:]]
        return results


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def ensure_headers():
    if not os.path.isfile(os.path.join(CACHE, "cutlass", "include", "cute", "layout.hpp")):
        # cute-ref extracts the headers from the fetched mirrors on first use
        subprocess.run([CUTE_REF, "Int<1>{}"], check=True, capture_output=True)


UNCHECKED = "# unchecked: the all-static form is an ERROR"
UNCHECKED_VALUE = "; CuTe's runtime-integer value: "


def agree(cases, tool):
    """Runs cute-layout (as check_golden.py does) over cases; returns those it answers as
    CuTe does, and the others with what it said in .got."""
    bad = set()
    for mode in ("static", "dynamic"):
        cs = [c for c in cases if c.mode == mode]
        if not cs:
            continue
        args = [tool, "--cute"] + (["--dynamic"] if mode == "dynamic" else []) + ["-"]
        p = subprocess.run(args, input="".join(c.expr + "\n" for c in cs), capture_output=True, text=True)
        lines = p.stdout.split("\n")
        if p.returncode < 0 or p.returncode >= 128 or len(lines) < len(cs):
            sys.exit(f"cute-layout failed (status {p.returncode}) in {mode} mode")
        for c, got in zip(cs, lines):
            c.got = got
            if not (got.startswith("error:") if c.expected == "ERROR" else got == c.expected):
                bad.add(id(c))
    return [c for c in cases if id(c) not in bad], [c for c in cases if id(c) in bad]


def write_tsv(path, cases, seed, per_op, ops="", left_out=0):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("# Golden corpus: CuTe's own answers (cute::print) for cute-layout expressions.\n")
        opt = (f" --ops {ops}" if ops else "") + (" --agree-with cute-layout" if left_out else "")
        f.write(f"# Generated by tools/dev/make_golden.py --seed {seed} --per-op {per_op}{opt}; do not edit.\n")
        if left_out:
            f.write(f"# {left_out} generated cases on which cute-layout disagreed with CuTe are left out "
                    "(--agree-with lists them).\n")
        f.write("# Columns: expression TAB expected result (ERROR = CuTe rejects it) TAB static|dynamic\n")
        f.write("# dynamic: evaluate with `cute-layout --dynamic` (plain N is a runtime int, _N static).\n")
        f.write(f"# `{UNCHECKED}` marks the next (dynamic) case: CuTe rejects\n")
        f.write("# its all-static form, so it breaks a precondition CuTe does not check at run time;\n")
        f.write("# it is an ERROR (RESOLUTIONS R18) and the comment keeps CuTe's unchecked value.\n")
        for c in cases:
            if c.unchecked:
                f.write(UNCHECKED + UNCHECKED_VALUE + c.result + "\n")
            f.write(f"{c.expr}\t{'ERROR' if c.unchecked else c.result}\t{c.mode}\n")


def self_check(oracle):
    """Hand-written cases whose answers are known."""
    checks = [
        (Call("composition", [Lay((I(6, 1), I(2, 1)), (I(8, 1), I(2, 1))), Lay((I(4, 1), I(3, 1)), (I(3, 1), I(1, 1)))]),
         "((_2,_2),_3):((_24,_2),_8)"),
        (Call("composition", [Lay((I(10, 0), I(2, 0)), (I(16, 0), I(4, 0))), Lay((I(5, 0), I(4, 0)), (I(1, 0), I(5, 0)))]),
         "((5,1),(2,2)):((16,4),(80,4))"),
        (Call("complement", [Lay(I(4, 1), I(2, 1)), Tup(I(24, 1))]), "(_2,_3):(_1,_8)"),
        (Call("shape_div", [Tup((I(4, 1), I(5, 1))), Tup(I(3, 1))]), "ERROR"),
    ]
    got = oracle.evaluate([n.cpp() for n, _ in checks], "selfcheck")
    ok = True
    for (node, want), r in zip(checks, got):
        if r != want:
            ok = False
            print(f"self-check FAILED: {node.cpp()} -> {r}, want {want}", file=sys.stderr)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--per-op", type=int, default=45, help="cases per operation and mode")
    ap.add_argument("--out", default=os.path.join(here, "..", "..", "core", "test", "data", "golden.tsv"))
    ap.add_argument("--batch", type=int, default=150, help="expressions per compiled program")
    ap.add_argument("--jobs", type=int, default=2, help="compiles in parallel")
    ap.add_argument("--ops", default="", help="comma-separated subset of operations")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    ap.add_argument("--agree-with", metavar="CUTE_LAYOUT",
                    help="leave out (and list) the cases this cute-layout answers otherwise than CuTe")
    ap.add_argument("--disagreements", metavar="TSV", help="with --agree-with: write the left-out cases here")
    args = ap.parse_args()

    ops = [o for o in args.ops.split(",") if o] or [o for o in OPS if not o.startswith(("sw_", "b_", "a_"))]
    if ops == ["sw"]:  # the swizzle corpus: core/test/data/golden-swizzle.tsv
        ops = [o for o in OPS if o.startswith("sw_")]
    if ops == ["basis"]:  # basis strides and tensors: core/test/data/golden-basis.tsv
        ops = [o for o in OPS if o.startswith("b_")]
    if ops == ["api"]:  # CuTe's further layout API (issue 45): core/test/data/golden-api.tsv
        ops = [o for o in OPS if o.startswith("a_")]
    unknown = [o for o in ops if o not in OPS]
    if unknown:
        ap.error("unknown operations: " + ", ".join(unknown))
    ensure_headers()
    t0 = time.time()
    workdir = tempfile.mkdtemp(prefix="make_golden-")
    oracle = Oracle(workdir)
    if not self_check(oracle):
        sys.exit(1)

    cases = generate(args.seed, args.per_op, ops)
    # (case, attribute) jobs: every case, then the static twins of the dynamic ones
    jobs = [(c, "result") for c in cases] + [(c, "twin_result") for c in cases if c.twin]
    batches = [jobs[i:i + args.batch] for i in range(0, len(jobs), args.batch)]
    print(f"{len(cases)} cases + {len(jobs) - len(cases)} static twins in {len(batches)} batches "
          f"({workdir})", flush=True)
    done = [0]
    lock = threading.Lock()

    def work(k):
        batch = batches[k]
        res = oracle.evaluate([c.cpp if attr == "result" else c.twin for c, attr in batch], f"b{k}")
        for (c, attr), r in zip(batch, res):
            setattr(c, attr, r)
        with lock:
            done[0] += 1
            errs = sum(r == "ERROR" for r in res)
            print(f"[{done[0]}/{len(batches)}] batch {k}: {len(batch)} cases, {errs} ERROR, "
                  f"{oracle.compiles} compiles, {time.time() - t0:.0f}s", flush=True)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(work, range(len(batches))))

    summary(cases)
    left_out = []
    if args.agree_with:
        cases, left_out = agree(cases, args.agree_with)
        for c in left_out:
            print(f"disagrees [{c.op} {c.mode}] {c.expr}\n    CuTe:        {c.expected}\n    cute-layout: {c.got}")
        print(f"{len(left_out)} cases left out: cute-layout disagrees with CuTe; kept:")
        summary(cases)
        if args.disagreements:
            with open(args.disagreements, "w") as f:
                f.write("# op\tmode\texpression\tCuTe\tcute-layout\n")
                for c in left_out:
                    f.write(f"{c.op}\t{c.mode}\t{c.expr}\t{c.expected}\t{c.got}\n")
    write_tsv(args.out, cases, args.seed, args.per_op, args.ops, len(left_out))
    print(f"wrote {len(cases)} cases to {args.out} in {time.time() - t0:.0f}s, {oracle.compiles} compiles")
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)


def summary(cases):
    # static n, static ERROR, dynamic n, dynamic ERROR, dynamic unchecked
    stats = collections.defaultdict(lambda: [0] * 5)
    for c in cases:
        k = 0 if c.mode == "static" else 2
        stats[c.op][k] += 1
        stats[c.op][k + 1] += c.result == "ERROR"
        stats[c.op][4] += c.unchecked
    print(f"{'operation':22} {'static':>7} {'ERROR':>6} {'dynamic':>8} {'ERROR':>6} {'unchecked':>10}")
    for op, v in stats.items():
        print(f"{op:22} {v[0]:7} {v[1]:6} {v[2]:8} {v[3]:6} {v[4]:10}")
    tot = [sum(v[i] for v in stats.values()) for i in range(5)]
    print(f"{'total':22} {tot[0]:7} {tot[1]:6} {tot[2]:8} {tot[3]:6} {tot[4]:10}")


if __name__ == "__main__":
    main()
