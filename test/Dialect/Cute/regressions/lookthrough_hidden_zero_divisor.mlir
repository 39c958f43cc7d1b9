// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/lookthrough_hidden_zero_divisor.mlir): tuple_div by a static zero, hidden from the verifier behind 9 select ops (look-through depth 8).
func.func @f() -> !cute.shape {
  %a = cute.constant : !cute.shape<(8)>
  %s0 = cute.constant : !cute.shape<(0)>
  %s1 = cute.select(%s0) {modes = array<i32: 0>} : (!cute.shape<(0)>) -> !cute.shape
  %s2 = cute.select(%s1) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s3 = cute.select(%s2) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s4 = cute.select(%s3) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s5 = cute.select(%s4) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s6 = cute.select(%s5) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s7 = cute.select(%s6) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s8 = cute.select(%s7) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  %s9 = cute.select(%s8) {modes = array<i32: 0>} : (!cute.shape) -> !cute.shape
  // expected-error @+1 {{'cute.tuple_div' op mode [0] has invalid values for input type '!cute.shape<(8)>'}}
  %q = cute.tuple_div(%a, %s9) : (!cute.shape<(8)>, !cute.shape) -> !cute.shape
  return %q : !cute.shape
}
