// What the GPU runners of examples/gpu share (docs/gpu.md): the CUDA driver's error check,
// reading a file, MLIR's memref descriptor, a launch timer and the device's primary context.
#ifndef CUTELAYOUT_EXAMPLES_GPU_RUNNER_COMMON_H
#define CUTELAYOUT_EXAMPLES_GPU_RUNNER_COMMON_H

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#define CHECK(x)                                                                                                       \
  do {                                                                                                                 \
    CUresult r_ = (x);                                                                                                 \
    if (r_ != CUDA_SUCCESS) {                                                                                          \
      const char *s_ = nullptr;                                                                                        \
      cuGetErrorString(r_, &s_);                                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?");                                  \
      std::exit(2);                                                                                                    \
    }                                                                                                                  \
  } while (0)

/// The bytes of a file; exits 2 when it cannot be read.
static std::string slurp(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct Memref { // MLIR's descriptor of a 1-D memref: five kernel arguments
  CUdeviceptr allocated, aligned;
  int64_t offset, size, stride;
};

/// Milliseconds per launch of f, the mean of `reps` after two warm-up launches.
template <class F> static float timeIt(F f, int reps) {
  f();
  f();
  CHECK(cuCtxSynchronize());
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  for (int i = 0; i < reps; ++i)
    f();
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms / reps;
}

/// Makes device 0's primary context current (cuCtxCreate's signature changed in CUDA 13)
/// and prints the device's name.
static void usePrimaryContext() {
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  std::printf("device: %s\n", name);
}

#endif // CUTELAYOUT_EXAMPLES_GPU_RUNNER_COMMON_H
