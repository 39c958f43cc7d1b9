// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Atoms (docs/dialect.md#atoms): the atom types read back as printed; the builders'
// results, the per-thread partitions (of a view, a layout and the identity tensor) and the
// fragments are CuTe's (the expected values are CUTLASS CuTe's answers, printed with
// get_slice(thread).partition_X and print).

// CHECK-LABEL: func.func @types
// CHECK-SAME: !cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f32>
// CHECK-SAME: !cute.mma_atom<"SM80_16x8x8_F32TF32TF32F32_TN", tf32, f32, f32>
// CHECK-SAME: !cute.mma_atom<"UniversalFMA", f64, f64, f64>
// CHECK-SAME: !cute.copy_atom<"SM75_U32x4_LDSM_N", f16>
// CHECK-SAME: !cute.tiled_mma<!cute.mma_atom<"UniversalFMA", f32, f32, f32>, !cute.layout<(16,8,1):(1,16,0)>, !cute.tile<(_,_,8:1)>>
func.func @types(%a: !cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f32>,
                 %b: !cute.mma_atom<"SM80_16x8x8_F32TF32TF32F32_TN", tf32, f32, f32>,
                 %c: !cute.mma_atom<"UniversalFMA", f64, f64, f64>,
                 %d: !cute.copy_atom<"SM75_U32x4_LDSM_N", f16>,
                 %e: !cute.tiled_mma<!cute.mma_atom<"UniversalFMA", f32, f32, f32>, !cute.layout<(16,8,1):(1,16,0)>, !cute.tile<(_,_,8:1)>>) {
  return
}

!copy = !cute.copy_atom<"UniversalCopy<uint128_t>", f16>
!tc = !cute.tiled_copy<!copy, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>

