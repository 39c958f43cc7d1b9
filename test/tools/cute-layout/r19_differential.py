#!/usr/bin/env python3
"""R19's differential test (docs/semantics.md): seeded random layout algebra with runtime
integers, each expression answered by `cute-layout --dynamic` and again with every integer
static, both compared here with an evaluator of its own (not the core's).

    r19_differential.py CUTE_LAYOUT SEED COUNT

For every case one of these must hold, or the case is a failure:
  - both answer, and the runtime answer is the static one's function (the same size and the
    same offset at every index); an inverse must be an inverse where the static one is, a
    max_common_vector must divide the static one;
  - the runtime form is refused by an R18 condition (CuTe does not check it for runtime
    integers) or because the static form is refused;
  - the runtime form is refused under R19: the message's runtime and static answers are
    really different functions (checked here), they differ at the index it names, and, for
    the operations whose kernels state R19's conditions (composition, complement, the
    divides and products, tile_to_shape), the message names a condition that really fails
    for the values it quotes (checked here by parsing it). So a condition weakened in the
    core (a split that diverges without a note) fails this test.
Prints one line per failure (at most 20) and a summary; exits 1 on any failure.
"""
import math
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Lowering"))
from random_lowering import flatten, unflatten  # noqa: E402  (nested int lists, shared with the lowering's test)

NOTED = ("composition", "complement", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
         "logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
         "tile_to_shape", "make_layout_like", "make_fragment_like", "make_ordered_layout", "upcast", "downcast")


# --- generation -------------------------------------------------------------------------

