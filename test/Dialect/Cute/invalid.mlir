// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per verifier diagnostic of the builder, query, coordinate and tuple ops.

func.func @group_modes_begin_out_of_range(%l: !cute.layout<(2,3,4):(1,2,6)>) {
  // expected-error @+1 {{'cute.group_modes' op expects begin in the range of [-rank , rank-1], but got begin [3] and rank [3]}}
  %0 = cute.group_modes(%l) {begin = 3 : i32, end = 3 : i32} : (!cute.layout<(2,3,4):(1,2,6)>) -> !cute.layout
  return
}

// -----

func.func @group_modes_end_out_of_range(%l: !cute.layout<(2,3,4):(1,2,6)>) {
  // expected-error @+1 {{expects end in the range of [-rank+1 , rank], but got end [4] and rank [3]}}
  %0 = cute.group_modes(%l) {begin = 0 : i32, end = 4 : i32} : (!cute.layout<(2,3,4):(1,2,6)>) -> !cute.layout
  return
}

// -----

func.func @group_modes_empty_range(%l: !cute.layout<(2,3,4):(1,2,6)>) {
  // expected-error @+1 {{expects begin < end, but got begin [-1] ([2]) and end [2] ([2])}}
  %0 = cute.group_modes(%l) {begin = -1 : i32, end = 2 : i32} : (!cute.layout<(2,3,4):(1,2,6)>) -> !cute.layout
  return
}

// -----

func.func @group_modes_not_a_layout(%s: !cute.shape<(2,3)>) {
  // expected-error @+1 {{expects view or layout type, but got '!cute.shape<(2,3)>'}}
  %0 = cute.group_modes(%s) {begin = 0 : i32, end = 2 : i32} : (!cute.shape<(2,3)>) -> !cute.shape
  return
}

// -----

func.func @group_modes_wrong_result(%l: !cute.layout<(2,3,4):(1,2,6)>) {
  // expected-error @+1 {{unable to infer return type with inputs '!cute.layout<(2,3,4):(1,2,6)>': inferred '!cute.layout<((2,3),4):((1,2),6)>' but the result type is '!cute.layout<rank=3>'}}
  %0 = cute.group_modes(%l) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<(2,3,4):(1,2,6)>) -> !cute.layout<3>
  return
}

// -----

func.func @size_of_a_tile(%t: !cute.tile<(3:4,8:2)>) {
  // expected-error @+1 {{'cute.size' op input type ['!cute.tile<(3:4,8:2)>'] has invalid values.}}
  %0 = cute.size(%t) : (!cute.tile<(3:4,8:2)>) -> index
  return
}

// -----

func.func @size_mode_out_of_range(%l: !cute.layout<(2,3):(1,2)>) {
  // expected-error @+1 {{'cute.size' op mode [2] has invalid values for input type '!cute.layout<(2,3):(1,2)>'}}
  %0 = cute.size(%l) {mode = array<i32: 2>} : (!cute.layout<(2,3):(1,2)>) -> index
  return
}

// -----

func.func @size_overflows(%s: !cute.shape<(4611686018427387904,4)>) {
  // expected-error @+1 {{unable to compute size for input '!cute.shape<(4611686018427387904,4)>' and mode []}}
  %0 = cute.size(%s) : (!cute.shape<(4611686018427387904,4)>) -> index
  return
}

// -----

func.func @cosize_of_composed(%c: !cute.composed_layout<2>) {
  // expected-error @+1 {{can't derive meaningful cosize of composed layout when inner is affine: '!cute.composed_layout<rank=2>'}}
  %0 = cute.cosize(%c) : (!cute.composed_layout<2>) -> index
  return
}

// -----

func.func @cosize_mode_out_of_range(%l: !cute.layout<(2,3):(1,2)>) {
  // expected-error @+1 {{'cute.cosize' op mode [5] is invalid for input type '!cute.layout<(2,3):(1,2)>'}}
  %0 = cute.cosize(%l) {mode = array<i32: 5>} : (!cute.layout<(2,3):(1,2)>) -> index
  return
}

// -----

func.func @cosize_overflows(%l: !cute.layout<(2,2):(9223372036854775807,1)>) {
  // expected-error @+1 {{unable to compute cosize for input '!cute.layout<(2,2):(9223372036854775807,1)>' and mode []}}
  %0 = cute.cosize(%l) : (!cute.layout<(2,2):(9223372036854775807,1)>) -> index
  return
}

// -----

func.func @select_duplicate(%l: !cute.layout<(2,3):(1,2)>) {
  // expected-error @+1 {{'cute.select' op Invalid results for select(). Modes: [1,1]}}
  %0 = cute.select(%l) {modes = array<i32: 1, 1>} : (!cute.layout<(2,3):(1,2)>) -> !cute.layout
  return
}

// -----

func.func @select_out_of_range(%s: !cute.shape<(2,3)>) {
  // expected-error @+1 {{Invalid results for select(). Modes: [0,2]}}
  %0 = cute.select(%s) {modes = array<i32: 0, 2>} : (!cute.shape<(2,3)>) -> !cute.shape
  return
}

// -----

func.func @get_shape_of_a_shape(%s: !cute.shape<(2,3)>) {
  // expected-error @+1 {{'cute.get_shape' op expects `input` to be a layout or a view, got '!cute.shape<(2,3)>'}}
  %0 = cute.get_shape(%s) : (!cute.shape<(2,3)>) -> !cute.shape
  return
}

// -----

func.func @get_stride_of_a_tile(%t: !cute.tile<2>) {
  // expected-error @+1 {{'cute.get_stride' op expects `input` to be a layout or a view, got '!cute.tile<rank=2>'}}
  %0 = cute.get_stride(%t) : (!cute.tile<2>) -> !cute.stride
  return
}

