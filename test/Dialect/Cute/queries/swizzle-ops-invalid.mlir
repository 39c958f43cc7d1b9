// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt

func.func @make_swizzle_masks() {
  // expected-error @+1 {{'cute.make_swizzle' op make_swizzle<896,113>: the masks have different numbers of bits (CuTe: "Number of bits in Y and Z don't match")}}
  %0 = cute.make_swizzle() {y = 896 : i64, z = 113 : i64} : () -> !cute.swizzle
  return
}

// -----

func.func @compact_major_name(%s: !cute.shape<(4,8)>) {
  // expected-error @+1 {{'cute.compact_major' op expects the attribute `major` to be "LayoutLeft" or "LayoutRight"}}
  %0 = cute.compact_major(%s) {major = "RowMajor"} : (!cute.shape<(4,8)>) -> !cute.stride
  return
}

// -----

func.func @portion_of_layout_outer(%c: !cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>) {
  // expected-error @+1 {{'cute.get_swizzle_portion' op get_swizzle_portion of (8,64):(64,1) o 3 o (8,64):(64,1): CuTe defines it for a composed layout only when its outer function is a swizzle}}
  %0 = cute.get_swizzle_portion(%c) : (!cute.composed_layout<(8,64):(64,1) o 3 o (8,64):(64,1)>) -> !cute.swizzle
  return
}
