// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per verifier diagnostic of the algebra, divide, product and tiling ops.

func.func @divide_bad_tiler(%l: !cute.layout<(4,8):(1,4)>, %c: !cute.coord<(1,1)>) {
  // expected-error @+1 {{'cute.logical_divide' op invalid tiler type, got'!cute.coord<(1,1)>'}}
  %0 = cute.logical_divide(%l, %c) : (!cute.layout<(4,8):(1,4)>, !cute.coord<(1,1)>) -> !cute.layout
  return
}

// -----

func.func @divide_bad_input(%s: !cute.shape<(4,8)>, %t: !cute.shape<(2,2)>) {
  // expected-error @+1 {{'cute.zipped_divide' op invalid input type, got '!cute.shape<(4,8)>'}}
  %0 = cute.zipped_divide(%s, %t) : (!cute.shape<(4,8)>, !cute.shape<(2,2)>) -> !cute.layout
  return
}

// -----

func.func @divide_tiler_rank(%l: !cute.layout<(4,8):(1,4)>, %t: !cute.shape<(2,2,2)>) {
  // expected-error @+1 {{'cute.flat_divide' op expects rank(tiler) <= rank(input), but got input=2 and tiler=3}}
  %0 = cute.flat_divide(%l, %t) : (!cute.layout<(4,8):(1,4)>, !cute.shape<(2,2,2)>) -> !cute.layout
  return
}

// -----

func.func @divide_not_divisible(%l: !cute.layout<(4,6):(1,5)>, %t: !cute.layout<5:1>) {
  // expected-error @+1 {{'cute.logical_divide' op failed to perform a valid division of (4,6):(1,5) by 5:1: shape divisibility condition fails}}
  %0 = cute.logical_divide(%l, %t) : (!cute.layout<(4,6):(1,5)>, !cute.layout<5:1>) -> !cute.layout
  return
}

// -----

// The failing tile of spec 000 (R8): 128 % 40 != 0 on axis 0.
func.func @tiled_divide_uneven(%l: !cute.layout<(128,128):(1,128)>, %t: !cute.shape<(40,64)>) {
  // expected-error @+1 {{'cute.tiled_divide' op expects same size in rank 0 but got srcShape: (128,128) and tileShape: (40,64)}}
  %0 = cute.tiled_divide(%l, %t) : (!cute.layout<(128,128):(1,128)>, !cute.shape<(40,64)>) -> !cute.layout
  return
}

// -----

func.func @stencil_window_too_long(%l: !cute.layout<4:1>, %w: !cute.shape<value=3>) {
  // expected-error @+1 {{'cute.stencil_divide' op failed to perform a valid division of 4:1: mode 0 of size 4 is shorter than the effective window 5}}
  %0 = cute.stencil_divide(%l, %w) {dilation = array<i64: 2>} : (!cute.layout<4:1>, !cute.shape<value=3>) -> !cute.layout
  return
}

// -----

func.func @stencil_zero_stride(%l: !cute.layout<8:1>, %w: !cute.shape<value=3>) {
  // expected-error @+1 {{failed to perform a valid division of 8:1: window 3, stride 0 and dilation 1 of mode 0 must be positive}}
  %0 = cute.stencil_divide(%l, %w) {stride = array<i64: 0>} : (!cute.layout<8:1>, !cute.shape<value=3>) -> !cute.layout
  return
}

// -----

func.func @product_tiler_rank(%l: !cute.layout<4:1>, %t: !cute.shape<(2,2)>) {
  // expected-error @+1 {{'cute.logical_product' op expects rank(tiler) <= rank(input), but got input=1 and tiler=2}}
  %0 = cute.logical_product(%l, %t) : (!cute.layout<4:1>, !cute.shape<(2,2)>) -> !cute.layout
  return
}

// -----

