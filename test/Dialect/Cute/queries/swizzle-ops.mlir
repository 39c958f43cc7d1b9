// RUN: %cute-opt %s | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: the command line's compact_major, make_swizzle and swizzle portions as ops
// (cute-layout: compact_major(((2,3),(4,5)), LayoutRight) = ((60,20),(5,1)),
// make_swizzle(896, 112) = Sw<3,4,3>, get_swizzle_portion((8,64):(64,1)) = Sw<0,4,3>).

// CHECK-LABEL: func @ops
// CHECK: cute.compact_major(%{{.*}}) {major = "LayoutRight"} : (!cute.shape<((2,3),(4,5))>) -> !cute.stride<((60,20),(5,1))>
// CHECK: cute.make_swizzle {y = 896 : i64, z = 112 : i64} : !cute.swizzle<3,4,3>
// CHECK: cute.get_swizzle_portion(%{{.*}}) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.swizzle<3,4,3>
// CHECK: cute.get_nonswizzle_portion(%{{.*}}) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.layout<(8,64):(64,1)>
// CHECK: cute.get_swizzle_portion(%{{.*}}) : (!cute.layout<(8,64):(64,1)>) -> !cute.swizzle<0,4,3>
func.func @ops(%s: !cute.shape<((2,3),(4,5))>, %c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, %l: !cute.layout<(8,64):(64,1)>) {
  %0 = cute.compact_major(%s) {major = "LayoutRight"} : (!cute.shape<((2,3),(4,5))>)
  %1 = cute.make_swizzle() {y = 896 : i64, z = 112 : i64} : ()
  %2 = cute.get_swizzle_portion(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>)
  %3 = cute.get_nonswizzle_portion(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>)
  %4 = cute.get_swizzle_portion(%l) : (!cute.layout<(8,64):(64,1)>)
  return
}
