// RUN: %cute-opt --cute-expand %s | FileCheck %s
// REQUIRES: cute-opt
// A cute value crosses function signatures, calls, returns, scf regions and branches as
// its runtime leaves, one index each, in order (docs/lowering.md); a fully static value
// crosses as nothing.

// cosize((?,8):(1,?)) = (m - 1) * 1 + 7 * |d| + 1: CuTe's cosize, as the core computes it.
// CHECK-LABEL: func.func @callee(%arg0: index, %arg1: index) -> index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %arg1
// CHECK: %[[ABS:.*]] = arith.select %[[NEG]]
// CHECK: arith.muli %{{.*}}, %[[ABS]] : index
// CHECK: return
func.func @callee(%l: !cute.layout<(?,8):(1,?)>) -> index {
  %s = cute.cosize(%l) : (!cute.layout<(?,8):(1,?)>)
  return %s : index
}

// CHECK-LABEL: func.func @signature(%arg0: index, %arg1: index, %arg2: index) -> (index, index)
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} iter_args(%[[A:.*]] = %arg0, %[[B:.*]] = %arg1) -> (index, index)
// CHECK-NEXT: scf.yield %[[A]], %[[B]] : index, index
// CHECK: call @callee(%[[R]]#0, %[[R]]#1) : (index, index) -> index
// CHECK: return %[[R]]#0, %[[R]]#1 : index, index
func.func @signature(%l: !cute.layout<(?,8):(1,?)>, %n: index) -> !cute.layout<(?,8):(1,?)> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %l) -> (!cute.layout<(?,8):(1,?)>) {
    scf.yield %acc : !cute.layout<(?,8):(1,?)>
  }
  %c = func.call @callee(%r) : (!cute.layout<(?,8):(1,?)>) -> index
  return %r : !cute.layout<(?,8):(1,?)>
}

// A static value has no runtime leaves: the argument disappears.
// CHECK-LABEL: func.func @static_argument(%arg0: index) -> index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[P:.*]] = arith.muli %[[C4]], %arg0 : index
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[P]], %[[C8]] : index
// CHECK-NEXT: return %[[S]] : index
func.func @static_argument(%a: !cute.layout<(4,8):(1,4)>, %m: index) -> index {
  %s = cute.make_shape(%m) : (index)
  %l = cute.make_layout(%s) : (!cute.shape<(?)>)
  %p = cute.blocked_product(%a, %l) : (!cute.layout<(4,8):(1,4)>, !cute.layout<(?):(1)>)
  %n = cute.size(%p) : (!cute.layout<((4,?),(8,1)):((1,32),(4,0))>)
  return %n : index
}

// scf.if yields a layout; a block argument of cf.br carries one.
// CHECK-LABEL: func.func @regions(%arg0: i1, %arg1: index, %arg2: index) -> index
// CHECK: %[[IF:.*]]:2 = scf.if %arg0 -> (index, index)
// CHECK: cf.br ^bb1(%[[IF]]#0, %[[IF]]#1 : index, index)
// CHECK: ^bb1(%[[X:.*]]: index, %[[Y:.*]]: index):
// CHECK: arith.muli %[[X]], %[[Y]] : index
func.func @regions(%p: i1, %m: index, %n: index) -> index {
  %s = cute.make_shape(%m, %n) : (index, index)
  %t = cute.make_shape(%n, %m) : (index, index)
  %r = scf.if %p -> (!cute.shape<(?,?)>) {
    scf.yield %s : !cute.shape<(?,?)>
  } else {
    scf.yield %t : !cute.shape<(?,?)>
  }
  cf.br ^next(%r : !cute.shape<(?,?)>)
^next(%x: !cute.shape<(?,?)>):
  %l = cute.make_layout(%x) : (!cute.shape<(?,?)>)
  %k = cute.size(%l) : (!cute.layout<(?,?):(1,?)>)
  return %k : index
}