class Gen:
    def __init__(self, rng):
        self.r = rng

    def extent(self):
        r = self.r
        return r.choice([1, 2, 4, 8]) if r.random() < 0.6 else r.randint(1, 12)

    def profile(self, max_rank=3):
        r = self.r
        return [self.extent() if r.random() < 0.7 else [self.extent() for _ in range(r.randint(1, 3))]
                for _ in range(r.randint(1, max_rank))]

    def strides(self, shape, kind):
        flat, r = flatten(shape), self.r
        if kind == "compact":
            d, n = [], 1
            for s in flat:
                d.append(n)
                n *= s
        elif kind == "arbitrary":
            d = [0 if r.random() < 0.15 else r.choice([1, 2, 3, 4, 6, 8, 16, 24, 32]) for _ in flat]
        else:  # a permutation of a compact layout, with gaps
            order = list(range(len(flat)))
            r.shuffle(order)
            d, n = [0] * len(flat), 1
            for k in order:
                if r.random() < 0.3:
                    n *= r.choice([2, 3])
                d[k] = n
                n *= flat[k]
        return unflatten(d, shape)

    def layout(self, static_strides, max_rank=3):
        """(shape, stride, text): runtime shapes (a few static), static or mixed strides."""
        r = self.r
        shape = self.profile(max_rank)
        stride = self.strides(shape, r.choice(["compact", "permuted", "arbitrary"]))
        shape_t = mark(shape, lambda v: r.random() < 0.85)
        stride_t = mark(stride, lambda v: (not static_strides) and r.random() < 0.5)
        return shape, stride, shape_t + ":" + stride_t

    def case(self):
        r = self.r
        op = r.choice(["composition", "composition", "complement", "complement_bound", "complement_tuple",
                       "divide_layout", "divide_shape", "divide_tile", "product_layout", "product_shape",
                       "blocked_product", "raked_product", "tile_to_shape", "right_inverse", "left_inverse",
                       "coalesce", "max_common_vector", "make_layout_like", "make_fragment_like",
                       "make_ordered_layout", "tile_to_shape_order", "upcast", "downcast"])
        if op == "composition":
            a, b = self.layout(r.random() < 0.5), self.layout(r.random() < 0.5, 2)
            return f"composition({a[2]}, {b[2]})"
        if op.startswith("complement"):
            a = self.layout(True)
            if op == "complement":
                return f"complement({a[2]})"
            n = size(a[0]) * r.choice([1, 2, 3, 4])
            if op == "complement_bound":
                return f"complement({a[2]}, {dyn(n, r.random() < 0.5)})"
            return f"complement({a[2]}, ({dyn(self.extent() * 2, True)},{dyn(self.extent(), True)}))"
        if op.startswith("divide"):
            name = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
            a = self.layout(r.random() < 0.5, 2)
            if op == "divide_layout":
                t = self.layout(True, 1)
                return f"{name}({a[2]}, {t[2]})"
            rank = len(a[0])
            tiles = [self.extent() for _ in range(r.randint(1, rank))]
            if op == "divide_shape":
                return f"{name}({a[2]}, ({','.join(dyn(t, r.random() < 0.5) for t in tiles)}))"
            return f"{name}({a[2]}, <{', '.join(f'{dyn(t, r.random() < 0.5)}:_1' for t in tiles)}>)"
        if op.startswith("product") or op in ("blocked_product", "raked_product"):
            name = op if op in ("blocked_product", "raked_product") else r.choice(
                ["logical_product", "zipped_product", "tiled_product", "flat_product"])
            a = self.layout(True, 2)
            if op == "product_shape":
                return f"{name}({a[2]}, ({','.join(dyn(self.extent(), r.random() < 0.5) for _ in a[0])}))"
            b = self.layout(True, len(a[0]))
            return f"{name}({a[2]}, {b[2]})"
        if op == "tile_to_shape":
            shape = [self.extent() for _ in range(r.randint(1, 2))]
            block = mark(shape, lambda v: r.random() < 0.8) + ":" + mark(self.strides(shape, "compact"), lambda v: False)
            target = [s * r.choice([1, 2, 3, 4]) for s in shape]
            return f"tile_to_shape({block}, ({','.join(dyn(t, r.random() < 0.6) for t in target)}))"
        if op in ("make_layout_like", "make_fragment_like"):
            return f"{op}({self.layout(r.random() < 0.3)[2]})"
        if op == "make_ordered_layout":
            shape = self.profile()
            n = len(flatten(shape))
            order = unflatten(r.sample(range(n), n) if r.random() < 0.7 else [r.randint(0, 3) for _ in range(n)], shape)
            return f"make_ordered_layout({mark(shape, lambda v: r.random() < 0.7)}, {mark(order, lambda v: r.random() < 0.5)})"
        if op == "tile_to_shape_order":
            shape = [self.extent() for _ in range(2)]
            block = mark(shape, lambda v: False) + ":" + mark(self.strides(shape, "compact"), lambda v: False)
            target = [s * r.choice([1, 2, 4]) for s in shape]
            order = r.sample(range(2), 2)
            return (f"tile_to_shape({block}, ({','.join(dyn(t, r.random() < 0.6) for t in target)}), "
                    f"({','.join(dyn(o, r.random() < 0.5) for o in order)}))")
        if op in ("upcast", "downcast"):
            return f"{op}<{r.choice([2, 4])}>({self.layout(r.random() < 0.3)[2]})"
        if op in ("right_inverse", "left_inverse", "coalesce"):
            return f"{op}({self.layout(True)[2]})"
        a = self.layout(True)
        b = self.layout(True)
        return f"max_common_vector({a[2]}, {b[2]})"


def dyn(v, runtime):
    return str(v) if runtime else f"_{v}"


def mark(t, runtime):
    if isinstance(t, int):
        return dyn(t, runtime(t))
    return "(" + ",".join(mark(c, runtime) for c in t) + ")"


def size(shape):
    return math.prod(flatten(shape))


# --- an evaluator of printed layouts -------------------------------------------------------

def parse_tuple(s):
    """CuTe's printed int tuple (underscores ignored) as nested lists of ints."""
    s = s.replace("_", "")
    pos = 0

    def go():
        nonlocal pos
        if s[pos] == "(":
            pos += 1
            items = [go()]
            while s[pos] == ",":
                pos += 1
                items.append(go())
            assert s[pos] == ")"
            pos += 1
            return items
        m = re.match(r"-?\d+", s[pos:])
        pos += m.end()
        return int(m.group())

    t = go()
    return t, s[pos:]


