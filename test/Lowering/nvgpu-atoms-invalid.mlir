// RUN: %cute-opt %s --split-input-file --cute-expand --verify-diagnostics
// REQUIRES: cute-opt
// Atom calls cute_nvgpu cannot lower (docs/lowering.md#targets): what the instruction
// needs of its operands, proven from the layouts and the pointers' alignment, or refused.

// A cp.async of 16 bytes whose source values are 2 apart.
!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!g = !cute.memref<bf16, gmem, align<16>, !cute.layout<(8,1):(2,0)>>
!s = !cute.memref<bf16, smem, align<16>, !cute.layout<(8,1):(1,0)>>
func.func @strided(%src: !g, %dst: !s) {
  %a = cute.make_atom() : () -> !cpa
  // expected-error @+2 {{'cute.copy_atom_call' op cannot be lowered: SM80_CP_ASYNC_CACHEALWAYS<uint128_t> expects each thread's 8 source values to be 16 contiguous bytes aligned to their size, but the layouts prove 1 (a run of 2 bytes)}}
  // expected-error @+1 {{failed to legalize operation 'cute.copy_atom_call'}}
  cute.copy_atom_call(%a, %src, %dst) : (!cpa, !g, !s) -> ()
  return
}

// -----

// Contiguous, but the pointer is known aligned to 8 bytes only.
!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!g = !cute.memref<bf16, gmem, align<8>, !cute.layout<(8,1):(1,0)>>
!s = !cute.memref<bf16, smem, align<16>, !cute.layout<(8,1):(1,0)>>
func.func @misaligned(%src: !g, %dst: !s) {
  %a = cute.make_atom() : () -> !cpa
  // expected-error @+2 {{'cute.copy_atom_call' op cannot be lowered: SM80_CP_ASYNC_CACHEALWAYS<uint128_t> expects each thread's 8 source values to be 16 contiguous bytes aligned to their size, but the layouts prove 4 (a run of 8 bytes)}}
  // expected-error @+1 {{failed to legalize operation 'cute.copy_atom_call'}}
  cute.copy_atom_call(%a, %src, %dst) : (!cpa, !g, !s) -> ()
  return
}

// -----

!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!g = !cute.memref<bf16, gmem, align<16>, !cute.layout<(8,1):(1,0)>>
func.func @to_global(%src: !g, %dst: !g) {
  %a = cute.make_atom() : () -> !cpa
  // expected-error @+2 {{'cute.copy_atom_call' op cannot be lowered: SM80_CP_ASYNC_CACHEALWAYS<uint128_t> expects a global-memory source and a shared-memory destination}}
  // expected-error @+1 {{failed to legalize operation 'cute.copy_atom_call'}}
  cute.copy_atom_call(%a, %src, %dst) : (!cpa, !g, !g) -> ()
  return
}

// -----

!ldsm = !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>
!g = !cute.memref<f16, gmem, align<16>, !cute.layout<(8,1):(1,0)>>
!r = !cute.memref<f16, rmem, !cute.layout<(8,1):(1,0)>>
func.func @ldmatrix_global(%src: !g, %dst: !r) {
  %a = cute.make_atom() : () -> !ldsm
  // expected-error @+2 {{'cute.copy_atom_call' op cannot be lowered: SM75_U32x4_LDSM_N expects its source in shared memory}}
  // expected-error @+1 {{failed to legalize operation 'cute.copy_atom_call'}}
  cute.copy_atom_call(%a, %src, %dst) : (!ldsm, !g, !r) -> ()
  return
}

// -----

// The views do not hold the same number of atom calls.
!ldsm = !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>
!s = !cute.memref<f16, smem, align<16>, !cute.layout<((8,1),2):((1,0),8)>>
!r = !cute.memref<f16, rmem, !cute.layout<((8,1),3):((1,0),8)>>
func.func @calls(%src: !s, %dst: !r) {
  %a = cute.make_atom() : () -> !ldsm
  // expected-error @+2 {{'cute.copy_atom_call' op cannot be lowered: the views hold 16 and 24 values, not the same number of calls of 8 and 8}}
  // expected-error @+1 {{failed to legalize operation 'cute.copy_atom_call'}}
  cute.copy_atom_call(%a, %src, %dst) : (!ldsm, !s, !r) -> ()
  return
}