func.func @algebra_needs_layout(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.coalesce' op expects an input of type layout or composed layout, but got '!cute.shape<(4,8)>'}}
  %0 = cute.coalesce(%s) : (!cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

func.func @composition_needs_layout(%s: !cute.shape<(4,8)>, %b: !cute.layout<4:1>) {
  // expected-error @+1 {{'cute.composition' op expects an input of type layout or composed layout, but got '!cute.shape<(4,8)>'}}
  %0 = cute.composition(%s, %b) : (!cute.shape<(4,8)>, !cute.layout<4:1>) -> !cute.layout
  return
}

// -----

func.func @composition_fails(%a: !cute.layout<(4,6):(1,5)>, %b: !cute.layout<2:6>) {
  // expected-error @+1 {{'cute.composition' op unable to compose (4,6):(1,5) with 2:6: stride divisibility condition fails}}
  %0 = cute.composition(%a, %b) : (!cute.layout<(4,6):(1,5)>, !cute.layout<2:6>) -> !cute.layout
  return
}

// -----

func.func @right_inverse_needs_layout(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.right_inverse' op expects an input of type layout or composed layout, but got '!cute.shape<(4,8)>'}}
  %0 = cute.right_inverse(%s) : (!cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

func.func @right_inverse_dynamic(%l: !cute.layout<(4,?):(1,4)>) {
  // expected-error @+1 {{'cute.right_inverse' op expects an input with static shape, but got '!cute.layout<(4,?):(1,4)>'}}
  %0 = cute.right_inverse(%l) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  return
}

// -----

func.func @right_inverse_overflows(%l: !cute.layout<(4294967296,4294967296):(1,4294967296)>) {
  // expected-error @+1 {{'cute.right_inverse' op unable to compute a right inverse for input (4294967296,4294967296):(1,4294967296): int64 overflow}}
  %0 = cute.right_inverse(%l) : (!cute.layout<(4294967296,4294967296):(1,4294967296)>) -> !cute.layout
  return
}

// -----

func.func @recast_needs_layout(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.recast_layout' op expects `src` is LayoutTypeInterface, but got '!cute.shape<(4,8)>'}}
  %0 = cute.recast_layout(%s) {old_type = i8, new_type = i16} : (!cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

func.func @recast_not_divisible(%l: !cute.layout<(4,8):(1,3)>) {
  // expected-error @+1 {{'cute.recast_layout' op unable to recast layout '!cute.layout<(4,8):(1,3)>' from 'i8' to 'i16': upcast<2>: stride 3 and 2 do not divide each other}}
  %0 = cute.recast_layout(%l) {old_type = i8, new_type = i16} : (!cute.layout<(4,8):(1,3)>) -> !cute.layout
  return
}

// -----

func.func @filter_zeros_needs_layout(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.filter_zeros' op expects an input of type layout or composed layout, but got '!cute.shape<(4,8)>'}}
  %0 = cute.filter_zeros(%s) : (!cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

func.func @filter_zeros_profile_kind(%l: !cute.layout<(4,8):(1,0)>, %p: !cute.int_tuple<(1,0)>) {
  // expected-error @+1 {{'cute.filter_zeros' op expects a ShapeType for the target profile, but got '!cute.int_tuple<(1,0)>'}}
  %0 = cute.filter_zeros(%l, %p) : (!cute.layout<(4,8):(1,0)>, !cute.int_tuple<(1,0)>) -> !cute.layout
  return
}

// -----

func.func @filter_zeros_profile_mismatch(%l: !cute.layout<(4,8):(1,0)>, %p: !cute.shape<(1,0,1)>) {
  // expected-error @+1 {{'cute.filter_zeros' op Expects target_profile has the same profile with the src, but src_profile is: (4,8) and target_profile is: (1,0,1)}}
  %0 = cute.filter_zeros(%l, %p) : (!cute.layout<(4,8):(1,0)>, !cute.shape<(1,0,1)>) -> !cute.layout
  return
}

// -----

func.func @filter_zeros_composed(%c: !cute.composed_layout<2>) {
  // expected-error @+1 {{'cute.filter_zeros' op unable to filter zeros for input '!cute.composed_layout<rank=2>'}}
  %0 = cute.filter_zeros(%c) : (!cute.composed_layout<2>) -> !cute.layout
  return
}

// -----

func.func @local_tile_bad_tiler(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.coord<(2,2)>, %c: !cute.coord<(0,0)>) {
  // expected-error @+1 {{'cute.local_tile' op unexpected tiler type, got '!cute.coord<(2,2)>'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.coord<(2,2)>, !cute.coord<(0,0)>) -> !cute.layout
  return
}

// -----

func.func @local_tile_bad_coord(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %c: !cute.shape<(0,0)>) {
  // expected-error @+1 {{'cute.local_tile' op unexpected coordinate type, got '!cute.shape<(0,0)>'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, !cute.shape<(0,0)>) -> !cute.layout
  return
}

// -----

func.func @local_tile_coord_rank(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %c: !cute.coord<(0,0,0)>) {
  // expected-error @+1 {{'cute.local_tile' op expected a coordinate of rank 2 but got '!cute.coord<(0,0,0)>'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, !cute.coord<(0,0,0)>) -> !cute.layout
  return
}

// -----

func.func @local_tile_not_a_view(%s: !cute.shape<(8,8)>, %t: !cute.shape<(2,2)>, %c: !cute.coord<(0,0)>) {
  // expected-error @+1 {{'cute.local_tile' op expected a view as an input but got '!cute.shape<(8,8)>'}}
  %0 = cute.local_tile(%s, %t, %c) : (!cute.shape<(8,8)>, !cute.shape<(2,2)>, !cute.coord<(0,0)>) -> !cute.layout
  return
}

// -----

// R11: a static coordinate mode outside the static count of tiles (4 along mode 0).
func.func @local_tile_coord_outside(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %c: !cute.coord<(5,0)>) {
  // expected-error @+1 {{'cute.local_tile' op failed to construct a valid coordinate from '!cute.coord<(5,0)>': mode 0 is 5, outside the 4 tiles of rest mode 4}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, !cute.coord<(5,0)>) -> !cute.layout
  return
}

// -----

func.func @local_tile_dice_fails(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2,2)>, %c: !cute.coord<(0,0)>) {
  // expected-error @+1 {{'cute.local_tile' op Failed to dice '!cute.shape<(2,2,2)>' with '!cute.coord<(0,0)>'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2,2)>, !cute.coord<(0,0)>) -> !cute.layout
  return
}

// -----

func.func @local_partition_shape_tiler(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op expects LayoutType tiler, but got '!cute.shape<(2,2)>'}}
  %0 = cute.local_partition(%l, %t, %i) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, index) -> !cute.layout
  return
}

// -----

func.func @local_partition_dynamic_tiler(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.layout<(2,?):(1,2)>, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op expects LayoutType tiler with static shape, but got '!cute.layout<(2,?):(1,2)>'}}
  %0 = cute.local_partition(%l, %t, %i) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(2,?):(1,2)>, index) -> !cute.layout
  return
}

// -----

func.func @local_partition_bad_input(%s: !cute.shape<(8,8)>, %t: !cute.layout<(2,2):(1,2)>, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op expects `input` to be a layout or a view, got '!cute.shape<(8,8)>'}}
  %0 = cute.local_partition(%s, %t, %i) : (!cute.shape<(8,8)>, !cute.layout<(2,2):(1,2)>, index) -> !cute.layout
  return
}

