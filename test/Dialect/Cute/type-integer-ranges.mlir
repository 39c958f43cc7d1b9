// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Issue 10 item 3: every integer the type parser reads is range-checked with a located
// diagnostic (ranks, leaves, `_N`, value=, layout extents): 2^31, 2^32+1, 2^63, negatives.

// expected-error @+1 {{a cute type's rank is at most 65536, got 2147483648}}
func.func @a(%a: !cute.shape<2147483648>) { return }

// -----

// expected-error @+1 {{a cute type's rank is at most 65536, got 4294967297}}
func.func @b(%a: !cute.shape<rank=4294967297>) { return }

// -----

// expected-error @+1 {{integer value too large}}
func.func @c(%a: !cute.shape<9223372036854775808>) { return }

// -----

func.func @d(%a: !cute.shape<(9223372036854775807)>) { return }

// -----

// expected-error @+1 {{integer value too large}}
func.func @e(%a: !cute.shape<(9223372036854775808)>) { return }

// -----

func.func @f(%a: !cute.stride<(-9223372036854775808)>) { return }

// -----

// expected-error @+1 {{integer value too large}}
func.func @g(%a: !cute.stride<(-9223372036854775809)>) { return }

// -----

// expected-error @+1 {{integer '_9223372036854775808' is out of the int64 range}}
func.func @h(%a: !cute.layout<(_9223372036854775808):(1)>) { return }

// -----

// expected-error @+1 {{shape (-1,3) has the negative extent -1; extents are at least 0}}
func.func @i(%a: !cute.shape<(-1,3)>) { return }

// -----

// expected-error @+1 {{layout (-1,3):(1,2) has the extent -1; layout extents are positive}}
func.func @j(%a: !cute.layout<(-1,3):(1,2)>) { return }

// -----

// expected-error @+1 {{layout (0,3):(1,2) has the extent 0; layout extents are positive}}
func.func @k(%a: !cute.layout<(0,3):(1,2)>) { return }

// -----

func.func @l(%a: !cute.int_tuple<value=-9223372036854775808>) { return }

// -----

// expected-error @+1 {{integer value too large}}
func.func @m(%a: !cute.int_tuple<value=9223372036854775808>) { return }

// -----

func.func @n(%a: !cute.layout<4294967297:1>) { return }

// -----

// expected-error @+1 {{layout -3:1 has the extent -3; layout extents are positive}}
func.func @o(%a: !cute.layout<-3:1>) { return }

// -----

// expected-error @+1 {{a cute type's rank cannot be negative}}
func.func @p(%a: !cute.shape<-5>) { return }

// -----

// expected-error @+1 {{tile (0:1,2) has the extent 0; layout extents are positive}}
func.func @q(%a: !cute.tile<(0:1,2)>) { return }

// -----

func.func @t(%a: !cute.layout<(4,8):(1,4)>) -> !cute.layout {
  // expected-error @+1 {{'cute.group_modes' op expects begin in the range of [-rank , rank-1], but got begin [-2147483648] and rank [2]}}
  %0 = cute.group_modes(%a) {begin = -2147483648 : i32, end = 2 : i32} : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @u(%a: !cute.layout<(4,8):(1,4)>) -> !cute.layout {
  // expected-error @+1 {{'cute.select' op Invalid results for select(). Modes: [-2147483648]}}
  %0 = cute.select(%a) {modes = array<i32: -2147483648>} : (!cute.layout<(4,8):(1,4)>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @w(%l: !cute.layout<8:1>, %w: !cute.shape<value=3>) -> !cute.layout {
  // expected-error @+1 {{'cute.stencil_divide' op failed to perform a valid division of 8:1: the effective window (3 - 1) * 4611686018427387904 + 1 of mode 0 overflows int64}}
  %0 = cute.stencil_divide(%l, %w) {dilation = array<i64: 4611686018427387904>} : (!cute.layout<8:1>, !cute.shape<value=3>) -> !cute.layout
  return %0 : !cute.layout }

// -----

func.func @x(%a: !cute.layout<(4,8):(1,4)>) -> index {
  // expected-error @+1 {{'cute.size' op mode [-1] has invalid values for input type '!cute.layout<(4,8):(1,4)>'}}
  %0 = cute.size(%a) {mode = array<i32: -1>} : (!cute.layout<(4,8):(1,4)>) -> index
  return %0 : index }
