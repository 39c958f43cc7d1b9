// RUN: %cute-opt --split-input-file --verify-diagnostics %s
// REQUIRES: cute-opt
// Divisibility facts that are malformed or not proven.

func.func @unproven(%m: index) {
  // expected-error @+1 {{'cute.make_shape' op result type '!cute.shape<(?{div=16})>' does not match the inferred type '!cute.shape<(?)>'}}
  %s = cute.make_shape(%m) : (index) -> !cute.shape<(?{div=16})>
  return
}

// -----

func.func @weaker(%m0: index) {
  %m = cute.assume %m0 {divisibility = 8 : i64} : index
  // expected-error @+1 {{'cute.make_shape' op result type '!cute.shape<(?{div=16})>' does not match the inferred type '!cute.shape<(?{div=8})>'}}
  %s = cute.make_shape(%m) : (index) -> !cute.shape<(?{div=16})>
  return
}

// -----

// expected-error @+1 {{expected `?{div=N}` with N a positive integer in '(?{div=0},8)'}}
func.func @zero(%s: !cute.shape<(?{div=0},8)>) {
  return
}

// -----

// expected-error @+1 {{divisibility facts (`?{div=N}`) are supported on int tuples and layouts, not on tiles}}
func.func @tile(%t: !cute.tile<(?{div=4}:1)>) {
  return
}

// -----

// A use inferred before the assume is verified (at parse time) reads it with checked
// accessors: the missing attribute is the verifier's error, not a crash (found by the
// cute-opt fuzzer).
func.func @unverified(%m0: index) {
  // expected-error @+1 {{'cute.assume' op requires attribute 'divisibility'}}
  %m = cute.assume %m0 {divisibiliti = 128 : i64} : index
  %s = cute.make_shape(%m) : (index)
  return
}

// -----

// Issue 41, F14: a fact that a constant refutes (6 is not a multiple of 4) would fold
// wrongly downstream (6 % 4 as 0); the verifier refuses it. A multiple is accepted.
func.func @refuted() {
  %c6 = arith.constant 6 : index
  // expected-error @+1 {{'cute.assume' op expects an input that is a multiple of its divisibility 4, but the input is the constant 6}}
  %a = cute.assume %c6 {divisibility = 4 : i64} : index
  return
}

// -----

func.func @held() -> i32 {
  %c = arith.constant -12 : i32
  %a = cute.assume %c {divisibility = 4 : i64} : i32
  return %a : i32
}
