// RUN: %cute-opt %s | FileCheck %s --check-prefix=VERIFY
// RUN: %cute-opt %s --canonicalize | FileCheck %s
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/lookthrough_depth_right_inverse.mlir): a valid program verifies at any look-through depth and folds.
// look-through depth). cute.size of its result looks through right_inverse one level deeper,
// where the input is no longer known, and the silent inference reports an error.
// VERIFY: cute.size
// CHECK-LABEL: func @f
// CHECK-NEXT: %[[N:.*]] = arith.constant 32 : index
// CHECK-NEXT: return %[[N]]
func.func @f() -> index {
  %l0 = cute.constant : !cute.layout<(4,8):(1,4)>
  %l1 = cute.get_layout(%l0) : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  %l2 = cute.get_layout(%l1) : (!cute.layout) -> !cute.layout
  %l3 = cute.get_layout(%l2) : (!cute.layout) -> !cute.layout
  %l4 = cute.get_layout(%l3) : (!cute.layout) -> !cute.layout
  %l5 = cute.get_layout(%l4) : (!cute.layout) -> !cute.layout
  %l6 = cute.get_layout(%l5) : (!cute.layout) -> !cute.layout
  %l7 = cute.get_layout(%l6) : (!cute.layout) -> !cute.layout
  %l8 = cute.get_layout(%l7) : (!cute.layout) -> !cute.layout
  %r = cute.right_inverse(%l8) : (!cute.layout) -> !cute.layout
  %n = cute.size(%r) : (!cute.layout) -> index
  return %n : index
}
