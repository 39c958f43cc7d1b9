#!/usr/bin/env python3
"""Prints seeded random cute IR, mostly malformed: mutated type bodies and ops applied to
operands of random kinds, one function per split. cute-opt must reject or accept each
one with a diagnostic, never crash (random-ir.test)."""
import random
import sys

KINDS = ["shape", "stride", "coord", "int_tuple", "layout", "tile", "tiler", "composed_layout", "swizzle"]
BODIES = ["<(4,?,8)>", "<(4,8):(1,4)>", "<((4,8,16),(128,16,1))>", "<(3:4,8:2)>", "<(_,1)>", "<value=8>",
          "<rank=3>", "<8:1>", "<(_,(2,4):(1,8))>", "<(_4,_8):(_1,_4)>", "<2>", ""]
NOISE = list("()<>:,?_-=0123456789") + ["rank=", "value=", "9223372036854775807", "-9223372036854775808",
                                         "_-3", "(((", ")))", "?:?", "_"]
OPS = ["make_layout", "make_shape", "size", "cosize", "rank", "depth", "crd2idx", "idx2crd", "select",
       "group_modes", "coalesce", "filter_zeros", "filter", "complement", "composition", "right_inverse",
       "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
       "blocked_product", "raked_product", "local_tile", "local_partition", "tile_to_shape", "slice", "dice",
       "make_fragment_like", "tuple_add", "tuple_div", "tuple_mod", "shape_div", "ceil_div", "to_int_tuple",
       "get_shape", "get_stride", "stencil_divide", "recast_layout", "make_tile", "make_identity_layout",
       "make_ordered_layout"]
ATTRS = ["", "{mode = array<i32: 0>}", "{modes = array<i32: 1, 0>}", "{begin = 0 : i32, end = 2 : i32}",
         "{begin = -5 : i32, end = 9 : i32}", "{old_type = i16, new_type = i8}", "{stride = array<i64: 0>}",
         "{dilation = array<i64: 2, 3>}", "{lower_padding = array<i64: 0, 0>}", "{mode = array<i32: 99, -1>}"]


def mutate(rng, s):
    for _ in range(rng.randint(0, 4)):
        p = rng.randint(0, len(s))
        s = s[:p] + rng.choice(NOISE) + s[p:] if rng.random() < 0.5 else s[:p] + s[p + 1:]
    return s


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    funcs = []
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 2000):
        types = ["!cute." + rng.choice(KINDS) + mutate(rng, rng.choice(BODIES)) for _ in range(rng.randint(1, 3))]
        args = ", ".join(f"%a{j}: {t}" for j, t in enumerate(types))
        k = rng.randint(1, len(types))
        result = rng.choice(["index", "!cute.layout", "!cute.shape", types[0]])
        operands = ", ".join(f"%a{j}" for j in range(k))
        body = f"  %r = cute.{rng.choice(OPS)}({operands}) {rng.choice(ATTRS)} : ({', '.join(types[:k])}) -> {result}\n"
        funcs.append(f"func.func @f{i}({args}) {{\n{body}  return\n}}")
    print("\n// -----\n".join(funcs))


if __name__ == "__main__":
    main()
