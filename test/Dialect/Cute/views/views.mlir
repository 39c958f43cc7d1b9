// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// REQUIRES: cute-opt
// Views: the pointer and memref types read back as printed; cute.make_view and the view
// forms of the layout ops infer CuTe's layouts (the tensor algebra's) over the same
// pointer, with the alignment the moved pointer provably keeps; queries read the layout.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !cute.ptr<f32, gmem>
// CHECK-SAME: !cute.ptr<f16, smem, align<16>>
// CHECK-SAME: !cute.memref<i8, rmem, !cute.layout<(4,8):(1,4)>>
// CHECK-SAME: !cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>
// CHECK-SAME: !cute.memref<bf16, generic, !cute.layout<rank=2>>
// CHECK-SAME: !cute.memref<f32, tmem, !cute.layout<(128,32):(65536,1)>>
func.func @types(%a: !cute.ptr<f32, gmem>, %b: !cute.ptr<f16, smem, align<16>>,
                 %c: !cute.memref<i8, rmem, !cute.layout<(4,8):(1,4)>>,
                 %d: !cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>,
                 %e: !cute.memref<bf16, generic, !cute.layout<2>>,
                 %f: !cute.memref<f32, tmem, !cute.layout<(128,32):(65536,1)>>) {
  return
}

// A 128x64 row-major global tile, its 32x16 block (1,2), thread 3's part of it for 8x16
// threads, and a register fragment like that part.
// CHECK-LABEL: func.func @tile_partition_fragment
func.func @tile_partition_fragment(%p: !cute.ptr<f32, gmem, align<16>>, %m: index, %n: index, %t: index) -> f32 {
  %l = cute.constant : !cute.layout<(128,64):(64,1)>
  // CHECK: cute.make_view(%{{.*}}, %{{.*}}) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(128,64):(64,1)>) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(128,64):(64,1)>>
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(128,64):(64,1)>)
  %bs = cute.constant : !cute.shape<(32,16)>
  %bc = cute.make_coord(%m, %n) : (index, index) -> !cute.coord<(?,?)>
  // A block starts at m*32*64 + n*16 elements: a multiple of 16 floats, so 16 bytes hold.
  // CHECK: cute.local_tile({{.*}}) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>
  %blk = cute.local_tile(%v, %bs, %bc) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(128,64):(64,1)>>, !cute.shape<(32,16)>, !cute.coord<(?,?)>)
  %thr = cute.constant : !cute.layout<(8,16):(16,1)>
  // A thread starts at an arbitrary element: only the element's 4 bytes hold.
  // CHECK: cute.local_partition({{.*}}) -> !cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>
  %part = cute.local_partition(%blk, %thr, %t) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>, !cute.layout<(8,16):(16,1)>, index)
  // CHECK: cute.make_fragment_like({{.*}}) -> !cute.memref<f32, rmem, !cute.layout<(4,(1)):(1,(0))>>
  %frag = cute.make_fragment_like(%part) : (!cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>)
  // CHECK: cute.size({{.*}}) : (!cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>) -> index
  %s = cute.size(%part) : (!cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>)
  %z = cute.make_coord(%m, %m) : (index, index) -> !cute.coord<(?,?)>
  // CHECK: cute.memref.load
  %x = cute.memref.load(%part, %z) : (!cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>, !cute.coord<(?,?)>) -> f32
  // CHECK: cute.memref.store
  cute.memref.store(%x, %frag, %m) : (f32, !cute.memref<f32, rmem, !cute.layout<(4,(1)):(1,(0))>>, index) -> ()
  %y = cute.memref.load(%frag, %m) : (!cute.memref<f32, rmem, !cute.layout<(4,(1)):(1,(0))>>, index) -> f32
  return %y : f32
}

