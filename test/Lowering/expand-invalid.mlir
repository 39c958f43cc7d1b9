// RUN: %cute-opt --cute-expand --split-input-file --verify-diagnostics %s
// REQUIRES: cute-opt
// What the expansion refuses, and why (docs/lowering.md).

// A type that does not give its value's structure has no leaves to expand into.
// expected-error @+1 {{cannot lower a value of type '!cute.layout': the type does not give its structure (write its value, or run --cute-refine-types)}}
func.func @kind_only(%l: !cute.layout) -> index {
  %n = cute.size(%l) : (!cute.layout)
  return %n : index
}

// -----

func.func @rank_only_result(%m: index) -> index {
  %s = cute.make_shape(%m, %m) : (index, index)
  // expected-error @+1 {{cannot lower a value of type '!cute.layout<rank=2>': the type does not give its structure (write its value, or run --cute-refine-types)}}
  %l = cute.make_layout(%s) : (!cute.shape<(?,?)>) -> !cute.layout<2>
  %n = cute.size(%l) : (!cute.layout<2>)
  return %n : index
}
