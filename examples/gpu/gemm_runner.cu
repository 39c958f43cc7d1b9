// The GPU side of the bf16 GEMM of docs/gpu.md: loads gemm.ptx (built from
// examples/gpu/gemm.mlir by build_ptx.py), runs it at each size, compares every element of
// C with cuBLAS's (the inputs are small integers, so every product and sum is exact in f32
// and the two must agree bit for bit; one small size is also checked on the host), then
// times it at 4096^3 and 8192^3 beside cuBLAS in the same process (cublasGemmEx, bf16
// inputs, f32 accumulation, f32 and bf16 outputs). Compiled on the GPU machine:
//   nvcc -O2 -o gemm_runner gemm_runner.cu -lcuda -lcublas && ./gemm_runner DIR [NAME[:BYTES]...]
// (each NAME.ptx of DIR, default gemm, whose kernel is `gemm`, launched with BYTES of dynamic
// shared memory, default 0: variants checked and timed in the same process; NAME:BYTES:K
// marks a variant for tile multiples only, M and N of 128 and K of K, skipped at other sizes).
// C = A * B^T: A is M x K and B is N x K, both K-contiguous ("TN"); C is M x N, row-major.
// Sizes: multiples of the 128x128x32 tile and ragged ones (any M and N, K a multiple of 8).
// A memref<?xT> kernel argument is five scalars (MLIR's descriptor); an index is 64 bits.
#include "runner_common.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CHECK_BLAS(x)                                                                                                  \
  do {                                                                                                                 \
    cublasStatus_t s_ = (x);                                                                                           \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                                                 \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #x, int(s_));                          \
      std::exit(2);                                                                                                    \
    }                                                                                                                  \
  } while (0)

/// A deterministic small integer in [-3, 3] for element i of matrix `which`.
static float value(uint64_t i, uint64_t which) {
  uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ (which + 1) * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 29;
  return float(int64_t(x % 7) - 3);
}

struct Problem {
  long M, N, K;
  CUdeviceptr A, B, C, Cref, Cbf;
  std::vector<float> hostA, hostB; // kept for the host check of small sizes

