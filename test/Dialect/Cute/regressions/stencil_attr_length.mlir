// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/stencil_attr_length.mlir): stencil_divide with a 2-mode window but 5 strides (and, below, no strides at all): both accepted.
func.func @b(%l: !cute.layout<(8,4):(1,8)>, %w: !cute.shape<(3,2)>) -> !cute.layout {
  // expected-error @+1 {{expects one `stride` entry per window mode (2), but got 5}}
  %r = cute.stencil_divide(%l, %w) {stride = array<i64: 1, 1, 1, 1, 1>, dilation = array<i64: 1, 1, 7>} : (!cute.layout<(8,4):(1,8)>, !cute.shape<(3,2)>) -> !cute.layout
  return %r : !cute.layout
}

// -----

func.func @c(%l: !cute.layout<(8,4):(1,8)>, %w: !cute.shape<(3,2)>) -> !cute.layout {
  // expected-error @+1 {{expects one `stride` entry per window mode (2), but got 0}}
  %r = cute.stencil_divide(%l, %w) {stride = array<i64>} : (!cute.layout<(8,4):(1,8)>, !cute.shape<(3,2)>) -> !cute.layout
  return %r : !cute.layout
}
