// RUN: %cute-opt %s | FileCheck %s
// REQUIRES: cute-opt
// Issue 41, F10: an offset of -2^63 elements. The verifier takes the offset's magnitude in
// unsigned arithmetic (before, it negated -2^63: undefined behaviour, which UBSan reported
// in the sanitizer build); the op is accepted.

// CHECK: cute.add_offset
func.func @f(%p: !cute.ptr<f32, gmem, align<16>>) -> !cute.ptr<f32, gmem> {
  %c = arith.constant -9223372036854775808 : index
  %q = cute.add_offset(%p, %c) : (!cute.ptr<f32, gmem, align<16>>, index) -> !cute.ptr<f32, gmem>
  return %q : !cute.ptr<f32, gmem>
}
