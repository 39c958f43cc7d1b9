// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// local_tile's coordinate and projection (issue 20): what is refused, and why.

func.func @projection_kind(%l: !cute.layout<(256,64):(1,256)>, %t: !cute.shape<(128,64,32)>, %c: !cute.coord<(1,0,_)>, %p: !cute.layout<3:1>) {
  // expected-error @+1 {{'cute.local_tile' op expects a projection coordinate (CuTe's Step: `_` drops a mode), but got '!cute.layout<3:1>'}}
  %0 = cute.local_tile(%l, %t, %c, %p) : (!cute.layout<(256,64):(1,256)>, !cute.shape<(128,64,32)>, !cute.coord<(1,0,_)>, !cute.layout<3:1>) -> !cute.layout
  return
}

// -----

// Without the projection, three coordinate modes do not fit a rank-2 input.
func.func @no_projection(%l: !cute.layout<(256,64):(1,256)>, %t: !cute.shape<(128,64,32)>, %c: !cute.coord<(1,0,_)>) {
  // expected-error @+1 {{'cute.local_tile' op expected a coordinate of rank 2 but got '!cute.coord<(1,0,_)>'}}
  %0 = cute.local_tile(%l, %t, %c) : (!cute.layout<(256,64):(1,256)>, !cute.shape<(128,64,32)>, !cute.coord<(1,0,_)>) -> !cute.layout
  return
}

// -----

func.func @projection_rank(%l: !cute.layout<(256,64):(1,256)>, %t: !cute.shape<(128,64,32)>, %c: !cute.coord<(1,0,_)>, %p: !cute.coord<(1,_)>) {
  // expected-error @+1 {{'cute.local_tile' op failed to construct a valid coordinate from '!cute.coord<(1,0,_)>': the projection (1,_) needs a tiler of its rank, got (128,64,32)}}
  %0 = cute.local_tile(%l, %t, %c, %p) : (!cute.layout<(256,64):(1,256)>, !cute.shape<(128,64,32)>, !cute.coord<(1,0,_)>, !cute.coord<(1,_)>) -> !cute.layout
  return
}
