#!/usr/bin/env bash
# The GPU machine's half of docs/gpu.md: compile the runner with nvcc, run every case
# against the PTX and expectations built here (examples/gpu/build_ptx.py), and record
# the output (the cases, the copy kernel's timing beside cuMemcpy and a CUDA transpose, the
# GEMM's checks and timing beside cuBLAS and torch.matmul, and both kernels' SASS) in $OUT
# when it is set.
#   examples/gpu/run_on_gpu.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:?the directory build_ptx.py wrote}"
out="${OUT:-$dir}"
nvcc -O2 -o "$dir/runner" "$here/runner.cu" -lcuda
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
nvcc --version | tail -n 2 | tee -a "$out/gpu.txt"
"$dir/runner" "$dir" --bench | tee "$out/results.txt"
# The SASS of the copy kernel, as ptxas compiles it for sm_90.
ptxas -arch=sm_90 -o "$dir/copy.cubin" "$dir/copy.ptx"
cuobjdump -sass "$dir/copy.cubin" > "$out/copy.sass"
# The GEMM: every element against cuBLAS, then TFLOP/s beside cuBLAS and torch.matmul.
nvcc -O2 -o "$dir/gemm_runner" "$here/gemm_runner.cu" -lcuda -lcublas
"$dir/gemm_runner" "$dir" | tee "$out/gemm-results.txt"
python3 "$here/torch_matmul.py" | tee -a "$out/gemm-results.txt"
ptxas -arch=sm_90 -v -o "$dir/gemm.cubin" "$dir/gemm.ptx" 2>&1 | tee -a "$out/gemm-results.txt"
cuobjdump -sass "$dir/gemm.cubin" > "$out/gemm.sass"
# CuTe's C++ counterpart, where a CUTLASS tree is given: nvcc's time and its speed.
if [ -n "${CUTLASS_DIR:-}" ]; then
  "$here/cute_cpp_baseline.sh" "$CUTLASS_DIR" 2>&1 | tee "$out/cute-cpp.txt"
fi
