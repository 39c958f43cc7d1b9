// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt

func.func @count(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.get_leaves' op expects one result per leaf of '!cute.shape<(4,8)>' (2), but got 1}}
  %a = cute.get_leaves(%s) : !cute.shape<(4,8)> -> index
  return
}

// -----

func.func @rank_only(%s: !cute.shape<2>) {
  // expected-error @+1 {{'cute.get_leaves' op expects an input type that holds its value (the number of leaves), but got '!cute.shape<rank=2>'}}
  %a, %b = cute.get_leaves(%s) : !cute.shape<2> -> index, index
  return
}

// -----

func.func @underscore(%c: !cute.coord<(_,1)>) {
  // expected-error @+1 {{'cute.get_leaves' op expects an input without `_` leaves, got '!cute.coord<(_,1)>'}}
  %a, %b = cute.get_leaves(%c) : !cute.coord<(_,1)> -> index, index
  return
}

// -----

func.func @layout(%l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.get_leaves' op expects a shape, stride, coordinate or int tuple, but got '!cute.layout<(4,8):(1,4)>'}}
  %a, %b = cute.get_leaves(%l) : !cute.layout<(4,8):(1,4)> -> index, index
  return
}
