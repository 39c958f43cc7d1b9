// RUN: %cute-opt %s --canonicalize | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: comparing, padding, and slicing int tuples (CuTe's ==, elem_less, append<N>,
// prepend<N>, slice and dice of tuples; cute-layout gives the same slices and pads).

// CHECK-LABEL: func @compare
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK: %[[D:.*]] = cute.elem_less
// CHECK: return %[[F]], %[[T]], %[[F]], %[[T]], %[[D]]
func.func @compare(%a: !cute.coord<(1,2)>, %b: !cute.coord<(3,4)>, %c: !cute.coord<(1,5)>,
                   %l: !cute.layout<(4,8):(1,4)>, %l2: !cute.layout<(4,8):(1,4)>, %d: !cute.coord<(?,2)>)
    -> (i1, i1, i1, i1, i1) {
  %0 = cute.equal(%a, %b) : (!cute.coord<(1,2)>, !cute.coord<(3,4)>)
  %1 = cute.elem_less(%a, %b) : (!cute.coord<(1,2)>, !cute.coord<(3,4)>)
  %2 = cute.elem_less(%c, %b) : (!cute.coord<(1,5)>, !cute.coord<(3,4)>)
  %3 = cute.equal(%l, %l2) : (!cute.layout<(4,8):(1,4)>, !cute.layout<(4,8):(1,4)>)
  %4 = cute.elem_less(%d, %b) : (!cute.coord<(?,2)>, !cute.coord<(3,4)>)
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// CHECK-LABEL: func @tuples
// CHECK-DAG: cute.constant {value = !cute.shape<((2,3),5)>}
// CHECK-DAG: cute.constant {value = !cute.shape<(4)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(4,8,1,1):(1,4,0,0)>}
// CHECK-DAG: cute.constant {value = !cute.coord<(1,1,2)>}
func.func @tuples(%s: !cute.shape<((2,3),4,5)>, %k: !cute.coord<(_,1,_)>, %l: !cute.layout<(4,8):(1,4)>, %a: !cute.coord<(1,2)>)
    -> (!cute.shape, !cute.shape, !cute.layout, !cute.coord) {
  %0 = cute.slice(%k, %s) : (!cute.coord<(_,1,_)>, !cute.shape<((2,3),4,5)>) -> !cute.shape
  %1 = cute.dice(%k, %s) : (!cute.coord<(_,1,_)>, !cute.shape<((2,3),4,5)>) -> !cute.shape
  %2 = cute.append_to_rank(%l) {rank = 4 : i32} : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  %3 = cute.prepend_to_rank(%a) {rank = 3 : i32} : (!cute.coord<(1,2)>) -> !cute.coord
  return %0, %1, %2, %3 : !cute.shape, !cute.shape, !cute.layout, !cute.coord
}
