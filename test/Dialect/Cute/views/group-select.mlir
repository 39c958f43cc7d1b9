// RUN: %cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// REQUIRES: cute-opt
// Issue 41: group_modes and select of a view give a view of the same kind, the layout op
// on its layout and the iterator kept (docs/dialect.md); before, the result-kind check
// read only cute value types and refused CuTe's exact result. CuTe: group<0,2> of
// (4,8,2):(16,2,1) is ((4,8),2):((16,2),1); select<2,0> is (2,4):(1,16).

// CHECK-LABEL: func.func @grouped
// CHECK: cute.group_modes(%arg0) {begin = 0 : i32, end = 2 : i32} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.memref<f32, smem, !cute.layout<((4,8),2):((16,2),1)>>
// CHECK: cute.select(%arg0) {modes = array<i32: 2, 0>} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.memref<f32, smem, !cute.layout<(2,4):(1,16)>>
func.func @grouped(%v: !cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) {
  %g = cute.group_modes(%v) {begin = 0 : i32, end = 2 : i32} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.memref<f32, smem, !cute.layout<((4,8),2):((16,2),1)>>
  %s = cute.select(%v) {modes = array<i32: 2, 0>} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.memref<f32, smem, !cute.layout<(2,4):(1,16)>>
  return
}

// -----

// The result is still checked: another layout is the usual mismatch, another kind the
// kind error.
func.func @wrong_layout(%v: !cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) {
  // expected-error @+1 {{'cute.group_modes' op result type '!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>' does not match the inferred type '!cute.memref<f32, smem, !cute.layout<((4,8),2):((16,2),1)>>'}}
  %g = cute.group_modes(%v) {begin = 0 : i32, end = 2 : i32} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>
  return
}

// -----

func.func @wrong_kind(%v: !cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) {
  // expected-error @+1 {{'cute.select' op expects a result of the input's kind ('!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>'), but got '!cute.layout<(2,4):(1,16)>'}}
  %s = cute.select(%v) {modes = array<i32: 2, 0>} : (!cute.memref<f32, smem, !cute.layout<(4,8,2):(16,2,1)>>) -> !cute.layout<(2,4):(1,16)>
  return
}
