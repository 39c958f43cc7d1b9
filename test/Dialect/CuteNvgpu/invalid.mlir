// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// cute_nvgpu's type diagnostics (docs/dialect.md#targets) and cute.gemm's, one split each.

// expected-error @+1 {{expects an MMA atom cute_nvgpu lowers (SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x8_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x8_F16F16F16F16_TN), but got "SM80_16x8x8_F32TF32TF32F32_TN"}}
func.func @tf32(%a: !cute_nvgpu.mma_atom<"SM80_16x8x8_F32TF32TF32F32_TN">) { return }

// -----

// expected-error @+1 {{expects a copy atom cute_nvgpu lowers (SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T, SM80_CP_ASYNC_CACHEALWAYS<uint32_t|uint64_t|uint128_t>, SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>), but got "UniversalCopy<uint128_t>"}}
func.func @universal(%a: !cute_nvgpu.copy_atom<"UniversalCopy<uint128_t>", f16>) { return }

// -----

// expected-error @+1 {{expects 16-bit values for SM75_U32x4_LDSM_N (ldmatrix moves b16 elements), but got 'f32'}}
func.func @ldsm_f32(%a: !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f32>) { return }

// -----

// expected-error @+1 {{expects a value type whose width divides 32 bits for SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, but got 'f64'}}
func.func @cp_async_wide(%a: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", f64>) { return }

// -----

// expected-error @+1 {{expects a value type that is an integer or a float, but got 'index'}}
func.func @cp_async_index(%a: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", index>) { return }

// -----

func.func @wait_negative() {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint}}
  cute_nvgpu.cp_async_wait -1
  return
}

// -----

!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
func.func @gemm_rank(%d: !cute.memref<f32, rmem, !cute.layout<(1,2):(0,1)>>, %a: !cute.memref<f32, rmem, !cute.layout<(1,2,3):(0,1,2)>>) {
  %m = cute.make_atom() : () -> !fma
  // expected-error @+1 {{'cute.gemm' op expects fragments of rank 3 ((V,M,N), (V,M,K), (V,N,K)), but `d` has rank 2}}
  cute.gemm(%m, %d, %a, %a, %d) : (!fma, !cute.memref<f32, rmem, !cute.layout<(1,2):(0,1)>>, !cute.memref<f32, rmem, !cute.layout<(1,2,3):(0,1,2)>>, !cute.memref<f32, rmem, !cute.layout<(1,2,3):(0,1,2)>>, !cute.memref<f32, rmem, !cute.layout<(1,2):(0,1)>>) -> ()
  return
}

// -----

!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
!c = !cute.memref<f32, rmem, !cute.layout<(1,2,4):(0,1,2)>>
!a = !cute.memref<f32, rmem, !cute.layout<(1,2,3):(0,1,2)>>
!b = !cute.memref<f32, rmem, !cute.layout<(1,4,5):(0,1,4)>>
func.func @gemm_k(%d: !c, %a: !a, %b: !b) {
  %m = cute.make_atom() : () -> !fma
  // expected-error @+1 {{'cute.gemm' op expects `a` and `b` to agree on K, but got 3 and 5}}
  cute.gemm(%m, %d, %a, %b, %d) : (!fma, !c, !a, !b, !c) -> ()
  return
}

// -----

!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
!c = !cute.memref<f32, rmem, !cute.layout<(1,2,4):(0,1,2)>>
!a = !cute.memref<f32, rmem, !cute.layout<(1,3,5):(0,1,3)>>
!b = !cute.memref<f32, rmem, !cute.layout<(1,4,5):(0,1,4)>>
func.func @gemm_m(%d: !c, %a: !a, %b: !b) {
  %m = cute.make_atom() : () -> !fma
  // expected-error @+1 {{'cute.gemm' op expects `d` and `a` to agree on M, but got 2 and 3}}
  cute.gemm(%m, %d, %a, %b, %d) : (!fma, !c, !a, !b, !c) -> ()
  return
}

// -----

!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">
!c = !cute.memref<f32, rmem, !cute.layout<(4,2,4):(1,4,8)>>
!a = !cute.memref<bf16, rmem, !cute.layout<(4,2,5):(1,4,8)>>
!b = !cute.memref<bf16, rmem, !cute.layout<(4,4,5):(1,4,16)>>
func.func @gemm_values(%d: !c, %a: !a, %b: !b) {
  %m = cute.make_atom() : () -> !mma
  // expected-error @+1 {{'cute.gemm' op expects `a` to hold the atom's 8 values per thread in its first mode, but got 4}}
  cute.gemm(%m, %d, %a, %b, %d) : (!mma, !c, !a, !b, !c) -> ()
  return
}

// -----

!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">
!c = !cute.memref<f32, rmem, !cute.layout<(4,2,4):(1,4,8)>>
!a = !cute.memref<f16, rmem, !cute.layout<(8,2,5):(1,8,16)>>
func.func @gemm_element(%d: !c, %a: !a) {
  %m = cute.make_atom() : () -> !mma
  // expected-error @+1 {{'cute.gemm' op expects `a` to hold the atom's 'bf16', but got 'f16'}}
  cute.gemm(%m, %d, %a, %a, %d) : (!mma, !c, !a, !a, !c) -> ()
  return
}

// -----

!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
!c = !cute.memref<f32, rmem, !cute.layout<(1,?,4):(0,1,2)>>
!a = !cute.memref<f32, rmem, !cute.layout<(1,2,3):(0,1,2)>>
func.func @gemm_runtime(%d: !c, %a: !a) {
  %m = cute.make_atom() : () -> !fma
  // expected-error @+1 {{'cute.gemm' op expects fragments of a static shape, but mode 1 of `d` has a runtime size}}
  cute.gemm(%m, %d, %a, %a, %d) : (!fma, !c, !a, !a, !c) -> ()
  return
}
