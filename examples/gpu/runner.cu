// The GPU side of docs/gpu.md: loads the PTX built from cute IR (examples/gpu/build_ptx.py),
// runs each case of cases.txt and compares every output element with the expectation the
// core library computed. CUDA driver API only; compiled on the GPU machine:
//   nvcc -O2 -o runner runner.cu -lcuda && ./runner DIR
// A memref<?xf32> kernel argument is five scalars (MLIR's memref descriptor: allocated and
// aligned pointer, offset, size, stride); an index argument is a 64-bit integer.
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    CUresult r_ = (x);                                                                             \
    if (r_ != CUDA_SUCCESS) {                                                                      \
      const char *s_ = nullptr;                                                                    \
      cuGetErrorString(r_, &s_);                                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?");              \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

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

struct Memref { // MLIR's descriptor of a 1-D memref
  CUdeviceptr allocated, aligned;
  int64_t offset, size, stride;
};

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  CUcontext ctx; // the primary context (cuCtxCreate's signature changed in CUDA 13)
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  std::printf("device: %s\n", name);
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
      args = {&mi.allocated, &mi.aligned, &mi.offset, &mi.size, &mi.stride,
              &mo.allocated, &mo.aligned, &mo.offset, &mo.size, &mo.stride, &m64, &n64};
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
  return bad == 0 ? 0 : 1;
}
