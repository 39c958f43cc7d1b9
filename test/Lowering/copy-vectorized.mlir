// RUN: %cute-opt --cute-expand --canonicalize %s | FileCheck %s --check-prefix=EXPAND
// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// cute.copy of a static size without a predicate is unrolled and vectorized
// (docs/lowering.md#views): each run of elements that both views keep contiguous and
// aligned (the core's vectorWidth, the pointers' known alignment, 16 bytes at most) is one
// load and one store. A 128-thread tiled copy (8x16 threads, 1x4 values) of a 64x64
// row-major f32 tile into a Sw<3,2,6>-swizzled one: each thread's part is 8 runs of 4
// floats on both sides (the swizzled side's runtime strides are known multiples of 8 and
// 16), so 8 loads and stores of vector<4xf32>, aligned to 16 bytes. Without a stated
// alignment the same copy is 32 scalar loads and stores.

// EXPAND-LABEL: func.func @vec
// EXPAND-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// EXPAND-NOT: llvm.load
// EXPAND-LABEL: func.func @unaligned
// EXPAND-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// EXPAND-NOT: llvm.load
// More than 256 runs are a loop over runs: 2048 floats, 512 runs of 4.
// EXPAND-LABEL: func.func @big
// EXPAND: scf.for
// EXPAND: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// EXPAND: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// EXPAND-NOT: llvm.load
// EXPAND-LABEL: func.func @main

// Run: every thread copies its part; then every element of the swizzled destination, read
// through its view, is compared with the source at the same coordinate: 0 of 4096 differ.
// CHECK: 0
// CHECK-NEXT: 4096
// Then @big copies the source's first 2048 floats (a 64x32 column-major tile) into the
// destination's second half, read back: 0 of 2048 differ.
// CHECK-NEXT: 0
// CHECK-NEXT: 2048

!tc = !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<((16,8),4):((32,1),8)>, !cute.shape<(8,64)>>
!row = !cute.layout<(64,64):(64,1)>
!sw = !cute.composed_layout<Sw<3,2,6> o 0 o (64,64):(64,1)>

func.func @vec(%p: !cute.ptr<f32, gmem, align<16>>, %q: !cute.ptr<f32, gmem, align<16>>, %t: index) {
  %l = cute.constant : !row
  %g = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !row)
  %sl = cute.constant : !sw
  %s = cute.make_view(%q, %sl) : (!cute.ptr<f32, gmem, align<16>>, !sw)
  %atom = cute.make_atom() : () -> !cute.copy_atom<"UniversalCopy<uint128_t>", f32>
  %thr = cute.constant : !cute.layout<(8,16):(16,1)>
  %val = cute.constant : !cute.layout<(1,4):(0,1)>
  %tc = cute.make_tiled_copy(%atom, %thr, %val) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(8,16):(16,1)>, !cute.layout<(1,4):(0,1)>)
  %src = cute.tiled_partition(%tc, %g, %t) {operand = "S"} : (!tc, !cute.memref<f32, gmem, align<16>, !row>, index)
  %dst = cute.tiled_partition(%tc, %s, %t) {operand = "D"} : (!tc, !cute.memref<f32, gmem, align<16>, !sw>, index)
  cute.copy(%src, %dst) : (!cute.memref<f32, gmem, align<16>, !cute.layout<((4,1),8,1):((1,0),512,0)>>, !cute.memref<f32, gmem, align<16>, !cute.layout<((4,1),(2,2,2),1):((1,0),(?{div=8},?{div=16},2048),0)>>) -> ()
  return
}

