#!/usr/bin/env python3
"""Triton's own LinearLayouts for the cases of core/test/LinearLayoutTest.cpp, printed in the
text `cute-layout to_linear_layout[_tv]` prints (Triton's LinearLayout::toString), next to
this project's answer, with `same` or `DIFFERENT` per case (docs/linear-layout.md).

Run where Triton 3.6 is installed (no GPU needed):

    python3 tools/dev/triton_linear_layout_check.py [--cute-layout build/tools/cute-layout/cute-layout]

Without --cute-layout (or where the binary is missing) it prints Triton's side and the
answers the core tests expect. Each Triton case runs in a child process, so one that aborts
inside Triton (reports say some shared layouts do in the 3.6 wheel) is reported, not fatal.
No test depends on this script.

Normalization before comparing, from the conventions of docs/linear-layout.md:
  - a `block` input of size 1 is dropped (this project has no CTA dimension);
  - outputs are put in the order dim0, dim1, ...; outputs of size 1 are dropped;
  - Triton's shared layouts (offset -> coordinates) are inverted with Triton's invert();
  - operand B: Triton's tile is K x N, CuTe's N x K, so dim0 and dim1 are swapped.
"""

import argparse
import json
import os
import subprocess
import sys

# name: (how Triton builds it, the shape, the cute-layout expression, this project's
# expected text, options)
# The lanes of every SM80 m16n8 operand: lane bits 0-1 step dim1 by 2 and 4, bits 2-4 step
# dim0 by 1, 2 and 4 (four threads a row, eight rows).
LANES = """ - lane=1 -> (0, 2)
   lane=2 -> (0, 4)
   lane=4 -> (1, 0)
   lane=8 -> (2, 0)
   lane=16 -> (4, 0)
"""


def mma_text(registers, warps, dims):
    """The expected text of an MMA operand: its register bases, the lanes, its warp bases
    (none: a size 1 dimension) and its output sizes."""
    regs = "".join((" - " if i == 0 else "   ") + f"register={1 << i} -> {b}\n" for i, b in enumerate(registers))
    warp = "".join((" - " if i == 0 else "   ") + f"warp={1 << i} -> {b}\n" for i, b in enumerate(warps))
    return (regs + LANES + (warp or " - warp is a size 1 dimension\n") +
            f"where out dims are: [dim0 (size {dims[0]}), dim1 (size {dims[1]})]")


MMA_C = mma_text(["(0, 1)", "(8, 0)"], [], (16, 8))
MMA_C_2x2 = mma_text(["(0, 1)", "(8, 0)"], ["(0, 8)", "(16, 0)"], (32, 16))
MMA_A = mma_text(["(0, 1)", "(8, 0)", "(0, 8)"], [], (16, 16))
MMA_B = mma_text(["(0, 1)", "(0, 8)"], [], (8, 16))

SMEM_128B_16 = """ - dim0=1 -> (72)
   dim0=2 -> (144)
   dim0=4 -> (288)
 - dim1=1 -> (1)
   dim1=2 -> (2)
   dim1=4 -> (4)
   dim1=8 -> (8)
   dim1=16 -> (16)
   dim1=32 -> (32)
where out dims are: [offset (size 512)]"""

ATOM = "SM80_16x8x16_F32BF16BF16F32_TN"
CASES = {
    "mma_v2_C": dict(kind="mma", warps=[1, 1], shape=[16, 8], expect=MMA_C,
                     cute=f"to_linear_layout_tv(get_layoutC_TV(make_tiled_mma({ATOM})), (16,8))"),
    "mma_v2_C_2x2_warps": dict(kind="mma", warps=[2, 2], shape=[32, 16], expect=MMA_C_2x2,
                               cute=f"to_linear_layout_tv(get_layoutC_TV(make_tiled_mma({ATOM}, "
                               "(2,2,1):(2,1,0))), (32,16))"),
    "mma_v2_dot_A": dict(kind="dot", op=0, warps=[1, 1], shape=[16, 16], expect=MMA_A,
                         cute=f"to_linear_layout_tv(get_layoutA_TV(make_tiled_mma({ATOM})), (16,16))"),
    "mma_v2_dot_B": dict(kind="dot", op=1, warps=[1, 1], shape=[16, 8], expect=MMA_B, swap=True,
                         cute=f"to_linear_layout_tv(get_layoutB_TV(make_tiled_mma({ATOM})), (8,16))"),
    "nvmma_shared_128B_16bit": dict(kind="nvmma_shared", swizzle=128, bits=16, shape=[8, 64], expect=SMEM_128B_16,
                                    cute="to_linear_layout(Sw<3,3,3> o _0 o (8,64):(64,1))"),
    "swizzled_shared_8_1_8": dict(kind="swizzled_shared", vec=8, per_phase=1, max_phase=8, shape=[8, 64],
                                  expect=SMEM_128B_16, cute="to_linear_layout(Sw<3,3,3> o _0 o (8,64):(64,1))"),
}