def parse_layout(text):
    """(flat shapes, flat strides) of a printed layout, or None for another kind."""
    if " o " in text or "@" in text or ":" not in text:
        return None
    shape, rest = parse_tuple(text)
    assert rest.startswith(":")
    stride, rest = parse_tuple(rest[1:])
    assert rest == ""
    return flatten(shape), flatten(stride)


def coalesced(layout):
    out = []
    for s, d in zip(*layout):
        if s == 1:
            continue
        if out and d == out[-1][0] * out[-1][1]:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    return out or [(1, 0)]


def at(layout, i):
    off = 0
    for s, d in zip(*layout):
        off += (i % s) * d
        i //= s
    return off


def lsize(layout):
    return math.prod(layout[0])


def first_difference(x, y):
    """The first index where two layouts differ as functions, or None (own evaluation)."""
    nx, ny = lsize(x), lsize(y)
    if min(nx, ny) <= 1 << 16:
        for i in range(min(nx, ny)):
            if at(x, i) != at(y, i):
                return i
        return None if nx == ny else min(nx, ny)
    return None if coalesced(x) == coalesced(y) else -1  # too large to walk: compared by coalescing


def inverts(inner, outer, n):
    """outer(inner(i)) == i for i < n, each inner(i) inside outer's domain."""
    return n <= 1 << 16 and all(at(inner, i) < lsize(outer) and at(outer, at(inner, i)) == i for i in range(n))


# --- the conditions R19's messages name -------------------------------------------------------