func.func @unaligned(%p: !cute.ptr<f32, gmem>, %q: !cute.ptr<f32, gmem>, %t: index) {
  %l = cute.constant : !row
  %g = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem>, !row)
  %s = cute.make_view(%q, %l) : (!cute.ptr<f32, gmem>, !row)
  %atom = cute.make_atom() : () -> !cute.copy_atom<"UniversalCopy<uint128_t>", f32>
  %thr = cute.constant : !cute.layout<(8,16):(16,1)>
  %val = cute.constant : !cute.layout<(1,4):(0,1)>
  %tc = cute.make_tiled_copy(%atom, %thr, %val) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(8,16):(16,1)>, !cute.layout<(1,4):(0,1)>)
  %src = cute.tiled_partition(%tc, %g, %t) {operand = "S"} : (!tc, !cute.memref<f32, gmem, !row>, index)
  %dst = cute.tiled_partition(%tc, %s, %t) {operand = "D"} : (!tc, !cute.memref<f32, gmem, !row>, index)
  cute.copy(%src, %dst) : (!cute.memref<f32, gmem, !cute.layout<((4,1),8,1):((1,0),512,0)>>, !cute.memref<f32, gmem, !cute.layout<((4,1),8,1):((1,0),512,0)>>) -> ()
  return
}

func.func @big(%p: !cute.ptr<f32, gmem, align<16>>, %q: !cute.ptr<f32, gmem, align<16>>) {
  %l = cute.constant : !cute.layout<(64,32):(1,64)>
  %s = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(64,32):(1,64)>)
  %c2048 = arith.constant 2048 : index
  %q2 = cute.add_offset(%q, %c2048) : (!cute.ptr<f32, gmem, align<16>>, index) -> !cute.ptr<f32, gmem, align<16>>
  %d = cute.make_view(%q2, %l) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(64,32):(1,64)>)
  cute.copy(%s, %d) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(64,32):(1,64)>>, !cute.memref<f32, gmem, align<16>, !cute.layout<(64,32):(1,64)>>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  %minus = arith.constant -1.0 : f32
  scf.for %i = %c0 to %c4096 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %a[%i] : memref<4096xf32>
    memref.store %minus, %b[%i] : memref<4096xf32>
  }
  %p = cute.make_ptr(%a) : (memref<4096xf32>) -> !cute.ptr<f32, gmem, align<16>>
  %q = cute.make_ptr(%b) : (memref<4096xf32>) -> !cute.ptr<f32, gmem, align<16>>
  scf.for %t = %c0 to %c128 step %c1 {
    func.call @vec(%p, %q, %t) : (!cute.ptr<f32, gmem, align<16>>, !cute.ptr<f32, gmem, align<16>>, index) -> ()
  }
  %l = cute.constant : !row
  %g = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !row)
  %sl = cute.constant : !sw
  %s = cute.make_view(%q, %sl) : (!cute.ptr<f32, gmem, align<16>>, !sw)
  %r:2 = scf.for %i = %c0 to %c4096 step %c1 iter_args(%bad = %c0, %seen = %c0) -> (index, index) {
    %x = cute.memref.load(%g, %i) : (!cute.memref<f32, gmem, align<16>, !row>, index) -> f32
    %y = cute.memref.load(%s, %i) : (!cute.memref<f32, gmem, align<16>, !sw>, index) -> f32
    %same = arith.cmpf oeq, %x, %y : f32
    %inc = arith.select %same, %c0, %c1 : index
    %b2 = arith.addi %bad, %inc : index
    %s2 = arith.addi %seen, %c1 : index
    scf.yield %b2, %s2 : index, index
  }
  vector.print %r#0 : index
  vector.print %r#1 : index
  func.call @big(%p, %q) : (!cute.ptr<f32, gmem, align<16>>, !cute.ptr<f32, gmem, align<16>>) -> ()
  %c2048 = arith.constant 2048 : index
  %h:2 = scf.for %i = %c0 to %c2048 step %c1 iter_args(%bad = %c0, %seen = %c0) -> (index, index) {
    %j = arith.addi %i, %c2048 : index
    %x = memref.load %a[%i] : memref<4096xf32>
    %y = memref.load %b[%j] : memref<4096xf32>
    %same = arith.cmpf oeq, %x, %y : f32
    %inc = arith.select %same, %c0, %c1 : index
    %b2 = arith.addi %bad, %inc : index
    %s2 = arith.addi %seen, %c1 : index
    scf.yield %b2, %s2 : index, index
  }
  vector.print %h#0 : index
  vector.print %h#1 : index
  memref.dealloc %a : memref<4096xf32>
  memref.dealloc %b : memref<4096xf32>
  return
}
