// RUN: %cute-opt --cute-expand %s | FileCheck %s
// REQUIRES: cute-opt
// What views become (docs/lowering.md#views): a memref is its LLVM pointer then its
// layout's runtime leaves; a tile moves the pointer by the core's offset; a load is a
// getelementptr by crd2idx and an llvm.load; a fragment is an alloca at the entry.

// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: index, %{{.*}}: !llvm.ptr<3>, %{{.*}}: index, %{{.*}}: index)
func.func @signature(%a: !cute.memref<f32, gmem, !cute.layout<(4,?):(1,4)>>, %b: !cute.ptr<f16, smem>,
                     %c: !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,2):(1@0,1@1)>>) {
  return
}

// CHECK-LABEL: func.func @tile_and_load
// CHECK: %[[F:.*]] = llvm.alloca %{{.*}} x f16 {alignment = 2 : i64} : (i64) -> !llvm.ptr
// CHECK: %[[T:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK: %[[A:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK: %[[X:.*]] = llvm.load %[[A]] : !llvm.ptr<3> -> f16
// CHECK: %[[B:.*]] = llvm.getelementptr %[[F]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK: llvm.store %[[X]], %[[B]] : f16, !llvm.ptr
func.func @tile_and_load(%v: !cute.memref<f16, smem, !cute.layout<(32,16):(16,1)>>, %bm: index, %i: index) {
  %t = cute.constant : !cute.shape<(8,16)>
  %c0 = arith.constant 0 : index
  %bc = cute.make_coord(%bm, %c0) : (index, index) -> !cute.coord<(?,0)>
  %tile = cute.local_tile(%v, %t, %bc) : (!cute.memref<f16, smem, !cute.layout<(32,16):(16,1)>>, !cute.shape<(8,16)>, !cute.coord<(?,0)>)
  %f = cute.make_fragment_like(%tile) : (!cute.memref<f16, smem, !cute.layout<(8,16):(16,1)>>)
  %x = cute.memref.load(%tile, %i) : (!cute.memref<f16, smem, !cute.layout<(8,16):(16,1)>>, index) -> f16
  cute.memref.store(%x, %f, %i) : (f16, !cute.memref<f16, rmem, !cute.layout<(8,(16)):(1,(8))>>, index) -> ()
  return
}

// A swizzled shared-memory view: the load goes through the swizzle (the core's Swizzle
// node: xor of shifted bits).
// CHECK-LABEL: func.func @swizzled_load
// CHECK: arith.xori
// CHECK: llvm.getelementptr
// CHECK: llvm.load
func.func @swizzled_load(%v: !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>, %i: index) -> f16 {
  %x = cute.memref.load(%v, %i) : (!cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>, index) -> f16
  return %x : f16
}

// A coordinate tensor's element: its iterator plus the layout there, no memory access.
// CHECK-LABEL: func.func @coordinate
// CHECK-NOT: llvm.load
// CHECK: return
func.func @coordinate(%c: !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,2):(1@0,1@1)>>, %i: index) -> !cute.coord<(?,?)> {
  %e = cute.memref.load(%c, %i) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,2):(1@0,1@1)>>, index) -> !cute.coord<(?,?)>
  return %e : !cute.coord<(?,?)>
}