// -----

func.func @tuple_add_mixed_kinds(%a: !cute.shape<(2,3)>, %b: !cute.stride<(1,2)>) {
  // expected-error @+1 {{'cute.tuple_add' op input type ['!cute.shape<(2,3)>'] has invalid values.}}
  %0 = cute.tuple_add(%a, %b) : (!cute.shape<(2,3)>, !cute.stride<(1,2)>) -> !cute.shape
  return
}

// -----

func.func @tuple_div_by_zero(%a: !cute.shape<(2,3)>, %b: !cute.shape<(1,0)>) {
  // expected-error @+1 {{'cute.tuple_div' op mode [1] has invalid values for input type '!cute.shape<(2,3)>'}}
  %0 = cute.tuple_div(%a, %b) : (!cute.shape<(2,3)>, !cute.shape<(1,0)>) -> !cute.shape
  return
}

// -----

func.func @tuple_mod_by_zero(%a: !cute.int_tuple<(2,3)>, %b: !cute.int_tuple<(0,1)>) {
  // expected-error @+1 {{'cute.tuple_mod' op mode [0] has invalid values for input type '!cute.int_tuple<(2,3)>'}}
  %0 = cute.tuple_mod(%a, %b) : (!cute.int_tuple<(2,3)>, !cute.int_tuple<(0,1)>) -> !cute.int_tuple
  return
}

// -----

func.func @shape_div_not_divisible(%a: !cute.shape<(6,2)>, %b: !cute.shape<value=4>) {
  // expected-error @+1 {{'cute.shape_div' op unable to compute size for input '!cute.shape<(6,2)>' and mode [0]}}
  %0 = cute.shape_div(%a, %b) : (!cute.shape<(6,2)>, !cute.shape<value=4>) -> !cute.shape
  return
}

// -----

// The worked example of the verifier spec: a rank-2 coordinate for a rank-3 layout.
func.func @crd2idx_rank_mismatch(%ci: index, %cj: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %shape = cute.make_int_tuple %c4, %c8, %c16 : !cute.shape
  %stride = cute.make_int_tuple %c128, %c16, %c1 : !cute.stride
  %layout = cute.make_layout_raw %shape, %stride : !cute.layout
  %coord = cute.make_int_tuple %ci, %cj : !cute.coord<rank=2>
  // expected-error @+1 {{'cute.crd2idx' op expected a coordinate of rank 3 but got '!cute.coord<rank=2>'}}
  %idx = cute.crd2idx %coord, %layout : !cute.coord<rank=2>, !cute.layout -> index
  return
}

// -----

// Its second variant: the third component 32 is outside the extent 16.
func.func @crd2idx_out_of_bounds(%ci: index, %cj: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %shape = cute.make_int_tuple %c4, %c8, %c16 : !cute.shape
  %stride = cute.make_int_tuple %c128, %c16, %c1 : !cute.stride
  %layout = cute.make_layout_raw %shape, %stride : !cute.layout
  %coord = cute.make_int_tuple %ci, %cj, %c32 : !cute.coord<rank=3>
  // expected-error @+1 {{'cute.crd2idx' op Failed to dice '!cute.layout<(4,8,16):(128,16,1)>' with '!cute.coord<(?,?,32)>'}}
  %idx = cute.crd2idx %coord, %layout : !cute.coord<rank=3>, !cute.layout -> index
  return
}

// -----

func.func @idx2crd_zero_extent(%s: !cute.shape<(0,4)>) {
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{'cute.idx2crd' op failed to construct a valid coordinate from 'index' in '!cute.shape<(0,4)>'}}
  %0 = cute.idx2crd(%c5, %s) : (index, !cute.shape<(0,4)>) -> !cute.coord
  return
}

// -----

func.func @make_layout_not_congruent(%s: !cute.shape<(2,3)>, %d: !cute.stride<(1,(2,4))>) {
  // expected-error @+1 {{'cute.make_layout' op expects congruent shape and stride, but got '!cute.shape<(2,3)>' and '!cute.stride<(1,(2,4))>'}}
  %0 = cute.make_layout(%s, %d) : (!cute.shape<(2,3)>, !cute.stride<(1,(2,4))>) -> !cute.layout
  return
}

// -----

func.func @make_layout_rank_mismatch(%s: !cute.shape<2>, %d: !cute.stride<3>) {
  // expected-error @+1 {{expects shape and stride of the same rank, but got '!cute.shape<rank=2>' and '!cute.stride<rank=3>'}}
  %0 = cute.make_layout(%s, %d) : (!cute.shape<2>, !cute.stride<3>) -> !cute.layout
  return
}

// -----

func.func @result_type_disagrees(%m: index) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'cute.make_shape' op result type '!cute.shape<(8,?)>' does not match the inferred type '!cute.shape<(4,?)>'}}
  %0 = cute.make_shape [%c4, %m] : (index, index) -> !cute.shape<(8,?)>
  return
}

// -----

func.func @constant_not_static() {
  // expected-error @+1 {{'cute.constant' op expects a static value of the result's kind, got '!cute.shape<(4,?)>'}}
  %0 = cute.constant : !cute.shape<(4,?)>
  return
}

// -----

func.func @to_int_tuple_underscore(%c: !cute.coord<(_,1)>) {
  // expected-error @+1 {{'cute.to_int_tuple' op expects an input without `_` leaves, got '!cute.coord<(_,1)>'}}
  %0 = cute.to_int_tuple(%c) : (!cute.coord<(_,1)>) -> !cute.int_tuple
  return
}
