// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// cute.copy and the tiled-partition verifier of the specification, phase by phase: the
// rank relation, the predicate, then the sizes (one split per diagnostic).

func.func @copy_src_not_a_view(%l: !cute.layout<(4,8):(1,4)>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects `src` to be a view (!cute.memref), but got '!cute.layout<(4,8):(1,4)>'}}
  cute.copy(%l, %d) : (!cute.layout<(4,8):(1,4)>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>) -> ()
  return
}

// -----

func.func @copy_dst_not_a_view(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %i: index) {
  // expected-error @+1 {{'cute.copy' op expects `dst` to be a view (!cute.memref), but got 'index'}}
  cute.copy(%s, %i) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, index) -> ()
  return
}

// -----

func.func @copy_rank_3_to_1(%s: !cute.memref<f32, gmem, !cute.layout<(2,2,8):(1,2,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<32:1>>) {
  // expected-error @+1 {{'cute.copy' op expects same size in rank 3 but got srcShape: (2,2,8) and dstShape: 32}}
  cute.copy(%s, %d) : (!cute.memref<f32, gmem, !cute.layout<(2,2,8):(1,2,4)>>, !cute.memref<f32, rmem, !cute.layout<32:1>>) -> ()
  return
}

// -----

func.func @copy_rank_1_to_3(%s: !cute.memref<f32, gmem, !cute.layout<32:1>>, %d: !cute.memref<f32, rmem, !cute.layout<(2,2,8):(1,2,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects same size in rank 1 but got srcShape: 32 and dstShape: (2,2,8)}}
  cute.copy(%s, %d) : (!cute.memref<f32, gmem, !cute.layout<32:1>>, !cute.memref<f32, rmem, !cute.layout<(2,2,8):(1,2,4)>>) -> ()
  return
}

// -----

func.func @copy_pred_not_a_memref(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, %p: i1) {
  // expected-error @+1 {{'cute.copy' op pred must be a CuteMemRefType}}
  cute.copy(%s, %d, %p) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, i1) -> ()
  return
}

// -----

func.func @copy_pred_in_tensor_memory(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, %p: !cute.memref<i1, tmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op pred memory space invalid}}
  cute.copy(%s, %d, %p) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<i1, tmem, !cute.layout<(4,8):(1,4)>>) -> ()
  return
}

// -----

func.func @copy_pred_swizzled(%s: !cute.memref<f32, gmem, !cute.layout<(8,64):(64,1)>>, %d: !cute.memref<f32, rmem, !cute.layout<(8,64):(64,1)>>, %p: !cute.memref<i1, rmem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>) {
  // expected-error @+1 {{'cute.copy' op expects pred's layout to have the identity swizzle (a plain layout), but got '!cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>'}}
  cute.copy(%s, %d, %p) : (!cute.memref<f32, gmem, !cute.layout<(8,64):(64,1)>>, !cute.memref<f32, rmem, !cute.layout<(8,64):(64,1)>>, !cute.memref<i1, rmem, !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>>) -> ()
  return
}

// -----

func.func @copy_pred_not_bool(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, %p: !cute.memref<i8, rmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects pred's elements to be i1, but got 'i8'}}
  cute.copy(%s, %d, %p) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<i8, rmem, !cute.layout<(4,8):(1,4)>>) -> ()
  return
}

// -----

func.func @copy_other_type(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f16, rmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects `dst` to hold `src`'s element type 'f32', but got 'f16'}}
  cute.copy(%s, %d) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f16, rmem, !cute.layout<(4,8):(1,4)>>) -> ()
  return
}

// -----

func.func @copy_other_size(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,4):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects `src` and `dst` of the same size, but got 32 and 16}}
  cute.copy(%s, %d) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,4):(1,4)>>) -> ()
  return
}

// -----

func.func @copy_pred_other_size(%s: !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, %p: !cute.memref<i1, rmem, !cute.layout<8:1>>) {
  // expected-error @+1 {{'cute.copy' op expects a predicate of `src`'s size, but got 8 for 32}}
  cute.copy(%s, %d, %p) : (!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<i1, rmem, !cute.layout<8:1>>) -> ()
  return
}

// -----

func.func @copy_from_tensor_memory(%s: !cute.memref<f32, tmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>) {
  // expected-error @+1 {{'cute.copy' op expects an address space loads and stores reach (gmem, smem, rmem or generic), but got tmem}}
  cute.copy(%s, %d) : (!cute.memref<f32, tmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f32, rmem, !cute.layout<(4,8):(1,4)>>) -> ()
  return
}