def text(in_dims, out_dims):
    """Triton's LinearLayout::toString, without its leading newline (as cute-layout prints)."""
    outs = "[" + ", ".join(f"{n} (size {s})" for n, s in out_dims) + "]"
    if not in_dims:
        return "(empty layout)" if not out_dims else f"(empty layout with out-dims {outs})"
    lines = []
    for name, bases in in_dims:
        if not bases:
            lines.append(f" - {name} is a size 1 dimension")
            continue
        for i, b in enumerate(bases):
            lines.append(("   " if i else " - ") + f"{name}={1 << i} -> (" + ", ".join(str(v) for v in b) + ")")
    return "\n".join(lines) + "\nwhere out dims are: " + outs


def normalize(in_dims, out_dims, swap=False):
    """The conventions of docs/linear-layout.md (see the module docstring)."""
    names = [n for n, _ in out_dims]
    if swap:
        rename = {"dim0": "dim1", "dim1": "dim0"}
        names = [rename.get(n, n) for n in names]
    sizes = dict(zip(names, [s for _, s in out_dims]))
    keep = sorted((n for n in names if sizes[n] > 1), key=lambda n: (not n.startswith("dim"), n))
    index = {n: i for i, n in enumerate(names)}
    ins = [(n, [[b[index[o]] for o in keep] for b in bases]) for n, bases in in_dims
           if not (n == "block" and not bases)]
    return ins, [(o, sizes[o]) for o in keep]


def triton_case(name):
    """Triton's layout for one case as (in_dims, out_dims) lists (run in a child process)."""
    from triton._C.libtriton import ir, gluon_ir
    import triton.experimental.gluon.language as ttgl

    case = CASES[name]
    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    if case["kind"] in ("mma", "dot"):
        layout = ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=case["warps"], instr_shape=[16, 8])
        if case["kind"] == "dot":
            layout = ttgl.DotOperandLayout(operand_index=case["op"], parent=layout, k_width=2)
    elif case["kind"] == "nvmma_shared":
        layout = ttgl.NVMMASharedLayout(swizzle_byte_width=case["swizzle"], element_bitwidth=case["bits"], rank=2)
    else:
        layout = ttgl.SwizzledSharedLayout(vec=case["vec"], per_phase=case["per_phase"],
                                           max_phase=case["max_phase"], order=[1, 0])
    ll = builder.to_linear_layout(layout._to_ir(builder), list(case["shape"]))
    outs = [f"dim{i}" for i in range(len(case["shape"]))]
    if hasattr(ll, "reg_bases"):  # Gluon's DistributedLinearLayout
        bases = [("register", ll.reg_bases), ("lane", ll.lane_bases), ("warp", ll.warp_bases),
                 ("block", ll.block_bases)]
        return bases, list(zip(outs, list(ll.shape)))
    if hasattr(ll, "offset_bases"):  # Gluon's SharedLinearLayout: offset -> coordinates
        from triton._C.libtriton.linear_layout import LinearLayout
        tll = LinearLayout.from_bases([("offset", [list(b) for b in ll.offset_bases]),
                                       ("block", [list(b) for b in ll.block_bases])], outs,
                                      out_dim_sizes=list(case["shape"]), require_surjective=False)
    else:  # a LinearLayout already
        tll = ll
    if case["kind"] in ("nvmma_shared", "swizzled_shared"):
        tll = tll.invert()
    return [(n, [list(b) for b in bs]) for n, bs in tll.bases], [(n, s) for n, s in tll.out_dims]


def ours(cute_layout, expr):
    if not cute_layout or not os.path.exists(cute_layout):
        return None
    r = subprocess.run([cute_layout, expr], capture_output=True, text=True)
    return (r.stdout + r.stderr).rstrip("\n")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cute-layout", default="build/tools/cute-layout/cute-layout")
    p.add_argument("--case", help=argparse.SUPPRESS)  # the child process's one case
    args = p.parse_args()
    if args.case:
        print(json.dumps(triton_case(args.case)))
        return 0
    try:
        import triton
        version = triton.__version__
    except ImportError:
        print("triton is not installed here: run this where Triton 3.6 is")
        return 2
    print(f"# Triton {version}; python {sys.version.split()[0]}")
    differ = 0
    for name, case in CASES.items():
        print(f"\n## {name}")
        child = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True)
        if child.returncode != 0:
            tail = (child.stderr.strip().splitlines() or ["(no output)"])[-1]
            print(f"Triton failed (exit {child.returncode}): {tail}")
            differ += 1
            continue
        in_dims, out_dims = json.loads(child.stdout)
        theirs = text(*normalize(in_dims, out_dims, case.get("swap", False)))
        mine = ours(args.cute_layout, case["cute"])
        print("Triton:\n" + theirs)
        print(f"cute-layout '{case['cute']}':\n" + (mine if mine is not None else "(not run)"))
        reference = mine if mine is not None else case["expect"]
        same = theirs == reference
        differ += not same
        print("same" if same else "DIFFERENT" + ("" if mine is not None else " (from the tests' expected text)"))
    print(f"\n{len(CASES) - differ} of {len(CASES)} cases the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
