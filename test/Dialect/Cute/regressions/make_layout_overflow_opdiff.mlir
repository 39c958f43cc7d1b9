// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/make_layout_overflow_opdiff.mlir): From opdiff: strides 2^32*3*2^32... are not int64; the dialect folds them to 0.
// cute-layout 'make_layout(((3221225472,4,4294967296),4294967296,16,(1)))'
func.func @f() -> !cute.layout {
  %a = cute.constant : !cute.shape<((3221225472,4,4294967296),4294967296,16,(1))>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 12884901888 * 4294967296 (in make_layout)}}
  %r = cute.make_layout(%a) : (!cute.shape<((3221225472,4,4294967296),4294967296,16,(1))>) -> !cute.layout
  return %r : !cute.layout
}
