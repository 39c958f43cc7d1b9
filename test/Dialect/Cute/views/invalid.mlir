// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per diagnostic of the view types, cute.make_view, the view forms of the
// layout ops, cute.make_fragment_like on views, and the pointer and memory ops.

// expected-error @+1 {{expected an address space (gmem, smem, rmem, tmem or generic), got 'global'}}
func.func @bad_space(%p: !cute.ptr<f32, global>) {
  return
}

// -----

// expected-error @+1 {{expects an alignment that is a power of two (in bytes), but got 12}}
func.func @bad_align(%p: !cute.ptr<f32, gmem, align<12>>) {
  return
}

// -----

// expected-error @+1 {{expects a layout, a composed layout or a swizzle as the view's layout, but got '!cute.shape<(4,8)>'}}
func.func @bad_view_layout(%v: !cute.memref<f32, gmem, !cute.shape<(4,8)>>) {
  return
}

// -----

func.func @make_view_not_a_pointer(%i: !cute.shape<(1,1)>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.make_view' op expects a pointer (!cute.ptr), an int tuple or an index as the iterator, but got '!cute.shape<(1,1)>'}}
  %v = cute.make_view(%i, %l) : (!cute.shape<(1,1)>, !cute.layout<(4,8):(1,4)>) -> !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>
  return
}

// -----

func.func @make_view_not_a_layout(%p: !cute.ptr<f32, gmem>, %s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.make_view' op expects a layout, a composed layout or a swizzle, but got '!cute.shape<(4,8)>'}}
  %v = cute.make_view(%p, %s) : (!cute.ptr<f32, gmem>, !cute.shape<(4,8)>) -> !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>
  return
}

// -----

func.func @make_view_other_pointer(%p: !cute.ptr<f32, gmem>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.make_view' op expects a view over '!cute.ptr<f32, gmem>', but got '!cute.memref<f32, smem, !cute.layout<(4,8):(1,4)>>'}}
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(4,8):(1,4)>) -> !cute.memref<f32, smem, !cute.layout<(4,8):(1,4)>>
  return
}

// -----

func.func @make_view_claims_alignment(%p: !cute.ptr<f32, gmem>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.make_view' op expects a view over '!cute.ptr<f32, gmem>', but got '!cute.memref<f32, gmem, align<16>, !cute.layout<(4,8):(1,4)>>'}}
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(4,8):(1,4)>) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(4,8):(1,4)>>
  return
}

// -----

func.func @make_view_other_layout(%p: !cute.ptr<f32, gmem>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.make_view' op result type '!cute.memref<f32, gmem, !cute.layout<(4,8):(8,1)>>' does not match the inferred type '!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>'}}
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !cute.layout<(4,8):(1,4)>) -> !cute.memref<f32, gmem, !cute.layout<(4,8):(8,1)>>
  return
}

// -----

func.func @tile_of_view_to_layout(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %t: !cute.shape<(2,4)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.local_tile' op expects a view result (!cute.memref) for a view input, but got '!cute.layout<(2,4):(1,4)>'}}
  %r = cute.local_tile(%v, %t, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.shape<(2,4)>, !cute.coord<(1,1)>) -> !cute.layout<(2,4):(1,4)>
  return
}

// -----

func.func @tile_of_layout_to_view(%l: !cute.layout<(4,8):(1,4)>, %t: !cute.shape<(2,4)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.local_tile' op expects a layout result for a layout input, but got the view '!cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>'}}
  %r = cute.local_tile(%l, %t, %c) : (!cute.layout<(4,8):(1,4)>, !cute.shape<(2,4)>, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
  return
}

// -----

func.func @tile_keeps_no_alignment(%v: !cute.memref<f32, gmem, align<16>, !cute.layout<(4,8):(1,4)>>, %t: !cute.shape<(1,4)>, %c: !cute.coord<(1,1)>) {
  // The tile at (1,1) starts 17 elements in: the pointer keeps 4 bytes of alignment, not 16.
  // expected-error @+1 {{'cute.local_tile' op expects a view over '!cute.ptr<f32, gmem>', but got '!cute.memref<f32, gmem, align<16>, !cute.layout<(1,4):(1,4)>>'}}
  %r = cute.local_tile(%v, %t, %c) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(4,8):(1,4)>>, !cute.shape<(1,4)>, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, align<16>, !cute.layout<(1,4):(1,4)>>
  return
}

// -----

func.func @tile_of_view_bad_tiler(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>, %i: index) {
  // expected-error @+1 {{'cute.local_tile' op unexpected tiler type, got 'index'}}
  %r = cute.local_tile(%v, %i, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, index, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
  return
}

// -----

func.func @partition_of_view_dynamic_threads(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %t: !cute.layout<(2,?):(1,2)>, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op expects LayoutType tiler with static shape, but got '!cute.layout<(2,?):(1,2)>'}}
  %r = cute.local_partition(%v, %t, %i) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.layout<(2,?):(1,2)>, index) -> !cute.memref<f32, gmem, !cute.layout<(2,4):(1,4)>>
  return
}

