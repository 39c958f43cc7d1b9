// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/forward_ref_missing_attr.mlir): The definition lacks its required `modes` attribute (generic form); the earlier use looks through it.
func.func @f(%l: !cute.layout<(8,8):(1,8)>) -> index {
  %n = cute.size(%a) : (!cute.layout) -> index
  // expected-error @+1 {{'cute.select' op requires attribute 'modes'}}
  %a = "cute.select"(%l) : (!cute.layout<(8,8):(1,8)>) -> !cute.layout
  return %n : index
}