// Static coordinates: the moved pointer keeps what the offset allows.
// CHECK-LABEL: func.func @static_moves
func.func @static_moves(%v: !cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>) {
  %t = cute.constant : !cute.shape<(8,16)>
  %c = cute.constant : !cute.coord<(1,0)>
  // CHECK: cute.local_tile({{.*}}) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(8,16):(64,1)>>
  %tile = cute.local_tile(%v, %t, %c) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>, !cute.shape<(8,16)>, !cute.coord<(1,0)>)
  %s3 = cute.constant : !cute.coord<(_,3)>
  // CHECK: cute.slice({{.*}}) -> !cute.memref<f32, gmem, !cute.layout<(32):(64)>>
  %col3 = cute.slice(%s3, %v) : (!cute.coord<(_,3)>, !cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>)
  %s2 = cute.constant : !cute.coord<(_,2)>
  // CHECK: cute.slice({{.*}}) -> !cute.memref<f32, gmem, align<8>, !cute.layout<(32):(64)>>
  %col2 = cute.slice(%s2, %v) : (!cute.coord<(_,2)>, !cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>)
  %c3 = arith.constant 3 : index
  %thr = cute.constant : !cute.layout<(8,16):(16,1)>
  // CuTe: local_partition(make_tensor(counting_iterator<int>(0), (_32,_16):(_64,_1)), (_8,_16):(_16,_1), 3)
  // is counting_iter(3) o (_4,_1):(_512,_0).
  // CHECK: cute.local_partition({{.*}}) -> !cute.memref<f32, gmem, !cute.layout<(4,1):(512,0)>>
  %p3 = cute.local_partition(%v, %thr, %c3) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(32,16):(64,1)>>, !cute.layout<(8,16):(16,1)>, index)
  return
}

// The divides, composition and the mode ops keep the pointer where it is.
// CHECK-LABEL: func.func @keep_the_pointer
func.func @keep_the_pointer(%v: !cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>) {
  %t = cute.constant : !cute.shape<(8,8)>
  // CHECK: cute.get_iter({{.*}}) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>) -> !cute.ptr<f16, smem, align<16>>
  %it = cute.get_iter(%v) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>) -> !cute.ptr<f16, smem, align<16>>
  // CHECK: cute.zipped_divide({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((8,8),(4,2)):((16,1),(128,8))>>
  %z = cute.zipped_divide(%v, %t) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>, !cute.shape<(8,8)>)
  // CHECK: cute.logical_divide({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<((8,4),(8,2)):((16,128),(1,8))>>
  %d = cute.logical_divide(%v, %t) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>, !cute.shape<(8,8)>)
  %b = cute.constant : !cute.layout<(4,4):(4,1)>
  // CHECK: cute.composition({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<(4,4):(64,16)>>
  %c = cute.composition(%v, %b) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>, !cute.layout<(4,4):(4,1)>)
  %cm = cute.constant : !cute.layout<(16,32):(1,16)>
  %w = cute.make_view(%it, %cm) : (!cute.ptr<f16, smem, align<16>>, !cute.layout<(16,32):(1,16)>)
  // CHECK: cute.coalesce({{.*}}) -> !cute.memref<f16, smem, align<16>, !cute.layout<512:1>>
  %k = cute.coalesce(%w) : (!cute.memref<f16, smem, align<16>, !cute.layout<(16,32):(1,16)>>)
  // CHECK: cute.get_layout({{.*}}) -> !cute.layout<(32,16):(16,1)>
  %l = cute.get_layout(%v) : (!cute.memref<f16, smem, align<16>, !cute.layout<(32,16):(16,1)>>)
  // CHECK: cute.add_offset({{.*}}) -> !cute.ptr<f16, smem, align<16>>
  %c8 = arith.constant 8 : index
  %q = cute.add_offset(%it, %c8) : (!cute.ptr<f16, smem, align<16>>, index) -> !cute.ptr<f16, smem, align<16>>
  return
}

