// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/forward_ref_malformed_def_func.mlir): Inside a function: a use before its (malformed) definition in the same block. The dominance
// error should be reported; the use's verifier looks through the definition first.
func.func @f(%l: !cute.layout<(8,8):(1,8)>) -> index {
  %n = cute.size(%a) : (!cute.layout) -> index
  // expected-error @+1 {{'cute.local_tile' op expected 3 or more operands, but found 1}}
  %a = "cute.local_tile"(%l) : (!cute.layout<(8,8):(1,8)>) -> !cute.layout
  return %n : index
}
