// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// cute.copy lowered and run (docs/lowering.md#views): thread 3's part of block (1,2) of an
// 8x12 row-major matrix whose element i holds i (CuTe: counting_iter(69) o (2,2):(24,2),
// elements 69, 93, 71, 95) is copied into a register fragment under a predicate that
// holds for the elements inside the first 6 rows (coordinates (5,9), (7,9), (5,11),
// (7,11): rows 5 yes, 7 no); the fragment starts at -1.
// CHECK: 69
// CHECK-NEXT: -1
// CHECK-NEXT: 71
// CHECK-NEXT: -1
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c96 = arith.constant 96 : index
  %buf = memref.alloc() : memref<96xf32>
  scf.for %i = %c0 to %c96 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %buf[%i] : memref<96xf32>
  }
  %p = cute.make_ptr(%buf) : (memref<96xf32>) -> !cute.ptr<f32, gmem>
  %m = arith.constant 8 : index
  %n = arith.constant 12 : index
  %rows = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant 3 : index
  %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
  %stride = cute.make_stride(%n, %c1) : (index, index) -> !cute.stride<(?,1)>
  %layout = cute.make_layout(%shape, %stride) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
  %g = cute.make_view(%p, %layout) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(?,1)>)
  %block = cute.constant : !cute.shape<(4,4)>
  %bc = cute.make_coord(%c1, %c2) : (index, index) -> !cute.coord<(?,?)>
  %gB = cute.local_tile(%g, %block, %bc) : (!cute.memref<f32, gmem, !cute.layout<(?,?):(?,1)>>, !cute.shape<(4,4)>, !cute.coord<(?,?)>)
  %threads = cute.constant : !cute.layout<(2,2):(2,1)>
  %gT = cute.local_partition(%gB, %threads, %t) : (!cute.memref<f32, gmem, !cute.layout<(4,4):(?,1)>>, !cute.layout<(2,2):(2,1)>, index)
  %frag = cute.make_fragment_like(%gT) : (!cute.memref<f32, gmem, !cute.layout<(2,2):(?,2)>>)
  %pred = cute.make_fragment_like(%gT) {element_type = i1} : (!cute.memref<f32, gmem, !cute.layout<(2,2):(?,2)>>)
  %limit = cute.make_shape(%rows, %n) : (index, index) -> !cute.shape<(?,?)>
  %origin = cute.constant : !cute.coord<(0,0)>
  %id = cute.make_identity_tensor(%shape) : (!cute.shape<(?,?)>)
  %cI = cute.make_view(%origin, %id) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>)
  %cB = cute.local_tile(%cI, %block, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>, !cute.shape<(4,4)>, !cute.coord<(?,?)>)
  %cT = cute.local_partition(%cB, %threads, %t) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,4):(1@0,1@1)>>, !cute.layout<(2,2):(2,1)>, index)
  %minus = arith.constant -1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    cute.memref.store(%minus, %frag, %i) : (f32, !cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> ()
    %crd = cute.memref.load(%cT, %i) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(2,2):(2@0,2@1)>>, index) -> !cute.coord<(?,?)>
    %inside = cute.elem_less(%crd, %limit) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
    cute.memref.store(%inside, %pred, %i) : (i1, !cute.memref<i1, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> ()
  }
  cute.copy(%gT, %frag, %pred) : (!cute.memref<f32, gmem, !cute.layout<(2,2):(?,2)>>, !cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, !cute.memref<i1, rmem, !cute.layout<(2,(2)):(1,(2))>>) -> ()
  scf.for %i = %c0 to %c4 step %c1 {
    %y = cute.memref.load(%frag, %i) : (!cute.memref<f32, rmem, !cute.layout<(2,(2)):(1,(2))>>, index) -> f32
    %yi = arith.fptosi %y : f32 to i64
    vector.print %yi : i64
  }
  memref.dealloc %buf : memref<96xf32>
  return
}
