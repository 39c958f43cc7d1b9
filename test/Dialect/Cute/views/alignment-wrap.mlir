// RUN: %cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// REQUIRES: cute-opt
// Issue 41, F7 and F8: the alignment a pointer keeps after a move is gcd(8A, offset bits)
// / 8. With A = 2^61 or 2^62 bytes, 8A wrapped to 0 in 64 bits: a local_tile inferred
// align<12> (which does not read back; the ASan build aborted in the type's verifier), and
// add_offset accepted a false align<8> claim after a 12-byte move. Both now compute in 128
// bits: 3 floats from a 2^61-aligned address are 4-byte aligned (the natural alignment of
// f32, which the type does not print).

// CHECK-LABEL: func.func @tile_of_huge_alignment
// CHECK: cute.local_tile
// CHECK-SAME: -> !cute.memref<f32, gmem, !cute.layout<(3,4):(1,12)>>
func.func @tile_of_huge_alignment(%p: !cute.ptr<f32, gmem, align<2305843009213693952>>) {
  %l = cute.constant : !cute.layout<(12,4):(1,12)>
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<2305843009213693952>>, !cute.layout<(12,4):(1,12)>)
  %t = cute.constant : !cute.shape<(3,4)>
  %c = cute.constant : !cute.coord<(1,0)>
  %r = cute.local_tile(%v, %t, %c) : (!cute.memref<f32, gmem, align<2305843009213693952>, !cute.layout<(12,4):(1,12)>>, !cute.shape<(3,4)>, !cute.coord<(1,0)>)
  return
}

// -----

func.func @false_claim(%p: !cute.ptr<f32, gmem, align<4611686018427387904>>) -> !cute.ptr<f32, gmem, align<8>> {
  %c = arith.constant 3 : index
  // expected-error @+1 {{'cute.add_offset' op expects an alignment of at most 4 bytes after this offset, but got '!cute.ptr<f32, gmem, align<8>>'}}
  %q = cute.add_offset(%p, %c) : (!cute.ptr<f32, gmem, align<4611686018427387904>>, index) -> !cute.ptr<f32, gmem, align<8>>
  return %q : !cute.ptr<f32, gmem, align<8>>
}

// -----

// The largest alignment moved by 2^60 floats (2^62 bytes) keeps 2^62 bytes.
// CHECK-LABEL: func.func @huge_move
// CHECK: cute.add_offset
func.func @huge_move(%p: !cute.ptr<f32, gmem, align<4611686018427387904>>) -> !cute.ptr<f32, gmem, align<4611686018427387904>> {
  %c = arith.constant 1152921504606846976 : index
  %q = cute.add_offset(%p, %c) : (!cute.ptr<f32, gmem, align<4611686018427387904>>, index) -> !cute.ptr<f32, gmem, align<4611686018427387904>>
  return %q : !cute.ptr<f32, gmem, align<4611686018427387904>>
}
