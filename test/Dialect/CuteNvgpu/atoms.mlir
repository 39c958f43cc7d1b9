// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// cute_nvgpu's atoms (docs/dialect.md#targets) through the cute ops, with CuTe's answers
// (cute-ref): the SM80 bf16 tiled MMA of CuTe's sgemm_sm80 (2x2x1 atoms, M and N
// permuted to 32), its ldmatrix copies (make_tiled_copy_A/B), the 16-byte cp.async copy
// and the partitions of a Sw<2,3,3>-swizzled 128x32 shared tile at a runtime thread.
!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">
!ldsm = !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>
!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!tm = !cute.tiled_mma<!mma, !cute.layout<(2,2,1):(1,2,0)>, !cute.tile<(32:1,32:1,16:1)>>
!sl = !cute.composed_layout<Sw<2,3,3> o 0 o ((8,16),(32,1)):((32,256),(1,0))>
!sptr = !cute.ptr<bf16, smem, align<16>>
!sview = !cute.memref<bf16, smem, align<16>, !sl>
!gK = !cute.memref<bf16, gmem, align<16>, !cute.layout<(128,32):(?{div=32},1)>>

// CHECK-LABEL: func.func @sm80_gemm_parts
func.func @sm80_gemm_parts(%ps: !sptr, %g: !gK, %tid: index) {
  %atom = cute.make_atom() : () -> !mma
  %warps = cute.constant : !cute.layout<(2,2,1):(1,2,0)>
  %perm = cute.constant : !cute.tile<(32:1,32:1,16:1)>
  %tm = cute.make_tiled_mma(%atom, %warps, %perm) : (!mma, !cute.layout<(2,2,1):(1,2,0)>, !cute.tile<(32:1,32:1,16:1)>) -> !tm
  %sl = cute.constant : !sl
  %s = cute.make_view(%ps, %sl) : (!sptr, !sl) -> !sview
  // CuTe: ((_2,_2,_2),_4,_2):((_1,_256,8),_1024,16) at thread 5 (mma partition_A).
  // CHECK: cute.tiled_partition({{.*}}) {operand = "A"} {{.*}} -> !cute.memref<bf16, smem, align<4>, !cute.layout<((2,2,2),4,2):((1,256,?{div=8}),1024,?{div=16})>>
  %tCsA = cute.tiled_partition(%tm, %s, %tid) {operand = "A"} : (!tm, !sview, index)
  // CuTe's partition_fragment_A: ((_2,_2,_2),_4,_2):((_1,_2,_4),_8,_32).
  // CHECK: cute.mma.make_fragment({{.*}}) {operand = "A"} {{.*}} -> !cute.memref<bf16, rmem, !cute.layout<((2,2,2),4,2):((1,2,4),8,32)>>
  %shA = cute.get_shape(%tCsA) : (!cute.memref<bf16, smem, align<4>, !cute.layout<((2,2,2),4,2):((1,256,?{div=8}),1024,?{div=16})>>) -> !cute.shape<((2,2,2),4,2)>
  %fA = cute.mma.make_fragment(%tm, %shA) {operand = "A"} : (!tm, !cute.shape<((2,2,2),4,2)>)
  %ldsm = cute.make_atom() : () -> !ldsm
  // CuTe's make_tiled_copy_A: TiledLayout_TV ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0))), Tiler_MN (_32,_16).
  // CHECK: -> !cute.tiled_copy<!cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>
  %s2rA = cute.make_tiled_copy(%ldsm, %tm) {operand = "A"} : (!ldsm, !tm)
  // CuTe's make_tiled_copy_B.
  // CHECK: -> !cute.tiled_copy<!cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>, !cute.layout<((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))>, !cute.shape<(32,16)>>
  %s2rB = cute.make_tiled_copy(%ldsm, %tm) {operand = "B"} : (!ldsm, !tm)
  // CuTe's partition_S of the ldmatrix copy: ((_8,_1),_4,_2):((_1,_0),_1024,-16) at thread 5.
  // CHECK: -> !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),4,2):((1,0),1024,?{div=16})>>
  %tXsA = cute.tiled_partition(%s2rA, %s, %tid) {operand = "S"} : (!cute.tiled_copy<!ldsm, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>, !sview, index)
  // The cp.async copy: 32x4 threads, 8 values each; CuTe's partition_S of a K-major
  // global tile ((_8,_1),_4,_1):((_1,_0),32*K,_0) and partition_D of the swizzled tile
  // ((_8,_1),_4,_1):((_1,_0),_1024,_0).
  %cp = cute.make_atom() : () -> !cpa
  %thr = cute.constant : !cute.layout<(32,4):(4,1)>
  %val = cute.constant : !cute.layout<(1,8):(0,1)>
  // CHECK: -> !cute.tiled_copy<!cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>, !cute.layout<((4,32),8):((256,1),32)>, !cute.shape<(32,32)>>
  %g2s = cute.make_tiled_copy(%cp, %thr, %val) : (!cpa, !cute.layout<(32,4):(4,1)>, !cute.layout<(1,8):(0,1)>)
  // CHECK: -> !cute.memref<bf16, gmem, align<16>, !cute.layout<((8,1),4,1):((1,0),?{div=1024},0)>>
  %tAg = cute.tiled_partition(%g2s, %g, %tid) {operand = "S"} : (!cute.tiled_copy<!cpa, !cute.layout<((4,32),8):((256,1),32)>, !cute.shape<(32,32)>>, !gK, index)
  // CHECK: -> !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),4,1):((1,0),1024,0)>>
  %tAs = cute.tiled_partition(%g2s, %s, %tid) {operand = "D"} : (!cute.tiled_copy<!cpa, !cute.layout<((4,32),8):((256,1),32)>, !cute.shape<(32,32)>>, !sview, index)
  // CHECK: cute_nvgpu.cp_async_fence
  // CHECK: cute_nvgpu.cp_async_wait 1
  cute_nvgpu.cp_async_fence
  cute_nvgpu.cp_async_wait 1
  return
}

// The other atoms this dialect lowers parse and print.
// CHECK-LABEL: func.func @names
// CHECK-SAME: !cute_nvgpu.mma_atom<"SM80_16x8x8_F16F16F16F16_TN">
// CHECK-SAME: !cute_nvgpu.copy_atom<"SM75_U16x8_LDSM_T", f16>
// CHECK-SAME: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", f32>
// CHECK-SAME: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", i8>
func.func @names(%a: !cute_nvgpu.mma_atom<"SM80_16x8x8_F16F16F16F16_TN">,
                 %b: !cute_nvgpu.copy_atom<"SM75_U16x8_LDSM_T", f16>,
                 %c: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", f32>,
                 %d: !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", i8>) {
  return
}
