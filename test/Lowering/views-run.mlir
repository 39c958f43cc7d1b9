// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Views lowered and run: an (M,N) row-major f32 matrix whose element i holds i, the block
// (1,2) of its 4x4 blocks, thread 3's part of it for 2x2 threads (row-major), copied into
// a register fragment and read back; the same part of the identity tensor gives each
// element's coordinate and, against the shape, its predicate. CuTe's answers (cute-layout):
//   local_partition(local_tile(make_tensor(counting_iterator<int>(0), (8,12):(12,1)), (4,4), (1,2)), (2,2):(2,1), 3)
//     = counting_iter(69) o (2,2):(24,2)          elements 69, 93, 71, 95
//   local_partition(local_tile(make_identity_tensor((8,12)), (4,4), (1,2)), (2,2):(2,1), 3)
//     = ArithTuple(5,9) o (2,2):(2@0,2@1)         coordinates (5,9), (7,9), (5,11), (7,11)
// With M = 6 rows, (7,9) and (7,11) are outside: their predicates are 0.

// CHECK: 69
// CHECK-NEXT: 5
// CHECK-NEXT: 9
// CHECK-NEXT: 1
// CHECK-NEXT: 93
// CHECK-NEXT: 7
// CHECK-NEXT: 9
// CHECK-NEXT: 0
// CHECK-NEXT: 71
// CHECK-NEXT: 5
// CHECK-NEXT: 11
// CHECK-NEXT: 1
// CHECK-NEXT: 95
// CHECK-NEXT: 7
// CHECK-NEXT: 11
// CHECK-NEXT: 0
// CHECK-NEXT: 69
// CHECK-NEXT: 93
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  %buf = memref.alloc() : memref<96xf32>
  scf.for %i = %c0 to %c96 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %buf[%i] : memref<96xf32>
  }
  %p = cute.make_ptr(%buf) : (memref<96xf32>) -> !cute.ptr<f32, gmem>
  %m = arith.constant 6 : index
  %n = arith.constant 12 : index
  %bm = arith.constant 1 : index
  %bn = arith.constant 2 : index
  %t = arith.constant 3 : index
  func.call @part(%p, %m, %n, %bm, %bn, %t) : (!cute.ptr<f32, gmem>, index, index, index, index, index) -> ()
  memref.dealloc %buf : memref<96xf32>
  return
}

func.func @part(%ptr: !cute.ptr<f32, gmem>, %m: index, %n: index, %bm: index, %bn: index, %tid: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
  %stride = cute.make_stride(%n, %c1) : (index, index) -> !cute.stride<(?,1)>
  %layout = cute.make_layout(%shape, %stride) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
  %g = cute.make_view(%ptr, %layout) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(?,1)>)
  %block = cute.constant : !cute.shape<(4,4)>
  %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
  %gB = cute.local_tile(%g, %block, %bc) : (!cute.memref<f32, gmem, !cute.layout<(?,?):(?,1)>>, !cute.shape<(4,4)>, !cute.coord<(?,?)>)
  %threads = cute.constant : !cute.layout<(2,2):(2,1)>
  %gT = cute.local_partition(%gB, %threads, %tid) : (!cute.memref<f32, gmem, !cute.layout<(4,4):(?,1)>>, !cute.layout<(2,2):(2,1)>, index)
  %frag = cute.make_fragment_like(%gT) : (!cute.memref<f32, gmem, !cute.layout<(2,2):(?,2)>>)
  %origin = cute.constant : !cute.coord<(0,0)>
  %id = cute.make_identity_tensor(%shape) : (!cute.shape<(?,?)>)
  %cI = cute.make_view(%origin, %id) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>)
  %cB = cute.local_tile(%cI, %block, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>, !cute.shape<(4,4)>, !cute.coord<(?,?)>)
  %cT = cute.local_partition(%cB, %threads, %tid) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,4):(1@0,1@1)>>, !cute.layout<(2,2):(2,1)>, index)
  scf.for %i = %c0 to %c4 step %c1 {
    %x = cute.memref.load(%gT, %i) : (!cute.memref<f32, gmem, !cute.layout<(2,2):(?,2)>>, index) -> f32
    cute.memref.store(%x, %frag, %i) : (f32, !cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> ()
    %xi = arith.fptosi %x : f32 to i64
    vector.print %xi : i64
    %crd = cute.memref.load(%cT, %i) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(2,2):(2@0,2@1)>>, index) -> !cute.coord<(?,?)>
    %leaves:2 = cute.get_leaves(%crd) : !cute.coord<(?,?)> -> index, index
    vector.print %leaves#0 : index
    vector.print %leaves#1 : index
    %inside = cute.elem_less(%crd, %shape) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
    %b = arith.extui %inside : i1 to i64
    vector.print %b : i64
  }
  %y0 = cute.memref.load(%frag, %c0) : (!cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> f32
  %y1 = cute.memref.load(%frag, %c1) : (!cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> f32
  %z0 = arith.fptosi %y0 : f32 to i64
  %z1 = arith.fptosi %y1 : f32 to i64
  vector.print %z0 : i64
  vector.print %z1 : i64
  return
}
