// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Malformed type text gets a located diagnostic, never a crash.

// expected-error @+1 {{expected a layout shape:stride with congruent shape and stride, or a (shape, stride) pair}}
func.func @layout_not_congruent(%a: !cute.layout<(4,8):(1,4,2)>) { return }

// -----

// expected-error @+1 {{only coordinates may contain `_`, got (_,4)}}
func.func @underscore_in_shape(%a: !cute.shape<(_,4)>) { return }

// -----

// expected-error @+1 {{expected an integer, '?', '_' or '(' in a cute type but got 'x'}}
func.func @bad_leaf(%a: !cute.shape<(4,x)>) { return }

// -----

// expected-error @+1 {{a cute type's rank cannot be negative}}
func.func @negative_rank(%a: !cute.shape<rank=-1>) { return }

// -----

// expected-error @+1 {{unknown cute type 'tensor'}}
func.func @unknown(%a: !cute.tensor) { return }

// -----

// expected-error @+1 {{integer value too large}}
func.func @huge(%a: !cute.shape<(99999999999999999999)>) { return }

// -----

// expected-error @+1 {{expected a tile such as (3:4,8:2) or (32,16)}}
func.func @tile_not_tuple(%a: !cute.tile<3:4>) { return }

// -----

// expected-error @+1 {{expected a swizzle's three parameters B,M,S such as 3,4,3}}
func.func @swizzle_value(%a: !cute.swizzle<(3,4,3)>) { return }
