// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per diagnostic of the calculator ops (issue 20).

func.func @take_range(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.take' op expects 0 <= begin <= end <= rank, but got begin [1], end [3] and rank [2]}}
  %0 = cute.take(%l) {begin = 1 : i32, end = 3 : i32} : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  return
}

// -----

func.func @get_range(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.get' op mode [2] is out of range for '!cute.shape<(4,8)>'}}
  %0 = cute.get(%s) {modes = array<i32: 2>} : (!cute.shape<(4,8)>) -> !cute.shape
  return
}

// -----

func.func @flatten_kind(%t: !cute.tile<(2,2)>) {
  // expected-error @+1 {{'cute.flatten' op expects a layout or an int tuple, but got '!cute.tile<(2,2)>'}}
  %0 = cute.flatten(%t) : (!cute.tile<(2,2)>) -> !cute.tile
  return
}

// -----

func.func @upcast_indivisible(%l: !cute.layout<(4,6):(6,1)>) {
  // expected-error @+1 {{'cute.upcast' op unable to upcast (4,6):(6,1) by 4}}
  %0 = cute.upcast(%l) {factor = 4 : i64} : (!cute.layout<(4,6):(6,1)>) -> !cute.layout
  return
}

// -----

func.func @product_each_kind(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.product_each' op expects a shape or an int tuple, but got '!cute.layout<(4,8):(1,4)>'}}
  %0 = cute.product_each(%l) : (!cute.layout<(4,8):(1,4)>) -> !cute.shape
  return
}

// -----

func.func @to_shape_underscore(%c: !cute.coord<(_,1)>) {
  // expected-error @+1 {{'cute.to_shape' op expects an input without `_` leaves, got '!cute.coord<(_,1)>'}}
  %0 = cute.to_shape(%c) : (!cute.coord<(_,1)>) -> !cute.shape
  return
}

// -----

func.func @outer_kind(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.get_outer' op expects a result of the outer function's kind (Swizzle), but got '!cute.layout'}}
  %0 = cute.get_outer(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.layout
  return
}

// -----

func.func @inner_of_layout(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.get_inner' op expects a composed layout, but got '!cute.layout<(4,8):(1,4)>'}}
  %0 = cute.get_inner(%l) : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  return
}

// -----

func.func @max_common_kind(%s: !cute.shape<(4,8)>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.max_common_layout' op expects an input of type layout or composed layout, but got '!cute.shape<(4,8)>'}}
  %0 = cute.max_common_layout(%s, %l) : (!cute.shape<(4,8)>, !cute.layout<(4,8):(1,4)>) -> !cute.layout
  return
}

// -----

func.func @round_up_kinds(%a: !cute.shape<(5,7)>, %b: !cute.int_tuple<(4,4)>) {
  // expected-error @+1 {{'cute.round_up' op input type ['!cute.shape<(5,7)>'] has invalid values.}}
  %0 = cute.round_up(%a, %b) : (!cute.shape<(5,7)>, !cute.int_tuple<(4,4)>) -> !cute.shape
  return
}

// -----

func.func @compact_current(%s: !cute.shape<(4,8)>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.compact_col_major' op expects an int tuple or an index as the current stride, but got '!cute.layout<(4,8):(1,4)>'}}
  %0 = cute.compact_col_major(%s, %l) : (!cute.shape<(4,8)>, !cute.layout<(4,8):(1,4)>) -> !cute.stride
  return
}
