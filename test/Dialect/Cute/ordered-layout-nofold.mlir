// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --canonicalize | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Issue 19 item 6: a runtime order never folds make_ordered_layout; a static one does.

// CHECK-LABEL: func @ordered_runtime_nofold
// CHECK: cute.make_ordered_layout
func.func @ordered_runtime_nofold(%o: !cute.int_tuple<(?,?)>) -> !cute.layout {
  %s = cute.constant : !cute.shape<(4,2)>
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<(4,2)>, !cute.int_tuple<(?,?)>) -> !cute.layout
  return %0 : !cute.layout
}

// CHECK-LABEL: func @ordered_partly_runtime_nofold
// CHECK: cute.make_ordered_layout
func.func @ordered_partly_runtime_nofold(%o: !cute.int_tuple<(0,?)>) -> !cute.layout<(4,2):(?,?)> {
  %s = cute.constant : !cute.shape<(4,2)>
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<(4,2)>, !cute.int_tuple<(0,?)>) -> !cute.layout<(4,2):(?,?)>
  return %0 : !cute.layout<(4,2):(?,?)>
}

// CHECK-LABEL: func @ordered_static
// CHECK: cute.constant {value = !cute.layout<(4,2):(2,1)>} : !cute.layout
func.func @ordered_static() -> !cute.layout {
  %s = cute.constant : !cute.shape<(4,2)>
  %o = cute.constant : !cute.int_tuple<(1,0)>
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<(4,2)>, !cute.int_tuple<(1,0)>) -> !cute.layout
  return %0 : !cute.layout
}
