// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// The descriptor parser's diagnostics (diagnostics.tsv, "descriptor parser"), each reported
// at the attribute, with the column in the descriptor and what was expected
// (docs/descriptor.md lists every message). Never a default layout.

// expected-error @+1 {{unexpected trailing layout text at column 12: expected end of input but found 'x'}}
func.func @trailing_text() attributes {a = #cute.descriptor<(1@0, 1@1) x>} {
  return
}

// -----

// expected-error @+1 {{failed to parse layout descriptor at column 4: expected a dimension (a non-negative integer) but found ')'}}
func.func @missing_dimension() attributes {a = #cute.descriptor<(1@)>} {
  return
}

// -----

// expected-error @+1 {{failed to parse layout descriptor at column 5: expected '@', ',' or ')' but found end of input}}
func.func @unclosed_group() attributes {a = #cute.descriptor<"(1@0">} {
  return
}

// -----

// expected-error @+1 {{failed to parse layout descriptor at column 2: basis 1/0@0 has a zero denominator}}
func.func @zero_denominator() attributes {a = #cute.descriptor<(1/0@0)>} {
  return
}

// -----

// expected-error @+1 {{failed to parse layout descriptor at column 1: expected '(' but found '1'}}
func.func @not_a_group() attributes {a = #cute.descriptor<1@0>} {
  return
}

// -----

// expected-error @+1 {{failed to parse layout descriptor at column 2: expected a basis, '(' or ')' but found ','}}
func.func @empty_entry() attributes {a = #cute.descriptor<(,)>} {
  return
}
