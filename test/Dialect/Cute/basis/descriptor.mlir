// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// The layout descriptor attribute (spec 002, "Descriptor Grammar"; docs/descriptor.md):
// every example of the grammar section parses, prints in canonical form (whitespace
// normalized, counts in lowest terms) and reads back equal; the string form reads the same.

// CHECK-LABEL: func @grammar_examples
// CHECK-SAME: a = #cute.descriptor<(1@0, 1@1)>
// CHECK-SAME: b = #cute.descriptor<(16@0, 1@1)>
// CHECK-SAME: c = #cute.descriptor<((1@0, 8@1), 1@2)>
// CHECK-SAME: d = #cute.descriptor<(1/2@0, 4@1)>
// CHECK-SAME: e = #cute.descriptor<(1@0@1)>
func.func @grammar_examples() attributes {a = #cute.descriptor<(1@0, 1@1)>, b = #cute.descriptor<(16@0, 1@1)>,
    c = #cute.descriptor<((1@0, 8@1), 1@2)>, d = #cute.descriptor<(1/2@0, 4@1)>, e = #cute.descriptor<(1@0@1)>} {
  return
}

// CHECK-LABEL: func @normalized
// CHECK-SAME: a = #cute.descriptor<()>
// CHECK-SAME: b = #cute.descriptor<((), (-1/2@0, 2@1))>
// CHECK-SAME: c = #cute.descriptor<(1@0, 1@1)>
func.func @normalized() attributes {a = #cute.descriptor<(  )>, b = #cute.descriptor<( () ,(2/-4 @ 0,	4/2@1))>,
    c = #cute.descriptor<"(1@0,1@1)">} {
  return
}