// -----

func.func @dice_of_view(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(_,1)>) {
  // expected-error @+1 {{'cute.dice' op expects a layout to dice, but got the view '!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>' (CuTe slices a tensor; dice its layout)}}
  %r = cute.dice(%c, %v) : (!cute.coord<(_,1)>, !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>) -> !cute.layout
  return
}

// -----

func.func @product_of_view(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %t: !cute.layout<(2,2):(1,2)>) {
  // CuTe has no product of a tensor: the view is an input of the wrong kind.
  // expected-error @+1 {{'cute.logical_product' op invalid input type, got '!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>'}}
  %r = cute.logical_product(%v, %t) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.layout<(2,2):(1,2)>) -> !cute.layout
  return
}

// -----

func.func @fragment_src_kind(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.make_fragment_like' op expects `src` is LayoutTypeInterface or CuteMemRefType, but got '!cute.shape<(4,8)>'}}
  %f = cute.make_fragment_like(%s) {element_type = f16} : (!cute.shape<(4,8)>) -> !cute.memref<f16, rmem, !cute.layout<(4,(8)):(1,(4))>>
  return
}

// -----

func.func @fragment_of_swizzle_view(%v: !cute.memref<f32, smem, !cute.swizzle<3,4,3>>) {
  // expected-error @+1 {{'cute.make_fragment_like' op expects `src.layout` is LayoutType or ComposedLayoutType, but got '!cute.swizzle<3,4,3>'}}
  %f = cute.make_fragment_like(%v) : (!cute.memref<f32, smem, !cute.swizzle<3,4,3>>) -> !cute.memref<f32, rmem, !cute.layout>
  return
}

// -----

func.func @fragment_of_composed_view(%v: !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>) {
  // expected-error @+1 {{'cute.make_fragment_like' op unable to make fragment-like layout from '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>': CuTe makes fragments of plain layouts, not of composed layouts}}
  %f = cute.make_fragment_like(%v) : (!cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>) -> !cute.memref<f16, rmem, !cute.layout>
  return
}

// -----

func.func @fragment_not_in_registers(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.make_fragment_like' op expects a view over '!cute.ptr<f32, rmem>', but got '!cute.memref<f32, gmem, !cute.layout<(4,(8)):(1,(4))>>'}}
  %f = cute.make_fragment_like(%v) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>) -> !cute.memref<f32, gmem, !cute.layout<(4,(8)):(1,(4))>>
  return
}

// -----

func.func @get_iter_of_layout(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.get_iter' op expects a view (!cute.memref or !cute.coord_tensor), but got '!cute.layout<(4,8):(1,4)>'}}
  %p = cute.get_iter(%l) : (!cute.layout<(4,8):(1,4)>) -> !cute.ptr<f32, gmem>
  return
}

// -----

// The result type left out: the parser takes the view's iterator type, so a non-view is
// refused while parsing.
func.func @get_iter_short_of_layout(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.get_iter' op expects a view (!cute.memref or !cute.coord_tensor), but got '!cute.layout<(4,8):(1,4)>'}}
  %p = cute.get_iter(%l) : (!cute.layout<(4,8):(1,4)>)
  return
}

// -----

func.func @get_iter_other_pointer(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.get_iter' op expects the view's pointer type '!cute.ptr<f32, gmem>', but got '!cute.ptr<f16, gmem>'}}
  %p = cute.get_iter(%v) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>) -> !cute.ptr<f16, gmem>
  return
}

// -----

func.func @add_offset_not_a_pointer(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %i: index) {
  // expected-error @+1 {{'cute.add_offset' op expects a pointer (!cute.ptr), but got '!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>'}}
  %p = cute.add_offset(%v, %i) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, index) -> !cute.ptr<f32, gmem>
  return
}

// -----

func.func @add_offset_not_an_integer(%p: !cute.ptr<f32, gmem>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.add_offset' op expects an integer offset (in elements), but got '!cute.coord<(1,1)>'}}
  %q = cute.add_offset(%p, %c) : (!cute.ptr<f32, gmem>, !cute.coord<(1,1)>) -> !cute.ptr<f32, gmem>
  return
}

// -----

