// RUN: %cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %cute-opt %s -split-input-file -verify-diagnostics | %cute-opt -split-input-file | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: with only the operand types written, `: (A, B)`, the result type is inferred
// from them (and from integer constants) and printed; a written result type is checked.

// The tiled GEMM step of CuTe's tutorial: an M x N tensor's 128 x 64 tiles.
// CHECK-LABEL: func @tiles
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (index, index) -> !cute.shape<(?,?)>
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (index, index) -> !cute.shape<(128,64)>
// CHECK: cute.make_layout(%{{.*}}) : (!cute.shape<(?,?)>) -> !cute.layout<(?,?):(1,?)>
// CHECK: cute.zipped_divide(%{{.*}}, %{{.*}}) : (!cute.layout<(?,?):(1,?)>, !cute.shape<(128,64)>) -> !cute.layout<((128,64),(?,?)):((1,?),(128,?))>
// CHECK: cute.size(%{{.*}}) : (!cute.layout<((128,64),(?,?)):((1,?),(128,?))>) -> index
func.func @tiles(%m: index, %n: index) -> index {
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %s = cute.make_shape(%m, %n) : (index, index)
  %t = cute.make_shape(%c128, %c64) : (index, index)
  %l = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %d = cute.zipped_divide(%l, %t) : (!cute.layout<(?,?):(1,?)>, !cute.shape<(128,64)>)
  %z = cute.size(%d) : (!cute.layout<((128,64),(?,?)):((1,?),(128,?))>)
  return %z : index
}

// -----

// Results of the input's kind, a composed layout where the algebra gives one.
// CHECK-LABEL: func @kinds
// CHECK: cute.tuple_add(%{{.*}}, %{{.*}}) : (!cute.coord<(1,2)>, !cute.coord<(3,4)>) -> !cute.coord<(4,6)>
// CHECK: cute.group_modes(%{{.*}}) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<(8,64):(64,1)>) -> !cute.layout<((8,64)):((64,1))>
// CHECK: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<(8,64):(64,1)>, !cute.swizzle<3,4,3>) -> !cute.composed_layout<Sw<3,1,3> o 0 o (8,64):(64,1)>
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<(1,2)>, !cute.layout<(8,64):(64,1)>) -> index
func.func @kinds(%a: !cute.coord<(1,2)>, %b: !cute.coord<(3,4)>, %l: !cute.layout<(8,64):(64,1)>, %sw: !cute.swizzle<3,4,3>) {
  %0 = cute.tuple_add(%a, %b) : (!cute.coord<(1,2)>, !cute.coord<(3,4)>)
  %1 = cute.group_modes(%l) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<(8,64):(64,1)>)
  %2 = cute.composition(%l, %sw) : (!cute.layout<(8,64):(64,1)>, !cute.swizzle<3,4,3>)
  %3 = cute.crd2idx(%a, %l) : (!cute.coord<(1,2)>, !cute.layout<(8,64):(64,1)>)
  return
}

// -----

// Without operand values, the result knows what the types say: a kind or a rank.
// CHECK-LABEL: func @kind_only
// CHECK: cute.logical_divide(%{{.*}}, %{{.*}}) : (!cute.layout, !cute.shape<(4,8)>) -> !cute.layout
// CHECK: cute.zipped_divide(%{{.*}}, %{{.*}}) : (!cute.layout, !cute.shape<(4,8)>) -> !cute.layout<rank=2>
func.func @kind_only(%l: !cute.layout, %t: !cute.shape<(4,8)>) {
  %0 = cute.logical_divide(%l, %t) : (!cute.layout, !cute.shape<(4,8)>)
  %1 = cute.zipped_divide(%l, %t) : (!cute.layout, !cute.shape<(4,8)>)
  return
}

// -----

// The op's own diagnostic, where inference fails at parse time.
func.func @bad_tiler(%l: !cute.layout<(4,8):(1,4)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.logical_divide' op invalid tiler type, got'!cute.coord<(1,1)>'}}
  %0 = cute.logical_divide(%l, %c) : (!cute.layout<(4,8):(1,4)>, !cute.coord<(1,1)>)
  return
}

// -----

func.func @constant_needs_type() {
  // expected-error @+1 {{custom op 'cute.constant' needs its result type: its value is its type}}
  %0 = cute.constant() : ()
  return
}
