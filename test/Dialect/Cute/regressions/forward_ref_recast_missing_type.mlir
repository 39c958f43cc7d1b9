// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/forward_ref_recast_missing_type.mlir): located error, no crash, no wrap.
func.func @f(%l: !cute.layout<(8,8):(1,8)>) -> index {
  %n = cute.size(%a) : (!cute.layout) -> index
  // expected-error @+1 {{'cute.recast_layout' op requires attribute 'new_type'}}
  %a = "cute.recast_layout"(%l) : (!cute.layout<(8,8):(1,8)>) -> !cute.layout
  return %n : index
}
