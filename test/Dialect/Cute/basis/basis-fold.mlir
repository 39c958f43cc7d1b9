// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --cute-static-fold | FileCheck %s
// REQUIRES: cute-opt
// The algebra CuTe defines on scaled-basis strides infers through the core and folds;
// every value is CUTLASS CuTe's answer for the same expression (cute-ref), the identity
// layout being make_layout(make_shape(_128,_64), make_stride(E<0>{}, E<1>{})).

!I = !cute.layout<(128,64):(1@0,1@1)>

// CHECK-LABEL: func @algebra
// CHECK-DAG: cute.constant {value = !cute.layout<((32,16),(4,4)):((1@0,1@1),(32@0,16@1))>}
// CHECK-DAG: cute.constant {value = !cute.layout<((32,4),(16,4)):((1@0,32@0),(1@1,16@1))>}
// CHECK-DAG: cute.constant {value = !cute.layout<(8,4):(16@0,1@0)>}
// CHECK-DAG: cute.constant {value = !cute.layout<8:1@0>}
// CHECK-DAG: cute.constant {value = !cute.layout<(4):(1@0)>}
// CHECK-DAG: arith.constant 8192 : index
func.func @algebra(%l: !I, %t: !cute.shape<(32,16)>, %b: !cute.layout<(8,4):(16,1)>,
                   %m: !cute.layout<(4,2):(1@0,4@0)>, %c: !cute.coord<(_,1)>)
    -> (!cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, index, index) {
  %0 = cute.zipped_divide(%l, %t) : (!I, !cute.shape<(32,16)>) -> !cute.layout
  %1 = cute.logical_divide(%l, %t) : (!I, !cute.shape<(32,16)>) -> !cute.layout
  %2 = cute.composition(%l, %b) : (!I, !cute.layout<(8,4):(16,1)>) -> !cute.layout
  %3 = cute.coalesce(%m) : (!cute.layout<(4,2):(1@0,4@0)>) -> !cute.layout
  %id = cute.make_identity_tensor(%t) : (!cute.shape<(32,16)>)
  %4 = cute.slice(%c, %m) : (!cute.coord<(_,1)>, !cute.layout<(4,2):(1@0,4@0)>) -> !cute.layout
  %5 = cute.size(%l) : (!I)
  %6 = cute.cosize(%l) : (!I)
  return %0, %1, %2, %3, %4, %5, %6 : !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, index, index
}

// The identity tensor's value at a coordinate or index is that coordinate.
// CHECK-LABEL: func @identity
// CHECK-DAG: cute.constant : !cute.coord<(3,5)>
// CHECK-DAG: cute.constant : !cute.coord<(1,1)>
// CHECK-DAG: cute.constant {value = !cute.layout<(4,2):(1@0,1@1)>} : !cute.layout
func.func @identity(%s: !cute.shape<(4,2)>, %big: !cute.layout<(128,64):(1@0,1@1)>, %c: !cute.coord<(3,5)>)
    -> (!cute.coord<(3,5)>, !cute.coord<(1,1)>, !cute.layout) {
  %i = arith.constant 5 : index
  %id = cute.make_identity_tensor(%s) : (!cute.shape<(4,2)>) -> !cute.layout
  %0 = cute.crd2idx(%c, %big) : (!cute.coord<(3,5)>, !cute.layout<(128,64):(1@0,1@1)>)
  %t = cute.make_identity_tensor(%s) : (!cute.shape<(4,2)>)
  %1 = cute.crd2idx(%i, %t) : (index, !cute.layout<(4,2):(1@0,1@1)>)
  return %0, %1, %id : !cute.coord<(3,5)>, !cute.coord<(1,1)>, !cute.layout
}
