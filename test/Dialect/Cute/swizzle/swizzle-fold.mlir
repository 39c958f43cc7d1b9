// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --cute-static-fold | FileCheck %s
// REQUIRES: cute-opt
// The algebra on swizzled layouts infers through the core and folds; every value below is
// CUTLASS CuTe's answer for the same expression (cute-ref), the swizzled smem atom being
// composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}).

!L = !cute.layout<(8,64):(64,1)>
!C = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>

// CHECK-LABEL: func @lifted
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o ((4,2),(8,8)):((64,256),(1,8))>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o (4,(2,4)):(64,(256,1))>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>}
// CHECK-DAG: cute.constant {value = !cute.layout<1:0>}
func.func @lifted(%c: !C, %target: !cute.shape<(64,128)>, %t: !cute.shape<(4,8)>, %b: !cute.layout<(4,8):(1,4)>)
    -> (!cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.layout) {
  %0 = cute.tile_to_shape(%c, %target) : (!C, !cute.shape<(64,128)>) -> !cute.composed_layout
  %1 = cute.logical_divide(%c, %t) : (!C, !cute.shape<(4,8)>) -> !cute.composed_layout
  %2 = cute.composition(%c, %b) : (!C, !cute.layout<(4,8):(1,4)>) -> !cute.composed_layout
  %3 = cute.coalesce(%c) : (!C) -> !cute.composed_layout
  %4 = cute.complement(%c) : (!C) -> !cute.layout
  return %0, %1, %2, %3, %4 : !cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.layout
}

// CHECK-LABEL: func @queries
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C67:.*]] = arith.constant 67 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C512]], %[[C512]], %[[C67]], %[[C2]]
func.func @queries(%c: !C, %x: !cute.coord<(1,3)>) -> (index, index, index, index) {
  %0 = cute.size(%c) : (!C) -> index
  %1 = cute.cosize(%c) : (!C) -> index
  %2 = cute.crd2idx(%x, %c) : (!cute.coord<(1,3)>, !C) -> index
  %3 = cute.rank(%c) : (!C) -> index
  return %0, %1, %2, %3 : index, index, index, index
}

// The swizzle moves onto the sliced modes: plain layouts here (CuTe: (_64):(_1),
// ((_16,_2,_2)):((_1,_-16,_32)), ((_2,_4)):((_64,_144))).
// CHECK-LABEL: func @slices
// CHECK-DAG: cute.constant {value = !cute.layout<(64):(1)>}
// CHECK-DAG: cute.constant {value = !cute.layout<((16,2,2)):((1,-16,32))>}
// CHECK-DAG: cute.constant {value = !cute.layout<((2,4)):((64,144))>}
func.func @slices(%c: !C, %r1: !cute.coord<(1,_)>, %r2: !cute.coord<(2,_)>, %c1: !cute.coord<(_,1)>)
    -> (!cute.layout, !cute.layout, !cute.layout) {
  %0 = cute.slice(%r1, %c) : (!cute.coord<(1,_)>, !C) -> !cute.layout
  %1 = cute.slice(%r2, %c) : (!cute.coord<(2,_)>, !C) -> !cute.layout
  %2 = cute.slice(%c1, %c) : (!cute.coord<(_,1)>, !C) -> !cute.layout
  return %0, %1, %2 : !cute.layout, !cute.layout, !cute.layout
}

// CHECK-LABEL: func @recast_and_compose
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,3,3> o 0 o (8,32):(32,1)>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,5,3> o 0 o (8,128):(128,1)>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,1,3> o 0 o (8,64):(64,1)>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>}
func.func @recast_and_compose(%c: !C, %l: !L, %sw: !cute.swizzle<3,4,3>, %flat: !cute.layout<512:1>)
    -> (!cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout) {
  %0 = cute.recast_layout(%c) {old_type = i16, new_type = i32} : (!C) -> !cute.composed_layout
  %1 = cute.recast_layout(%c) {old_type = i16, new_type = i8} : (!C) -> !cute.composed_layout
  %2 = cute.composition(%l, %sw) : (!L, !cute.swizzle<3,4,3>) -> !cute.composed_layout
  %3 = cute.composition(%flat, %c) : (!cute.layout<512:1>, !C) -> !cute.composed_layout
  return %0, %1, %2, %3 : !cute.composed_layout, !cute.composed_layout, !cute.composed_layout, !cute.composed_layout
}

// A composed layout built from values folds too; a swizzle of no bits with offset 0 drops
// away in the lift (CuTe's composition(Swizzle<0,M,S>, _0, L) is L), and a layout outer
// keeps the offset of the fixed modes (CuTe: (_8,_64):(_64,_1) o 67 o (_64):(_1)).
// CHECK-LABEL: func @built
// CHECK-DAG: cute.constant {value = !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>}
// CHECK-DAG: cute.constant {value = !cute.layout<((4,2),(8,8)):((64,256),(1,8))>}
// CHECK-DAG: cute.constant {value = !cute.composed_layout<(8,64):(64,1) o 67 o (64):(1)>}
func.func @built(%sw: !cute.swizzle<3,4,3>, %none: !cute.swizzle<0,4,3>, %l: !L, %o0: !cute.int_tuple<value=0>,
                 %o3: !cute.int_tuple<value=3>, %t: !cute.shape<(4,8)>, %r1: !cute.coord<(1,_)>)
    -> (!cute.composed_layout, !cute.layout, !cute.composed_layout) {
  %0 = cute.make_composed_layout(%sw, %o0, %l) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !L) -> !cute.composed_layout
  %n = cute.make_composed_layout(%none, %o0, %l) : (!cute.swizzle<0,4,3>, !cute.int_tuple<value=0>, !L) -> !cute.composed_layout
  %1 = cute.logical_divide(%n, %t) : (!cute.composed_layout, !cute.shape<(4,8)>) -> !cute.layout
  %a = cute.make_composed_layout(%l, %o3, %l) : (!L, !cute.int_tuple<value=3>, !L) -> !cute.composed_layout
  %2 = cute.slice(%r1, %a) : (!cute.coord<(1,_)>, !cute.composed_layout) -> !cute.composed_layout
  return %0, %1, %2 : !cute.composed_layout, !cute.layout, !cute.composed_layout
}
