// RUN: %cute-opt --cute-refine-types --cute-expand %s | FileCheck %s
// REQUIRES: cute-opt
// What --cute-expand emits for each op family: the arithmetic the core does on runtime
// leaves, as arith (docs/lowering.md). Results typed as a kind only are refined first
// (--cute-refine-types), so their structure is known. Every value here is also checked by
// running it: random-lowering.test.

// composition((?,8):(1,?), (4,2):(2,4)): CuTe's fold over A's modes, with ceil_div and min
// on the runtime extent (the result is ((?,?),(?,?)):((2,?),(4,?))).
// CHECK-LABEL: func.func @composition(%arg0: index, %arg1: index) -> (index, index, index, index, index, index)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[SUM:.*]] = arith.addi %arg0, %[[C2]] : index
// CHECK: %[[UP:.*]] = arith.subi %[[SUM]], %{{.*}} : index
// CHECK: %[[CEIL:.*]] = arith.divsi %[[UP]], %[[C2]] : index
// CHECK: %[[MIN:.*]] = arith.minsi %[[CEIL]], %{{.*}} : index
// CHECK: return %[[MIN]],
func.func @composition(%m: index, %d: index) -> !cute.layout {
  %c8 = arith.constant 8 : index
  %s = cute.make_shape(%m, %c8) : (index, index)
  %c1 = arith.constant 1 : index
  %st = cute.make_stride(%c1, %d) : (index, index)
  %a = cute.make_layout(%s, %st) : (!cute.shape<(?,8)>, !cute.stride<(1,?)>)
  %b = cute.constant : !cute.layout<(4,2):(2,4)>
  %r = cute.composition(%a, %b) : (!cute.layout<(?,8):(1,?)>, !cute.layout<(4,2):(2,4)>) -> !cute.layout
  return %r : !cute.layout
}

// complement((4,2):(1,8), n) = (2,ceil_div(n,16)):(4,16): one runtime leaf.
// CHECK-LABEL: func.func @complement(%arg0: index) -> index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[S:.*]] = arith.addi %arg0, %[[C16]] : index
// CHECK: %[[U:.*]] = arith.subi %[[S]], %{{.*}} : index
// CHECK: %[[Q:.*]] = arith.divsi %[[U]], %[[C16]] : index
// CHECK-NEXT: return %[[Q]] : index
func.func @complement(%n: index) -> !cute.layout {
  %a = cute.constant : !cute.layout<(4,2):(1,8)>
  %r = cute.complement(%a, %n) : (!cute.layout<(4,2):(1,8)>, index)
  %l = cute.get_layout(%r) : (!cute.layout<(2,?):(4,16)>) -> !cute.layout
  return %l : !cute.layout
}

// size(logical_divide((?,?):(1,?), (16,8))) = 16 * ceil_div(m,16) * 8 * ceil_div(n,8).
// CHECK-LABEL: func.func @divide(%arg0: index, %arg1: index) -> index
// CHECK: %[[Q0:.*]] = arith.divsi %{{.*}}, %{{.*}} : index
// CHECK: %[[Q1:.*]] = arith.divsi %{{.*}}, %{{.*}} : index
// CHECK: %[[P0:.*]] = arith.muli %{{.*}}, %[[Q0]] : index
// CHECK: %[[P1:.*]] = arith.muli %[[P0]], %{{.*}} : index
// CHECK: %[[P2:.*]] = arith.muli %[[P1]], %[[Q1]] : index
// CHECK: return %[[P2]] : index
func.func @divide(%m: index, %n: index) -> index {
  %s = cute.make_shape(%m, %n) : (index, index)
  %a = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %t = cute.constant : !cute.shape<(16,8)>
  %r = cute.logical_divide(%a, %t) : (!cute.layout<(?,?):(1,?)>, !cute.shape<(16,8)>)
  %k = cute.size(%r) : (!cute.layout<((16,?),(8,?)):((1,16),(?,?))>)
  return %k : index
}

// A static index 0 gives the static offset 0 (CuTe: _0 times anything is _0).
// CHECK-LABEL: func.func @partition(%arg0: index, %arg1: index, %arg2: index) -> index
// CHECK-NOT: arith.muli %arg2
// CHECK: return %c0{{(_[0-9]+)?}} : index
func.func @partition(%m: index, %n: index, %t: index) -> index {
  %s = cute.make_shape(%m, %n) : (index, index)
  %a = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %thr = cute.constant : !cute.layout<(4,8):(8,1)>
  %r = cute.local_partition(%a, %thr, %t) : (!cute.layout<(?,?):(1,?)>, !cute.layout<(4,8):(8,1)>, index)
  %c0 = arith.constant 0 : index
  %o = cute.crd2idx(%c0, %r) : (index, !cute.layout<(?,?):(4,?)>)
  return %o : index
}

// Sw<3,4,3> of the inner offset: x ^ ((x & 0x380) >> 3).
// CHECK-LABEL: func.func @swizzled(%arg0: index) -> index
// CHECK: %[[X:.*]] = arith.addi
// CHECK: %[[M:.*]] = arith.constant 896 : index
// CHECK: %[[Y:.*]] = arith.andi %[[X]], %[[M]] : index
// CHECK: %[[S:.*]] = arith.constant 3 : index
// CHECK: %[[Z:.*]] = arith.shrsi %[[Y]], %[[S]] : index
// CHECK: %[[R:.*]] = arith.xori %[[X]], %[[Z]] : index
// CHECK: return %[[R]] : index
func.func @swizzled(%i: index) -> index {
  %b = cute.constant : !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %o = cute.crd2idx(%i, %b) : (index, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>)
  return %o : index
}

// elem_less((a,8), (b,8)) = a < b && 8 < 8: a comparison of runtime leaves.
// CHECK-LABEL: func.func @compare(%arg0: index, %arg1: index) -> i1
// CHECK: arith.cmpi slt, %arg0, %arg1 : index
// CHECK: arith.andi
// CHECK: arith.index_cast %{{.*}} : index to i1
func.func @compare(%a: !cute.shape<(?,8)>, %b: !cute.shape<(?,8)>) -> i1 {
  %e = cute.elem_less(%a, %b) : (!cute.shape<(?,8)>, !cute.shape<(?,8)>)
  return %e : i1
}

// get_leaves: the runtime leaves themselves and constants for the static ones.
// CHECK-LABEL: func.func @leaves(%arg0: index, %arg1: index) -> (index, index, index)
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: return %arg0, %[[C8]], %arg1 : index, index, index
func.func @leaves(%a: !cute.shape<(?,8,?)>) -> (index, index, index) {
  %x, %y, %z = cute.get_leaves(%a) : !cute.shape<(?,8,?)> -> index, index, index
  return %x, %y, %z : index, index, index
}
