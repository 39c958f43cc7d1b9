// RUN: %cute-opt %s --cse | FileCheck %s
// RUN: %cute-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// REQUIRES: cute-opt
// Loads read and stores write the view they address: CSE merges two loads with nothing
// written between them, never a load across a store; a fragment of a view is an
// allocation (two are two buffers); the layout algebra on views stays pure.

!gv = !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>
!rv = !cute.memref<f32, rmem, !cute.layout<(4,(8)):(1,(4))>>

// CHECK-LABEL: func.func @loads_merge
// CHECK: cute.memref.load
// CHECK-NOT: cute.memref.load
// CHECK: arith.addf %[[X:.*]], %[[X]]
func.func @loads_merge(%v: !gv, %c: !cute.coord<(1,2)>) -> f32 {
  %a = cute.memref.load(%v, %c) : (!gv, !cute.coord<(1,2)>) -> f32
  %b = cute.memref.load(%v, %c) : (!gv, !cute.coord<(1,2)>) -> f32
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func @store_between
// CHECK: cute.memref.load
// CHECK: cute.memref.store
// CHECK: cute.memref.load
func.func @store_between(%v: !gv, %c: !cute.coord<(1,2)>, %x: f32) -> f32 {
  %a = cute.memref.load(%v, %c) : (!gv, !cute.coord<(1,2)>) -> f32
  cute.memref.store(%x, %v, %c) : (f32, !gv, !cute.coord<(1,2)>) -> ()
  %b = cute.memref.load(%v, %c) : (!gv, !cute.coord<(1,2)>) -> f32
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func @fragments_are_allocations
// CHECK-COUNT-2: cute.make_fragment_like
func.func @fragments_are_allocations(%v: !gv, %c: !cute.coord<(1,2)>, %x: f32) -> f32 {
  %f = cute.make_fragment_like(%v) : (!gv) -> !rv
  %g = cute.make_fragment_like(%v) : (!gv) -> !rv
  cute.memref.store(%x, %f, %c) : (f32, !rv, !cute.coord<(1,2)>) -> ()
  %y = cute.memref.load(%g, %c) : (!rv, !cute.coord<(1,2)>) -> f32
  return %y : f32
}

// CHECK-LABEL: func.func @view_algebra_is_pure
// CHECK: cute.local_tile
// CHECK-NOT: cute.local_tile
// DCE-LABEL: func.func @view_algebra_is_pure
// DCE: cute.local_tile
// DCE-NOT: cute.local_tile
// DCE-NOT: cute.get_iter
// DCE: return
func.func @view_algebra_is_pure(%v: !gv, %t: !cute.shape<(2,4)>, %c: !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>> {
  %a = cute.local_tile(%v, %t, %c) : (!gv, !cute.shape<(2,4)>, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
  %b = cute.local_tile(%v, %t, %c) : (!gv, !cute.shape<(2,4)>, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
  %unused = cute.get_iter(%b) : (!cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>) -> !cute.ptr<f32, gmem>
  return %a : !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
}

// DCE-LABEL: func.func @unused_load_stays_unused_store_stays
// DCE: cute.memref.store
func.func @unused_load_stays_unused_store_stays(%v: !gv, %c: !cute.coord<(1,2)>, %x: f32) {
  cute.memref.store(%x, %v, %c) : (f32, !gv, !cute.coord<(1,2)>) -> ()
  return
}
