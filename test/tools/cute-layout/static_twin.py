#!/usr/bin/env python3
"""docs/semantics.md, R18, over random inputs: every expression that cute-layout rejects with static
integers must be rejected with runtime integers too (--dynamic), since the values are known.

Usage: static_twin.py CUTE_LAYOUT COUNT   (seeded: the same cases every run)
"""
import random
import subprocess
import sys


def layout(rng, rank):
    shape = [rng.choice([1, 2, 3, 4, 6, 8]) for _ in range(rank)]
    stride = [rng.choice([0, 1, 2, 3, 4, 6, 8, 12, 16, 32]) for _ in range(rank)]
    if rank == 1:
        return f"{shape[0]}:{stride[0]}"
    return "(" + ",".join(map(str, shape)) + "):(" + ",".join(map(str, stride)) + ")"


def case(rng):
    a, b = layout(rng, rng.randint(1, 3)), layout(rng, rng.randint(1, 2))
    op = rng.choice(["composition", "logical_divide", "zipped_divide", "logical_product",
                     "blocked_product", "complement", "tile_to_shape", "shape_div"])
    if op == "complement":
        return f"complement({a}, {rng.choice([16, 24, 64, 100])})"
    if op == "tile_to_shape":
        return f"tile_to_shape({b}, ({rng.choice([4, 6, 8, 12])},{rng.choice([4, 8, 9, 16])}))"
    if op == "shape_div":
        return f"shape_div(({rng.choice([4, 6, 8])},{rng.choice([3, 4, 8])}), {rng.choice([2, 3, 4, 8])})"
    return f"{op}({a}, {b})"


def run(tool, flags, cases):
    out = subprocess.run([tool] + flags + ["-"], input="".join(c + "\n" for c in cases),
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"cute-layout exited with {out.returncode}")
    return out.stdout.split("\n")[: len(cases)]


def main():
    tool, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(18)
    cases = [case(rng) for _ in range(count)]
    static, dynamic = run(tool, [], cases), run(tool, ["--dynamic"], cases)
    rejected = accepted = 0
    for c, s, d in zip(cases, static, dynamic):
        if s.startswith("error:"):
            rejected += 1
            if not d.startswith("error:"):
                sys.exit(f"{c}: static form rejected ({s}) but --dynamic printed {d}")
        elif not d.startswith("error:"):
            accepted += 1
    if rejected < count // 10 or accepted < count // 10:
        sys.exit(f"too few cases of each kind: {rejected} rejected, {accepted} accepted")
    print(f"static twin: {rejected} static rejections, all rejected with runtime integers; {accepted} accepted")


if __name__ == "__main__":
    main()
