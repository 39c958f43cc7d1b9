// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// One split per diagnostic of scaled-basis strides in types and of the ops that meet them
// (issue 12): malformed bases, bases where only integers belong, crd2idx's result kind,
// and the algebra CuTe does not define on basis strides.

// expected-error @+1 {{in a cute type body: column 13: a scaled basis names modes 0 to 7; found a larger mode index}}
func.func @mode_too_large(%l: !cute.layout<(4,2):(1@0,1@9)>) {
  return
}

// -----

// expected-error @+1 {{in a cute type body: column 10: expected a mode index after '@' but found ','}}
func.func @missing_mode(%l: !cute.layout<(4,2):(1@,1@1)>) {
  return
}

// -----

// expected-error @+1 {{in a cute type body: column 1: the shape (4@1,2) holds a scaled basis; only strides can}}
func.func @basis_in_shape(%l: !cute.layout<(4@1,2):(1,4)>) {
  return
}

// -----

// expected-error @+1 {{a tile's layouts have integer strides, not scaled bases (`@`)}}
func.func @basis_in_tile(%t: !cute.tile<(4:1@0,2)>) {
  return
}

// -----

func.func @crd2idx_index_of_coordinate_layout(%c: !cute.coord<(3,5)>, %l: !cute.layout<(128,64):(1@0,1@1)>) {
  // expected-error @+1 {{'cute.crd2idx' op expects a result of type !cute.coord for '!cute.layout<(128,64):(1@0,1@1)>' (its strides are scaled bases: its value is a coordinate), but got 'index'}}
  %0 = cute.crd2idx(%c, %l) : (!cute.coord<(3,5)>, !cute.layout<(128,64):(1@0,1@1)>) -> index
  return
}

// -----

func.func @crd2idx_coordinate_of_index_layout(%c: !cute.coord<(3,5)>, %l: !cute.layout<(128,64):(1,128)>) {
  // expected-error @+1 {{'cute.crd2idx' op expects a result of type index for '!cute.layout<(128,64):(1,128)>' (its strides are integers: its value is an index), but got '!cute.coord'}}
  %0 = cute.crd2idx(%c, %l) : (!cute.coord<(3,5)>, !cute.layout<(128,64):(1,128)>) -> !cute.coord
  return
}

// -----

func.func @crd2idx_mixed_strides(%c: !cute.coord<(3,5)>, %l: !cute.layout<(128,64):(1@0,3)>) {
  // expected-error @+1 {{'cute.crd2idx' op Failed to dice '!cute.layout<(128,64):(1@0,3)>' with '!cute.coord<(3,5)>': crd2idx: the stride (1@0,3) adds the integer 3 to scaled bases (CuTe adds only _0 to a basis)}}
  %0 = cute.crd2idx(%c, %l) : (!cute.coord<(3,5)>, !cute.layout<(128,64):(1@0,3)>) -> !cute.coord
  return
}

// -----

func.func @complement_of_basis_layout(%l: !cute.layout<(4,2):(1@0,1@1)>) {
  // expected-error @+1 {{'cute.complement' op unable to compute the complement of (4,2):(1@0,1@1): complement of (4,2):(1@0,1@1): CuTe needs integer strides here, not scaled bases}}
  %0 = cute.complement(%l) : (!cute.layout<(4,2):(1@0,1@1)>) -> !cute.layout
  return
}

// -----

func.func @basis_path_not_in_outer(%a: !cute.layout<8:2>, %l: !cute.layout<(4,2):(1@0,1@1)>) {
  // expected-error @+1 {{'cute.composition' op unable to compose 8:2 with (4,2):(1@0,1@1): composition: the stride 1@1 of (4,2):(1@0,1@1) names no mode of 8:2}}
  %0 = cute.composition(%a, %l) : (!cute.layout<8:2>, !cute.layout<(4,2):(1@0,1@1)>) -> !cute.layout
  return
}

// -----

func.func @identity_of_coordinate(%s: !cute.coord<(4,_)>) {
  // expected-error @+1 {{'cute.make_identity_tensor' op expects a shape or an int tuple as the shape, but got '!cute.coord<(4,_)>'}}
  %0 = cute.make_identity_tensor(%s) : (!cute.coord<(4,_)>) -> !cute.layout
  return
}
