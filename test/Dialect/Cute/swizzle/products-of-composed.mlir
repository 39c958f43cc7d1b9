// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize | FileCheck %s
// REQUIRES: cute-opt
// Issue 41, F12: the logical, zipped, tiled and flat products by a swizzled tiler, of a
// layout and of a composed layout (CuTe's lift A o O o (B x T)), infer and fold to CuTe's
// answers (cute-ref). Where CuTe's answer nests a composed layout inside another (the
// tiler's swizzle Sw<1,0,1> moves to Sw<1,9,1>, not a no-op under Sw<3,4,3>), the op is
// refused with that answer named; before, the inner swizzle was dropped without a word.

!C = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
!T = !cute.composed_layout<Sw<1,0,1> o 0 o (2,2):(1,2)>
!U = !cute.composed_layout<Sw<3,4,3> o 0 o (2,2):(1,2)>
!L = !cute.layout<(8,4):(4,1)>

// CHECK-LABEL: func @products
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<1,5,1> o 0 o ((8,4),(2,2)):((4,1),(32,64))>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<1,5,1> o 0 o ((8,4),2,2):((4,1),32,64)>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<1,5,1> o 0 o (8,4,2,2):(4,1,32,64)>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o ((8,64),(2,2)):((64,1),(512,1024))>}
func.func @products(%l: !L, %t: !T, %c: !C, %u: !U)
    -> (!cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout) {
  %0 = cute.zipped_product(%l, %t) : (!L, !T) -> !cute.composed_layout
  %1 = cute.tiled_product(%l, %t) : (!L, !T) -> !cute.composed_layout
  %2 = cute.flat_product(%l, %t) : (!L, !T) -> !cute.composed_layout
  %3 = cute.logical_product(%c, %u) : (!C, !U) -> !cute.composed_layout
  return %0, %1, %2, %3 : !cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout
}

// -----

!C = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
!T = !cute.composed_layout<Sw<1,0,1> o 0 o (2,2):(1,2)>
func.func @nested(%c: !C, %t: !T) {
  // expected-error @+1 {{'cute.logical_product' op failed to compute the product of Sw<3,4,3> o 0 o (8,64):(64,1) and Sw<1,0,1> o 0 o (2,2):(1,2): CuTe's answer Sw<3,4,3> o 0 o Sw<1,9,1> o 0 o ((8,64),(2,2)):((64,1),(512,1024)) is a composed layout within a composed layout, which cutelayout does not hold}}
  %0 = cute.logical_product(%c, %t) : (!C, !T) -> !cute.composed_layout
  return
}
