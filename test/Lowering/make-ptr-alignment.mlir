// RUN: %cute-opt --cute-to-llvm %s | not --crash stdbuf -oL %mlir-run 2>&1 | FileCheck %s
// RUN: %cute-opt --cute-to-llvm=runtime-checks=false %s | %mlir-run | FileCheck %s --check-prefix=UNCHECKED
// REQUIRES: cute-opt, mlir-runner
// cute.make_ptr with a stated alignment: the caller's fact about the memref's first
// element, checked by the lowered code. A buffer from memref.alloc with alignment 64 keeps
// 16 bytes; its subview from element 1 (4 bytes further) does not, and the program stops.

// CHECK: 1.5
// CHECK-NEXT: cute.make_ptr: the memref's first element is not aligned to 16 bytes
// UNCHECKED: 1.5
// UNCHECKED-NEXT: 2.5
func.func @first(%m: memref<?xf32, strided<[1], offset: ?>>) {
  %p = cute.make_ptr(%m) : (memref<?xf32, strided<[1], offset: ?>>) -> !cute.ptr<f32, gmem, align<16>>
  %l = cute.constant : !cute.layout<(4):(1)>
  %v = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(4):(1)>)
  %c0 = arith.constant 0 : index
  %x = cute.memref.load(%v, %c0) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(4):(1)>>, index) -> f32
  vector.print %x : f32
  return
}
func.func @main() {
  %buf = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  memref.store %a, %buf[%c0] : memref<8xf32>
  memref.store %b, %buf[%c1] : memref<8xf32>
  %whole = memref.subview %buf[%c0] [%c7] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
  %from1 = memref.subview %buf[%c1] [%c7] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
  call @first(%whole) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  call @first(%from1) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  memref.dealloc %buf : memref<8xf32>
  return
}
