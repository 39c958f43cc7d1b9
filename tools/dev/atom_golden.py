#!/usr/bin/env python3
"""Builds core/test/data/golden-atoms.tsv: CuTe's answers for tiled MMAs and tiled copies.

Development only (needs the CUTLASS/CCCL mirrors and /work/shared/tools/cute-ref, like
make_golden.py); tests read the committed corpus. Each case is a cute-layout expression
and the C++ expression CuTe evaluates for it: get_layoutX_TV of tiled MMAs (three SM80
atoms, three atom layouts, with and without a permutation), thread partitions of A, B, C
(a row-major tile, a rank-3 tensor, the identity tensor), make_tiled_copy_A/B of ldmatrix
and universal copies, and make_tiled_copy by thread and value layouts. A case whose C++
does not compile (CuTe's static assertions) is recorded as ERROR: chunks that fail are
bisected down to the failing expressions.

    python3 tools/dev/atom_golden.py [--out core/test/data/golden-atoms.tsv]
    python3 tools/dev/atom_golden.py --set sm80 --out core/test/data/golden-atoms-sm80.tsv

The second set is the atoms cute_nvgpu lowers that the first lacks: the bf16 and f32-
accumulating SM80 MMAs, the transposing ldmatrix copies, ldmatrix of bf16, and the cp.async
copies (SM80_CP_ASYNC_CACHEALWAYS of 4, 8 and 16 bytes, CACHEGLOBAL).
"""
import argparse
import subprocess

CUTE_REF = "/work/shared/tools/cute-ref"
MMAS = ["SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x8_F32TF32TF32F32_TN", "SM80_16x8x8_F16F16F16F16_TN"]
ATOM_LAYOUTS = ["Layout<Shape<_2,_2,_1>>{}", "Layout<Shape<_1,_4,_1>,Stride<_0,_1,_0>>{}",
                "Layout<Shape<_4,_2,_1>,Stride<_2,_1,_0>>{}"]
PERMUTATIONS = [None, "Tile<_32,_32,_16>{}"]


def counting(layout):
    return f"make_tensor(counting_iterator<int>(0), {layout})"


def cases():
    out = []
    for atom in MMAS:
        for al in ATOM_LAYOUTS:
            for perm in PERMUTATIONS:
                p = f", {perm}" if perm else ""
                m = f"make_tiled_mma(MMA_Atom<{atom}>{{}}, {al}{p})"
                for x in "ABC":
                    out.append((f"get_layout{x}_TV({m})", f"{m}.get_layout{x}_TV()"))
                for t in (0, 37, 101):
                    a = "Layout<Shape<_64,_32>,Stride<_32,_1>>{}"
                    b = "Layout<Shape<_64,_32,_2>>{}"
                    out.append((f"partition_A({m}, {t}, {a})", f"{m}.get_slice({t}).partition_A({counting(a)})"))
                    out.append((f"partition_B({m}, {t}, {b})", f"{m}.get_slice({t}).partition_B({counting(b)})"))
                    c = "make_identity_tensor(Shape<_64,_64>{})"
                    out.append((f"partition_C({m}, {t}, {c})", f"{m}.get_slice({t}).partition_C({c})"))
                for op in ["SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N", "UniversalCopy<uint32_t>"]:
                    for x in "AB":
                        tc = f"make_tiled_copy_{x}(Copy_Atom<{op}, half_t>{{}}, {m})"
                        out.append((f"get_layoutS_TV({tc})", f"{tc}.get_layoutS_TV()"))
                        out.append((f"get_layoutD_TV({tc})", f"{tc}.get_layoutD_TV()"))
                        l = "Layout<Shape<_64,_64>>{}"
                        out.append((f"partition_D({tc}, 45, {l})", f"{tc}.get_slice(45).partition_D({counting(l)})"))
    for op, t in [("UniversalCopy<uint128_t>", "half_t"), ("UniversalCopy<uint64_t>", "float"),
                  ("UniversalCopy<uint32_t>", "half_t")]:
        for thr in ["Layout<Shape<_32,_8>,Stride<_8,_1>>{}", "Layout<Shape<_16,_16>>{}"]:
            for val in ["Layout<Shape<_1,_8>>{}", "Layout<Shape<_4,_2>>{}"]:
                tc = f"make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {thr}, {val})"
                out.append((f"get_layoutS_TV({tc})", f"{tc}.get_layoutS_TV()"))
                l = "Layout<Shape<_128,_128>,Stride<_128,_1>>{}"
                for th in (0, 77, 255):
                    out.append((f"partition_S({tc}, {th}, {l})", f"{tc}.get_slice({th}).partition_S({counting(l)})"))
    return out


