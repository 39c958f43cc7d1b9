// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Partitions of a swizzled view lowered and run: a 64x64 buffer whose element i holds i,
// viewed through Sw<3,4,3> o 0 o (64,64):(64,1). Every thread of a 16x8 row-major thread
// layout (runtime index) reads its part (local_partition: a plain layout with runtime
// strides from a moved pointer) and every 8x8 tile (runtime tile coordinate) its elements
// (local_tile); each element is compared with the same coordinate read through the whole
// swizzled view (the identity tensor partitioned and tiled alike gives the coordinate).
// The mismatch counts are 0. Thread 19's first elements are CuTe's: its part is
// smem_ptr[16b](0x126) o (_4,(_2,_2,_2)):(_1024,(_8,-16,32)), elements 147 + (0, 1024, 8,
// 1032, -16) for indices 0, 1, 4, 5, 8.

// CHECK: 147
// CHECK-NEXT: 1171
// CHECK-NEXT: 155
// CHECK-NEXT: 1179
// CHECK-NEXT: 131
// CHECK-NEXT: 0
// CHECK-NEXT: 4096
// CHECK-NEXT: 0
// CHECK-NEXT: 4096
// Every column (runtime index j): slice (_, j) keeps both swizzle fields, so the part stays
// composed, Sw<3,4,3> o ? o (64):(64) (CuTe's offset is a MixedBits value: the column's
// bits inside the fields), from a pointer moved by the bits outside them.
// CHECK-NEXT: 0
// CHECK-NEXT: 4096
!sw = !cute.composed_layout<Sw<3,4,3> o 0 o (64,64):(64,1)>
!view = !cute.memref<f32, gmem, !sw>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %buf = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %buf[%i] : memref<4096xf32>
  }
  %p = cute.make_ptr(%buf) : (memref<4096xf32>) -> !cute.ptr<f32, gmem>
  %c19 = arith.constant 19 : index
  func.call @thread19(%p, %c19) : (!cute.ptr<f32, gmem>, index) -> ()
  func.call @partitions(%p) : (!cute.ptr<f32, gmem>) -> ()
  func.call @tiles(%p) : (!cute.ptr<f32, gmem>) -> ()
  func.call @columns(%p) : (!cute.ptr<f32, gmem>) -> ()
  memref.dealloc %buf : memref<4096xf32>
  return
}

func.func @thread19(%p: !cute.ptr<f32, gmem>, %tid: index) {
  %l = cute.constant : !sw
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !sw)
  %thr = cute.constant : !cute.layout<(16,8):(8,1)>
  %part = cute.local_partition(%v, %thr, %tid) : (!view, !cute.layout<(16,8):(8,1)>, index)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %ks = vector.from_elements %c0, %c1, %c4, %c5, %c8 : vector<5xindex>
  scf.for %j = %c0 to %c5 step %c1 {
    %k = vector.extract %ks[%j] : index from vector<5xindex>
    %x = cute.memref.load(%part, %k) : (!cute.memref<f32, gmem, !cute.layout<(4,(2,2,2)):(1024,(8,?{div=16},?{div=32}))>>, index) -> f32
    %xi = arith.fptosi %x : f32 to i64
    vector.print %xi : i64
  }
  return
}

// Every thread's part against the whole view: mismatches, then elements compared.
func.func @partitions(%p: !cute.ptr<f32, gmem>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %l = cute.constant : !sw
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !sw)
  %thr = cute.constant : !cute.layout<(16,8):(8,1)>
  %shape = cute.constant : !cute.shape<(64,64)>
  %idl = cute.make_identity_tensor(%shape) : (!cute.shape<(64,64)>)
  %o = cute.constant : !cute.coord<(0,0)>
  %id = cute.make_view(%o, %idl) : (!cute.coord<(0,0)>, !cute.layout<(64,64):(1@0,1@1)>)
  %r:2 = scf.for %t = %c0 to %c128 step %c1 iter_args(%bad = %c0, %seen = %c0) -> (index, index) {
    %part = cute.local_partition(%v, %thr, %t) : (!view, !cute.layout<(16,8):(8,1)>, index)
    %crds = cute.local_partition(%id, %thr, %t) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(64,64):(1@0,1@1)>>, !cute.layout<(16,8):(8,1)>, index)
    %q:2 = scf.for %k = %c0 to %c32 step %c1 iter_args(%b = %bad, %s = %seen) -> (index, index) {
      %x = cute.memref.load(%part, %k) : (!cute.memref<f32, gmem, !cute.layout<(4,(2,2,2)):(1024,(8,?{div=16},?{div=32}))>>, index) -> f32
      %crd = cute.memref.load(%crds, %k) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,8):(16@0,8@1)>>, index) -> !cute.coord<(?,?)>
      %y = cute.memref.load(%v, %crd) : (!view, !cute.coord<(?,?)>) -> f32
      %same = arith.cmpf oeq, %x, %y : f32
      %inc = arith.select %same, %c0, %c1 : index
      %b2 = arith.addi %b, %inc : index
      %s2 = arith.addi %s, %c1 : index
      scf.yield %b2, %s2 : index, index
    }
    scf.yield %q#0, %q#1 : index, index
  }
  vector.print %r#0 : index
  vector.print %r#1 : index
  return
}

