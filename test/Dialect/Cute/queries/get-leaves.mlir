// RUN: %cute-opt %s --canonicalize -split-input-file | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: the leaves of a value as SSA values; a static value folds to constants.

// CHECK-LABEL: func @static_leaves
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: return %[[C4]], %[[C8]], %[[C2]], %[[C3]]
func.func @static_leaves(%s: !cute.shape<(4,8,(2,3))>) -> (index, index, index, index) {
  %a, %b, %c, %d = cute.get_leaves(%s) : !cute.shape<(4,8,(2,3))> -> index, index, index, index
  return %a, %b, %c, %d : index, index, index, index
}

// -----

// CHECK-LABEL: func @runtime_leaves
// CHECK: %[[L:.*]]:2 = cute.get_leaves(%{{.*}}) : !cute.shape<(?,8)> -> index, index
// CHECK: return %[[L]]#0, %[[L]]#1
func.func @runtime_leaves(%s: !cute.shape<(?,8)>) -> (index, index) {
  %a, %b = cute.get_leaves(%s) : !cute.shape<(?,8)> -> index, index
  return %a, %b : index, index
}
