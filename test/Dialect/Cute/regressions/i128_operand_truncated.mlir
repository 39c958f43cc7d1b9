// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/i128_operand_truncated.mlir): located error, no crash, no wrap.
func.func @f() -> !cute.shape {
  %c = arith.constant 18446744073709551617 : i128
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{expects integer leaves of at most 64 bits, but operand #0 is 'i128'}}
  %s = cute.make_shape [%c, %c4] : (i128, index) -> !cute.shape
  return %s : !cute.shape
}
