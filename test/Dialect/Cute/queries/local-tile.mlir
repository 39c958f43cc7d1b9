// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// REQUIRES: cute-opt
// CuTe's GEMM tutorial step in IR (issue 20): local_tile(mA, cta_tiler, (bm,bn,_),
// Step<_1,X,_1>{}) with `_` in the coordinate and the projection (`_` is CuTe's X).
// The folded value is cute-layout's answer for
//   local_tile((256,64):(1,256), (128,64,32), (1,0,_), (1,_,1)) = (128,32,2):(1,256,8192).

// CHECK-LABEL: func @gemm_tile
// CHECK: cute.local_tile(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!cute.layout<(256,64):(1,256)>, !cute.shape<(128,64,32)>, !cute.coord<(1,0,_)>, !cute.coord<(1,_,1)>) -> !cute.layout<(128,32,2):(1,256,8192)>
// FOLD: cute.constant {value = !cute.layout<(128,32,2):(1,256,8192)>}
func.func @gemm_tile(%mA: !cute.layout<(256,64):(1,256)>, %tiler: !cute.shape<(128,64,32)>,
                     %coord: !cute.coord<(1,0,_)>, %step: !cute.coord<(1,_,1)>) -> !cute.layout {
  %0 = cute.local_tile(%mA, %tiler, %coord, %step) : (!cute.layout<(256,64):(1,256)>, !cute.shape<(128,64,32)>, !cute.coord<(1,0,_)>, !cute.coord<(1,_,1)>)
  %1 = cute.get_layout(%0) : (!cute.layout<(128,32,2):(1,256,8192)>) -> !cute.layout
  return %1 : !cute.layout
}

// `_` keeps every tile of its mode.
// CHECK-LABEL: func @underscore
// CHECK: -> !cute.layout<(2,2,4):(1,8,2)>
func.func @underscore(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %c: !cute.coord<(_,0)>) {
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, !cute.coord<(_,0)>)
  return
}
