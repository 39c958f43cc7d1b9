// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --cute-static-fold | FileCheck %s
// REQUIRES: cute-opt
// The worked examples of spec 000 with the tilers docs/semantics.md (R16) gives them, and the
// other divide, product and tiling ops on static operands, folded by the core library.

// CHECK-LABEL: func @spec_worked_examples
// CHECK-DAG: cute.constant {value = !cute.layout<((64,64),2,2):((1,128),64,8192)>}
// CHECK-DAG: cute.constant {value = !cute.layout<((64,64),4):((1,64),4096)>}
// CHECK-DAG: cute.constant {value = !cute.layout<((32,4),(16,8)):((1,32),(128,2048))>}
// CHECK-DAG: cute.constant {value = !cute.layout<((32,16),32):((1,32),512)>}
// CHECK-NOT: cute.tiled_divide
// CHECK-NOT: cute.logical_divide
func.func @spec_worked_examples() -> (!cute.layout<3>, !cute.layout, !cute.layout<2>, !cute.layout<2>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %shape = cute.make_shape [%c128, %c128] : (index, index) -> !cute.shape<2>
  %layout = cute.make_identity_layout(%shape) : (!cute.shape<2>) -> !cute.layout<2>
  %tile_shape = cute.make_shape [%c64, %c64] : (index, index) -> !cute.shape<2>
  %tile = cute.make_layout(%tile_shape) : (!cute.shape<2>) -> !cute.layout<2>
  // A shape tiler acts by mode; a layout tiler divides in 1-D (R16).
  %by_mode = cute.tiled_divide(%layout, %tile_shape) : (!cute.layout<2>, !cute.shape<2>) -> !cute.layout<3>
  %one_d = cute.tiled_divide(%layout, %tile) : (!cute.layout<2>, !cute.layout<2>) -> !cute.layout
  %tl_shape = cute.make_shape [%c32, %c16] : (index, index) -> !cute.shape<2>
  %tl = cute.make_layout(%tl_shape) : (!cute.shape<2>) -> !cute.layout<2>
  %ld_mode = cute.logical_divide(%layout, %tl_shape) : (!cute.layout<2>, !cute.shape<2>) -> !cute.layout<2>
  %ld_1d = cute.logical_divide(%layout, %tl) : (!cute.layout<2>, !cute.layout<2>) -> !cute.layout<2>
  return %by_mode, %one_d, %ld_mode, %ld_1d : !cute.layout<3>, !cute.layout, !cute.layout<2>, !cute.layout<2>
}

// CHECK-LABEL: func @divides
// CHECK-NEXT: cute.constant : !cute.layout<((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))>
// CHECK-NEXT: cute.constant : !cute.layout<(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))>
// CHECK-NEXT: cute.constant : !cute.layout<((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))>
func.func @divides(%a: !cute.layout<(9,(4,8)):(59,(13,1))>, %t: !cute.tile<(3:3,(2,4):(1,8))>)
    -> (!cute.layout<((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))>, !cute.layout<(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))>,
        !cute.layout<((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))>) {
  %z = cute.zipped_divide(%a, %t) : (!cute.layout<(9,(4,8)):(59,(13,1))>, !cute.tile<(3:3,(2,4):(1,8))>) -> !cute.layout<((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))>
  %f = cute.flat_divide(%a, %t) : (!cute.layout<(9,(4,8)):(59,(13,1))>, !cute.tile<(3:3,(2,4):(1,8))>) -> !cute.layout<(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))>
  %d = cute.tiled_divide(%a, %t) : (!cute.layout<(9,(4,8)):(59,(13,1))>, !cute.tile<(3:3,(2,4):(1,8))>) -> !cute.layout<((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))>
  return %z, %f, %d : !cute.layout<((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))>, !cute.layout<(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))>, !cute.layout<((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))>
}

// CHECK-LABEL: func @products
// CHECK-DAG: cute.constant {value = !cute.layout<((2,2),(2,3)):((4,1),(2,8))>} : !cute.layout
// CHECK-DAG: cute.constant {value = !cute.layout<((2,3),(5,4)):((5,10),(1,30))>} : !cute.layout
// CHECK-DAG: cute.constant {value = !cute.layout<((3,2),(4,5)):((10,5),(30,1))>} : !cute.layout
// CHECK-DAG: cute.constant {value = !cute.layout<((2,4),(5,4)):((5,10),(1,40))>} : !cute.layout
func.func @products(%a: !cute.layout<(2,2):(4,1)>, %b: !cute.layout<6:1>, %blk: !cute.layout<(2,5):(5,1)>,
                    %thr: !cute.layout<(3,4):(1,3)>, %target: !cute.shape<(8,20)>) -> (!cute.layout, !cute.layout, !cute.layout, !cute.layout) {
  %p = cute.logical_product(%a, %b) : (!cute.layout<(2,2):(4,1)>, !cute.layout<6:1>) -> !cute.layout
  %bp = cute.blocked_product(%blk, %thr) : (!cute.layout<(2,5):(5,1)>, !cute.layout<(3,4):(1,3)>) -> !cute.layout
  %rp = cute.raked_product(%blk, %thr) : (!cute.layout<(2,5):(5,1)>, !cute.layout<(3,4):(1,3)>) -> !cute.layout
  %tts = cute.tile_to_shape(%blk, %target) : (!cute.layout<(2,5):(5,1)>, !cute.shape<(8,20)>) -> !cute.layout
  return %p, %bp, %rp, %tts : !cute.layout, !cute.layout, !cute.layout, !cute.layout
}

