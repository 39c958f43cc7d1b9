// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/make_layout_overflow_written_type.mlir): The wrapped stride 0 even verifies against a written result type that states it.
func.func @f(%s: !cute.shape<(4294967296,4294967296,2)>) -> !cute.layout<(4294967296,4294967296,2):(1,4294967296,0)> {
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4294967296 * 4294967296 (in make_layout)}}
  %l = cute.make_layout(%s) : (!cute.shape<(4294967296,4294967296,2)>) -> !cute.layout<(4294967296,4294967296,2):(1,4294967296,0)>
  return %l : !cute.layout<(4294967296,4294967296,2):(1,4294967296,0)>
}
