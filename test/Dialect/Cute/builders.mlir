// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Builder ops in every spelling of the spec, printed in the canonical call form.

// CHECK-LABEL: func @spec_spellings
func.func @spec_spellings(%m: index, %n: index, %k: index) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1 = arith.constant 1 : index
  // CHECK: cute.make_shape(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> !cute.shape<rank=3>
  %shape3 = cute.make_shape [%m, %n, %k] : (index, index, index) -> !cute.shape<3>
  // CHECK: cute.make_stride(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> !cute.stride<rank=3>
  %stride3 = cute.make_stride(%c128, %c16, %c1) : (index, index, index) -> !cute.stride<3>
  // CHECK: cute.make_layout(%{{.*}}, %{{.*}}) : (!cute.shape<rank=3>, !cute.stride<rank=3>) -> !cute.layout<rank=3>
  %layout3 = cute.make_layout(%shape3, %stride3) : (!cute.shape<3>, !cute.stride<3>) -> !cute.layout<3>
  // CHECK: cute.make_int_tuple(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> !cute.shape
  %shape = cute.make_int_tuple %c4, %c8, %c16 : !cute.shape
  // CHECK: cute.make_int_tuple(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> !cute.stride
  %stride = cute.make_int_tuple %c128, %c16, %c1 : !cute.stride
  // CHECK: cute.make_layout_raw(%{{.*}}, %{{.*}}) : (!cute.shape, !cute.stride) -> !cute.layout
  %layout = cute.make_layout_raw %shape, %stride : !cute.layout
  // CHECK: cute.make_layout(%{{.*}}) : (!cute.shape<rank=3>) -> !cute.layout<rank=3>
  %colmajor = cute.make_layout(%shape3) : (!cute.shape<3>) -> !cute.layout<3>
  // CHECK: cute.make_identity_layout(%{{.*}}) : (!cute.shape<rank=3>) -> !cute.layout<rank=3>
  %id = cute.make_identity_layout(%shape3) : (!cute.shape<3>) -> !cute.layout<3>
  // CHECK: cute.make_coord(%{{.*}}, %{{.*}}) : (index, index) -> !cute.coord<rank=2>
  %coord = cute.make_coord %m, %n : index, index -> !cute.coord<rank=2>
  // CHECK: cute.make_tuple(%{{.*}}, %{{.*}}) : (index, !cute.shape) -> !cute.int_tuple<rank=2>
  %nested = cute.make_tuple(%m, %shape) : (index, !cute.shape) -> !cute.int_tuple<rank=2>
  return
}

// Values known when the IR is built appear in the result types.
// CHECK-LABEL: func @static_values
func.func @static_values(%m: index) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK: -> !cute.shape<(2,?,4)>
  %s = cute.make_shape(%c2, %m, %c4) : (index, index, index) -> !cute.shape<(2,?,4)>
  // CHECK: -> !cute.layout<(2,?,4):(1,2,?)>
  %l = cute.make_layout(%s) : (!cute.shape<(2,?,4)>) -> !cute.layout<(2,?,4):(1,2,?)>
  %order = cute.constant : !cute.int_tuple<(2,0,1)>
  %s2 = cute.constant : !cute.shape<(2,3,4)>
  // CHECK: -> !cute.layout<(2,3,4):(12,1,3)>
  %o = cute.make_ordered_layout(%s2, %order) : (!cute.shape<(2,3,4)>, !cute.int_tuple<(2,0,1)>) -> !cute.layout<(2,3,4):(12,1,3)>
  %l1 = cute.constant : !cute.layout<(3,4):(4,1)>
  // CHECK: cute.make_tile(%{{.*}}, %{{.*}}) : (!cute.layout<(3,4):(4,1)>, index) -> !cute.tile<((3,4):(4,1),4)>
  %t = cute.make_tile(%l1, %c4) : (!cute.layout<(3,4):(4,1)>, index) -> !cute.tile<((3,4):(4,1),4)>
  return
}
