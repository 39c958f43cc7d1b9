// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Issue 19 items 6 and 7: result kinds, claims nothing proves (a static leaf where the
// value is a runtime one), runtime orders, order permutations, extent rules.

func.func @sel_kind(%s: !cute.shape<(4,8)>) -> !cute.coord {
  // expected-error @+1 {{'cute.select' op expects a result of the input's kind ('!cute.shape<(4,8)>'), but got '!cute.coord'}}
  %0 = cute.select(%s) {modes = array<i32: 0>} : (!cute.shape<(4,8)>) -> !cute.coord
  return %0 : !cute.coord }

// -----

func.func @static_claim(%m: index) -> !cute.shape<(4,8)> {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'cute.make_shape' op result type '!cute.shape<(4,8)>' does not match the inferred type '!cute.shape<(?,8)>'}}
  %0 = cute.make_shape [%m, %c8] : (index, index) -> !cute.shape<(4,8)>
  return %0 : !cute.shape<(4,8)> }

// -----

func.func @ordered_dyn2(%o: !cute.int_tuple<(1,?)>) -> !cute.layout<(4,2):(2,1)> {
  %s = cute.constant : !cute.shape<(4,2)>
  // expected-error @+1 {{'cute.make_ordered_layout' op result type '!cute.layout<(4,2):(2,1)>' does not match the inferred type '!cute.layout<(4,2):(?,?)>'}}
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<(4,2)>, !cute.int_tuple<(1,?)>) -> !cute.layout<(4,2):(2,1)>
  return %0 : !cute.layout<(4,2):(2,1)> }

// -----

func.func @tts_perm(%b: !cute.layout<(2,2):(1,2)>, %t: !cute.shape<(4,4)>, %o: !cute.int_tuple<(0,0)>) -> !cute.layout {
  // expected-error @+1 {{'cute.tile_to_shape' op expects the order to be a permutation of [0, 2), but got (0,0)}}
  %0 = cute.tile_to_shape(%b, %t, %o) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(4,4)>, !cute.int_tuple<(0,0)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @zero_layout() -> !cute.layout {
  %s = cute.constant : !cute.shape<(0,4)>
  // expected-error @+1 {{'cute.make_layout' op cannot produce the result: layout (0,4):(1,0) has the extent 0; layout extents are positive}}
  %0 = cute.make_layout(%s) : (!cute.shape<(0,4)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @neg_shape() -> !cute.shape {
  %a = cute.constant : !cute.shape<(2)>
  %b = cute.constant : !cute.shape<(4)>
  // expected-error @+1 {{'cute.tuple_sub' op cannot produce the result: shape (-2) has the negative extent -2; extents are at least 0}}
  %0 = cute.tuple_sub(%a, %b) : (!cute.shape<(2)>, !cute.shape<(4)>) -> !cute.shape
  return %0 : !cute.shape }
