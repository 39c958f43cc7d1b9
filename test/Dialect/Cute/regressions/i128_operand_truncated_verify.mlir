// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/i128_operand_truncated_verify.mlir): An i128 leaf of 2^64 + 1 is accepted as the static extent 1: the written type (1,4) verifies.
func.func @f() -> index {
  %c = arith.constant 18446744073709551617 : i128
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{expects integer leaves of at most 64 bits, but operand #0 is 'i128'}}
  %s = cute.make_shape [%c, %c4] : (i128, index) -> !cute.shape<(1,4)>
  %n = cute.size(%s) : (!cute.shape<(1,4)>) -> index
  return %n : index
}
