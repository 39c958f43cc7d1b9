// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: the command line's operations as ops, their result types inferred by the
// core. Every type below is cute-layout's answer for the same call (flatten(L),
// take<1,2>(L), get<1,0>(L), upcast<2>, downcast<2>, product_each, round_up,
// compact_col_major/row_major, make_layout_like, max_common_layout/vector of a swizzled
// layout, and the parts of a composed layout).

// CHECK: cute.flatten({{.*}}){{.*}} -> !cute.layout<(8,16,64,2):(64,512,1,8192)>
// CHECK: cute.take({{.*}}){{.*}} -> !cute.layout<((64,2)):((1,8192))>
// CHECK: cute.get({{.*}}){{.*}} -> !cute.layout<64:1>
// CHECK: cute.upcast({{.*}}){{.*}} -> !cute.layout<(8,32):(32,1)>
// CHECK: cute.downcast({{.*}}){{.*}} -> !cute.layout<(8,128):(128,1)>
// CHECK: cute.product_each({{.*}}){{.*}} -> !cute.shape<(6,20)>
// CHECK: cute.round_up({{.*}}){{.*}} -> !cute.shape<(8,8)>
// CHECK: cute.compact_col_major({{.*}}){{.*}} -> !cute.stride<((1,2),(6,24))>
// CHECK: cute.compact_row_major({{.*}}){{.*}} -> !cute.stride<((60,20),(5,1))>
// CHECK: cute.make_layout_like({{.*}}){{.*}} -> !cute.layout<((4,8),(2,2)):((32,1),(16,8))>
// CHECK: cute.max_common_layout({{.*}}){{.*}} -> !cute.layout<16:8>
// CHECK: cute.max_common_vector({{.*}}){{.*}} -> index
// CHECK: cute.to_shape({{.*}}){{.*}} -> !cute.shape<(2,3,4)>
// CHECK: cute.get_outer({{.*}}){{.*}} -> !cute.swizzle<3,4,3>
// CHECK: cute.get_offset({{.*}}){{.*}} -> !cute.int_tuple<value=0>
// CHECK: cute.get_inner({{.*}}){{.*}} -> !cute.layout<(8,64):(64,1)>
// CHECK: cute.upcast({{.*}}){{.*}} -> !cute.composed_layout<Sw<3,3,3> o 0 o (8,32):(32,1)>
// CHECK: cute.take({{.*}}){{.*}} -> !cute.composed_layout<Sw<3,4,3> o 0 o (8):(64)>
// CHECK: cute.get({{.*}}){{.*}} -> !cute.shape<(2,3)>
!L = !cute.layout<((8,16),(64,2)):((64,512),(1,8192))>
!C = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
func.func @ops(%l: !L, %s: !cute.shape<((2,3),(4,5))>, %a: !cute.shape<(5,7)>, %b: !cute.shape<(4,4)>, %c: !C,
               %tv: !cute.layout<((4,8),(2,2)):((64,1),(32,8))>, %m: !cute.layout<(8,64):(64,1)>, %i: !cute.int_tuple<(2,3,4)>) {
  %0 = cute.flatten(%l) : (!L)
  %1 = cute.take(%l) {begin = 1 : i32, end = 2 : i32} : (!L)
  %2 = cute.get(%l) {modes = array<i32: 1, 0>} : (!L)
  %3 = cute.upcast(%m) {factor = 2 : i64} : (!cute.layout<(8,64):(64,1)>)
  %4 = cute.downcast(%m) {factor = 2 : i64} : (!cute.layout<(8,64):(64,1)>)
  %5 = cute.product_each(%s) : (!cute.shape<((2,3),(4,5))>)
  %6 = cute.round_up(%a, %b) : (!cute.shape<(5,7)>, !cute.shape<(4,4)>)
  %7 = cute.compact_col_major(%s) : (!cute.shape<((2,3),(4,5))>)
  %8 = cute.compact_row_major(%s) : (!cute.shape<((2,3),(4,5))>)
  %9 = cute.make_layout_like(%tv) : (!cute.layout<((4,8),(2,2)):((64,1),(32,8))>)
  %10 = cute.max_common_layout(%c, %m) : (!C, !cute.layout<(8,64):(64,1)>)
  %11 = cute.max_common_vector(%c, %m) : (!C, !cute.layout<(8,64):(64,1)>)
  %12 = cute.to_shape(%i) : (!cute.int_tuple<(2,3,4)>)
  %13 = cute.get_outer(%c) : (!C)
  %14 = cute.get_offset(%c) : (!C)
  %15 = cute.get_inner(%c) : (!C)
  %16 = cute.upcast(%c) {factor = 2 : i64} : (!C)
  %17 = cute.take(%c) {begin = 0 : i32, end = 1 : i32} : (!C)
  %18 = cute.get(%s) {modes = array<i32: 0>} : (!cute.shape<((2,3),(4,5))>)
  return
}
