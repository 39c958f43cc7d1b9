// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Issue 45: cute.print of a kind-only type whose value its defining ops compute. The
// verifier looks through them (a function argument of kind-only type, which nothing
// computes, is refused); --cute-to-llvm refines the types first and prints the value.
// CHECK: (12,_8):(_1,12)
// CHECK-NEXT: 96
func.func @show(%m: index) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s = cute.make_shape(%m, %c8) : (index, index)
  %d = cute.make_stride(%c1, %m) : (index, index)
  %l = cute.make_layout(%s, %d) : (!cute.shape<(?,8)>, !cute.stride<(1,?)>) -> !cute.layout
  cute.print %l : !cute.layout
  %n = cute.size(%l) : (!cute.layout) -> index
  cute.print %n : index
  return
}
func.func @main() {
  %m = arith.constant 12 : index
  call @show(%m) : (index) -> ()
  return
}
