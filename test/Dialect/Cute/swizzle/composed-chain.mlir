// RUN: %cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// REQUIRES: cute-opt
// Issue 41, F3: a composed layout chained 64 links is the longest a type holds
// (kMaxComposedChain, docs/robustness.md); 65 is refused at the offending link. Before,
// 1,000 links overflowed cute-opt's stack (and the language server's).

// CHECK-LABEL: func.func @longest
func.func @longest(%a: !cute.composed_layout<Sw<1,2,3> o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1>) {
  return
}

// -----

// expected-error @+1 {{a composed layout chained more than 64 links deep (A o O o B o O o B ...): past cutelayout's bound}}
func.func @too_long(%a: !cute.composed_layout<Sw<1,2,3> o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1 o 0 o 8:1>) {
  return
}
