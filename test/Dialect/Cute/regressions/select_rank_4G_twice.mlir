// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/select_rank_4G_twice.mlir): Two identical selects on a rank-(2^32-1) shape: the first is accepted, the second rejected (heap state).
// expected-error @+1 {{a cute type's rank is at most 65536, got 4294967295}}
func.func @f(%l: !cute.shape<4294967295>) -> !cute.shape {
  %s = cute.select(%l) {modes = array<i32: 0>} : (!cute.shape<4294967295>) -> !cute.shape
  %t = cute.select(%l) {modes = array<i32: 0>} : (!cute.shape<4294967295>) -> !cute.shape
  return %s : !cute.shape
}