func.func @add_offset_other_space(%p: !cute.ptr<f32, gmem>, %i: index) {
  // expected-error @+1 {{'cute.add_offset' op expects a pointer to 'f32' in gmem, but got '!cute.ptr<f32, smem>'}}
  %q = cute.add_offset(%p, %i) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, smem>
  return
}

// -----

func.func @add_offset_claims_alignment(%p: !cute.ptr<f32, gmem, align<16>>) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'cute.add_offset' op expects an alignment of at most 8 bytes after this offset, but got '!cute.ptr<f32, gmem, align<16>>'}}
  %q = cute.add_offset(%p, %c2) : (!cute.ptr<f32, gmem, align<16>>, index) -> !cute.ptr<f32, gmem, align<16>>
  return
}

// -----

func.func @load_of_layout(%l: !cute.layout<(4,8):(1,4)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects a view (!cute.memref), but got '!cute.layout<(4,8):(1,4)>'}}
  %x = cute.memref.load(%l, %c) : (!cute.layout<(4,8):(1,4)>, !cute.coord<(1,1)>) -> f32
  return
}

// -----

func.func @load_unsupported_element(%v: !cute.memref<index, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects a supported element type (an integer or a float), but got 'index'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<index, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> index
  return
}

// -----

func.func @load_odd_width(%v: !cute.memref<i24, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects an element type of power-of-two bit width, but got 'i24'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<i24, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> i24
  return
}

// -----

func.func @load_tensor_memory(%v: !cute.memref<f32, tmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects an address space loads and stores reach (gmem, smem, rmem or generic), but got tmem}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<f32, tmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> f32
  return
}

// -----

func.func @load_shape_coordinate(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %s: !cute.shape<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects a coordinate (!cute.coord or index), but got '!cute.shape<(1,1)>'}}
  %x = cute.memref.load(%v, %s) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.shape<(1,1)>) -> f32
  return
}

// -----

func.func @load_underscore(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(_,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects a coordinate without `_` (slice the view instead), but got '!cute.coord<(_,1)>'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(_,1)>) -> f32
  return
}

// -----

func.func @load_coordinate_rank(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expected a coordinate of rank 2 but got '!cute.coord<(1,1,1)>'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1,1)>) -> f32
  return
}

// -----

func.func @load_coordinate_outside(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,9)>) {
  // expected-error @+1 {{'cute.memref.load' op Failed to dice '!cute.layout<(4,8):(1,4)>' with '!cute.coord<(1,9)>'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,9)>) -> f32
  return
}

// -----

func.func @load_bool_in_global(%v: !cute.memref<i1, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects i1 elements only in register memory (rmem), but got '!cute.memref<i1, gmem, !cute.layout<(4,8):(1,4)>>'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<i1, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> i1
  return
}

// -----

func.func @load_other_type(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects the view's element type 'f32', but got 'f16'}}
  %x = cute.memref.load(%v, %c) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> f16
  return
}

// -----

func.func @store_other_type(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>, %x: i32) {
  // expected-error @+1 {{'cute.memref.store' op expects the view's element type 'f32', but got 'i32'}}
  cute.memref.store(%x, %v, %c) : (i32, !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> ()
  return
}

// -----

func.func @store_bool_in_shared(%v: !cute.memref<i1, smem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>, %b: i1) {
  // expected-error @+1 {{'cute.memref.store' op expects i1 elements only in register memory (rmem), but got '!cute.memref<i1, smem, !cute.layout<(4,8):(1,4)>>'}}
  cute.memref.store(%b, %v, %c) : (i1, !cute.memref<i1, smem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>) -> ()
  return
}

// -----

func.func @scaled_not_a_pointer(%v: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %c: !cute.coord<(1,1)>, %s: !cute.stride<(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects a cute pointer (!cute.ptr), but got '!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>'}}
  %x = cute.load_scaled_index(%v, %c, %s) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.coord<(1,1)>, !cute.stride<(1,4)>) -> f32
  return
}

// -----

func.func @scaled_stride_kind(%p: !cute.ptr<f32, gmem>, %c: !cute.coord<(1,1)>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects an integer-tuple stride, but got '!cute.layout<(4,8):(1,4)>'}}
  %x = cute.load_scaled_index(%p, %c, %l) : (!cute.ptr<f32, gmem>, !cute.coord<(1,1)>, !cute.layout<(4,8):(1,4)>) -> f32
  return
}

// -----

func.func @scaled_odd_width(%p: !cute.ptr<i12, gmem>, %c: !cute.coord<(1,1)>, %s: !cute.stride<(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects an element type of power-of-two bit width, but got 'i12'}}
  %x = cute.load_scaled_index(%p, %c, %s) : (!cute.ptr<i12, gmem>, !cute.coord<(1,1)>, !cute.stride<(1,4)>) -> i12
  return
}

