// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/make_layout_overflow.mlir): make_layout of a static shape whose compact column-major stride is 2^64: the third stride is not an int64.
func.func @f() -> !cute.layout {
  %s = cute.constant : !cute.shape<(4294967296,4294967296,2)>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4294967296 * 4294967296 (in make_layout)}}
  %l = cute.make_layout(%s) : (!cute.shape<(4294967296,4294967296,2)>) -> !cute.layout
  return %l : !cute.layout
}