// -----

func.func @local_partition_bad_profile(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.layout<(2,2):(1,2)>, %i: index, %p: !cute.shape<(1,1)>) {
  // expected-error @+1 {{'cute.local_partition' op expects `target_profile` be CoordType, but got '!cute.shape<(1,1)>'}}
  %0 = cute.local_partition(%l, %t, %i, %p) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(2,2):(1,2)>, index, !cute.shape<(1,1)>) -> !cute.layout
  return
}

// -----

func.func @local_partition_index_out_of_range(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.layout<(2,2):(1,2)>) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'cute.local_partition' op unable to construct a coordinate for local_partition}}
  %0 = cute.local_partition(%l, %t, %c4) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(2,2):(1,2)>, index) -> !cute.layout
  return
}

// -----

func.func @local_partition_algebra_fails(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.layout<(2,2,2):(1,2,4)>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'cute.local_partition' op unable to coalesce input of type '!cute.layout<(8,8):(1,8)>'}}
  %0 = cute.local_partition(%l, %t, %c1) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(2,2,2):(1,2,4)>, index) -> !cute.layout
  return
}

// -----

func.func @fragment_like_needs_layout(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.make_fragment_like' op expects `input` is CuteMemRefType or CuteLayoutTypeInterface, but got '!cute.shape<(4,8)>'}}
  %0 = cute.make_fragment_like(%s) : (!cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

func.func @fragment_like_composed(%c: !cute.composed_layout<2>) {
  // expected-error @+1 {{'cute.make_fragment_like' op unable to make fragment-like layout}}
  %0 = cute.make_fragment_like(%c) : (!cute.composed_layout<2>) -> !cute.layout
  return
}

// -----

func.func @fragment_like_overflows(%l: !cute.layout<(4294967296,4294967296):(1,4294967296)>) {
  // expected-error @+1 {{'cute.make_fragment_like' op unable to make fragment-like layout from (4294967296,4294967296):(1,4294967296): int64 overflow}}
  %0 = cute.make_fragment_like(%l) : (!cute.layout<(4294967296,4294967296):(1,4294967296)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_kinds(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.layout<(8,8):(1,8)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op invalid input types for tile_to_shape, got '!cute.layout<(2,2):(1,2)>' and '!cute.layout<(8,8):(1,8)>'}}
  %0 = cute.tile_to_shape(%b, %t) : (!cute.layout<(2,2):(1,2)>, !cute.layout<(8,8):(1,8)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_ranks(%b: !cute.layout<(2,2,2):(1,2,4)>, %t: !cute.shape<(8,8)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op Target and kernel shapes must be congruent.}}
  %0 = cute.tile_to_shape(%b, %t) : (!cute.layout<(2,2,2):(1,2,4)>, !cute.shape<(8,8)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_lower(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(8,8)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op Lower padding shape must be congruent with target shape}}
  %0 = cute.tile_to_shape(%b, %t) {lower_padding = array<i64: 0>} : (!cute.layout<(2,2):(1,2)>, !cute.shape<(8,8)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_upper(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(8,8)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op Upper padding shape must be congruent with target shape}}
  %0 = cute.tile_to_shape(%b, %t) {upper_padding = array<i64: 0, 0, 0>} : (!cute.layout<(2,2):(1,2)>, !cute.shape<(8,8)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_stride(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(8,8)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op Traversal stride must be congruent with target shape}}
  %0 = cute.tile_to_shape(%b, %t) {traversal_stride = array<i64: 1>} : (!cute.layout<(2,2):(1,2)>, !cute.shape<(8,8)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_order_rank(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(8,8)>, %o: !cute.int_tuple<(1,0,2)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op expects target shape and order operands have same rank, but got '!cute.shape<(8,8)>' and '!cute.int_tuple<(1,0,2)>'}}
  %0 = cute.tile_to_shape(%b, %t, %o) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(8,8)>, !cute.int_tuple<(1,0,2)>) -> !cute.layout
  return
}

// -----

func.func @tile_to_shape_dynamic_order(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(8,8)>, %o: !cute.int_tuple<(1,?)>) {
  // expected-error @+1 {{'cute.tile_to_shape' op expects only static order modes, but got '!cute.int_tuple<(1,?)>'}}
  %0 = cute.tile_to_shape(%b, %t, %o) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(8,8)>, !cute.int_tuple<(1,?)>) -> !cute.layout
  return
}

// -----

func.func @slice_out_of_bounds(%l: !cute.layout<(4,8):(1,4)>, %c: !cute.coord<(_,9)>) {
  // expected-error @+1 {{'cute.slice' op Failed to dice '!cute.layout<(4,8):(1,4)>' with '!cute.coord<(_,9)>'}}
  %0 = cute.slice(%c, %l) : (!cute.coord<(_,9)>, !cute.layout<(4,8):(1,4)>) -> !cute.layout
  return
}
