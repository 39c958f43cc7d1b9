// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Issue 41, F5: x % -2^63 is x for every x but -2^63 itself. The trace's divisor of the
// constant -2^63 cannot be its magnitude (2^63 does not fit), so no rule may read it as
// the constant's value: before, every x % -2^63 folded to the constant 0.
// (cute-layout --dynamic 'tuple_mod((5),(_-9223372036854775808))' is (5).)

// CHECK: (5)
// CHECK-NEXT: (-7)
func.func @f(%x: index) {
  %a = cute.make_int_tuple(%x) : (index) -> !cute.int_tuple<(?)>
  %m = cute.constant : !cute.int_tuple<(-9223372036854775808)>
  %r = cute.tuple_mod(%a, %m) : (!cute.int_tuple<(?)>, !cute.int_tuple<(-9223372036854775808)>) -> !cute.int_tuple<(?)>
  cute.print %r : !cute.int_tuple<(?)>
  return
}
func.func @main() {
  %c5 = arith.constant 5 : index
  %cm7 = arith.constant -7 : index
  call @f(%c5) : (index) -> ()
  call @f(%cm7) : (index) -> ()
  return
}
