// The GPU side of docs/gpu.md: loads the PTX built from cute IR (examples/gpu/build_ptx.py),
// runs each case of cases.txt and compares every output element with the expectation the
// core library computed. With --bench, then times the copy kernel on a large matrix beside
// a device-to-device cuMemcpy and a hand-written CUDA shared-memory transpose (the same
// run, the same buffers), checking the copy's every element on the host. Compiled on the
// GPU machine:
//   nvcc -O2 -o runner runner.cu -lcuda && ./runner DIR [--bench]
// A memref<?xf32> kernel argument is five scalars (MLIR's memref descriptor: allocated and
// aligned pointer, offset, size, stride); an index argument is a 64-bit integer.
#include "runner_common.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

// The baseline: a textbook shared-memory transpose (32x32 tiles padded by one column,
// 32x8 threads, 4 elements each), out[n*M + m] = in[m*N + n].
__global__ void transposeBaseline(const float *in, float *out, long M, long N) {
  __shared__ float tile[32][33];
  long n0 = long(blockIdx.x) * 32, m0 = long(blockIdx.y) * 32;
  for (int j = threadIdx.y; j < 32; j += 8)
    if (m0 + j < M && n0 + threadIdx.x < N)
      tile[j][threadIdx.x] = in[(m0 + j) * N + n0 + threadIdx.x];
  __syncthreads();
  for (int j = threadIdx.y; j < 32; j += 8)
    if (n0 + j < N && m0 + threadIdx.x < M)
      out[(n0 + j) * M + m0 + threadIdx.x] = tile[threadIdx.x][j];
}

