#!/usr/bin/env python3
"""Builds core/test/data/golden-smem.tsv: CuTe's answers for tensors over shared-memory pointers.

Development only (needs the CUTLASS/CCCL mirrors and /work/shared/tools/cute-ref, like
atom_golden.py); tests read the committed corpus. Each case is a cute-layout expression and
the C++ expression CuTe evaluates for it, over make_smem_ptr<T>(nullptr) (or a byte address,
CuTe's make_smem_ptr<T>((void*)address)) with swizzled (composed) and plain layouts: thread
partitions of tiled copies (a 128-thread copy of 16-byte vectors, a 64-bit one, ldmatrix
copies of a tiled MMA's A and B), a tiled MMA's partitions and register fragments, local_tile
and local_partition, the lifted algebra (divides, coalesce, size), and the counting iterator
over a swizzled layout. A case whose C++ does not compile is recorded as ERROR. Left out: the
cases whose answer has a MixedBits offset (`Sw<3,4,3> o M_0|(32&32)=32 o ...`: a tile at a runtime
coordinate that keeps both swizzle fields), which cute-layout refuses (docs/atoms.md).

    python3 tools/dev/smem_golden.py [--out core/test/data/golden-smem.tsv]
"""
import argparse

from atom_golden import answers  # cute-ref in batches, bisecting what CuTe rejects

# (swizzle, layout, element type, byte address)
TENSORS = [
    ("Swizzle<3,4,3>", "Layout<Shape<_64,_64>,Stride<_64,_1>>", "half_t", 0),
    ("Swizzle<3,3,3>", "Layout<Shape<_64,_64>,Stride<_64,_1>>", "half_t", 0),
    ("Swizzle<2,4,3>", "Layout<Shape<_64,_32>,Stride<_32,_1>>", "half_t", 0),
    ("Swizzle<3,4,3>", "Layout<Shape<_64,_64>,Stride<_64,_1>>", "half_t", 4096),
    ("Swizzle<3,2,3>", "Layout<Shape<_32,_32>,Stride<_32,_1>>", "float", 0),
]


def pointer(t, addr, cpp):
    if addr == 0:
        return f"make_smem_ptr<{t}>(nullptr)"
    return f"make_smem_ptr<{t}>((void*){addr})" if cpp else f"make_smem_ptr<{t}>({addr})"


def tensor(sw, layout, t, addr, cpp):
    inner = f"composition({sw}{{}}, {layout}{{}})" if sw else f"{layout}{{}}"
    return f"make_tensor({pointer(t, addr, cpp)}, {inner})"


def copies(t):
    bits = {"half_t": 16, "float": 32}[t]
    vec = 128 // bits
    return [
        (f"make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, {t}>{{}}, Layout<Shape<_16,_8>,Stride<_8,_1>>{{}}, "
         f"Layout<Shape<_1,_{vec}>>{{}})", (0, 1, 5, 16, 37, 127)),
        (f"make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, {t}>{{}}, Layout<Shape<_32,_4>,Stride<_4,_1>>{{}}, "
         f"Layout<Shape<_1,_{vec // 2}>>{{}})", (0, 9, 100)),
    ]


MMA = "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_2,_2,_1>>{})"


def cases():
    out = []

    def both(cl, cpp):
        out.append((cl, cpp))

    for sw, layout, t, addr in TENSORS:
        cl, cpp = tensor(sw, layout, t, addr, False), tensor(sw, layout, t, addr, True)
        both(cl, cpp)
        both(f"size({cl})", f"size({cpp})")
        both(f"coalesce({cl})", f"coalesce({cpp})")
        both(f"zipped_divide({cl}, Shape<_8,_8>{{}})", f"zipped_divide({cpp}, Shape<_8,_8>{{}})")
        for tc, threads in copies(t):
            for th in threads:
                for side in "SD":
                    both(f"partition_{side}({tc}, {th}, {cl})", f"{tc}.get_slice({th}).partition_{side}({cpp})")
        for coord in ("make_coord(0, 0)", "make_coord(1, 0)", "make_coord(3, 1)"):
            for tile in ("make_shape(Int<16>{}, Int<32>{})", "make_shape(Int<8>{}, Int<8>{})"):
                both(f"local_tile({cl}, {tile}, {coord})", f"local_tile({cpp}, {tile}, {coord})")
        for thr in ("Layout<Shape<_16,_8>,Stride<_8,_1>>{}", "Layout<Shape<_8,_16>>{}"):
            for i in (0, 19, 127):
                both(f"local_partition({cl}, {thr}, {i})", f"local_partition({cpp}, {thr}, {i})")
        if t == "half_t":
            for op in ("SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N"):
                for x in "AB":
                    tc = f"make_tiled_copy_{x}(Copy_Atom<{op}, half_t>{{}}, {MMA})"
                    for th in (0, 37, 127):
                        both(f"partition_S({tc}, {th}, {cl})", f"{tc}.get_slice({th}).partition_S({cpp})")
            for x in "AB":
                for th in (0, 37, 127):
                    both(f"partition_{x}({MMA}, {th}, {cl})", f"{MMA}.get_slice({th}).partition_{x}({cpp})")
                    both(f"partition_fragment_{x}({MMA}, {th}, {cl})",
                         f"{MMA}.get_slice({th}).partition_fragment_{x}({cpp}).layout()")
    # a plain shared-memory tensor, and the counting iterator over a swizzled layout
    plain = ("", "Layout<Shape<_64,_64>,Stride<_64,_1>>", "half_t", 0)
    cl, cpp = tensor(*plain, False), tensor(*plain, True)
    both(cl, cpp)
    tc, threads = copies("half_t")[0]
    for th in threads:
        both(f"partition_S({tc}, {th}, {cl})", f"{tc}.get_slice({th}).partition_S({cpp})")
    sw = "composition(Swizzle<3,4,3>{}, Layout<Shape<_64,_64>,Stride<_64,_1>>{})"
    counting = f"make_tensor(counting_iterator<int>(0), {sw})"
    both(counting, counting)
    for th in threads:
        both(f"partition_S({tc}, {th}, {counting})", f"{tc}.get_slice({th}).partition_S({counting})")
    both(f"local_tile({counting}, make_shape(Int<8>{{}}, Int<8>{{}}), make_coord(3, 2))",
         f"local_tile({counting}, make_shape(Int<8>{{}}, Int<8>{{}}), make_coord(3, 2))")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="core/test/data/golden-smem.tsv")
    args = ap.parse_args()
    cs = cases()
    got = []
    for i in range(0, len(cs), 60):
        got += answers([cpp for _, cpp in cs[i:i + 60]])
    with open(args.out, "w") as f:
        f.write("# Golden corpus: CuTe's own answers for tensors over shared-memory pointers (swizzled and\n"
                "# plain): thread partitions, fragments, tiles. Generated by tools/dev/smem_golden.py; do not edit.\n"
                "# Left out: answers with a MixedBits offset (M_...), which cute-layout refuses.\n"
                "# Columns: expression TAB expected result (ERROR = CuTe rejects it) TAB static\n")
        kept = [(expr, ans) for (expr, _), ans in zip(cs, got) if " M_" not in ans]
        for expr, ans in kept:
            f.write(f"{expr}\t{ans}\tstatic\n")
    print(f"{len(cs)} cases, {sum(a == 'ERROR' for a in got)} rejected by CuTe, "
          f"{len(cs) - len(kept)} with a MixedBits offset left out")


if __name__ == "__main__":
    main()
