// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/coalesce_overflow_size0.mlir): From opdiff: the wrapped product 2^62 * 3221225472 (= 0) makes coalesce merge modes and report size 0.
// cute-layout 'coalesce(((281474976710656,4611686018427387904,3221225472)):((1,-4611686018427387904,0)))'
func.func @f() -> !cute.layout {
  %a = cute.constant : !cute.layout<((281474976710656,4611686018427387904,3221225472)):((1,-4611686018427387904,0))>
  // expected-error @+1 {{cannot compute the result: int64 overflow in 4611686018427387904 * -4611686018427387904 (in coalesce)}}
  %r = cute.coalesce(%a) : (!cute.layout<((281474976710656,4611686018427387904,3221225472)):((1,-4611686018427387904,0))>) -> !cute.layout
  return %r : !cute.layout
}