// -----

func.func @scaled_coordinate_kind(%p: !cute.ptr<f32, gmem>, %c: !cute.shape<(1,1)>, %s: !cute.stride<(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects a coordinate (!cute.coord or index), but got '!cute.shape<(1,1)>'}}
  %x = cute.load_scaled_index(%p, %c, %s) : (!cute.ptr<f32, gmem>, !cute.shape<(1,1)>, !cute.stride<(1,4)>) -> f32
  return
}

// -----

func.func @scaled_not_congruent(%p: !cute.ptr<f32, gmem>, %c: !cute.coord<(1,1,1)>, %s: !cute.stride<(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects a coordinate congruent with the stride, but got '!cute.coord<(1,1,1)>' and '!cute.stride<(1,4)>'}}
  %x = cute.load_scaled_index(%p, %c, %s) : (!cute.ptr<f32, gmem>, !cute.coord<(1,1,1)>, !cute.stride<(1,4)>) -> f32
  return
}

// -----

func.func @scaled_other_type(%p: !cute.ptr<f32, gmem>, %c: !cute.coord<(1,1)>, %s: !cute.stride<(1,4)>) {
  // expected-error @+1 {{'cute.load_scaled_index' op expects the pointer's element type 'f32', but got 'f64'}}
  %x = cute.load_scaled_index(%p, %c, %s) : (!cute.ptr<f32, gmem>, !cute.coord<(1,1)>, !cute.stride<(1,4)>) -> f64
  return
}

// -----

func.func @tile_of_swizzle_view(%v: !cute.memref<f16, smem, !cute.swizzle<3,4,3>>, %t: !cute.shape<(8,8)>, %c: !cute.coord<(0,1)>) {
  // expected-error @+1 {{'cute.local_tile' op expects a view over a layout or a composed layout, but got '!cute.memref<f16, smem, !cute.swizzle<3,4,3>>' (a bare swizzle maps no coordinates to move a pointer by)}}
  %r = cute.local_tile(%v, %t, %c) : (!cute.memref<f16, smem, !cute.swizzle<3,4,3>>, !cute.shape<(8,8)>, !cute.coord<(0,1)>) -> !cute.memref<f16, smem, !cute.layout>
  return
}

// -----

func.func @partition_of_unknown_composed_view(%v: !cute.memref<f16, smem, !cute.composed_layout>, %t: !cute.layout<(8,8):(8,1)>, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op expects operands of known structure to partition a view over a composed layout, but got '!cute.memref<f16, smem, !cute.composed_layout>'}}
  %r = cute.local_partition(%v, %t, %i) : (!cute.memref<f16, smem, !cute.composed_layout>, !cute.layout<(8,8):(8,1)>, index) -> !cute.memref<f16, smem, !cute.layout>
  return
}

// -----

// expected-error @+1 {{expects an int tuple or coordinate as the iterator, but got 'index'}}
func.func @coord_tensor_index_iterator(%t: !cute.coord_tensor<index, !cute.layout<(4,2):(1@0,1@1)>>) {
  return
}

// -----

// expected-error @+1 {{expects an iterator of integers (no `_`, no scaled basis), but got '!cute.coord<(_,0)>'}}
func.func @coord_tensor_underscore(%t: !cute.coord_tensor<!cute.coord<(_,0)>, !cute.layout<(4,2):(1@0,1@1)>>) {
  return
}

// -----

// expected-error @+1 {{expects a layout as the coordinate tensor's layout, but got '!cute.swizzle<3,4,3>'}}
func.func @coord_tensor_swizzle(%t: !cute.coord_tensor<!cute.coord<(0,0)>, !cute.swizzle<3,4,3>>) {
  return
}

// -----

func.func @make_view_coordinates_composed(%o: !cute.coord<(0,0)>, %c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_view' op expects a layout for a coordinate tensor, but got '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>'}}
  %v = cute.make_view(%o, %c) : (!cute.coord<(0,0)>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(8,64):(64,1)>>
  return
}

// -----

func.func @make_view_underscore_iterator(%o: !cute.coord<(_,0)>, %l: !cute.layout<(4,2):(1@0,1@1)>) {
  // expected-error @+1 {{'cute.make_view' op expects an iterator of integers (no `_`, no scaled basis), but got '!cute.coord<(_,0)>'}}
  %v = cute.make_view(%o, %l) : (!cute.coord<(_,0)>, !cute.layout<(4,2):(1@0,1@1)>) -> !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(4,2):(1@0,1@1)>>
  return
}

// -----

func.func @tile_of_coordinates_elsewhere(%t: !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(8,4):(1@0,1@1)>>, %s: !cute.shape<(4,2)>, %c: !cute.coord<(1,1)>) {
  // The tile (1,1) of 4x2 tiles starts at coordinate (4,2).
  // expected-error @+1 {{'cute.local_tile' op expects a coordinate tensor at '!cute.coord<(4,2)>', but got '!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(4,2):(1@0,1@1)>>'}}
  %r = cute.local_tile(%t, %s, %c) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(8,4):(1@0,1@1)>>, !cute.shape<(4,2)>, !cute.coord<(1,1)>) -> !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(4,2):(1@0,1@1)>>
  return
}

