// RUN: %cute-opt %s --cse | FileCheck %s
// RUN: %cute-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// REQUIRES: cute-opt
// cute ops are pure: CSE merges equal ones and DCE removes unused ones.

// CHECK-LABEL: func @merge
// CHECK-COUNT-1: cute.make_shape
// CHECK-NOT: cute.make_shape
// DCE-LABEL: func @merge
// DCE-NOT: cute.size
func.func @merge(%m: index) -> (!cute.shape<2>, !cute.shape<2>) {
  %a = cute.make_shape [%m, %m] : (index, index) -> !cute.shape<2>
  %b = cute.make_shape [%m, %m] : (index, index) -> !cute.shape<2>
  %unused = cute.size(%a) : (!cute.shape<2>) -> index
  return %a, %b : !cute.shape<2>, !cute.shape<2>
}