def condition_fails(note):
    """True when the condition the note states fails for the values it quotes; None when the
    note is not one of the forms RuntimeForm.h's callers write."""
    m = re.match(r"stride (\d+) and shape (\d+) of mode \d+ of .* do not divide each other, and the (\d+) "
                 r"elements at stride \d+ do not fit in that mode", note)
    if m:
        d, s, n = map(int, m.groups())
        return d % s != 0 and s % d != 0 and -(-s // d) < n
    m = re.match(r"shape (\d+) of the bound .* and the extent (\d+) left to divide do not divide each other", note)
    if m:
        x, e = map(int, m.groups())
        return x % e != 0 and e % x != 0
    m = re.match(r"the bound (\S+) is not a multiple of (\d+), where the last mode has the runtime extent 1", note)
    if m:
        bound = math.prod(flatten(parse_tuple(m.group(1))[0]))
        return bound % int(m.group(2)) != 0
    m = re.match(r"the (\d+) elements left at stride \d+ run past mode \d+ of .*, a runtime extent of 1 that", note)
    if m:
        return int(m.group(1)) != 1
    m = re.match(r"the runtime order value (-?\d+) is not past every static one \((-?\d+)\)", note)
    if m:
        return int(m.group(1)) <= int(m.group(2))
    m = re.match(r"the runtime order values (-?\d+) and (-?\d+) do not increase with their positions", note)
    if m:
        return int(m.group(2)) <= int(m.group(1))
    m = re.match(r"the strides (-?\d+) and (-?\d+) of .* are out of order or equal, where CuTe's runtime", note)
    if m:
        return int(m.group(2)) <= int(m.group(1))
    m = re.match(r"\w+ of .*: the stride 0 on the extent (\d+) is laid out at run time, where the static form", note)
    if m:
        return int(m.group(1)) != 1
    m = re.match(r"the stride (-?\d+) is not a multiple of (\d+), and CuTe divides a runtime stride", note)
    if m:
        return int(m.group(1)) % int(m.group(2)) != 0
    m = re.match(r"the stride (-?\d+) is a runtime unit stride, which CuTe multiplies", note)
    if m:
        return abs(int(m.group(1))) == 1
    m = re.match(r"the bound (\S+) is a tuple, folded from \d+ where the last mode has the runtime extent 1", note)
    if m:
        return not isinstance(parse_tuple(m.group(1))[0], int)
    m = re.match(r"stride (\d+) of mode 1:\d+ is not a multiple of (\d+), the extent of the modes of smaller "
                 r"stride, beside a runtime extent of 1", note) or \
        re.match(r"stride (\d+) of mode \d+:\d+ is not a multiple of (\d+), the extent of the modes of smaller "
                 r"stride, beside a runtime extent of 1", note)
    if m:
        d, e = map(int, m.groups())
        return d % e != 0
    return None


def check_refusal(op, message, static_answer):
    """None when an R19 refusal holds up, else what is wrong with it."""
    m = re.search(r"with runtime integers CuTe computes (?P<runtime>.*?)(, not the function of the static form's "
                  r"(?P<static>.*?) \(they differ at index (?P<at>\d+)\)|, which is not a (?P<inverse>left|right) "
                  r"inverse of .*? \(the static form's (?P<static_inverse>.*?) is\)|, not the static form's "
                  r"(?P<static_other>.*?))(: (?P<note>.*))?$", message)
    if not m:
        return "unparsed R19 message"
    runtime, note = m.group("runtime"), m.group("note")
    static = m.group("static") or m.group("static_inverse") or m.group("static_other")
    if static.replace("_", "") != static_answer.replace("_", ""):
        return f"the message's static answer {static} is not the static form's {static_answer}"
    x, y = parse_layout(runtime), parse_layout(static)
    if x and y and not m.group("inverse"):
        k = first_difference(x, y)
        if k is None:
            return f"{runtime} and {static} are the same function"
        if m.group("at") and k >= 0 and int(m.group("at")) != k:
            return f"they differ first at index {k}, not {m.group('at')}"
    if op in NOTED and runtime and not note:
        return "no condition named (a split diverged without a note)"
    if note:
        fails = condition_fails(note)
        if fails is None:
            return f"unknown condition: {note}"
        if not fails:
            return f"the condition named holds: {note}"
    return None


def main():
    tool, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    gen = Gen(random.Random(seed))
    exprs = [gen.case() for _ in range(count)]

    def run(flags, lines):
        out = subprocess.run([tool] + flags + ["-"], input="\n".join(lines) + "\n", capture_output=True, text=True)
        if out.returncode >= 128 or out.returncode < 0:
            sys.exit(f"cute-layout crashed (status {out.returncode})")
        return out.stdout.split("\n")

    dynamic = run(["--dynamic"], exprs)
    static = run([], [re.sub(r"(?<![\w])_(?=\d)", "", e) for e in exprs])
    failures, counts = [], {"same function": 0, "refused (R19)": 0, "refused (R18 or static form)": 0,
                            "static form refused too": 0}
    for expr, d, s in zip(exprs, dynamic, static):
        op = expr[:expr.index("(")]
        problem = None
        if d.startswith("error"):
            if "with runtime integers CuTe computes" in d:
                problem = None if not s.startswith("error") else "refused under R19 with a failing static form"
                problem = problem or check_refusal(op, d, s)
                counts["refused (R19)"] += 1
            elif s.startswith("error"):
                counts["static form refused too"] += 1
            else:
                counts["refused (R18 or static form)"] += 1
        elif s.startswith("error"):
            problem = f"the static form is refused ({s}) but the runtime form answers"
        else:
            x, y = parse_layout(d), parse_layout(s)
            if x and y:
                if op in ("right_inverse", "left_inverse"):
                    a = parse_layout(expr[len(op) + 1:-1].replace("_", ""))
                    left = op == "left_inverse"
                    valid = lambda r: inverts(a, r, lsize(a)) if left else inverts(r, a, lsize(r))
                    if valid(y) and not valid(x):
                        problem = f"{d} is not an inverse where {s} is"
                elif first_difference(x, y) is not None:
                    problem = f"{d} is not the function of the static form's {s}"
            elif op == "max_common_vector":
                if int(s.lstrip("_")) % int(d.lstrip("_")) != 0:
                    problem = f"max_common_vector {d} does not divide {s}"
            elif d.replace("_", "") != s.replace("_", ""):
                problem = f"{d} is not the static form's {s}"
            counts["same function"] += 1
        if problem:
            failures.append(f"{expr}\n    runtime: {d}\n    static:  {s}\n    {problem}")
    for f in failures[:20]:
        print(f)
    print("r19: " + ", ".join(f"{v} {k}" for k, v in counts.items()) + f"; {len(failures)} failed of {count}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
