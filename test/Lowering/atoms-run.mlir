// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Atoms lowered and run (docs/lowering.md#atoms): each of 8 threads (a runtime index)
// takes its part of a 4x8 column-major tile under make_tiled_copy(Copy_Atom<
// UniversalCopy<uint64_t>, float>, (4,2):(2,1), (1,2)), fills a register fragment with its
// index and copies it there with the atom (UniversalCopy lowers to loads and stores), so
// each element shows the thread CuTe gives it: thread t's part is counting_iter(o_t) o
// ((2,1),1,2):((4,0),0,16), o = 0, 8, 1, 9, 2, 10, 3, 11. Then UniversalFMA: 3 * 4 + 5.
// CHECK: 0, 2, 4, 6, 0, 2, 4, 6, 1, 3, 5, 7, 1, 3, 5, 7, 0, 2, 4, 6, 0, 2, 4, 6, 1, 3, 5, 7, 1, 3, 5, 7,
// CHECK-NEXT: 17
!copy = !cute.copy_atom<"UniversalCopy<uint64_t>", f32>
!tc = !cute.tiled_copy<!copy, !cute.layout<((2,4),2):((8,1),4)>, !cute.shape<(4,4)>>
!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
!one = !cute.memref<f32, gmem, !cute.layout<1:1>>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<32xf32>
  %p = cute.make_ptr(%buf) : (memref<32xf32>) -> !cute.ptr<f32, gmem>
  %layout = cute.constant : !cute.layout<(4,8):(1,4)>
  %g = cute.make_view(%p, %layout) : (!cute.ptr<f32, gmem>, !cute.layout<(4,8):(1,4)>)
  %atom = cute.make_atom() : () -> !copy
  %thr = cute.constant : !cute.layout<(4,2):(2,1)>
  %val = cute.constant : !cute.layout<(1,2):(0,1)>
  %tc = cute.make_tiled_copy(%atom, %thr, %val) : (!copy, !cute.layout<(4,2):(2,1)>, !cute.layout<(1,2):(0,1)>) -> !tc
  scf.for %t = %c0 to %c8 step %c1 {
    %part = cute.tiled_partition(%tc, %g, %t) {operand = "D"} : (!tc, !cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>, index) -> !cute.memref<f32, gmem, !cute.layout<((2,1),1,2):((4,0),0,16)>>
    %frag = cute.make_fragment_like(%part) : (!cute.memref<f32, gmem, !cute.layout<((2,1),1,2):((4,0),0,16)>>)
    %ti = arith.index_cast %t : index to i64
    %tf = arith.sitofp %ti : i64 to f32
    scf.for %i = %c0 to %c4 step %c1 {
      cute.memref.store(%tf, %frag, %i) : (f32, !cute.memref<f32, rmem, !cute.layout<((2,1),1,2):((1,0),0,2)>>, index) -> ()
    }
    cute.copy_atom_call(%tc, %frag, %part) : (!tc, !cute.memref<f32, rmem, !cute.layout<((2,1),1,2):((1,0),0,2)>>, !cute.memref<f32, gmem, !cute.layout<((2,1),1,2):((4,0),0,16)>>) -> ()
  }
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c32 step %c1 {
    %x = memref.load %buf[%i] : memref<32xf32>
    %xi = arith.fptosi %x : f32 to i64
    vector.print %xi : i64 punctuation <comma>
  }
  vector.print punctuation <newline>
  // UniversalFMA on one value each: d = a * b + c.
  %fma = cute.make_atom() : () -> !fma
  %one = cute.constant : !cute.layout<1:1>
  %abcd = memref.alloc() : memref<4xf32>
  %pa = cute.make_ptr(%abcd) : (memref<4xf32>) -> !cute.ptr<f32, gmem>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pb = cute.add_offset(%pa, %c1) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %pc = cute.add_offset(%pa, %c2) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %pd = cute.add_offset(%pa, %c3) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %a = cute.make_view(%pa, %one) : (!cute.ptr<f32, gmem>, !cute.layout<1:1>)
  %b = cute.make_view(%pb, %one) : (!cute.ptr<f32, gmem>, !cute.layout<1:1>)
  %c = cute.make_view(%pc, %one) : (!cute.ptr<f32, gmem>, !cute.layout<1:1>)
  %d = cute.make_view(%pd, %one) : (!cute.ptr<f32, gmem>, !cute.layout<1:1>)
  %f3 = arith.constant 3.0 : f32
  %f4 = arith.constant 4.0 : f32
  %f5 = arith.constant 5.0 : f32
  memref.store %f3, %abcd[%c0] : memref<4xf32>
  memref.store %f4, %abcd[%c1] : memref<4xf32>
  memref.store %f5, %abcd[%c2] : memref<4xf32>
  cute.mma_atom_call(%fma, %d, %a, %b, %c) : (!fma, !one, !one, !one, !one) -> ()
  %r = memref.load %abcd[%c3] : memref<4xf32>
  %ri = arith.fptosi %r : f32 to i64
  vector.print %ri : i64
  memref.dealloc %abcd : memref<4xf32>
  memref.dealloc %buf : memref<32xf32>
  return
}
