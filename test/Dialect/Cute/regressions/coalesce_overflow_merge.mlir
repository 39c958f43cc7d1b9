// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/coalesce_overflow_merge.mlir): coalesce of (4,3):(2^62,0): 4 * 2^62 wraps to 0, equal to the next stride, so the modes merge into 12:2^62.
func.func @f() -> !cute.layout {
  %l = cute.constant : !cute.layout<(4,3):(4611686018427387904,0)>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4 * 4611686018427387904 (in coalesce)}}
  %c = cute.coalesce(%l) : (!cute.layout<(4,3):(4611686018427387904,0)>) -> !cute.layout
  return %c : !cute.layout
}