// CHECK-LABEL: func @algebra
// CHECK-DAG: cute.constant {value = !cute.layout<12:1>}
// CHECK-DAG: cute.constant {value = !cute.layout<(2,6):(1,2)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(4,1):(1,0)>}
// CHECK-DAG: cute.constant {value = !cute.layout<4:1>}
// CHECK-DAG: cute.constant {value = !cute.layout<(2,3):(1,8)>}
// CHECK-DAG: cute.constant {value = !cute.layout<((2,2),3):((24,2),8)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(8,4):(4,1)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(8,8):(1,8)>}
func.func @algebra(%x: !cute.layout<(2,(1,6)):(1,(6,2))>, %p: !cute.int_tuple<(1,1)>, %z: !cute.layout<(4,3):(1,0)>,
                   %c: !cute.layout<4:2>, %b: !cute.int_tuple<value=24>, %a: !cute.layout<(6,2):(8,2)>,
                   %r: !cute.layout<(4,3):(3,1)>, %t: !cute.layout<(4,8):(8,1)>, %s: !cute.layout<(4,8):(1,4)>)
    -> (!cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout) {
  %0 = cute.coalesce(%x) : (!cute.layout<(2,(1,6)):(1,(6,2))>) -> !cute.layout
  %1 = cute.coalesce(%x, %p) : (!cute.layout<(2,(1,6)):(1,(6,2))>, !cute.int_tuple<(1,1)>) -> !cute.layout
  %2 = cute.filter_zeros(%z) : (!cute.layout<(4,3):(1,0)>) -> !cute.layout
  %3 = cute.filter(%z) : (!cute.layout<(4,3):(1,0)>) -> !cute.layout
  %4 = cute.complement(%c, %b) : (!cute.layout<4:2>, !cute.int_tuple<value=24>) -> !cute.layout
  %5 = cute.composition(%a, %r) : (!cute.layout<(6,2):(8,2)>, !cute.layout<(4,3):(3,1)>) -> !cute.layout
  %6 = cute.right_inverse(%t) : (!cute.layout<(4,8):(8,1)>) -> !cute.layout
  %7 = cute.left_inverse(%t) : (!cute.layout<(4,8):(8,1)>) -> !cute.layout
  %8 = cute.recast_layout(%s) {old_type = i16, new_type = i8} : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout
}

// An index bound: static when it is a constant.
// CHECK-LABEL: func @complement_index_bound
// CHECK-NEXT: cute.constant {value = !cute.layout<(2,3):(1,8)>}
func.func @complement_index_bound(%c: !cute.layout<4:2>) -> !cute.layout {
  %c24 = arith.constant 24 : index
  %0 = cute.complement(%c, %c24) : (!cute.layout<4:2>, index) -> !cute.layout
  return %0 : !cute.layout
}

// CHECK-LABEL: func @tiling
// CHECK-DAG: cute.constant {value = !cute.layout<(32,64):(1,128)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(8,4):(2,256)>}
// CHECK-DAG: cute.constant {value = !cute.layout<(4,((2,3))):(1,((4,8)))>}
// CHECK-DAG: cute.constant {value = !cute.layout<((3,4)):((1,2))>}
// CHECK-DAG: cute.constant {value = !cute.layout<(4,8):(1,4)>}
func.func @tiling(%l: !cute.layout<(128,128):(1,128)>, %shape: !cute.shape<(32,64)>, %crd: !cute.coord<(1,1)>,
                  %data: !cute.layout<(16,64):(1,16)>, %thr: !cute.layout<(2,16):(16,1)>,
                  %frag: !cute.layout<(4,(2,3)):(6,(1,2))>, %v: !cute.layout<10:1>, %w: !cute.shape<value=3>,
                  %three: !cute.layout<(4,8,2):(1,4,32)>, %sel: !cute.coord<(_,_,1)>) -> (!cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout) {
  %c5 = arith.constant 5 : index
  %0 = cute.local_tile(%l, %shape, %crd) : (!cute.layout<(128,128):(1,128)>, !cute.shape<(32,64)>, !cute.coord<(1,1)>) -> !cute.layout
  %1 = cute.local_partition(%data, %thr, %c5) : (!cute.layout<(16,64):(1,16)>, !cute.layout<(2,16):(16,1)>, index) -> !cute.layout
  %2 = cute.make_fragment_like(%frag) : (!cute.layout<(4,(2,3)):(6,(1,2))>) -> !cute.layout
  %3 = cute.stencil_divide(%v, %w) {stride = array<i64: 2>} : (!cute.layout<10:1>, !cute.shape<value=3>) -> !cute.layout
  %4 = cute.slice(%sel, %three) : (!cute.coord<(_,_,1)>, !cute.layout<(4,8,2):(1,4,32)>) -> !cute.layout
  return %0, %1, %2, %3, %4 : !cute.layout, !cute.layout, !cute.layout, !cute.layout, !cute.layout
}

// _nofold: a dynamic extent keeps the divide; its result type stays as written.
// CHECK-LABEL: func @dynamic_divide_stays
// CHECK: cute.logical_divide
func.func @dynamic_divide_stays(%l: !cute.layout<(?,128):(1,?)>, %t: !cute.shape<(32,16)>) -> !cute.layout {
  %0 = cute.logical_divide(%l, %t) : (!cute.layout<(?,128):(1,?)>, !cute.shape<(32,16)>) -> !cute.layout
  return %0 : !cute.layout
}
