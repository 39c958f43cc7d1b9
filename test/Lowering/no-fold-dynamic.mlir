// RUN: %cute-opt --canonicalize --cute-expand %s | FileCheck %s
// REQUIRES: cute-opt
// A runtime leaf stays a runtime value through folding and expansion, even where its
// value could be 1 or 0: CuTe drops or merges a mode only for a static 1, never for a
// runtime one (docs/semantics.md), and the lowered code computes with the value it gets.

// coalesce keeps both runtime modes ((?,?):(1,?) does not merge), so the size is m * n
// and the stride of mode 1 is the runtime m.
// CHECK-LABEL: func.func @runtime_extents(%arg0: index, %arg1: index) -> (index, index, index, index)
// CHECK-DAG: %[[SIZE:.*]] = arith.muli %arg0, %arg1 : index
// CHECK: return %arg0, %arg1, %arg0, %[[SIZE]] : index, index, index, index
func.func @runtime_extents(%m: index, %n: index) -> (!cute.layout<(?,?):(1,?)>, index) {
  %s = cute.make_shape(%m, %n) : (index, index)
  %l = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %c = cute.coalesce(%l) : (!cute.layout<(?,?):(1,?)>)
  %k = cute.size(%c) : (!cute.layout<(?,?):(1,?)>)
  return %c, %k : !cute.layout<(?,?):(1,?)>, index
}

// A runtime stride of 0 is a value, not CuTe's static _0: the offset is computed.
// CHECK-LABEL: func.func @runtime_zero_stride(%arg0: index, %arg1: index) -> index
// CHECK: %[[OFF:.*]] = arith.muli %arg1, %arg0 : index
// CHECK: return %[[OFF]] : index
func.func @runtime_zero_stride(%d: index, %i: index) -> index {
  %c4 = arith.constant 4 : index
  %s = cute.make_shape(%c4) : (index)
  %t = cute.make_stride(%d) : (index)
  %l = cute.make_layout(%s, %t) : (!cute.shape<(4)>, !cute.stride<(?)>)
  %o = cute.crd2idx(%i, %l) : (index, !cute.layout<(4):(?)>)
  return %o : index
}

// Static operands fold before expansion; runtime ones stay for it.
// CHECK-LABEL: func.func @mixed(%arg0: index) -> index
// CHECK: arith.constant 32 : index
// CHECK: %[[R:.*]] = arith.muli %arg0, %c32{{(_[0-9]+)?}} : index
// CHECK: return %[[R]] : index
func.func @mixed(%m: index) -> index {
  %a = cute.constant : !cute.layout<(4,8):(1,4)>
  %n = cute.size(%a) : (!cute.layout<(4,8):(1,4)>)
  %s = cute.make_shape(%m, %n) : (index, index)
  %k = cute.size(%s) : (!cute.shape<(?,?)>)
  return %k : index
}