  Problem(long m, long n, long k, bool keep) : M(m), N(n), K(k) {
    std::vector<__nv_bfloat16> a(size_t(M * K)), b(size_t(N * K));
    if (keep) {
      hostA.resize(a.size());
      hostB.resize(b.size());
    }
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = __float2bfloat16(value(i, 0));
      if (keep)
        hostA[i] = value(i, 0);
    }
    for (size_t i = 0; i < b.size(); ++i) {
      b[i] = __float2bfloat16(value(i, 1));
      if (keep)
        hostB[i] = value(i, 1);
    }
    CHECK(cuMemAlloc(&A, a.size() * 2));
    CHECK(cuMemAlloc(&B, b.size() * 2));
    CHECK(cuMemAlloc(&C, size_t(M * N) * 4));
    CHECK(cuMemAlloc(&Cref, size_t(M * N) * 4));
    CHECK(cuMemAlloc(&Cbf, size_t(M * N) * 2));
    CHECK(cuMemcpyHtoD(A, a.data(), a.size() * 2));
    CHECK(cuMemcpyHtoD(B, b.data(), b.size() * 2));
  }
  ~Problem() {
    for (CUdeviceptr p : {A, B, C, Cref, Cbf})
      cuMemFree(p);
  }

  void launch(CUfunction f, unsigned dynamicSmem) {
    Memref ma{A, A, 0, M * K, 1}, mb{B, B, 0, N * K, 1}, mc{C, C, 0, M * N, 1};
    int64_t m = M, n = N, k = K;
    void *args[] = {&ma.allocated,
                    &ma.aligned,
                    &ma.offset,
                    &ma.size,
                    &ma.stride,
                    &mb.allocated,
                    &mb.aligned,
                    &mb.offset,
                    &mb.size,
                    &mb.stride,
                    &mc.allocated,
                    &mc.aligned,
                    &mc.offset,
                    &mc.size,
                    &mc.stride,
                    &m,
                    &n,
                    &k};
    CHECK(cuLaunchKernel(f, unsigned((M + 127) / 128), unsigned((N + 127) / 128), 1, 128, 1, 1, dynamicSmem, nullptr,
                         args, nullptr));
  }

  /// cuBLAS's C (row-major M x N) = A * B^T, as column-major C^T = B * A^T; into `out` of
  /// type `outType`.
  void cublas(cublasHandle_t h, CUdeviceptr out, cudaDataType outType) {
    float one = 1, zero = 0;
    CHECK_BLAS(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, int(N), int(M), int(K), &one, reinterpret_cast<void *>(B),
                            CUDA_R_16BF, int(K), reinterpret_cast<void *>(A), CUDA_R_16BF, int(K), &zero,
                            reinterpret_cast<void *>(out), outType, int(N), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  }
};

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  usePrimaryContext();
  std::vector<std::string> names;
  std::vector<unsigned> dynamicSmem;
  std::vector<long> tileMultipleK; // 0: any size
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    size_t colon = arg.find(':'), second = colon == std::string::npos ? colon : arg.find(':', colon + 1);
    names.push_back(arg.substr(0, colon));
    dynamicSmem.push_back(colon == std::string::npos ? 0u : unsigned(std::stoul(arg.substr(colon + 1))));
    tileMultipleK.push_back(second == std::string::npos ? 0L : std::stol(arg.substr(second + 1)));
  }
  if (names.empty()) {
    names.push_back("gemm");
    dynamicSmem.push_back(0);
    tileMultipleK.push_back(0);
  }
  std::vector<CUfunction> kernels;
  for (size_t v = 0; v < names.size(); ++v) {
    const std::string &name = names[v];
    std::string ptx = slurp(dir + "/" + name + ".ptx");
    CUmodule mod;
    CHECK(cuModuleLoadData(&mod, ptx.c_str()));
    CUfunction f;
    CHECK(cuModuleGetFunction(&f, mod, "gemm"));
    if (dynamicSmem[v])
      CHECK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(dynamicSmem[v])));
    int regs = 0, smem = 0, local = 0;
    cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
    cuFuncGetAttribute(&smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f);
    std::printf("%s: %d registers a thread, %d bytes of shared memory a block, %d bytes of local memory a thread\n",
                name.c_str(), regs, smem, local);
    kernels.push_back(f);
  }
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  long bad = 0;
  // Correctness: every element against cuBLAS (exact), and against the host where M*N*K <= 1e8.
  // Multiples of the tiles, and ragged sizes (M, N anything; K a multiple of 8).
  const long sizes[][3] = {{128, 128, 32},     {256, 384, 96},     {384, 256, 160},   {33, 17, 8},
                           {130, 200, 40},     {257, 129, 1000},   {1000, 777, 104},  {1024, 1024, 1024},
                           {4096, 4096, 4096}, {4000, 4100, 4104}, {8192, 8192, 8192}};
  for (const auto &s : sizes)
    for (size_t v = 0; v < kernels.size(); ++v) {
      CUfunction gemm = kernels[v];
      if (tileMultipleK[v] && (s[0] % 128 || s[1] % 128 || s[2] % tileMultipleK[v]))
        continue;
      bool host = s[0] * s[1] * s[2] <= 100000000L;
      Problem p(s[0], s[1], s[2], host);
      CHECK(cuMemsetD32(p.C, 0x7fc00000u, size_t(p.M * p.N))); // NaN: an element never written shows
      p.launch(gemm, dynamicSmem[v]);
      p.cublas(h, p.Cref, CUDA_R_32F);
      CHECK(cuCtxSynchronize());
      std::vector<float> c(size_t(p.M * p.N)), ref(c.size());
      CHECK(cuMemcpyDtoH(c.data(), p.C, c.size() * 4));
      CHECK(cuMemcpyDtoH(ref.data(), p.Cref, ref.size() * 4));
      long mismatches = 0, hostMismatches = 0;
      for (size_t i = 0; i < c.size(); ++i)
        if (c[i] != ref[i] && mismatches++ < 5)
          std::printf("  %ldx%ldx%ld: C[%zu, %zu] is %g, cuBLAS %g\n", p.M, p.N, p.K, i / size_t(p.N), i % size_t(p.N),
                      c[i], ref[i]);
      if (host)
        for (long m = 0; m < p.M; ++m)
          for (long n = 0; n < p.N; ++n) {
            float acc = 0;
            for (long k = 0; k < p.K; ++k)
              acc += p.hostA[size_t(m * p.K + k)] * p.hostB[size_t(n * p.K + k)];
            hostMismatches += acc != c[size_t(m * p.N + n)];
          }
      std::printf("check %s M=%-5ld N=%-5ld K=%-5ld elements=%-9zu mismatches=%ld%s\n", names[v].c_str(), p.M, p.N, p.K,
                  c.size(), mismatches, host ? (" host-mismatches=" + std::to_string(hostMismatches)).c_str() : "");
      bad += mismatches + hostMismatches;
    }
  // Speed: TFLOP/s (2MNK over the mean of 20 launches), the same buffers.
  for (long n : {4096L, 8192L}) {
    Problem p(n, n, n, false);
    const int reps = 20;
    std::vector<float> tCute;
    for (size_t v = 0; v < kernels.size(); ++v)
      tCute.push_back(timeIt([&] { p.launch(kernels[v], dynamicSmem[v]); }, reps));
    float tBlas32 = timeIt([&] { p.cublas(h, p.Cref, CUDA_R_32F); }, reps);
    float tBlas16 = timeIt([&] { p.cublas(h, p.Cbf, CUDA_R_16BF); }, reps);
    auto tflops = [&](float ms) { return 2.0 * double(n) * n * n / (double(ms) * 1e-3) / 1e12; };
    std::printf("bench %ld^3 (bf16 in, f32 accumulate), mean of %d launches:\n", n, reps);
    for (size_t v = 0; v < kernels.size(); ++v)
      std::printf("  cute %-22s  %8.3f ms  %7.1f TFLOP/s  (/ cuBLAS f32 out %.2f, bf16 out %.2f)\n",
                  (names[v] + ".mlir").c_str(), tCute[v], tflops(tCute[v]), tBlas32 / tCute[v], tBlas16 / tCute[v]);
    std::printf("  cuBLAS GemmEx (f32 out)     %8.3f ms  %7.1f TFLOP/s\n", tBlas32, tflops(tBlas32));
    std::printf("  cuBLAS GemmEx (bf16 out)    %8.3f ms  %7.1f TFLOP/s\n", tBlas16, tflops(tBlas16));
  }
  cublasDestroy(h);
  std::printf("total mismatches: %ld\n", bad);
  return bad == 0 ? 0 : 1;
}
