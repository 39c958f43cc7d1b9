#!/usr/bin/env python3
"""Builds what the GPU run needs (docs/gpu.md), here, with no CUDA: each kernel of
examples/gpu lowered to PTX for sm_90 (cute-opt --cute-expand --canonicalize
--cute-nvgpu-to-nvvm, then Debian's mlir-opt: nvvm-attach-target, convert-gpu-to-nvvm,
gpu-module-to-binary), and for each case of the copy and gather kernels the expected output,
computed by the core library (the Python module) from the same layouts. (The GEMM's runner
checks it against cuBLAS on the GPU.)

    build_ptx.py --cute-opt BIN --mlir-opt BIN --pythonpath DIR OUT

OUT receives copy.ptx, tv_gather.ptx, gemm.ptx, cases.txt (one case a line: kernel M N grid.x
grid.y threads expected-file) and the expected outputs (raw little-endian float32)."""
import argparse
import array
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = ["copy", "tv_gather", "gemm"]
# (M, N): exact multiples of the tiles and ragged ones.
SIZES = {"copy": [(128, 64), (256, 192), (1000, 700), (130, 65), (7, 300)],
         "tv_gather": [(16, 8), (64, 32), (33, 17), (100, 9), (5, 3)]}


def ptx_of(binary_mlir):
    """The PTX text of the gpu.binary's object (an MLIR string with \\XX escapes)."""
    m = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', binary_mlir)
    if not m:
        sys.exit("no assembly in the gpu.binary")
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda e: chr(int(e.group(1), 16)), m.group(1)).replace('\\"', '"')


def lower(kernel, cute_opt, mlir_opt):
    src = os.path.join(HERE, kernel + ".mlir")
    expanded = subprocess.run([cute_opt, src, "--cute-expand", "--canonicalize", "--cute-nvgpu-to-nvvm",
                               "-mlir-print-op-generic"],
                              check=True, capture_output=True, text=True).stdout
    binary = subprocess.run([mlir_opt, "--expand-strided-metadata", "--convert-scf-to-cf",
                             "--nvvm-attach-target=chip=sm_90", "--convert-gpu-to-nvvm",
                             "--reconcile-unrealized-casts", "--gpu-module-to-binary=format=isa"],
                            input=expanded, check=True, capture_output=True, text=True).stdout
    return ptx_of(binary)


def expected_copy(cl, M, N):
    """out (column-major) holds in's (row-major) element at every (m, n); in[i] = i."""
    rows = cl.Layout((cl.Dyn(M), cl.Dyn(N)), (cl.Dyn(N), 1))
    cols = cl.Layout((cl.Dyn(M), cl.Dyn(N)))
    out = array.array("f", [-1.0]) * (M * N)
    for m in range(M):
        for n in range(N):
            out[cols(m, n)] = float(rows(m, n))
    return out


def expected_tv(cl, M, N):
    """Thread t's value v of each 16x8 tile holds t*4+v at the element the thread-value
    layout gives it; elements outside (M, N) are not written (the buffer starts at -1)."""
    tv = cl.Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))
    cols = cl.Layout((cl.Dyn(M), cl.Dyn(N)))
    out = array.array("f", [-1.0]) * (M * N)
    for bm in range((M + 15) // 16):
        for bn in range((N + 7) // 8):
            for t in range(32):
                for v in range(4):
                    m, n = cl.idx2crd(tv(t, v), (16, 8))
                    gm, gn = bm * 16 + m, bn * 8 + n
                    if gm < M and gn < N:
                        out[cols(gm, gn)] = float(t * 4 + v)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cute-opt", required=True)
    p.add_argument("--mlir-opt", required=True)
    p.add_argument("--pythonpath", required=True)
    p.add_argument("out")
    a = p.parse_args()
    sys.path.insert(0, a.pythonpath)
    import cutelayout as cl
    os.makedirs(a.out, exist_ok=True)
    for k in KERNELS:
        with open(os.path.join(a.out, k + ".ptx"), "w") as f:
            f.write(lower(k, a.cute_opt, a.mlir_opt))
    lines = []
    for k in ("copy", "tv_gather"):
        tile_m, tile_n, threads = (128, 64, 128) if k == "copy" else (16, 8, 32)
        for M, N in SIZES[k]:
            name = "%s_%dx%d.f32" % (k, M, N)
            data = (expected_copy if k == "copy" else expected_tv)(cl, M, N)
            with open(os.path.join(a.out, name), "wb") as f:
                data.tofile(f)
            lines.append("%s %d %d %d %d %d %s" % (k, M, N, (M + tile_m - 1) // tile_m, (N + tile_n - 1) // tile_n,
                                                    threads, name))
    with open(os.path.join(a.out, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("built %d kernels and %d cases in %s" % (len(KERNELS), len(lines), a.out))


if __name__ == "__main__":
    main()
