// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Issue 20: a message that starts with the spec's words goes on to say what failed.
// crd2idx((4,0), (4,8):(1,4)) is 4 in CuTe (it computes the offset at run time); the
// verifier refuses a static coordinate outside a static extent (R11) and says where.

func.func @crd2idx_outside(%c: !cute.coord<(4,0)>, %l: !cute.layout<(4,8):(1,4)>) {
  // expected-error @+1 {{'cute.crd2idx' op Failed to dice '!cute.layout<(4,8):(1,4)>' with '!cute.coord<(4,0)>': mode [0] is 4, outside the extent 4 (RESOLUTIONS R11}}
  %0 = cute.crd2idx(%c, %l) : (!cute.coord<(4,0)>, !cute.layout<(4,8):(1,4)>) -> index
  return
}

// -----

func.func @crd2idx_nested(%c: !cute.coord<((1,2),0)>, %l: !cute.layout<((2,2),8):((1,2),4)>) {
  // expected-error @+1 {{'cute.crd2idx' op Failed to dice '!cute.layout<((2,2),8):((1,2),4)>' with '!cute.coord<((1,2),0)>': mode [0,1] is 2, outside the extent 2}}
  %0 = cute.crd2idx(%c, %l) : (!cute.coord<((1,2),0)>, !cute.layout<((2,2),8):((1,2),4)>) -> index
  return
}
