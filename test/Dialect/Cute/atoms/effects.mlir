// RUN: %cute-opt %s --cse | FileCheck %s
// RUN: %cute-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// REQUIRES: cute-opt
// The atoms' memory effects (docs/dialect.md#atoms): atoms, tiled atoms and partitions
// are pure (CSE merges them, DCE drops them unused); a fragment is an allocation (two
// are two buffers); an atom call reads its sources and writes its destination, so it is
// never dropped, and a load of its destination is never moved across it.

!copy = !cute.copy_atom<"UniversalCopy<uint64_t>", f32>
!tc = !cute.tiled_copy<!copy, !cute.layout<((2,4),2):((8,1),4)>, !cute.shape<(4,4)>>
!g = !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>
!p = !cute.memref<f32, gmem, !cute.layout<((2,1),1,2):((4,0),0,16)>>
!r = !cute.memref<f32, rmem, !cute.layout<((2,1),1,2):((1,0),0,2)>>
!mma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>

// CHECK-LABEL: func.func @pure_merge
// CHECK: cute.make_atom
// CHECK-NOT: cute.make_atom
// CHECK: cute.make_tiled_copy
// CHECK-NOT: cute.make_tiled_copy
// CHECK: cute.tiled_partition
// CHECK-NOT: cute.tiled_partition
// CHECK: return
func.func @pure_merge(%v: !g, %t: index, %i: index) -> f32 {
  %thr = cute.constant : !cute.layout<(4,2):(2,1)>
  %val = cute.constant : !cute.layout<(1,2):(0,1)>
  %a1 = cute.make_atom() : () -> !copy
  %a2 = cute.make_atom() : () -> !copy
  %c1 = cute.make_tiled_copy(%a1, %thr, %val) : (!copy, !cute.layout<(4,2):(2,1)>, !cute.layout<(1,2):(0,1)>) -> !tc
  %c2 = cute.make_tiled_copy(%a2, %thr, %val) : (!copy, !cute.layout<(4,2):(2,1)>, !cute.layout<(1,2):(0,1)>) -> !tc
  %p1 = cute.tiled_partition(%c1, %v, %t) {operand = "D"} : (!tc, !g, index) -> !p
  %p2 = cute.tiled_partition(%c2, %v, %t) {operand = "D"} : (!tc, !g, index) -> !p
  %x = cute.memref.load(%p1, %i) : (!p, index) -> f32
  %y = cute.memref.load(%p2, %i) : (!p, index) -> f32
  %z = arith.addf %x, %y : f32
  return %z : f32
}

// DCE-LABEL: func.func @unused
// DCE-NEXT: return

func.func @unused(%v: !g, %t: index) {
  %thr = cute.constant : !cute.layout<(4,2):(2,1)>
  %val = cute.constant : !cute.layout<(1,2):(0,1)>
  %a1 = cute.make_atom() : () -> !copy
  %a2 = cute.make_atom() : () -> !copy
  %c1 = cute.make_tiled_copy(%a1, %thr, %val) : (!copy, !cute.layout<(4,2):(2,1)>, !cute.layout<(1,2):(0,1)>) -> !tc
  %c2 = cute.make_tiled_copy(%a2, %thr, %val) : (!copy, !cute.layout<(4,2):(2,1)>, !cute.layout<(1,2):(0,1)>) -> !tc
  %p1 = cute.tiled_partition(%c1, %v, %t) {operand = "D"} : (!tc, !g, index) -> !p
  %p2 = cute.tiled_partition(%c2, %v, %t) {operand = "D"} : (!tc, !g, index) -> !p
  return
}

// CHECK-LABEL: func.func @fragments_and_calls
// CHECK: cute.mma.make_fragment
// CHECK: cute.mma.make_fragment
// CHECK: cute.copy_atom_call
// CHECK: cute.memref.load
// CHECK: cute.copy_atom_call
// CHECK: cute.memref.load
// DCE-LABEL: func.func @fragments_and_calls
// DCE-COUNT-2: cute.copy_atom_call
func.func @fragments_and_calls(%c: !tc, %src: !r, %dst: !p, %i: index) -> f32 {
  %m = cute.make_atom() : () -> !mma
  %s = cute.constant : !cute.shape<(1,2,2)>
  %f1 = cute.mma.make_fragment(%m, %s) {operand = "C"} : (!mma, !cute.shape<(1,2,2)>) -> !cute.memref<f32, rmem, !cute.layout<(1,2,2):(0,1,2)>>
  %f2 = cute.mma.make_fragment(%m, %s) {operand = "C"} : (!mma, !cute.shape<(1,2,2)>) -> !cute.memref<f32, rmem, !cute.layout<(1,2,2):(0,1,2)>>
  %one = arith.constant 1.0 : f32
  cute.memref.store(%one, %f1, %i) : (f32, !cute.memref<f32, rmem, !cute.layout<(1,2,2):(0,1,2)>>, index) -> ()
  cute.memref.store(%one, %f2, %i) : (f32, !cute.memref<f32, rmem, !cute.layout<(1,2,2):(0,1,2)>>, index) -> ()
  cute.copy_atom_call(%c, %src, %dst) : (!tc, !r, !p) -> ()
  %x = cute.memref.load(%dst, %i) : (!p, index) -> f32
  cute.copy_atom_call(%c, %src, %dst) : (!tc, !r, !p) -> ()
  %y = cute.memref.load(%dst, %i) : (!p, index) -> f32
  %z = arith.addf %x, %y : f32
  return %z : f32
}