def sm80_cases():
    out = []
    perm = "Tile<_32,_32,_16>{}"
    for atom, t in [("SM80_16x8x16_F32BF16BF16F32_TN", "bfloat16_t"), ("SM80_16x8x8_F32BF16BF16F32_TN", "bfloat16_t"),
                    ("SM80_16x8x16_F32F16F16F32_TN", "half_t")]:
        m = f"make_tiled_mma(MMA_Atom<{atom}>{{}}, Layout<Shape<_2,_2,_1>>{{}}, {perm})"
        for x in "ABC":
            out.append((f"get_layout{x}_TV({m})", f"{m}.get_layout{x}_TV()"))
        for th in (0, 37, 101):
            a = "Layout<Shape<_128,_32>,Stride<_32,_1>>{}"
            out.append((f"partition_A({m}, {th}, {a})", f"{m}.get_slice({th}).partition_A({counting(a)})"))
            out.append((f"partition_B({m}, {th}, {a})", f"{m}.get_slice({th}).partition_B({counting(a)})"))
            c = "make_identity_tensor(Shape<_128,_128>{})"
            out.append((f"partition_C({m}, {th}, {c})", f"{m}.get_slice({th}).partition_C({c})"))
        ops = ["SM75_U32x4_LDSM_N", "SM75_U32x1_LDSM_N", "SM75_U16x8_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x2_LDSM_T"]
        for op in ops:
            for x in "AB":
                tc = f"make_tiled_copy_{x}(Copy_Atom<{op}, {t}>{{}}, {m})"
                out.append((f"get_layoutS_TV({tc})", f"{tc}.get_layoutS_TV()"))
                out.append((f"get_layoutD_TV({tc})", f"{tc}.get_layoutD_TV()"))
                l = "Layout<Shape<_64,_64>>{}"
                out.append((f"partition_S({tc}, 45, {l})", f"{tc}.get_slice(45).partition_S({counting(l)})"))
    for op, t, val in [("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", "Layout<Shape<_1,_8>>{}"),
                       ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "bfloat16_t", "Layout<Shape<_1,_8>>{}"),
                       ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "half_t", "Layout<Shape<_1,_8>>{}"),
                       ("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", "float", "Layout<Shape<_1,_2>>{}"),
                       ("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", "half_t", "Layout<Shape<_1,_2>>{}")]:
        for thr in ["Layout<Shape<_32,_4>,Stride<_4,_1>>{}", "Layout<Shape<_16,_8>>{}"]:
            tc = f"make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {thr}, {val})"
            out.append((f"get_layoutS_TV({tc})", f"{tc}.get_layoutS_TV()"))
            out.append((f"get_layoutD_TV({tc})", f"{tc}.get_layoutD_TV()"))
            l = "Layout<Shape<_128,_32>,Stride<_32,_1>>{}"
            for th in (0, 77, 127):
                out.append((f"partition_S({tc}, {th}, {l})", f"{tc}.get_slice({th}).partition_S({counting(l)})"))
                out.append((f"partition_D({tc}, {th}, {l})", f"{tc}.get_slice({th}).partition_D({counting(l)})"))
    return out


def answers(exprs):
    """CuTe's printed answer per expression, or ERROR where it does not compile."""
    r = subprocess.run([CUTE_REF] + exprs, capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if r.returncode == 0 and len(lines) == len(exprs):
        return lines
    if len(exprs) == 1:
        return ["ERROR"]
    half = len(exprs) // 2
    return answers(exprs[:half]) + answers(exprs[half:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="core/test/data/golden-atoms.tsv")
    ap.add_argument("--set", choices=["all", "sm80"], default="all")
    args = ap.parse_args()
    cs = cases() if args.set == "all" else sm80_cases()
    got = []
    for i in range(0, len(cs), 80):
        got += answers([cpp for _, cpp in cs[i:i + 80]])
    with open(args.out, "w") as f:
        f.write("# Golden corpus: CuTe's own answers for tiled MMAs and tiled copies (TV layouts and\n"
                "# thread partitions). Generated by tools/dev/atom_golden.py; do not edit.\n"
                "# Columns: expression TAB expected result (ERROR = CuTe rejects it) TAB static\n")
        for (expr, _), ans in zip(cs, got):
            f.write(f"{expr}\t{ans}\tstatic\n")
    print(f"{len(cs)} cases, {sum(a == 'ERROR' for a in got)} rejected by CuTe")


if __name__ == "__main__":
    main()
