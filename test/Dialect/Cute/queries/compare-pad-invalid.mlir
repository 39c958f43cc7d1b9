// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// The diagnostics of equal, elem_less and the padding ops (issue 20).


func.func @elem_less_mixed(%a: !cute.coord<(1,2)>, %b: !cute.int_tuple<value=3>) {
  // expected-error @+1 {{'cute.elem_less' op elem_less of (1,2) and 3: a tuple and an integer do not compare (CuTe has no such overload)}}
  %0 = cute.elem_less(%a, %b) : (!cute.coord<(1,2)>, !cute.int_tuple<value=3>) -> i1
  return
}

// -----

func.func @equal_kind(%a: !cute.tile<(2,2)>, %b: !cute.coord<(3,4)>) {
  // expected-error @+1 {{'cute.equal' op expects int tuples or layouts, but got '!cute.tile<(2,2)>'}}
  %0 = cute.equal(%a, %b) : (!cute.tile<(2,2)>, !cute.coord<(3,4)>) -> i1
  return
}

// -----

func.func @pad_rank(%a: !cute.coord<(1,2)>) {
  // expected-error @+1 {{'cute.append_to_rank' op expects a rank in [0, 65536], but got -1}}
  %0 = cute.append_to_rank(%a) {rank = -1 : i32} : (!cute.coord<(1,2)>) -> !cute.coord
  return
}
