// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/coalesce_overflow_merge_scalar_profile.mlir): located error, no crash, no wrap.
func.func @f() -> !cute.layout {
  %l = cute.constant : !cute.layout<(4,3):(4611686018427387904,0)>
  %p = cute.constant : !cute.int_tuple<value=1>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4 * 4611686018427387904 (in coalesce)}}
  %c = cute.coalesce(%l, %p) : (!cute.layout<(4,3):(4611686018427387904,0)>, !cute.int_tuple<value=1>) -> !cute.layout
  return %c : !cute.layout
}
