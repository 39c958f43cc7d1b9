// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --cute-static-fold | FileCheck %s
// REQUIRES: cute-opt
// Static builders and queries fold to constants; dynamic operands stay.

// make_shape(4, 8) -> constant; make_layout -> constant; size -> 32.
// CHECK-LABEL: func @fold_chain
// CHECK-NEXT: %[[C:.*]] = arith.constant 32 : index
// CHECK-NEXT: return %[[C]]
func.func @fold_chain() -> index {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %s = cute.make_shape [%c4, %c8] : (index, index) -> !cute.shape<2>
  %l = cute.make_layout(%s) : (!cute.shape<2>) -> !cute.layout<2>
  %n = cute.size(%l) : (!cute.layout<2>) -> index
  return %n : index
}

// The result keeps its written type; the constant records the value.
// CHECK-LABEL: func @fold_to_constant
// CHECK-NEXT: %[[L:.*]] = cute.constant {value = !cute.layout<(4,8):(1,4)>} : !cute.layout<rank=2>
// CHECK-NEXT: return %[[L]]
func.func @fold_to_constant() -> !cute.layout<2> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %s = cute.make_shape [%c4, %c8] : (index, index) -> !cute.shape<2>
  %l = cute.make_layout(%s) : (!cute.shape<2>) -> !cute.layout<2>
  return %l : !cute.layout<2>
}

// The spec's worked example: bare types, values from constants; crd2idx folds.
// CHECK-LABEL: func @spec_crd2idx
// CHECK-NEXT: %[[C:.*]] = arith.constant 161 : index
// CHECK-NEXT: return %[[C]]
func.func @spec_crd2idx() -> index {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %shape = cute.make_int_tuple %c4, %c8, %c16 : !cute.shape
  %stride = cute.make_int_tuple %c128, %c16, %c1 : !cute.stride
  %layout = cute.make_layout_raw %shape, %stride : !cute.layout
  %coord = cute.make_int_tuple %c1, %c2, %c1 : !cute.coord<rank=3>
  %idx = cute.crd2idx %coord, %layout : !cute.coord<rank=3>, !cute.layout -> index
  return %idx : index
}

// Static queries of a layout value known from its type.
// CHECK-LABEL: func @fold_queries
// CHECK-DAG: arith.constant 4 : index
// CHECK-DAG: arith.constant 43 : index
// CHECK-DAG: arith.constant 2 : index
// CHECK-DAG: arith.constant 32 : index
// CHECK-DAG: cute.constant : !cute.stride<((24,2),8)>
// CHECK-NOT: cute.size
// CHECK-NOT: cute.cosize
func.func @fold_queries(%l: !cute.layout<((2,2),3):((24,2),8)>) -> (index, index, index, index, index, !cute.stride<((24,2),8)>) {
  %size0 = cute.size(%l) {mode = array<i32: 0>} : (!cute.layout<((2,2),3):((24,2),8)>) -> index
  %cosize = cute.cosize(%l) : (!cute.layout<((2,2),3):((24,2),8)>) -> index
  %rank = cute.rank(%l) : (!cute.layout<((2,2),3):((24,2),8)>) -> index
  %depth = cute.depth(%l) : (!cute.layout<((2,2),3):((24,2),8)>) -> index
  %c = cute.constant : !cute.coord<((1,0),1)>
  %idx = cute.crd2idx %c, %l : !cute.coord<((1,0),1)>, !cute.layout<((2,2),3):((24,2),8)> -> index
  %d = cute.get_stride(%l) : (!cute.layout<((2,2),3):((24,2),8)>) -> !cute.stride<((24,2),8)>
  return %size0, %cosize, %rank, %depth, %idx, %d : index, index, index, index, index, !cute.stride<((24,2),8)>
}

// Tuple arithmetic on static operands folds; CuTe's shape_div.
// CHECK-LABEL: func @fold_arith
// CHECK-NEXT: %[[A:.*]] = cute.constant : !cute.shape<(6,10)>
// CHECK-NEXT: %[[B:.*]] = cute.constant : !cute.shape<(21,16,3)>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @fold_arith(%a: !cute.shape<(4,8)>, %b: !cute.shape<(2,2)>) -> (!cute.shape<(6,10)>, !cute.shape<(21,16,3)>) {
  %0 = cute.tuple_add(%a, %b) : (!cute.shape<(4,8)>, !cute.shape<(2,2)>) -> !cute.shape<(6,10)>
  %x = cute.constant : !cute.shape<(42,16,3)>
  %y = cute.constant : !cute.shape<value=2>
  %1 = cute.shape_div(%x, %y) : (!cute.shape<(42,16,3)>, !cute.shape<value=2>) -> !cute.shape<(21,16,3)>
  return %0, %1 : !cute.shape<(6,10)>, !cute.shape<(21,16,3)>
}

// _nofold: a dynamic leaf keeps the op (and its operands) alive.
// CHECK-LABEL: func @dynamic_stays
// CHECK: cute.make_shape
// CHECK: cute.size
func.func @dynamic_stays(%m: index) -> index {
  %c4 = arith.constant 4 : index
  %s = cute.make_shape [%c4, %m] : (index, index) -> !cute.shape<2>
  %n = cute.size(%s) : (!cute.shape<2>) -> index
  return %n : index
}

// _nofold: rank is static even when the extents are not.
// CHECK-LABEL: func @rank_of_dynamic
// CHECK-NEXT: %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT: return %[[C]]
func.func @rank_of_dynamic(%m: index) -> index {
  %s = cute.make_shape [%m, %m] : (index, index) -> !cute.shape<2>
  %r = cute.rank(%s) : (!cute.shape<2>) -> index
  return %r : index
}
