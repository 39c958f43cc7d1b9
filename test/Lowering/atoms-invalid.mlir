// RUN: %cute-opt --cute-expand --split-input-file --verify-diagnostics %s
// REQUIRES: cute-opt
// The atom calls the expansion refuses (docs/lowering.md#atoms): only UniversalCopy and
// UniversalFMA are lowered here; a target's atoms are its dialect's to lower.

!ldsm = !cute.copy_atom<"SM75_U32x4_LDSM_N", f16>
func.func @ldmatrix(%s: !cute.memref<f16, smem, !cute.layout<8:1>>, %d: !cute.memref<f16, rmem, !cute.layout<8:1>>) {
  %a = cute.make_atom() : () -> !ldsm
  // expected-error @+1 {{'cute.copy_atom_call' op cannot be lowered: the atom '!cute.copy_atom<"SM75_U32x4_LDSM_N", f16>' is lowered by its target's dialect (a cute_nvgpu atom type; only UniversalCopy and UniversalFMA lower to loads and stores here)}}
  cute.copy_atom_call(%a, %s, %d) : (!ldsm, !cute.memref<f16, smem, !cute.layout<8:1>>, !cute.memref<f16, rmem, !cute.layout<8:1>>) -> ()
  return
}

// -----

!mma = !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>
!f4 = !cute.memref<f16, rmem, !cute.layout<4:1>>
!f8 = !cute.memref<f16, rmem, !cute.layout<8:1>>
func.func @tensor_core(%d: !f4, %a: !f8, %b: !f4) {
  %m = cute.make_atom() : () -> !mma
  // expected-error @+1 {{'cute.mma_atom_call' op cannot be lowered: the atom '!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>' is lowered by its target's dialect}}
  cute.mma_atom_call(%m, %d, %a, %b, %d) : (!mma, !f4, !f8, !f4, !f4) -> ()
  return
}

// -----

!fma = !cute.mma_atom<"UniversalFMA", f32, f16, f32>
!one32 = !cute.memref<f32, rmem, !cute.layout<1:1>>
!one16 = !cute.memref<f16, rmem, !cute.layout<1:1>>
func.func @mixed_fma(%d: !one32, %a: !one16) {
  %m = cute.make_atom() : () -> !fma
  // expected-error @+1 {{'cute.mma_atom_call' op cannot be lowered: UniversalFMA with mixed value types}}
  cute.mma_atom_call(%m, %d, %d, %a, %d) : (!fma, !one32, !one32, !one16, !one32) -> ()
  return
}
