// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Issue 10 item 4: operands of any type reach the verifier, so the spec kind diagnostic
// (in the spec order) comes first, never a generic ODS operand message.

func.func @crd_kind(%l: !cute.layout<(4,8):(1,4)>) -> index {
  // expected-error @+1 {{'cute.crd2idx' op unexpected coordinate type, got '!cute.layout<(4,8):(1,4)>'}}
  %0 = cute.crd2idx(%l, %l) : (!cute.layout<(4,8):(1,4)>, !cute.layout<(4,8):(1,4)>) -> index
  return %0 : index }

// -----

func.func @crd_in(%c: !cute.coord<(1,1)>, %s: !cute.shape<(4,8)>) -> index {
  // expected-error @+1 {{'cute.crd2idx' op expected a view as an input but got '!cute.shape<(4,8)>'}}
  %0 = cute.crd2idx(%c, %s) : (!cute.coord<(1,1)>, !cute.shape<(4,8)>) -> index
  return %0 : index }

// -----

func.func @size_f32(%x: f32) -> index {
  // expected-error @+1 {{'cute.size' op input type ['f32'] has invalid values.}}
  %0 = cute.size(%x) : (f32) -> index
  return %0 : index }

// -----

func.func @gm(%x: index) -> !cute.layout {
  // expected-error @+1 {{'cute.group_modes' op expects view or layout type, but got 'index'}}
  %0 = cute.group_modes(%x) {begin = 0 : i32, end = 1 : i32} : (index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @lt(%l: !cute.layout<(8,8):(1,8)>, %t: f32, %c: !cute.coord<(0,0)>) -> !cute.layout {
  // expected-error @+1 {{'cute.local_tile' op unexpected tiler type, got 'f32'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, f32, !cute.coord<(0,0)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @lp(%l: !cute.layout<(8,8):(1,8)>, %t: index, %i: index) -> !cute.layout {
  // expected-error @+1 {{'cute.local_partition' op expects LayoutType tiler, but got 'index'}}
  %0 = cute.local_partition(%l, %t, %i) : (!cute.layout<(8,8):(1,8)>, index, index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @tts(%b: index, %t: !cute.shape<(4,4)>) -> !cute.layout {
  // expected-error @+1 {{'cute.tile_to_shape' op invalid input types for tile_to_shape, got 'index' and '!cute.shape<(4,4)>'}}
  %0 = cute.tile_to_shape(%b, %t) : (index, !cute.shape<(4,4)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @ld(%l: !cute.layout<(8,8):(1,8)>, %t: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.logical_divide' op invalid tiler type, got'f32'}}
  %0 = cute.logical_divide(%l, %t) : (!cute.layout<(8,8):(1,8)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @ta(%a: !cute.layout<(8,8):(1,8)>, %b: !cute.layout<(8,8):(1,8)>) -> !cute.shape {
  // expected-error @+1 {{'cute.tuple_add' op input type ['!cute.layout<(8,8):(1,8)>'] has invalid values.}}
  %0 = cute.tuple_add(%a, %b) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(8,8):(1,8)>) -> !cute.shape
  return %0 : !cute.shape }

// -----

func.func @fz(%a: !cute.layout<(8,8):(1,8)>, %p: index) -> !cute.layout {
  // expected-error @+1 {{'cute.filter_zeros' op expects a ShapeType for the target profile, but got 'index'}}
  %0 = cute.filter_zeros(%a, %p) : (!cute.layout<(8,8):(1,8)>, index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @rc(%a: index) -> !cute.layout {
  // expected-error @+1 {{'cute.recast_layout' op expects `src` is LayoutTypeInterface, but got 'index'}}
  %0 = cute.recast_layout(%a) {old_type = i8, new_type = i16} : (index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @mfl(%a: index) -> !cute.layout {
  // expected-error @+1 {{'cute.make_fragment_like' op expects `input` is CuteMemRefType or CuteLayoutTypeInterface, but got 'index'}}
  %0 = cute.make_fragment_like(%a) : (index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @gs(%a: index) -> !cute.shape {
  // expected-error @+1 {{'cute.get_shape' op expects `input` to be a layout or a view, got 'index'}}
  %0 = cute.get_shape(%a) : (index) -> !cute.shape
  return %0 : !cute.shape }

// -----

func.func @cos(%a: index) -> index {
  // expected-error @+1 {{'cute.cosize' op input type ['index'] has invalid values.}}
  %0 = cute.cosize(%a) : (index) -> index
  return %0 : index }

// -----

func.func @sel(%a: index) -> !cute.shape {
  // expected-error @+1 {{'cute.select' op expects view or layout type, but got 'index'}}
  %0 = cute.select(%a) {modes = array<i32: 0>} : (index) -> !cute.shape
  return %0 : !cute.shape }

// -----

func.func @ri(%a: index) -> !cute.layout {
  // expected-error @+1 {{'cute.right_inverse' op expects an input of type layout or composed layout, but got 'index'}}
  %0 = cute.right_inverse(%a) : (index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @lpp(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.layout<(2,2):(1,2)>, %i: index, %p: index) -> !cute.layout {
  // expected-error @+1 {{'cute.local_partition' op expects `target_profile` be CoordType, but got 'index'}}
  %0 = cute.local_partition(%l, %t, %i, %p) : (!cute.layout<(8,8):(1,8)>, !cute.layout<(2,2):(1,2)>, index, index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @local_tile_coord_index(%l: !cute.layout<(8,8):(1,8)>, %t: !cute.shape<(2,2)>, %c: index) -> !cute.layout {
  // expected-error @+1 {{'cute.local_tile' op unexpected coordinate type, got 'index'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(8,8):(1,8)>, !cute.shape<(2,2)>, index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @local_tile_input_index(%l: index, %t: !cute.shape<(2,2)>, %c: !cute.coord<(0,0)>) -> !cute.layout {
  // expected-error @+1 {{'cute.local_tile' op expected a view as an input but got 'index'}}
  %0 = cute.local_tile(%l, %t, %c) : (index, !cute.shape<(2,2)>, !cute.coord<(0,0)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @local_partition_input_index(%l: index, %t: !cute.layout<(2,2):(1,2)>, %i: index) -> !cute.layout {
  // expected-error @+1 {{'cute.local_partition' op expects `input` to be a layout or a view, got 'index'}}
  %0 = cute.local_partition(%l, %t, %i) : (index, !cute.layout<(2,2):(1,2)>, index) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @divide_input_index(%l: index, %t: !cute.shape<(2,2)>) -> !cute.layout {
  // expected-error @+1 {{'cute.tiled_divide' op invalid input type, got 'index'}}
  %0 = cute.tiled_divide(%l, %t) : (index, !cute.shape<(2,2)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @product_tiler_f32(%l: !cute.layout<(8,8):(1,8)>, %t: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.blocked_product' op invalid tiler type, got'f32'}}
  %0 = cute.blocked_product(%l, %t) : (!cute.layout<(8,8):(1,8)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @stencil_tiler_f32(%l: !cute.layout<(8,8):(1,8)>, %t: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.stencil_divide' op invalid tiler type, got'f32'}}
  %0 = cute.stencil_divide(%l, %t) : (!cute.layout<(8,8):(1,8)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @coalesce_f32(%x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.coalesce' op expects an input of type layout or composed layout, but got 'f32'}}
  %0 = cute.coalesce(%x) : (f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @composition_rhs_f32(%l: !cute.layout<(8,8):(1,8)>, %x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.composition' op expects an input of type layout or composed layout, but got 'f32'}}
  %0 = cute.composition(%l, %x) : (!cute.layout<(8,8):(1,8)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @tuple_add_index(%i: index) -> !cute.shape {
  // expected-error @+1 {{'cute.tuple_add' op input type ['index'] has invalid values.}}
  %0 = cute.tuple_add(%i, %i) : (index, index) -> !cute.shape
  return %0 : !cute.shape }

// -----

func.func @filter_zeros_f32(%x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.filter_zeros' op expects an input of type layout or composed layout, but got 'f32'}}
  %0 = cute.filter_zeros(%x) : (f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @get_layout_f32(%x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.get_layout' op expects `input` to be a layout or a view, got 'f32'}}
  %0 = cute.get_layout(%x) : (f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @tile_to_shape_target_f32(%b: !cute.layout<(2,2):(1,2)>, %x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.tile_to_shape' op invalid input types for tile_to_shape, got '!cute.layout<(2,2):(1,2)>' and 'f32'}}
  %0 = cute.tile_to_shape(%b, %x) : (!cute.layout<(2,2):(1,2)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @tile_to_shape_order_f32(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(4,4)>, %x: f32) -> !cute.layout {
  // expected-error @+1 {{'cute.tile_to_shape' op expects only static order modes, but got 'f32'}}
  %0 = cute.tile_to_shape(%b, %t, %x) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(4,4)>, f32) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @size_composed(%x: !cute.composed_layout) -> index {
  // expected-error @+1 {{'cute.cosize' op can't derive meaningful cosize of composed layout when inner is affine: '!cute.composed_layout'}}
  %0 = cute.cosize(%x) : (!cute.composed_layout) -> index
  return %0 : index }