// CuTe: make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, (32,8):(8,1), (1,8))
// has Tiler_MN (32,64) and TiledLayout_TV ((8,32),8):((256,1),32); thread 5's part of a
// 128x64 row-major tile is counting_iter(40) o ((8,1),4,1):((1,0),2048,0), and of the
// identity tensor ArithTuple(0,40) o ((8,1),4,1):((1@1,0),32@0,0).
// CHECK-LABEL: func.func @tiled_copy
// CHECK: cute.make_atom() : () -> !cute.copy_atom<"UniversalCopy<uint128_t>", f16>
// CHECK: cute.make_tiled_copy(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
// CHECK: cute.tiled_partition(%{{.*}}, %{{.*}}, %{{.*}}) {operand = "S"} : ({{.*}}) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
// CHECK: cute.tiled_partition(%{{.*}}, %{{.*}}, %{{.*}}) {operand = "D"} : ({{.*}}) -> !cute.layout<((8,1),4,1):((1,0),2048,0)>
// CHECK: cute.tiled_partition(%{{.*}}, %{{.*}}, %{{.*}}) {operand = "S"} : ({{.*}}) -> !cute.coord_tensor<!cute.coord<(0,40)>, !cute.layout<((8,1),4,1):((1@1,0),32@0,0)>>
func.func @tiled_copy(%g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %tid: index) {
  %a = cute.make_atom() : () -> !copy
  %thr = cute.constant : !cute.layout<(32,8):(8,1)>
  %val = cute.constant : !cute.layout<(1,8):(0,1)>
  %tc = cute.make_tiled_copy(%a, %thr, %val) : (!copy, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !tc
  %p = cute.tiled_partition(%tc, %g, %tid) {operand = "S"} : (!tc, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  %l = cute.constant : !cute.layout<(128,64):(64,1)>
  %c5 = arith.constant 5 : index
  %q = cute.tiled_partition(%tc, %l, %c5) {operand = "D"} : (!tc, !cute.layout<(128,64):(64,1)>, index) -> !cute.layout<((8,1),4,1):((1,0),2048,0)>
  %s = cute.constant : !cute.shape<(128,64)>
  %idl = cute.make_identity_tensor(%s) : (!cute.shape<(128,64)>) -> !cute.layout<(128,64):(1@0,1@1)>
  %o = cute.constant : !cute.coord<(0,0)>
  %id = cute.make_view(%o, %idl) : (!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>) -> !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>>
  %r = cute.tiled_partition(%tc, %id, %c5) {operand = "S"} : (!tc, !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>>, index) -> !cute.coord_tensor<!cute.coord<(0,40)>, !cute.layout<((8,1),4,1):((1@1,0),32@0,0)>>
  return
}

!mma = !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>
!tm = !cute.tiled_mma<!mma, !cute.layout<(2,2,1):(1,2,0)>>
!ldsm = !cute.copy_atom<"SM75_U32x4_LDSM_N", f16>

// CuTe: make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, Layout<Shape<_2,_2,_1>>): thread 37's
// A of a 64x32 column-major tile is counting_iter(145) o ((2,2,2),2,2):((64,8,512),32,1024),
// its fragment ((2,2,2),2,2):((1,2,4),8,16); its C of 64x64, counting_iter(145) o
// ((2,2),2,4):((64,8),32,1024), a fragment of that shape, compact; make_tiled_copy_A with
// SM75_U32x4_LDSM_N: Tiler_MN (32,16), TiledLayout_TV
// ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0))).
// CHECK-LABEL: func.func @tiled_mma
// CHECK: cute.make_tiled_mma(%{{.*}}, %{{.*}}) : ({{.*}}) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
// CHECK: -> !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>
// CHECK: cute.mma.make_fragment(%{{.*}}, %{{.*}}) {operand = "A"} : ({{.*}}) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
// CHECK: -> !cute.memref<f16, gmem, !cute.layout<((2,2),2,4):((64,8),32,1024)>>
// CHECK: cute.mma.make_fragment(%{{.*}}, %{{.*}}) {operand = "C"} : ({{.*}}) -> !cute.memref<f16, rmem, !cute.layout<((2,2),2,4):((1,2),4,8)>>
// CHECK: cute.mma.make_fragment(%{{.*}}, %{{.*}}) {operand = "B"} : ({{.*}}) -> !cute.memref<f16, rmem, !cute.layout<((2,2),2,2):((1,2),4,8)>>
// CHECK: -> !cute.tiled_copy<!cute.copy_atom<"SM75_U32x4_LDSM_N", f16>, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>
func.func @tiled_mma(%sa: !cute.memref<f16, smem, !cute.layout<(64,32):(1,64)>>,
                     %gc: !cute.memref<f16, gmem, !cute.layout<(64,64):(1,64)>>) {
  %m = cute.make_atom() : () -> !mma
  %al = cute.constant : !cute.layout<(2,2,1):(1,2,0)>
  %tm = cute.make_tiled_mma(%m, %al) : (!mma, !cute.layout<(2,2,1):(1,2,0)>) -> !tm
  %c37 = arith.constant 37 : index
  %pa = cute.tiled_partition(%tm, %sa, %c37) {operand = "A"} : (!tm, !cute.memref<f16, smem, !cute.layout<(64,32):(1,64)>>, index) -> !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>
  %fa = cute.mma.make_fragment(%tm, %pa) {operand = "A"} : (!tm, !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  %pc = cute.tiled_partition(%tm, %gc, %c37) {operand = "C"} : (!tm, !cute.memref<f16, gmem, !cute.layout<(64,64):(1,64)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((2,2),2,4):((64,8),32,1024)>>
  %fc = cute.mma.make_fragment(%m, %pc) {operand = "C"} : (!mma, !cute.memref<f16, gmem, !cute.layout<((2,2),2,4):((64,8),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2),2,4):((1,2),4,8)>>
  %sb = cute.constant : !cute.shape<((2,2),2,2)>
  %fb = cute.mma.make_fragment(%tm, %sb) {operand = "B"} : (!tm, !cute.shape<((2,2),2,2)>) -> !cute.memref<f16, rmem, !cute.layout<((2,2),2,2):((1,2),4,8)>>
  %l = cute.make_atom() : () -> !ldsm
  %tca = cute.make_tiled_copy(%l, %tm) {operand = "A"} : (!ldsm, !tm) -> !cute.tiled_copy<!ldsm, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>
  return
}

// CHECK-LABEL: func.func @calls
// CHECK: cute.copy_atom_call(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, {{.*}}) -> ()
// CHECK: cute.mma_atom_call(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, {{.*}}) -> ()
func.func @calls(%s: !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>,
                 %r: !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>,
                 %d: !cute.memref<f16, rmem, !cute.layout<4:1>>, %a: !cute.memref<f16, rmem, !cute.layout<8:1>>,
                 %b: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  %c = cute.make_atom() : () -> !copy
  cute.copy_atom_call(%c, %s, %r) : (!copy, !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) -> ()
  %m = cute.make_atom() : () -> !mma
  cute.mma_atom_call(%m, %d, %a, %b, %d) : (!mma, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<8:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>) -> ()
  return
}

// The builders' result types may be left out: the parser computes them with the core.
// CHECK-LABEL: func.func @inferred_results
// CHECK: cute.make_tiled_mma(%{{.*}}, %{{.*}}) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
// CHECK: -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
// CHECK: {operand = "A"} : ({{.*}}) -> !cute.tiled_copy<!cute.copy_atom<"SM75_U32x4_LDSM_N", f16>, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>
func.func @inferred_results(%m: !mma, %al: !cute.layout<(2,2,1):(1,2,0)>, %a: !copy, %t: !cute.layout<(32,8):(8,1)>,
                            %v: !cute.layout<(1,8):(0,1)>, %l: !ldsm) {
  %tm = cute.make_tiled_mma(%m, %al) : (!mma, !cute.layout<(2,2,1):(1,2,0)>)
  %tc = cute.make_tiled_copy(%a, %t, %v) : (!copy, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>)
  %tca = cute.make_tiled_copy(%l, %tm) {operand = "A"} : (!ldsm, !tm)
  return
}
