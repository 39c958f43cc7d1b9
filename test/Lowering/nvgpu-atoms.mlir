// RUN: %cute-opt %s --split-input-file --cute-expand --canonicalize --cute-nvgpu-to-nvvm | FileCheck %s
// REQUIRES: cute-opt
// cute_nvgpu's atoms lowered (docs/lowering.md#targets): --cute-expand computes each atom
// call's value addresses from the views' layouts, and the atom type emits nvvm's
// instruction; --cute-nvgpu-to-nvvm lowers the cp.async group ops.

// A cp.async copy of a thread's 2 x 8 bf16 (two calls of 16 bytes, the second 32
// elements on in both views), then the group ops.
// CHECK-LABEL: func.func @cp_async
// CHECK: nvvm.cp.async.shared.global %arg1, %arg0, 16, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: %[[G:.*]] = llvm.getelementptr %arg0[32] : (!llvm.ptr<1>) -> !llvm.ptr<1>, bf16
// CHECK: %[[S:.*]] = llvm.getelementptr %arg1[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, bf16
// CHECK: nvvm.cp.async.shared.global %[[S]], %[[G]], 16, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!g = !cute.memref<bf16, gmem, align<16>, !cute.layout<((8,1),2):((1,0),32)>>
!s = !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),2):((1,0),32)>>
func.func @cp_async(%src: !g, %dst: !s) {
  %a = cute.make_atom() : () -> !cpa
  cute.copy_atom_call(%a, %src, %dst) : (!cpa, !g, !s) -> ()
  cute_nvgpu.cp_async_fence
  cute_nvgpu.cp_async_wait 0
  return
}

// -----

// ldmatrix.x4: the thread's row address (value 0), four registers unpacked into the 8
// values of the fragment.
// CHECK-LABEL: func.func @ldmatrix
// CHECK: %[[R:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : bf16, !llvm.ptr
// CHECK-NOT: llvm.store
!ldsm = !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>
!s = !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),1):((1,0),0)>>
!r = !cute.memref<bf16, rmem, !cute.layout<((8,1),1):((1,0),0)>>
func.func @ldmatrix(%src: !s, %dst: !r) {
  %a = cute.make_atom() : () -> !ldsm
  cute.copy_atom_call(%a, %src, %dst) : (!ldsm, !s, !r) -> ()
  return
}

// -----

// mma.sync m16n8k16 bf16: A's 8 values packed into 4 i32, B's 4 into 2, C's 4 f32; D's 4
// f32 stored.
// CHECK-LABEL: func.func @mma
// CHECK: nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}] B[{{.*}}, {{.*}}] C[{{.*}}, {{.*}}, {{.*}}, {{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">
!a = !cute.memref<bf16, rmem, !cute.layout<8:1>>
!b = !cute.memref<bf16, rmem, !cute.layout<4:1>>
!c = !cute.memref<f32, rmem, !cute.layout<4:1>>
func.func @mma(%d: !c, %x: !a, %y: !b) {
  %m = cute.make_atom() : () -> !mma
  cute.mma_atom_call(%m, %d, %x, %y, %d) : (!mma, !c, !a, !b, !c) -> ()
  return
}

// -----

// cute.gemm of the tiled MMA: (V,M,N) += (V,M,K) x (V,N,K), 2 x 2 x 2 atoms.
// CHECK-LABEL: func.func @gemm
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">
!a = !cute.memref<f16, rmem, !cute.layout<(8,2,2):(1,8,16)>>
!b = !cute.memref<f16, rmem, !cute.layout<(4,2,2):(1,4,8)>>
!c = !cute.memref<f32, rmem, !cute.layout<(4,2,2):(1,4,8)>>
func.func @gemm(%d: !c, %x: !a, %y: !b) {
  %m = cute.make_atom() : () -> !mma
  cute.gemm(%m, %d, %x, %y, %d) : (!mma, !c, !a, !b, !c) -> ()
  return
}
