// RUN: %cute-opt %s --canonicalize | FileCheck %s
// REQUIRES: cute-opt
// The calculator ops fold where their operands are static.

// CHECK-LABEL: func @folds
// CHECK-DAG: %[[V:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[F:.*]] = cute.constant {value = !cute.layout<(8,16,64,2):(64,512,1,8192)>} : !cute.layout
// CHECK-DAG: %[[S:.*]] = cute.constant {value = !cute.stride<((1,2),(6,24))>} : !cute.stride
// CHECK: return %[[V]], %[[F]], %[[S]]
func.func @folds(%l: !cute.layout<((8,16),(64,2)):((64,512),(1,8192))>, %m: !cute.layout<(8,64):(64,1)>,
                 %c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, %s: !cute.shape<((2,3),(4,5))>)
    -> (index, !cute.layout, !cute.stride) {
  %0 = cute.max_common_vector(%c, %m) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !cute.layout<(8,64):(64,1)>) -> index
  %1 = cute.flatten(%l) : (!cute.layout<((8,16),(64,2)):((64,512),(1,8192))>) -> !cute.layout
  %2 = cute.compact_col_major(%s) : (!cute.shape<((2,3),(4,5))>) -> !cute.stride
  return %0, %1, %2 : index, !cute.layout, !cute.stride
}
