// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/select_rank_4G.mlir): A rank-only type of rank 2^32-1: select allocates a bit vector of that many bits (512 MiB).
// expected-error @+1 {{a cute type's rank is at most 65536, got 4294967295}}
func.func @f(%l: !cute.shape<4294967295>) -> !cute.shape {
  %s = cute.select(%l) {modes = array<i32: 0>} : (!cute.shape<4294967295>) -> !cute.shape
  return %s : !cute.shape
}
