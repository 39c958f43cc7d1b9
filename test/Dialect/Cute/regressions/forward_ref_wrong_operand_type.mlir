// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/forward_ref_wrong_operand_type.mlir): The definition takes an f32 where a layout is required; the earlier use looks through it.
func.func @f(%x: f32, %l: !cute.layout<(8,8):(1,8)>) -> index {
  %n = cute.size(%a) : (!cute.layout) -> index
  // expected-error @+1 {{'cute.composition' op expects an input of type layout or composed layout, but got 'f32'}}
  %a = "cute.composition"(%x, %l) : (f32, !cute.layout<(8,8):(1,8)>) -> !cute.layout
  return %n : index
}