// -----

func.func @tile_of_coordinates_to_memref(%t: !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(8,4):(1@0,1@1)>>, %s: !cute.shape<(4,2)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.local_tile' op expects a coordinate tensor result (!cute.coord_tensor) for a coordinate tensor input, but got '!cute.memref<f32, gmem, !cute.layout<(4,2):(1@0,1@1)>>'}}
  %r = cute.local_tile(%t, %s, %c) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(8,4):(1@0,1@1)>>, !cute.shape<(4,2)>, !cute.coord<(1,1)>) -> !cute.memref<f32, gmem, !cute.layout<(4,2):(1@0,1@1)>>
  return
}

// -----

func.func @coordinate_element_other(%t: !cute.coord_tensor<!cute.coord<(4,2)>, !cute.layout<(4,2):(1@0,1@1)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects the coordinate tensor's element '!cute.coord<(5,3)>', but got '!cute.coord<(1,1)>'}}
  %e = cute.memref.load(%t, %c) : (!cute.coord_tensor<!cute.coord<(4,2)>, !cute.layout<(4,2):(1@0,1@1)>>, !cute.coord<(1,1)>) -> !cute.coord<(1,1)>
  return
}

// -----

func.func @counting_element_is_an_index(%t: !cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(4,2):(2,1)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op expects the coordinate tensor's element 'index', but got '!cute.coord<(6)>'}}
  %e = cute.memref.load(%t, %c) : (!cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(4,2):(2,1)>>, !cute.coord<(1,1)>) -> !cute.coord<(6)>
  return
}

// -----

func.func @counting_element_overflows(%t: !cute.coord_tensor<!cute.int_tuple<value=9223372036854775807>, !cute.layout<(4,2):(2,1)>>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.memref.load' op cannot compute the element of '!cute.coord_tensor<!cute.int_tuple<value=9223372036854775807>, !cute.layout<(4,2):(2,1)>>': int64 overflow}}
  %e = cute.memref.load(%t, %c) : (!cute.coord_tensor<!cute.int_tuple<value=9223372036854775807>, !cute.layout<(4,2):(2,1)>>, !cute.coord<(1,1)>) -> index
  return
}

// -----

func.func @coordinate_iterator_type(%t: !cute.coord_tensor<!cute.coord<(4,2)>, !cute.layout<(4,2):(1@0,1@1)>>) {
  // expected-error @+1 {{'cute.get_iter' op expects the view's iterator type '!cute.coord<(4,2)>', but got '!cute.int_tuple<(4,2)>'}}
  %i = cute.get_iter(%t) : (!cute.coord_tensor<!cute.coord<(4,2)>, !cute.layout<(4,2):(1@0,1@1)>>) -> !cute.int_tuple<(4,2)>
  return
}

// -----

func.func @store_into_coordinates(%t: !cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(4,2):(2,1)>>, %i: index, %x: index) {
  // expected-error @+1 {{'cute.memref.store' op expects a view (!cute.memref), but got '!cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(4,2):(2,1)>>'}}
  cute.memref.store(%x, %t, %i) : (index, !cute.coord_tensor<!cute.int_tuple<value=3>, !cute.layout<(4,2):(2,1)>>, index) -> ()
  return
}

// -----

func.func @move_counting_overflows(%t: !cute.coord_tensor<!cute.int_tuple<value=9223372036854775807>, !cute.layout<(4,2):(2,1)>>, %s: !cute.shape<(2,2)>, %c: !cute.coord<(1,0)>) {
  // expected-error @+1 {{'cute.local_tile' op cannot move the coordinate tensor's iterator}}
  %r = cute.local_tile(%t, %s, %c) : (!cute.coord_tensor<!cute.int_tuple<value=9223372036854775807>, !cute.layout<(4,2):(2,1)>>, !cute.shape<(2,2)>, !cute.coord<(1,0)>) -> !cute.coord_tensor<!cute.int_tuple, !cute.layout<(2,2):(2,1)>>
  return
}
