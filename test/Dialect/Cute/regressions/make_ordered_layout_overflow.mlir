// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/make_ordered_layout_overflow.mlir): make_ordered_layout of (2^32,2^32,2) in order (0,1,2): the last stride is 2^64, not an int64.
func.func @f() -> !cute.layout {
  %s = cute.constant : !cute.shape<(4294967296,4294967296,2)>
  %o = cute.constant : !cute.int_tuple<(0,1,2)>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4294967296 * 4294967296 (in make_ordered_layout)}}
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<(4294967296,4294967296,2)>, !cute.int_tuple<(0,1,2)>) -> !cute.layout
  return %l : !cute.layout
}
