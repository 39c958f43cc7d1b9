// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per diagnostic of the swizzle and composed-layout ops and types (issue 11).
// make_composed_layout's five gates are 004's, in its order; 004 calls the layout the
// coordinate enters `outer` and the function applied last `inner` (CuTe's B and A).

func.func @make_composed_layout_inner(%sw: !cute.swizzle<3,4,3>, %o: !cute.int_tuple<value=0>, %s: !cute.shape<(8,64)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op expects an input of type layout or composed layout, but got '!cute.shape<(8,64)>'}}
  %0 = cute.make_composed_layout(%sw, %o, %s) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !cute.shape<(8,64)>) -> !cute.composed_layout
  return
}

// -----

func.func @make_composed_layout_offset(%sw: !cute.swizzle<3,4,3>, %o: !cute.layout<1:0>, %l: !cute.layout<(8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op expects `target_profile` be CoordType, but got '!cute.layout<1:0>'}}
  %0 = cute.make_composed_layout(%sw, %o, %l) : (!cute.swizzle<3,4,3>, !cute.layout<1:0>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

func.func @make_composed_layout_outer(%s: !cute.shape<(8,64)>, %o: !cute.int_tuple<value=0>, %l: !cute.layout<(8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op expects `input` to be a layout or a view, got '!cute.shape<(8,64)>'}}
  %0 = cute.make_composed_layout(%s, %o, %l) : (!cute.shape<(8,64)>, !cute.int_tuple<value=0>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

func.func @make_composed_layout_nested_inner(%sw: !cute.swizzle<3,4,3>, %o: !cute.int_tuple<value=0>, %c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op failed to perform a valid division of '!cute.swizzle<3,4,3>' '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>'}}
  %0 = cute.make_composed_layout(%sw, %o, %c) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

func.func @make_composed_layout_offset_underscore(%sw: !cute.swizzle<3,4,3>, %o: !cute.coord<(_,1)>, %l: !cute.layout<(8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op unable to construct a coordinate for local_partition}}
  %0 = cute.make_composed_layout(%sw, %o, %l) : (!cute.swizzle<3,4,3>, !cute.coord<(_,1)>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

func.func @make_composed_layout_result(%sw: !cute.swizzle<3,4,3>, %o: !cute.int_tuple<value=0>, %l: !cute.layout<(8,64):(64,1)>) {
  // expected-error @+1 {{'cute.make_composed_layout' op result type '!cute.composed_layout<Sw<3,3,3> o 0 o (8,64):(64,1)>' does not match the inferred type '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>'}}
  %0 = cute.make_composed_layout(%sw, %o, %l) : (!cute.swizzle<3,4,3>, !cute.int_tuple<value=0>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<Sw<3,3,3> o 0 o (8,64):(64,1)>
  return
}

// -----

// cosize of A o O o B is B's for a swizzle A; for a layout A it has no meaning.
func.func @cosize_affine(%c: !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.cosize' op can't derive meaningful cosize of composed layout when inner is affine: '!cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>'}}
  %0 = cute.cosize(%c) : (!cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>) -> index
  return
}

// -----

// A lifted result keeps the swizzle: it is a composed layout, not a layout.
func.func @lifted_result_kind(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, %t: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.logical_divide' op result type '!cute.layout' does not match the inferred type '!cute.composed_layout<Sw<3,4,3> o 0 o ((4,2),(8,8)):((64,256),(1,8))>'}}
  %0 = cute.logical_divide(%c, %t) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !cute.shape<(4,8)>) -> !cute.layout
  return
}

// -----

// CuTe rejects this inverse: B^-1 maps the swizzle's fields to masks of no one swizzle.
func.func @right_inverse_rejected(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.right_inverse' op unable to compute a right inverse for input Sw<3,4,3> o 0 o (8,64):(64,1): composition of (64,8):(8,1) with Sw<3,4,3>: make_swizzle<14,385>}}
  %0 = cute.right_inverse(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

func.func @filter_composed(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.filter' op unable to filter input '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>': CuTe's filter takes a layout, not a composed layout}}
  %0 = cute.filter(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.layout
  return
}

// -----

func.func @stride_composed(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.get_stride' op expects `input` to be a layout or a view, got '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>' (a composed layout has no stride)}}
  %0 = cute.get_stride(%c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.stride
  return
}

// -----

func.func @compose_composed(%c: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.composition' op expects an input of type layout or composed layout, but got '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>'}}
  %0 = cute.composition(%c, %c) : (!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

// L o Sw moves the swizzle behind L only when L is known: a `?` stride has no value.
func.func @compose_swizzle_dynamic(%l: !cute.layout<(8,64):(64,?)>, %sw: !cute.swizzle<3,4,3>) {
  // expected-error @+1 {{'cute.composition' op unable to compose (8,64):(64,?): composition of a layout with a swizzle: the layout (8,64):(64,?) must be static}}
  %0 = cute.composition(%l, %sw) : (!cute.layout<(8,64):(64,?)>, !cute.swizzle<3,4,3>) -> !cute.composed_layout
  return
}

// -----

// The offset of L o (A o O o B) must be 0 (CuTe: "Require offset == 0.").
func.func @compose_offset(%l: !cute.layout<512:1>, %c: !cute.composed_layout<Sw<3,4,3> o 4 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.composition' op unable to compose 512:1 with Sw<3,4,3> o 4 o (8,64):(64,1): composition of 512:1 with Sw<3,4,3> o 4 o (8,64):(64,1): the composed layout's offset must be _0}}
  %0 = cute.composition(%l, %c) : (!cute.layout<512:1>, !cute.composed_layout<Sw<3,4,3> o 4 o (8,64):(64,1)>) -> !cute.composed_layout
  return
}

// -----

// CuTe's Swizzle<B,M,S> static_asserts are type errors.
// expected-error @+1 {{Swizzle<3,4,2>: |S| must be at least B (CuTe: "abs(SShift) must be more than BBits.")}}
func.func @swizzle_shift(%a: !cute.swizzle<3,4,2>) { return }

// -----

// expected-error @+1 {{Swizzle<3,4,25>: B + M + |S| must be at most 31}}
func.func @swizzle_wide(%a: !cute.swizzle<3,4,25>) { return }

// -----

// expected-error @+1 {{expected a swizzle's three parameters B,M,S such as 3,4,3}}
func.func @swizzle_two(%a: !cute.swizzle<3,4>) { return }

// -----

// expected-error @+1 {{expected an int tuple offset without `_`}}
func.func @composed_offset_underscore(%a: !cute.composed_layout<Sw<3,4,3> o _ o 8:1>) { return }

// -----

// expected-error @+1 {{expected a layout shape:stride with congruent shape and stride}}
func.func @composed_inner_shape(%a: !cute.composed_layout<Sw<3,4,3> o 0 o (8,64)>) { return }

// -----

// expected-error @+1 {{expected 'o'}}
func.func @composed_no_inner(%a: !cute.composed_layout<Sw<3,4,3>>) { return }

// -----

// expected-error @+1 {{layout (0,64):(64,1) has the extent 0; layout extents are positive}}
func.func @composed_extent(%a: !cute.composed_layout<Sw<3,4,3> o 0 o (0,64):(64,1)>) { return }
