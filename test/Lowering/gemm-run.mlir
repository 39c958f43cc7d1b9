// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// cute.gemm run (docs/lowering.md#targets): UniversalFMA over fragments D (1,2,2) =
// A (1,2,3) x B (1,2,3) + C (1,2,2), K outermost, each k accumulating into D; A and B
// column-major in memory (A(m,k) at m + 2k), C and D row-major (the fragments' layouts
// decide where each value is). A = [[1,2,3],[4,5,6]], B = [[1,0,2],[3,1,1]],
// C = [[10,20],[30,40]]: D = A B^T + C = [[17,28],[46,63]], printed row by row.
// CHECK: 17, 28, 46, 63,
!fma = !cute.mma_atom<"UniversalFMA", f32, f32, f32>
!ab = !cute.memref<f32, gmem, !cute.layout<(1,2,3):(0,1,2)>>
!cd = !cute.memref<f32, gmem, !cute.layout<(1,2,2):(0,2,1)>>
func.func @main() {
  %buf = memref.alloc() : memref<20xf32>
  %values = arith.constant dense<[1.0, 4.0, 2.0, 5.0, 3.0, 6.0, 1.0, 3.0, 0.0, 1.0, 2.0, 1.0, 10.0, 20.0, 30.0, 40.0, -1.0, -1.0, -1.0, -1.0]> : vector<20xf32>
  %c0 = arith.constant 0 : index
  vector.store %values, %buf[%c0] : memref<20xf32>, vector<20xf32>
  %p = cute.make_ptr(%buf) : (memref<20xf32>) -> !cute.ptr<f32, gmem>
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %pb = cute.add_offset(%p, %c6) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %pc = cute.add_offset(%p, %c12) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %pd = cute.add_offset(%p, %c16) : (!cute.ptr<f32, gmem>, index) -> !cute.ptr<f32, gmem>
  %lab = cute.constant : !cute.layout<(1,2,3):(0,1,2)>
  %lcd = cute.constant : !cute.layout<(1,2,2):(0,2,1)>
  %a = cute.make_view(%p, %lab) : (!cute.ptr<f32, gmem>, !cute.layout<(1,2,3):(0,1,2)>) -> !ab
  %b = cute.make_view(%pb, %lab) : (!cute.ptr<f32, gmem>, !cute.layout<(1,2,3):(0,1,2)>) -> !ab
  %c = cute.make_view(%pc, %lcd) : (!cute.ptr<f32, gmem>, !cute.layout<(1,2,2):(0,2,1)>) -> !cd
  %d = cute.make_view(%pd, %lcd) : (!cute.ptr<f32, gmem>, !cute.layout<(1,2,2):(0,2,1)>) -> !cd
  %m = cute.make_atom() : () -> !fma
  cute.gemm(%m, %d, %a, %b, %c) : (!fma, !cd, !ab, !ab, !cd) -> ()
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  scf.for %j = %c16 to %c20 step %c1 {
    %x = memref.load %buf[%j] : memref<20xf32>
    %xi = arith.fptosi %x : f32 to i64
    vector.print %xi : i64 punctuation <comma>
  }
  vector.print punctuation <newline>
  memref.dealloc %buf : memref<20xf32>
  return
}