/// The copy kernel at M x N beside cuMemcpyDtoD and the baseline transpose; every output
/// element of the copy kernel checked (bit patterns: in[i] holds the bits of i).
static long bench(CUfunction copy, long M, long N) {
  size_t n = size_t(M) * size_t(N), bytes = n * sizeof(float);
  std::vector<uint32_t> in(n), out(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = uint32_t(i);
  CUdeviceptr dIn, dOut, dOut2;
  CHECK(cuMemAlloc(&dIn, bytes));
  CHECK(cuMemAlloc(&dOut, bytes));
  CHECK(cuMemAlloc(&dOut2, bytes));
  CHECK(cuMemcpyHtoD(dIn, in.data(), bytes));
  CHECK(cuMemsetD32(dOut, 0xffffffffu, n));
  Memref mi{dIn, dIn, 0, int64_t(n), 1}, mo{dOut, dOut, 0, int64_t(n), 1};
  int64_t m64 = M, n64 = N;
  void *args[] = {&mi.allocated, &mi.aligned, &mi.offset, &mi.size,   &mi.stride, &mo.allocated,
                  &mo.aligned,   &mo.offset,  &mo.size,   &mo.stride, &m64,       &n64};
  const int reps = 20;
  float tCute = timeIt(
      [&] {
        CHECK(cuLaunchKernel(copy, unsigned((M + 127) / 128), unsigned((N + 63) / 64), 1, 128, 1, 1, 0, nullptr, args,
                             nullptr));
      },
      reps);
  CHECK(cuMemcpyDtoH(out.data(), dOut, bytes));
  long mismatches = 0;
  for (long m = 0; m < M; ++m)
    for (long c = 0; c < N; ++c)
      if (out[size_t(c) * M + m] != in[size_t(m) * N + c])
        ++mismatches;
  float tCopy = timeIt([&] { CHECK(cuMemcpyDtoD(dOut2, dIn, bytes)); }, reps);
  dim3 grid(unsigned((N + 31) / 32), unsigned((M + 31) / 32)), block(32, 8);
  float tBase = timeIt(
      [&] {
        transposeBaseline<<<grid, block>>>(reinterpret_cast<const float *>(dIn), reinterpret_cast<float *>(dOut2), M,
                                           N);
      },
      reps);
  auto tbs = [&](float ms) { return 2.0 * double(bytes) / (double(ms) * 1e-3) / 1e12; };
  std::printf("bench M=%ld N=%ld (f32, %zu MiB each way), mean of %d launches:\n", M, N, bytes >> 20, reps);
  std::printf("  cute copy.mlir          %8.3f ms  %6.2f TB/s  mismatches=%ld\n", tCute, tbs(tCute), mismatches);
  std::printf("  CUDA smem transpose     %8.3f ms  %6.2f TB/s\n", tBase, tbs(tBase));
  std::printf("  cuMemcpyDtoD            %8.3f ms  %6.2f TB/s\n", tCopy, tbs(tCopy));
  std::printf("  cute / transpose %.2fx, cute / memcpy %.2fx\n", tBase / tCute, tCopy / tCute);
  CHECK(cuMemFree(dIn));
  CHECK(cuMemFree(dOut));
  CHECK(cuMemFree(dOut2));
  return mismatches;
}

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  usePrimaryContext();
  std::map<std::string, CUfunction> kernels;
  std::ifstream cases(dir + "/cases.txt");
  std::string kernel, file;
  long M, N, gx, gy, threads;
  long total = 0, bad = 0;
  while (cases >> kernel >> M >> N >> gx >> gy >> threads >> file) {
    if (!kernels.count(kernel)) {
      std::string ptx = slurp(dir + "/" + kernel + ".ptx");
      CUmodule mod;
      CHECK(cuModuleLoadData(&mod, ptx.c_str()));
      CUfunction f;
      CHECK(cuModuleGetFunction(&f, mod, kernel.c_str()));
      kernels[kernel] = f;
    }
    std::string want = slurp(dir + "/" + file);
    size_t n = size_t(M) * size_t(N);
    if (want.size() != n * sizeof(float)) {
      std::fprintf(stderr, "%s: expected %zu floats\n", file.c_str(), n);
      return 2;
    }
    std::vector<float> in(n), out(n, -1.0f);
    for (size_t i = 0; i < n; ++i)
      in[i] = float(i);
    CUdeviceptr dIn, dOut;
    CHECK(cuMemAlloc(&dIn, n * sizeof(float)));
    CHECK(cuMemAlloc(&dOut, n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dIn, in.data(), n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dOut, out.data(), n * sizeof(float)));
    Memref mi{dIn, dIn, 0, int64_t(n), 1}, mo{dOut, dOut, 0, int64_t(n), 1};
    int64_t m64 = M, n64 = N;
    std::vector<void *> args;
    if (kernel == "copy")
      args = {&mi.allocated, &mi.aligned, &mi.offset, &mi.size,   &mi.stride, &mo.allocated,
              &mo.aligned,   &mo.offset,  &mo.size,   &mo.stride, &m64,       &n64};
    else
      args = {&mo.allocated, &mo.aligned, &mo.offset, &mo.size, &mo.stride, &m64, &n64};
    CHECK(cuLaunchKernel(kernels[kernel], unsigned(gx), unsigned(gy), 1, unsigned(threads), 1, 1, 0, nullptr,
                         args.data(), nullptr));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out.data(), dOut, n * sizeof(float)));
    const float *expect = reinterpret_cast<const float *>(want.data());
    long mismatches = 0;
    for (size_t i = 0; i < n; ++i)
      if (out[i] != expect[i]) {
        if (mismatches < 5)
          std::printf("  %s %ldx%ld: element %zu is %g, expected %g\n", kernel.c_str(), M, N, i, out[i], expect[i]);
        ++mismatches;
      }
    std::printf("%-10s M=%-5ld N=%-5ld grid=%ldx%ld threads=%ld elements=%zu mismatches=%ld\n", kernel.c_str(), M, N,
                gx, gy, threads, n, mismatches);
    total += long(n);
    bad += mismatches;
    CHECK(cuMemFree(dIn));
    CHECK(cuMemFree(dOut));
  }
  std::printf("total: %ld elements checked, %ld mismatches\n", total, bad);
  if (argc > 2 && std::string(argv[2]) == "--bench" && kernels.count("copy")) {
    bad += bench(kernels["copy"], 8192, 8192);
    bad += bench(kernels["copy"], 8192, 8190); // N not a multiple of 4: the predicated path
  }
  return bad == 0 ? 0 : 1;
}
