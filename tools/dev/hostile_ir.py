#!/usr/bin/env python3
"""Seeded hostile cute IR in the shapes of issue 19, for long robustness runs of cute-opt
(development tool; docs/robustness.md): functions of several ops over random static and
dynamic values, with uses before definitions, generic forms with missing or extra
operands and attributes, ranks near the limits, int64 boundary values, i128 leaves and
chains. Each function is one split.

    tools/dev/hostile_ir.py SEED COUNT > file.mlir
    cute-opt --split-input-file [--canonicalize] file.mlir
"""
import random
import sys

BIG = ["9223372036854775807", "-9223372036854775808", "4611686018427387904", "4294967296", "2147483648",
       "4294967295", "65536", "0", "-1", "1", "2", "3", "4", "8", "16"]
OPS1 = ["size", "cosize", "rank", "depth", "coalesce", "filter", "filter_zeros", "complement", "right_inverse",
        "left_inverse", "make_fragment_like", "get_shape", "get_stride", "get_layout", "make_layout",
        "make_identity_layout", "to_int_tuple"]
OPS2 = ["composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
        "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "stencil_divide",
        "make_layout", "make_ordered_layout", "crd2idx", "idx2crd", "tuple_add", "tuple_sub", "tuple_mul",
        "tuple_div", "tuple_mod", "shape_div", "ceil_div", "slice", "dice", "complement", "coalesce",
        "tile_to_shape"]
KINDS = ["layout", "shape", "stride", "coord", "int_tuple", "tile"]


def leaf(rng, dyn=True):
    if dyn and rng.random() < 0.15:
        return "?"
    return rng.choice(BIG) if rng.random() < 0.2 else str(rng.randint(1, 9))


def tup(rng, depth):
    if depth == 0 or rng.random() < 0.4:
        return leaf(rng)
    return "(" + ",".join(tup(rng, depth - 1) for _ in range(rng.randint(1, 3))) + ")"


def like(rng, t):
    out, i = [], 0
    for ch in t:
        if ch.isdigit() or ch in "-?":
            if not out or out[-1] != "L":
                out.append("L")
        else:
            out.append(ch)
    return "".join(leaf(rng) if c == "L" else c for c in out)


def ctype(rng):
    k = rng.choice(KINDS)
    r = rng.random()
    if r < 0.15:
        return f"!cute.{k}"
    if r < 0.25:
        return f"!cute.{k}<{rng.choice(['2', '3', '65536', 'rank=1'])}>"
    t = tup(rng, 2)
    if not t.startswith("("):
        t = "(" + t + ")"
    if k == "layout":
        return f"!cute.layout<{t}:{like(rng, t)}>"
    if k == "tile":
        return f"!cute.tile<{t}>"
    return f"!cute.{k}<{t}>"


def natural(op, ops):
    """The result type an op's verifier expects (kind only), so most functions verify."""
    if op in ("size", "cosize", "rank", "depth", "crd2idx"):
        return "index"
    if op in ("get_shape",):
        return "!cute.shape"
    if op in ("get_stride",):
        return "!cute.stride"
    if op == "idx2crd":
        return "!cute.coord"
    if op == "to_int_tuple":
        return "!cute.int_tuple"
    if op.startswith("tuple_") or op in ("shape_div", "ceil_div"):
        t = ops[0][1] if ops else "!cute.shape"
        return t.split("<")[0] if t.startswith("!cute") else "!cute.shape"
    return "!cute.layout"


def func(rng, i):
    args = [ctype(rng) for _ in range(rng.randint(1, 3))] + ["index"]
    lines = [f"func.func @f{i}(" + ", ".join(f"%a{j}: {t}" for j, t in enumerate(args)) + ") {"]
    vals = [(f"%a{j}", t) for j, t in enumerate(args)]
    if rng.random() < 0.3:
        lines.append(f"  %w = arith.constant {rng.choice(['18446744073709551617 : i128', '-1 : i64', '7 : i8'])}")
        vals.append(("%w", lines[-1].split(": ")[-1]))
    n = rng.randint(1, 6)
    pending = []
    for k in range(n):
        op = rng.choice(OPS1 + OPS2)
        arity = 1 if op in OPS1 and rng.random() < 0.7 else 2
        if rng.random() < 0.05:
            arity = rng.choice([0, 3])
        ops = [rng.choice(vals) for _ in range(arity)]
        res = natural(op, ops) if rng.random() < 0.85 else rng.choice(
            ["!cute.layout", "!cute.shape", "index", ctype(rng), "!cute.coord", "!cute.int_tuple"])
        attrs = rng.choice(["", "", "{modes = array<i32: 0>}", "{begin = 0 : i32, end = 2 : i32}",
                            "{stride = array<i64: 1, 2>}", "{dilation = array<i64: 4611686018427387904>}",
                            "{mode = array<i32: 1>}", "{old_type = i8, new_type = i16}"])
        name = f"%v{k}"
        operands = ", ".join(v for v, _ in ops)
        types = ", ".join(t for _, t in ops)
        if rng.random() < 0.1:
            text = f'  {name} = "cute.{op}"({operands}) {attrs} : ({types}) -> {res}'
        else:
            text = f"  {name} = cute.{op}({operands}) {attrs} : ({types}) -> {res}"
        if rng.random() < 0.08 and lines[1:]:
            pending.append(text)  # defined later than a use below
        else:
            lines.append(text)
        vals.append((name, res))
    for k in range(rng.randint(0, 3)):
        v, t = rng.choice(vals)
        if t.startswith("!cute"):
            lines.append(f"  %u{k} = cute.size({v}) : ({t}) -> index")
    lines += pending
    lines.append("  return\n}")
    return "\n".join(lines)


def main():
    rng = random.Random(int(sys.argv[1]))
    print("\n// -----\n".join(func(rng, i) for i in range(int(sys.argv[2]))))


if __name__ == "__main__":
    main()
