// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/lookthrough_hidden_type_mismatch.mlir): The written result (5) contradicts the value (8) that the verifier cannot see (9 selects deep).
func.func @f() -> !cute.shape<(5)> {
  %s0 = cute.constant : !cute.shape<(8)>
  %s1 = cute.select(%s0) {modes = array<i32: 0>} : (!cute.shape<(8)>) -> !cute.shape
  %s2 = cute.select(%s1) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s3 = cute.select(%s2) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s4 = cute.select(%s3) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s5 = cute.select(%s4) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s6 = cute.select(%s5) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s7 = cute.select(%s6) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s8 = cute.select(%s7) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s9 = cute.select(%s8) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  // expected-error @+1 {{'cute.select' op result type '!cute.shape<(5)>' does not match the inferred type '!cute.shape<(8)>'}}
  %q = cute.select(%s9) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape<(5)>
  return %q : !cute.shape<(5)>
}
