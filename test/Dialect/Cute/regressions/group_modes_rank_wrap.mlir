// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/group_modes_rank_wrap.mlir): group_modes on a layout of rank 2^32-1: the diagnostic says "rank [-1]".
// expected-error @+1 {{a cute type's rank is at most 65536, got 4294967295}}
func.func @f(%l: !cute.layout<4294967295>) -> !cute.layout {
 %n = cute.group_modes(%l) {begin = 0 : i32, end = 2 : i32} : (!cute.layout<4294967295>) -> !cute.layout
 return %n : !cute.layout }
