// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Query, coordinate and tuple-arithmetic ops round-trip.

// CHECK-LABEL: func @queries
func.func @queries(%l: !cute.layout<((2,2),?):((24,?),8)>, %c: !cute.coord<(1,?)>, %i: index) {
  // CHECK: cute.get_shape(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.shape<((2,2),?)>
  %s = cute.get_shape(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.shape<((2,2),?)>
  // CHECK: cute.get_stride(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.stride<((24,?),8)>
  %d = cute.get_stride(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.stride<((24,?),8)>
  // CHECK: cute.get_layout(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout
  %g = cute.get_layout(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout
  // CHECK: cute.size(%{{.*}}) {mode = array<i32: 0>} : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  %sz = cute.size(%l) {mode = array<i32: 0>} : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  // CHECK: cute.cosize(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  %co = cute.cosize(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  // CHECK: cute.rank(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  %r = cute.rank(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  // CHECK: cute.depth(%{{.*}}) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  %dp = cute.depth(%l) : (!cute.layout<((2,2),?):((24,?),8)>) -> index
  // CHECK: cute.select(%{{.*}}) {modes = array<i32: 1, 0>} : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout<(?,(2,2)):(8,(24,?))>
  %sel = cute.select(%l) {modes = array<i32: 1, 0>} : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout<(?,(2,2)):(8,(24,?))>
  // CHECK: cute.group_modes(%{{.*}}) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout<(((2,2),?)):(((24,?),8))>
  %grp = cute.group_modes(%l) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<((2,2),?):((24,?),8)>) -> !cute.layout<(((2,2),?)):(((24,?),8))>
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<(1,?)>, !cute.layout<((2,2),?):((24,?),8)>) -> index
  %idx = cute.crd2idx %c, %l : !cute.coord<(1,?)>, !cute.layout<((2,2),?):((24,?),8)> -> index
  // CHECK: cute.idx2crd(%{{.*}}, %{{.*}}) : (index, !cute.shape<((2,2),?)>) -> !cute.coord<((?,?),?)>
  %crd = cute.idx2crd(%i, %s) : (index, !cute.shape<((2,2),?)>) -> !cute.coord<((?,?),?)>
  return
}

// CHECK-LABEL: func @arithmetic
func.func @arithmetic(%a: !cute.shape<(4,?)>, %b: !cute.shape<(2,2)>) {
  // CHECK: cute.tuple_add(%{{.*}}, %{{.*}}) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(6,?)>
  %0 = cute.tuple_add(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(6,?)>
  // CHECK: cute.tuple_sub
  %1 = cute.tuple_sub(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(2,?)>
  // CHECK: cute.tuple_mul
  %2 = cute.tuple_mul(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(8,?)>
  // CHECK: cute.tuple_div
  %3 = cute.tuple_div %a, %b : !cute.shape<(4,?)>, !cute.shape<(2,2)> -> !cute.shape<(2,?)>
  // CHECK: cute.tuple_mod
  %4 = cute.tuple_mod(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(0,?)>
  // CHECK: cute.shape_div
  %5 = cute.shape_div(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(2,?)>
  // CHECK: cute.ceil_div
  %6 = cute.ceil_div(%a, %b) : (!cute.shape<(4,?)>, !cute.shape<(2,2)>) -> !cute.shape<(2,?)>
  // CHECK: cute.to_int_tuple(%{{.*}}) : (!cute.shape<(4,?)>) -> !cute.int_tuple<(4,?)>
  %7 = cute.to_int_tuple(%a) : (!cute.shape<(4,?)>) -> !cute.int_tuple<(4,?)>
  return
}
