// RUN: %cute-opt %s | FileCheck %s
// REQUIRES: cute-opt
// Partitions of a view over a swizzled (composed) layout: local_tile, local_partition,
// tiled_partition and slice take CuTe's tensor algebra (slice_and_offset): the pointer
// moves by the fixed modes' bits outside the swizzle's fields, and the part is a plain
// layout where the remaining swizzle is linear on it (its strides depend on the fixed
// bits: runtime strides for a runtime thread or tile index), a composed layout where it is
// not. CuTe's answers (cute-ref), for T = make_tensor(make_smem_ptr<half_t>(nullptr),
// composition(Swizzle<3,4,3>{}, Layout<Shape<_64,_64>,Stride<_64,_1>>{})):
//   local_partition(T, (16,8):(8,1), Int<19>{})  smem_ptr[16b](0x126) o (_4,(_2,_2,_2)):(_1024,(_8,_-16,_32))
//   local_partition(T, (16,8):(8,1), 19)          smem_ptr[16b](0x126) o (_4,(_2,_2,_2)):(_1024,(_8,-16,32))
//   local_tile(T, (8,8), (Int<2>{},Int<5>{}))     smem_ptr[16b](0x850) o ((_2,_2,_2),_8):((_64,_144,_224),_1)
//   local_tile(T, (8,8), (2,5))                    smem_ptr[16b](0x850) o ((_2,_2,_2),_8):((64,144,224),_1)
//   local_tile(T, (16,64), (Int<1>{},Int<0>{}))   smem_ptr[16b](0x800) o Sw<3,4,3> o _0 o (_16,_64):(_64,_1)
//   T(Int<3>{}, _)                                 smem_ptr[16b](0x1a0) o ((_16,_2,_2)):((_1,_-16,_32))
//   T(_, Int<3>{})                                 smem_ptr[16b](0x6) o Sw<3,4,3> o _0 o (_64):(_64)
//   make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, (16,8):(8,1), (1,8))
//     .get_slice(37).partition_D(T)               smem_ptr[16b](0x210) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)
// (0x126 bytes of half elements is 147 elements, 0x850 is 1064, 0x1a0 is 208, 0x210 is 264.)
// The moved pointer keeps the alignment its offset provably keeps (the view's is 128
// bytes): 16 for the 16-byte vectors of a thread's part, 32 for row 3 (0x1a0 = 13 * 32).
// The swizzled part's runtime strides are known multiples (?{div=16}).

!sw = !cute.composed_layout<Sw<3,4,3> o 0 o (64,64):(64,1)>
!view = !cute.memref<f16, smem, align<128>, !sw>
!copy = !cute.copy_atom<"UniversalCopy<uint128_t>", f16>

// CHECK-LABEL: func.func @partitions
// CHECK: cute.local_partition({{.*}}) -> !cute.memref<f16, smem, !cute.layout<(4,(2,2,2)):(1024,(8,?{div=16},?{div=32}))>>
// CHECK: cute.local_partition({{.*}}) -> !cute.memref<f16, smem, !cute.layout<(4,(2,2,2)):(1024,(8,-16,32))>>
// CHECK: cute.local_tile({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((2,2,2),8):((?{div=64},?{div=16},?{div=32}),1)>>
// CHECK: cute.local_tile({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((2,2,2),8):((64,144,224),1)>>
// CHECK: cute.local_tile({{.*}}) -> !cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (16,64):(64,1)>>
// CHECK: cute.slice({{.*}}) -> !cute.memref<f16, smem, align<32>, !cute.layout<((16,2,2)):((1,-16,32))>>
// CHECK: cute.slice({{.*}}) -> !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o (64):(64)>>
// CHECK: cute.slice({{.*}}) -> !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o ? o (64):(64)>>
// CHECK: cute.tiled_partition({{.*}}) {operand = "D"} : ({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((8,1),4,1):((1,0),1024,0)>>
// CHECK: cute.tiled_partition({{.*}}) {operand = "D"} : ({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((8,1),4,1):((1,0),1024,0)>>
func.func @partitions(%p: !cute.ptr<f16, smem, align<128>>, %tid: index, %bm: index, %bn: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c19 = arith.constant 19 : index
  %c37 = arith.constant 37 : index
  %l = cute.constant : !sw
  %v = cute.make_view(%p, %l) : (!cute.ptr<f16, smem, align<128>>, !sw)
  %thr = cute.constant : !cute.layout<(16,8):(8,1)>
  %a = cute.local_partition(%v, %thr, %tid) : (!view, !cute.layout<(16,8):(8,1)>, index)
  %b = cute.local_partition(%v, %thr, %c19) : (!view, !cute.layout<(16,8):(8,1)>, index)
  %s8 = cute.constant : !cute.shape<(8,8)>
  %rc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
  %c = cute.local_tile(%v, %s8, %rc) : (!view, !cute.shape<(8,8)>, !cute.coord<(?,?)>)
  %k25 = cute.constant : !cute.coord<(2,5)>
  %d = cute.local_tile(%v, %s8, %k25) : (!view, !cute.shape<(8,8)>, !cute.coord<(2,5)>)
  %s16 = cute.constant : !cute.shape<(16,64)>
  %k10 = cute.constant : !cute.coord<(1,0)>
  %e = cute.local_tile(%v, %s16, %k10) : (!view, !cute.shape<(16,64)>, !cute.coord<(1,0)>)
  %row = cute.constant : !cute.coord<(3,_)>
  %f = cute.slice(%row, %v) : (!cute.coord<(3,_)>, !view)
  %col = cute.constant : !cute.coord<(_,3)>
  %g = cute.slice(%col, %v) : (!cute.coord<(_,3)>, !view)
  // A runtime column: CuTe's offset is a MixedBits value (the column's bits in the swizzle's
  // fields); the composed result holds it as a runtime offset.
  %all = cute.constant : !cute.coord<_>
  %rcol = cute.make_coord(%all, %bn) : (!cute.coord<_>, index)
  %g2 = cute.slice(%rcol, %v) : (!cute.coord<(_,?)>, !view)
  %atom = cute.make_atom() : () -> !copy
  %tl = cute.constant : !cute.layout<(16,8):(8,1)>
  %vl = cute.constant : !cute.layout<(1,8):(0,1)>
  %tc = cute.make_tiled_copy(%atom, %tl, %vl) : (!copy, !cute.layout<(16,8):(8,1)>, !cute.layout<(1,8):(0,1)>)
  %h = cute.tiled_partition(%tc, %v, %tid) {operand = "D"} : (!cute.tiled_copy<!copy, !cute.layout<((8,16),8):((128,1),16)>, !cute.shape<(16,64)>>, !view, index)
  %i = cute.tiled_partition(%tc, %v, %c37) {operand = "D"} : (!cute.tiled_copy<!copy, !cute.layout<((8,16),8):((128,1),16)>, !cute.shape<(16,64)>>, !view, index)
  return
}
