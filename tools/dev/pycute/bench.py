#!/usr/bin/env python3
"""Development only: times pycute (from the fetched CUTLASS mirror, not copied here),
cutelayout.pycute (pycute's interface over this core) and cutelayout itself on the same
realistic cases, Python call overhead included, and prints a table with the ratios.

    PYTHONPATH=build/python python3 tools/dev/pycute/bench.py [MIRROR]
"""
import math
import os
import subprocess
import sys
import tempfile
import timeit

here = os.path.dirname(os.path.abspath(__file__))
mirror = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "..", ".mirror",
                                                             "NVIDIA+cutlass", "repo")
pkg = tempfile.mkdtemp()
os.makedirs(os.path.join(pkg, "pycute"))
for name in ["__init__", "int_tuple", "layout", "swizzle", "typing"]:
    text = subprocess.run(["git", "--git-dir", mirror, "show", f"HEAD:python/pycute/{name}.py"],
                          capture_output=True, text=True, check=True).stdout
    open(os.path.join(pkg, "pycute", name + ".py"), "w").write(text)
sys.path.insert(0, pkg)

import pycute as ref  # noqa: E402
import cutelayout as cl  # noqa: E402
import cutelayout.pycute as compat  # noqa: E402

# (name, pycute/compat call on module m, cutelayout call): realistic kernel layouts.
def cases(m):
    L = m.Layout
    tile, smem = L((128, 128), (1, 128)), L(((8, 16), (64, 2)), ((64, 512), (1, 8192)))
    tv, mma = L(((4, 8), (2, 2)), ((64, 1), (32, 8))), L(((4, 8), (2, 2, 2)), ((32, 1), (16, 8, 128)))
    b32, t64 = L((32, 32), (32, 1)), L((64, 64), (1, 64))
    return [
        ("composition smem o (32,32):(32,1)", lambda: m.composition(smem, b32)),
        ("composition tile o (64,64):(1,64)", lambda: m.composition(tile, t64)),
        ("complement tv, 16384", lambda: m.complement(tv, 16384)),
        ("logical_divide tile by <64:1,64:1>", lambda: m.logical_divide(tile, (L(64), L(64)))),
        ("zipped_divide tile by <64:1,64:1>", lambda: m.zipped_divide(tile, (L(64), L(64)))),
        ("logical_product (4,8):(8,1) x (2,2):(1,2)", lambda: m.logical_product(L((4, 8), (8, 1)), L((2, 2), (1, 2)))),
        ("coalesce mma", lambda: m.coalesce(mma)),
        ("right_inverse tv", lambda: m.right_inverse(tv)),
        ("left_inverse tv", lambda: m.left_inverse(tv)),
        ("crd2idx (3,5) into tile", lambda: tile((3, 5))),
        ("size smem", lambda: m.size(smem)),
    ]

def native_cases():
    L = cl.Layout
    tile, smem = L((128, 128), (1, 128)), L(((8, 16), (64, 2)), ((64, 512), (1, 8192)))
    tv, mma = L(((4, 8), (2, 2)), ((64, 1), (32, 8))), L(((4, 8), (2, 2, 2)), ((32, 1), (16, 8, 128)))
    b32, t64 = L((32, 32), (32, 1)), L((64, 64), (1, 64))
    t2 = cl.make_tile(L(64), L(64))
    return [
        lambda: cl.composition(smem, b32), lambda: cl.composition(tile, t64), lambda: cl.complement(tv, 16384),
        lambda: cl.logical_divide(tile, t2), lambda: cl.zipped_divide(tile, t2),
        lambda: cl.logical_product(L((4, 8), (8, 1)), L((2, 2), (1, 2))), lambda: cl.coalesce(mma),
        lambda: cl.right_inverse(tv), lambda: cl.left_inverse(tv), lambda: tile(3, 5), lambda: cl.size(smem),
    ]

def per_call(f):
    n, t = 1, 0.0
    while t < 0.2:
        n *= 2
        t = timeit.timeit(f, number=n)
    return min(timeit.repeat(f, number=n, repeat=5)) / n * 1e6

rows = []
for (name, fr), (_, fc), fn in zip(cases(ref), cases(compat), native_cases()):
    rows.append((name, per_call(fr), per_call(fc), per_call(fn)))
print(f"{'case':42} {'pycute us':>10} {'compat us':>10} {'native us':>10} {'pycute/native':>14}")
for name, r, c, n in rows:
    print(f"{name:42} {r:10.2f} {c:10.2f} {n:10.2f} {r / n:13.1f}x")
geo = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
print(f"{'geometric mean':42} {geo([r[1] for r in rows]):10.2f} {geo([r[2] for r in rows]):10.2f} "
      f"{geo([r[3] for r in rows]):10.2f} {geo([r[1] / r[3] for r in rows]):13.1f}x")
