// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt --cute-refine-types %s | FileCheck %s --check-prefix=REFINE
// RUN: %cute-opt --cute-refine-types --cute-expand=runtime-checks=true %s | FileCheck %s --check-prefix=EXPAND
// REQUIRES: cute-opt
// Divisibility facts (docs/lowering.md#divisibility-facts): `?{div=N}` in types, from
// cute.assume or a function argument's cute.div attribute; inference derives the facts
// of results, and the lowering folds what they make known.

// The facts print and read back.
// CHECK-LABEL: func.func @types
// CHECK-SAME: (%arg0: !cute.shape<(?{div=16},8)>, %arg1: !cute.layout<(?{div=4},?):(1,?{div=64})>, %arg2: !cute.int_tuple<value=?{div=2}>)
func.func @types(%s: !cute.shape<(?{div=16},8)>, %l: !cute.layout<(?{div=4},?):(1,?{div=64})>,
                 %t: !cute.int_tuple<value=?{div=2}>) {
  return
}

// A multiple of 128 tiled by 128: ceil_div(m, 128) is m / 128 exactly, and the strides
// of the tiles carry the facts they imply (64 * m is a multiple of 8192).
// CHECK-LABEL: func.func @assumed
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (index, index) -> !cute.shape<(?{div=128},?)>
// CHECK: -> !cute.layout<((128,64),(?,?)):((1,?{div=128}),(128,?{div=8192}))>
// EXPAND-LABEL: func.func @assumed
// EXPAND: cf.assert %{{.*}}, "cute.assume: the input is not a multiple of its divisibility 128"
// EXPAND-NEXT: %[[C128:.*]] = arith.constant 128 : index
// EXPAND-NEXT: %[[TILES:.*]] = arith.divsi %arg0, %[[C128]] : index
func.func @assumed(%m0: index, %n: index) -> index {
  %m = cute.assume %m0 {divisibility = 128 : i64} : index
  %s = cute.make_shape(%m, %n) : (index, index)
  %a = cute.make_layout(%s) : (!cute.shape<(?{div=128},?)>)
  %t = cute.constant : !cute.shape<(128,64)>
  %d = cute.zipped_divide(%a, %t) : (!cute.layout<(?{div=128},?):(1,?{div=128})>, !cute.shape<(128,64)>)
  %k = cute.size(%d) : (!cute.layout<((128,64),(?,?)):((1,?{div=128}),(128,?{div=8192}))>)
  return %k : index
}

// A function argument's fact reaches the types through --cute-refine-types (at parse
// time the function's attributes are not known yet); `m % 16` is then known to be 0.
// REFINE-LABEL: func.func @argument
// REFINE: cute.make_shape(%arg0) : (index) -> !cute.shape<(?{div=16})>
// EXPAND-LABEL: func.func @argument
// EXPAND-NOT: arith.remsi
// EXPAND: return
func.func @argument(%m: index {cute.div = 16 : i64}) -> !cute.shape<(?)> {
  %s = cute.make_shape(%m) : (index)
  %c16 = arith.constant 16 : index
  %d = cute.make_shape(%c16) : (index)
  %r = cute.tuple_mod(%s, %d) : (!cute.shape<(?)>, !cute.shape<(16)>)
  return %r : !cute.shape<(?)>
}

// upcast<2> needs a stride that 2 divides (or divides 2): a multiple of 4 is one, so the
// runtime check is proven and not emitted; without the fact it is.
// (The one assert is the assume's own check of its fact, docs/lowering.md.)
// EXPAND-LABEL: func.func @proven
// EXPAND: arith.remsi %arg0, %{{.*}} : index
// EXPAND: cf.assert %{{.*}}, "cute.assume: the input is not a multiple of its divisibility 4"
// EXPAND-NOT: cf.assert
// EXPAND: return
func.func @proven(%d0: index) -> !cute.layout<(8):(?{div=2})> {
  %d = cute.assume %d0 {divisibility = 4 : i64} : index
  %c8 = arith.constant 8 : index
  %s = cute.make_shape(%c8) : (index)
  %t = cute.make_stride(%d) : (index)
  %l = cute.make_layout(%s, %t) : (!cute.shape<(8)>, !cute.stride<(?{div=4})>)
  %u = cute.upcast(%l) {factor = 2 : i64} : (!cute.layout<(8):(?{div=4})>)
  return %u : !cute.layout<(8):(?{div=2})>
}
// EXPAND-LABEL: func.func @unproven
// EXPAND: cf.assert %{{.*}}, "cute.upcast: upcast<2>: a stride and 2 do not divide each other (CuTe does not check this for runtime integers)"
func.func @unproven(%d: index) -> !cute.layout<(8):(?)> {
  %c8 = arith.constant 8 : index
  %s = cute.make_shape(%c8) : (index)
  %t = cute.make_stride(%d) : (index)
  %l = cute.make_layout(%s, %t) : (!cute.shape<(8)>, !cute.stride<(?)>)
  %u = cute.upcast(%l) {factor = 2 : i64} : (!cute.layout<(8):(?)>)
  return %u : !cute.layout<(8):(?)>
}
