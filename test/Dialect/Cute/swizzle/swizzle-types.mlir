// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Swizzle and composed-layout types carry their values (issue 11) and read back.

// CHECK-LABEL: func @types
// CHECK-SAME: !cute.swizzle<3,4,3>
// CHECK-SAME: !cute.swizzle<2,3,-3>
// CHECK-SAME: !cute.swizzle,
// CHECK-SAME: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
// CHECK-SAME: !cute.composed_layout<Sw<3,3,3> o ? o ((8,?),(64,2)):((64,512),(1,?))>
// CHECK-SAME: !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>
// CHECK-SAME: !cute.composed_layout<Sw<1,2,3> o 0 o (8,8):(8,1) o 5 o 64:1>
// CHECK-SAME: !cute.composed_layout<rank=2>
// CHECK-SAME: !cute.composed_layout)
func.func @types(%a: !cute.swizzle<3,4,3>, %b: !cute.swizzle<2,3,-3>, %c: !cute.swizzle,
                 %d: !cute.composed_layout<Sw<3,4,3> o _0 o (_8,_64):(_64,_1)>,
                 %e: !cute.composed_layout<Sw<3,3,3> o ? o ((8,?),(64,2)):((64,512),(1,?))>,
                 %f: !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>,
                 %g: !cute.composed_layout<Sw<1,2,3> o 0 o (8,8):(8,1) o 5 o 64:1>,
                 %h: !cute.composed_layout<2>, %i: !cute.composed_layout) {
  return
}

// CHECK-LABEL: func @make_composed
// CHECK: cute.make_composed_layout(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.swizzle<3,4,3>, index, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<Sw<3,4,3> o ? o (8,64):(64,1)>
// CHECK: cute.make_composed_layout(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.layout<(8,64):(64,1)>, !cute.int_tuple<value=3>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>
// CHECK: cute.make_composed_layout(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !cute.layout<rank=2>) -> !cute.composed_layout<rank=2>
func.func @make_composed(%sw: !cute.swizzle<3,4,3>, %l: !cute.layout<(8,64):(64,1)>, %i: index,
                         %o3: !cute.int_tuple<value=3>, %o0: !cute.int_tuple<value=0>, %r: !cute.layout<2>) {
  %0 = cute.make_composed_layout(%sw, %i, %l) : (!cute.swizzle<3,4,3>, index, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<Sw<3,4,3> o ? o (8,64):(64,1)>
  %1 = cute.make_composed_layout(%l, %o3, %l) : (!cute.layout<(8,64):(64,1)>, !cute.int_tuple<value=3>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>
  %2 = cute.make_composed_layout(%sw, %o0, %r) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !cute.layout<rank=2>) -> !cute.composed_layout<rank=2>
  return
}
