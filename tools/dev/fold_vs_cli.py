#!/usr/bin/env python3
"""Differential check of the dialect's folds against the command line (issue 19): random
one-op programs over static layouts, folded by `cute-opt --canonicalize`, compared with
`cute-layout` on the same expression. Where the command line reports an error the dialect
must not fold; where it answers, a fold must give the same value. Development tool:

    tools/dev/fold_vs_cli.py BUILD_DIR [COUNT] [SEED]
"""
import random
import re
import subprocess
import sys

BIG = [4294967296, 4611686018427387904, 3221225472, 2147483648, 9223372036854775807]


def leaf(rng, lo=1):
    r = rng.random()
    if r < 0.04:
        return rng.choice(BIG)
    if r < 0.3:
        return rng.choice([1, 2, 4, 8])
    return rng.randint(lo, 12)


def tup(rng, depth, lo=1):
    if depth == 0 or rng.random() < 0.45:
        return leaf(rng, lo)
    return tuple(tup(rng, depth - 1, lo) for _ in range(rng.randint(1, 3)))


def strides_like(rng, s):
    if isinstance(s, tuple):
        return tuple(strides_like(rng, x) for x in s)
    r = rng.random()
    if r < 0.05:
        return rng.choice(BIG) * rng.choice([1, -1])
    return rng.choice([0, 1, 2, 3, 4, 6, 8, 16, 32, -1, -2])


def text(t):
    if isinstance(t, tuple):
        return "(" + ",".join(text(x) for x in t) + ")"
    return str(t)


def layout(rng):
    s = tup(rng, 2)
    return f"{text(s)}:{text(strides_like(rng, s))}"


UNARY = ["coalesce", "filter", "filter_zeros", "complement", "right_inverse", "left_inverse", "size", "cosize"]
BINARY = ["composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
          "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product"]


def program(rng, i):
    """(mlir function, cute-layout expression, result kind)"""
    r = rng.random()
    if r < 0.45:
        op, a = rng.choice(UNARY), layout(rng)
        res = "index" if op in ("size", "cosize") else "!cute.layout"
        f = (f"func.func @f{i}() -> {res} {{\n  %a = cute.constant : !cute.layout<{a}>\n"
             f"  %r = cute.{op}(%a) : (!cute.layout<{a}>) -> {res}\n  return %r : {res}\n}}")
        return f, f"{op}({a})", res
    if r < 0.9:
        op, a = rng.choice(BINARY), layout(rng)
        if rng.random() < 0.5 and op not in ("blocked_product", "raked_product"):
            t = text(tuple(leaf(rng) for _ in range(rng.randint(1, 2))))
            ty = f"!cute.shape<{t}>"  # a tuple: a bare integer would be a rank
        else:
            t = layout(rng)
            ty = f"!cute.layout<{t}>"
        f = (f"func.func @f{i}() -> !cute.layout {{\n  %a = cute.constant : !cute.layout<{a}>\n"
             f"  %t = cute.constant : {ty}\n"
             f"  %r = cute.{op}(%a, %t) : (!cute.layout<{a}>, {ty}) -> !cute.layout\n  return %r : !cute.layout\n}}")
        return f, f"{op}({a}, {t})", "!cute.layout"
    s = text(tup(rng, 2))
    ty = f"!cute.shape<{s}>" if s.startswith("(") else f"!cute.shape<value={s}>"
    f = (f"func.func @f{i}() -> !cute.layout {{\n  %s = cute.constant : {ty}\n"
         f"  %r = cute.make_layout(%s) : ({ty}) -> !cute.layout\n  return %r : !cute.layout\n}}")
    return f, f"make_layout({s})", "!cute.layout"


def main():
    build = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    progs = [program(rng, i) for i in range(count)]
    mlir = "\n// -----\n".join(p[0] for p in progs)
    opt = subprocess.run([f"{build}/tools/cute-opt/cute-opt", "--split-input-file", "--canonicalize", "-"],
                         input=mlir, capture_output=True, text=True)
    if "Stack dump" in opt.stderr or "runtime error" in opt.stderr or opt.returncode not in (0, 1):
        print("cute-opt crashed:\n" + opt.stderr[-3000:])
        return 1
    cli = subprocess.run([f"{build}/tools/cute-layout/cute-layout", "-"], input="\n".join(p[1] for p in progs),
                         capture_output=True, text=True)
    answers = cli.stdout.rstrip("\n").split("\n")
    folds = {}
    for m in re.finditer(r"func\.func @f(\d+)\(\) -> [^{]*\{\n(.*?)\n  \}", opt.stdout, re.S):
        body = m.group(2)
        ret = re.search(r"return (%\w+)", body).group(1)
        define = re.search(re.escape(ret) + r" = (.*)", body).group(1)
        c = re.match(r"cute\.constant (?:\{value = !cute\.layout<(.*)>\} : !cute\.layout|: !cute\.layout<(.*)>)$", define)
        n = re.match(r"arith\.constant (-?\d+) : index$", define)
        folds[int(m.group(1))] = (c.group(1) or c.group(2)) if c else (n.group(1) if n else None)
    bad = checked = 0
    rejected = []
    for i, (f, expr, res) in enumerate(progs):
        answer = answers[i] if i < len(answers) else "error: missing"
        if i not in folds:
            if not answer.startswith("error"):
                rejected.append((expr, answer))
            continue
        got = folds[i]
        want = None if answer.startswith("error") else answer.replace("_", "")
        if got is None:
            continue  # not folded
        checked += 1
        if want is None or got.replace(" ", "") != want:
            bad += 1
            print(f"MISMATCH #{i}: {expr}\n  cli:  {answer}\n  fold: {got}")
    for expr, answer in rejected[:int(sys.argv[4]) if len(sys.argv) > 4 else 5]:
        print(f"rejected by the dialect, answered by the command line: {expr} -> {answer}")
    print(f"{count} programs, {len(folds)} verified, {checked} folded and compared, {bad} mismatches, "
          f"{len(rejected)} rejected where the command line answers")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
