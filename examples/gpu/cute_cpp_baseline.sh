#!/usr/bin/env bash
# What the CUDA compiler costs for CuTe's own C++ kernel of the GEMM's structure (issue 43
# item 5, docs/gpu.md#what-the-compiler-costs): CUTLASS's examples/cute/tutorial/
# sgemm_sm80.cu (its TN kernel: 128x128x64 tiles, 3-stage cp.async, ldmatrix, SM80
# mma.sync; half precision), compiled with nvcc for sm_90 and timed, then run at 8192^3 TN
# for its own TFLOP/s beside ours. On the GPU machine, with a CUTLASS tree (include/,
# tools/util/include/, examples/cute/tutorial/sgemm_sm80.cu):
#   examples/gpu/cute_cpp_baseline.sh CUTLASS_DIR
set -euo pipefail
cutlass="${1:?a CUTLASS tree}"
work="$(mktemp -d)"
TIMEFORMAT="nvcc -O3 -arch=sm_90 sgemm_sm80.cu: %R s wall, %U s user"
time nvcc -O3 -std=c++17 -arch=sm_90 --expt-relaxed-constexpr -I"$cutlass/include" \
  -I"$cutlass/tools/util/include" -o "$work/sgemm_sm80" "$cutlass/examples/cute/tutorial/sgemm_sm80.cu"
"$work/sgemm_sm80" 8192 8192 8192 T N
