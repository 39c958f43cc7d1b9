// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --canonicalize
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/forward_ref_malformed_def_module.mlir): At module level (a graph region) a use may precede its definition; the use is verified first
// and looks through the definition, a make_layout with no operands.
%n = cute.size(%a) : (!cute.layout) -> index
// expected-error @+1 {{'cute.make_layout' op expected 1 or more operands, but found 0}}
%a = "cute.make_layout"() : () -> !cute.layout
