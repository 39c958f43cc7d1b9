// RUN: %cute-opt %s --allow-unregistered-dialect --cute-refine-types | FileCheck %s
// REQUIRES: cute-opt
// cute-refine-types: kind-only and rank-only result types become the inferred ones where
// every use accepts them; the results of a function nothing calls follow.

// CHECK-LABEL: func.func private @refined(%{{.*}}: index, %{{.*}}: index) -> !cute.layout<((128,64),(?,?)):((1,?),(128,?))>
// CHECK: -> !cute.shape<(?,?)>
// CHECK: -> !cute.shape<(128,64)>
// CHECK: -> !cute.layout<(?,?):(1,?)>
// CHECK: -> !cute.layout<((128,64),(?,?)):((1,?),(128,?))>
// CHECK: return %{{.*}} : !cute.layout<((128,64),(?,?)):((1,?),(128,?))>
func.func private @refined(%m: index, %n: index) -> !cute.layout {
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %s = cute.make_shape(%m, %n) : (index, index) -> !cute.shape
  %t = cute.make_shape(%c128, %c64) : (index, index) -> !cute.shape<2>
  %l = cute.make_layout(%s) : (!cute.shape) -> !cute.layout
  %d = cute.zipped_divide(%l, %t) : (!cute.layout, !cute.shape<2>) -> !cute.layout
  return %d : !cute.layout
}

// A function with a caller keeps its signature, so what it returns keeps its type.
// CHECK-LABEL: func.func @called(%{{.*}}: index) -> !cute.shape
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (index, index) -> !cute.shape{{$}}
// CHECK: return %{{.*}} : !cute.shape
func.func @called(%m: index) -> !cute.shape {
  %s = cute.make_shape(%m, %m) : (index, index) -> !cute.shape
  return %s : !cute.shape
}
func.func @caller(%m: index) -> !cute.shape {
  %r = func.call @called(%m) : (index) -> !cute.shape
  return %r : !cute.shape
}

// A use outside the dialect that fixes the type keeps it.
// CHECK-LABEL: func.func @foreign
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (index, index) -> !cute.shape{{$}}
func.func @foreign(%m: index) {
  %s = cute.make_shape(%m, %m) : (index, index) -> !cute.shape
  "test.use"(%s) : (!cute.shape) -> ()
  return
}
