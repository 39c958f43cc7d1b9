"""cuBLAS through PyTorch, as issue 43 asks for the baseline: torch.matmul of bf16
matrices (A @ B.T, A and B K-contiguous, bf16 out) at 4096^3 and 8192^3, the mean of 20
launches after two warm-up ones, timed with CUDA events. Run on the GPU machine beside
gemm_runner (docs/gpu.md)."""
import torch

for n in (4096, 8192):
    a = torch.randint(-3, 4, (n, n), device="cuda").to(torch.bfloat16)
    b = torch.randint(-3, 4, (n, n), device="cuda").to(torch.bfloat16)
    for _ in range(2):
        torch.matmul(a, b.T)
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(20):
        torch.matmul(a, b.T)
    end.record()
    end.synchronize()
    ms = start.elapsed_time(end) / 20
    print("torch.matmul %d^3 bf16: %.3f ms  %.1f TFLOP/s" % (n, ms, 2 * n ** 3 / (ms * 1e-3) / 1e12))