// A composed (swizzled) view: the lifted ops keep the swizzle; its queries are the layout's.
// CHECK-LABEL: func.func @swizzled
func.func @swizzled(%v: !cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>) {
  %t = cute.constant : !cute.shape<(8,8)>
  // CHECK: cute.zipped_divide({{.*}}) -> !cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o ((8,8),(1,8)):((64,1),(0,8))>>
  %z = cute.zipped_divide(%v, %t) : (!cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>, !cute.shape<(8,8)>)
  // CHECK: cute.cosize({{.*}}) -> index
  %n = cute.cosize(%v) : (!cute.memref<f16, smem, align<128>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>)
  return
}

// A runtime stride with a divisibility fact: a block's offset is a multiple of 8 rows.
// CHECK-LABEL: func.func @facts_keep_alignment
func.func @facts_keep_alignment(%v: !cute.memref<f32, gmem, align<16>, !cute.layout<(?,?):(1,?{div=8})>>, %i: index, %j: index) {
  %t = cute.constant : !cute.shape<(32,8)>
  %c = cute.make_coord(%i, %j) : (index, index) -> !cute.coord<(?,?)>
  // CHECK: cute.local_tile({{.*}}) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(32,8):(1,?{div=8})>>
  %b = cute.local_tile(%v, %t, %c) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(?,?):(1,?{div=8})>>, !cute.shape<(32,8)>, !cute.coord<(?,?)>)
  return
}

// make_fragment_like<T> of a layout: a register view of T.
// CHECK-LABEL: func.func @typed_fragment
func.func @typed_fragment(%l: !cute.layout<(4,8):(8,1)>) {
  // CHECK: cute.make_fragment_like(%{{.*}}) {element_type = f16} : (!cute.layout<(4,8):(8,1)>) -> !cute.memref<f16, rmem, !cute.layout<(4,(8)):(1,(4))>>
  %f = cute.make_fragment_like(%l) {element_type = f16} : (!cute.layout<(4,8):(8,1)>)
  return
}

// Canonicalization folds a view's queries (a view is never a constant: its pointer is a
// runtime value); views and loads nothing uses are dead, as memref.load's are.
// CANON-LABEL: func.func @fold_queries
// CANON-NEXT: %[[C:.*]] = arith.constant 512 : index
// CANON-NEXT: return %[[C]]
func.func @fold_queries(%p: !cute.ptr<f32, gmem>) -> index {
  %l = cute.constant : !cute.layout<(32,16):(16,1)>
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(32,16):(16,1)>)
  %s = cute.size(%v) : (!cute.memref<f32, gmem, !cute.layout<(32,16):(16,1)>>)
  %g = cute.get_iter(%v) : (!cute.memref<f32, gmem, !cute.layout<(32,16):(16,1)>>) -> !cute.ptr<f32, gmem>
  %t = cute.make_view(%g, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(32,16):(16,1)>)
  %x = cute.get_iter(%t) : (!cute.memref<f32, gmem, !cute.layout<(32,16):(16,1)>>) -> !cute.ptr<f32, gmem>
  %c0 = arith.constant 0 : index
  %y = cute.add_offset(%x, %c0) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %u = cute.make_view(%y, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(32,16):(16,1)>)
  %z = cute.make_coord(%c0, %c0) : (index, index) -> !cute.coord<(?,?)>
  %e = cute.memref.load(%u, %z) : (!cute.memref<f32, gmem, !cute.layout<(32,16):(16,1)>>, !cute.coord<(?,?)>) -> f32
  return %s : index
}