// Every 8x8 tile (runtime tile coordinate) against the whole view.
func.func @tiles(%p: !cute.ptr<f32, gmem>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %l = cute.constant : !sw
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !sw)
  %s8 = cute.constant : !cute.shape<(8,8)>
  %shape = cute.constant : !cute.shape<(64,64)>
  %idl = cute.make_identity_tensor(%shape) : (!cute.shape<(64,64)>)
  %o = cute.constant : !cute.coord<(0,0)>
  %id = cute.make_view(%o, %idl) : (!cute.coord<(0,0)>, !cute.layout<(64,64):(1@0,1@1)>)
  %r:2 = scf.for %t = %c0 to %c64 step %c1 iter_args(%bad = %c0, %seen = %c0) -> (index, index) {
    %bm = arith.remui %t, %c8 : index
    %bn = arith.divui %t, %c8 : index
    %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
    %tile = cute.local_tile(%v, %s8, %bc) : (!view, !cute.shape<(8,8)>, !cute.coord<(?,?)>)
    %crds = cute.local_tile(%id, %s8, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(64,64):(1@0,1@1)>>, !cute.shape<(8,8)>, !cute.coord<(?,?)>)
    %q:2 = scf.for %k = %c0 to %c64 step %c1 iter_args(%b = %bad, %s = %seen) -> (index, index) {
      %x = cute.memref.load(%tile, %k) : (!cute.memref<f32, gmem, !cute.layout<((2,2,2),8):((?{div=64},?{div=16},?{div=32}),1)>>, index) -> f32
      %crd = cute.memref.load(%crds, %k) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(8,8):(1@0,1@1)>>, index) -> !cute.coord<(?,?)>
      %y = cute.memref.load(%v, %crd) : (!view, !cute.coord<(?,?)>) -> f32
      %same = arith.cmpf oeq, %x, %y : f32
      %inc = arith.select %same, %c0, %c1 : index
      %b2 = arith.addi %b, %inc : index
      %s2 = arith.addi %s, %c1 : index
      scf.yield %b2, %s2 : index, index
    }
    scf.yield %q#0, %q#1 : index, index
  }
  vector.print %r#0 : index
  vector.print %r#1 : index
  return
}

// Every column (runtime index) against the whole view.
func.func @columns(%p: !cute.ptr<f32, gmem>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %l = cute.constant : !sw
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !sw)
  %all = cute.constant : !cute.coord<_>
  %r:2 = scf.for %j = %c0 to %c64 step %c1 iter_args(%bad = %c0, %seen = %c0) -> (index, index) {
    %sc = cute.make_coord(%all, %j) : (!cute.coord<_>, index)
    %col = cute.slice(%sc, %v) : (!cute.coord<(_,?)>, !view)
    %q:2 = scf.for %i = %c0 to %c64 step %c1 iter_args(%b = %bad, %s = %seen) -> (index, index) {
      %x = cute.memref.load(%col, %i) : (!cute.memref<f32, gmem, !cute.composed_layout<Sw<3,4,3> o ? o (64):(64)>>, index) -> f32
      %crd = cute.make_coord(%i, %j) : (index, index) -> !cute.coord<(?,?)>
      %y = cute.memref.load(%v, %crd) : (!view, !cute.coord<(?,?)>) -> f32
      %same = arith.cmpf oeq, %x, %y : f32
      %inc = arith.select %same, %c0, %c1 : index
      %b2 = arith.addi %b, %inc : index
      %s2 = arith.addi %s, %c1 : index
      scf.yield %b2, %s2 : index, index
    }
    scf.yield %q#0, %q#1 : index, index
  }
  vector.print %r#0 : index
  vector.print %r#1 : index
  return
}