// The identity tensor as a coordinate tensor (CuTe's make_identity_tensor: an ArithTuple
// iterator over basis strides): its block and thread parts move the iterator, and an
// element is a coordinate, compared with the shape for a predicate.
// CuTe: local_partition(local_tile(make_identity_tensor((256,128)), (_128,_64), (1,1)),
// (_32,_4):(_4,_1), 5) is ArithTuple(129,65) o (_4,_16):(_32@0,_4@1).
// CHECK-LABEL: func.func @coordinate_tensors
func.func @coordinate_tensors(%m: index, %n: index, %bm: index, %bn: index, %t: index, %v: index) -> i1 {
  %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
  %id = cute.make_identity_tensor(%shape) : (!cute.shape<(?,?)>)
  %o = cute.constant : !cute.coord<(0,0)>
  // CHECK: cute.make_view({{.*}}) -> !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>
  %cid = cute.make_view(%o, %id) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>)
  %tile = cute.constant : !cute.shape<(128,64)>
  %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
  // CHECK: cute.local_tile({{.*}}) -> !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,64):(1@0,1@1)>>
  %blk = cute.local_tile(%cid, %tile, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
  %thr = cute.constant : !cute.layout<(32,4):(4,1)>
  // CHECK: cute.local_partition({{.*}}) -> !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,16):(32@0,4@1)>>
  %part = cute.local_partition(%blk, %thr, %t) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,64):(1@0,1@1)>>, !cute.layout<(32,4):(4,1)>, index)
  // CHECK: cute.memref.load({{.*}}) -> !cute.coord<(?,?)>
  %c = cute.memref.load(%part, %v) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(4,16):(32@0,4@1)>>, index) -> !cute.coord<(?,?)>
  %p = cute.elem_less(%c, %shape) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
  return %p : i1
}

// With static values the iterator is known: CuTe's
// local_partition(make_tensor(counting_iterator<int>(3), (32,4):(4,1)), (32,4):(4,1), 1)
// is counting_iter(4) o (1,1):(0,0), and its element 0 is 4.
// CHECK-LABEL: func.func @counting
// CANON-LABEL: func.func @counting
// CANON-NEXT: %[[C:.*]] = arith.constant 4 : index
// CANON-NEXT: return %[[C]]
func.func @counting() -> index {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %thr = cute.constant : !cute.layout<(32,4):(4,1)>
  // CHECK: cute.make_view({{.*}}) -> !cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(32,4):(4,1)>>
  %cnt = cute.make_view(%c3, %thr) : (index, !cute.layout<(32,4):(4,1)>)
  // CHECK: cute.local_partition({{.*}}) -> !cute.coord_tensor<!cute.int_tuple<value=4>, !cute.layout<(1,1):(0,0)>>
  %part = cute.local_partition(%cnt, %thr, %c1) : (!cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(32,4):(4,1)>>, !cute.layout<(32,4):(4,1)>, index)
  // CHECK: cute.get_iter({{.*}}) -> !cute.int_tuple<value=4>
  %it = cute.get_iter(%part) : (!cute.coord_tensor<!cute.int_tuple<value=4>, !cute.layout<(1,1):(0,0)>>) -> !cute.int_tuple<value=4>
  %e = cute.memref.load(%part, %c0) : (!cute.coord_tensor<!cute.int_tuple<value=4>, !cute.layout<(1,1):(0,0)>>, index) -> index
  return %e : index
}

// cute.get_iter with its result type left out: the view's iterator type (issue 45 item 3).
// CHECK-LABEL: func.func @get_iter_short
// CHECK: cute.get_iter(%{{.*}}) : (!cute.memref<f16, smem, align<16>, !cute.layout<(8,64):(64,1)>>) -> !cute.ptr<f16, smem, align<16>>
// CHECK: cute.get_iter(%{{.*}}) : (!cute.coord_tensor<!cute.coord<(2,3)>, !cute.layout<(4,2):(1@0,1@1)>>) -> !cute.coord<(2,3)>
func.func @get_iter_short(%v: !cute.memref<f16, smem, align<16>, !cute.layout<(8,64):(64,1)>>, %t: !cute.coord_tensor<!cute.coord<(2,3)>, !cute.layout<(4,2):(1@0,1@1)>>) {
  %p = cute.get_iter(%v) : (!cute.memref<f16, smem, align<16>, !cute.layout<(8,64):(64,1)>>)
  %c = cute.get_iter(%t) : (!cute.coord_tensor<!cute.coord<(2,3)>, !cute.layout<(4,2):(1@0,1@1)>>)
  return
}
