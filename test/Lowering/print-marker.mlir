// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// Issue 41, F6: cute.print writes each runtime leaf through a printf hole found by a marker
// value; a static leaf whose digits are the marker's prints as itself, not as a hole
// (before: printf read an argument that was never passed and printed garbage).

// CHECK: (_7777777777777777777,_5)
// CHECK-NEXT: ((3),(_-7777777777777777777))
func.func @f(%x: index) {
  %c = cute.constant : !cute.int_tuple<(7777777777777777777,5)>
  cute.print %c : !cute.int_tuple<(7777777777777777777,5)>
  %m = cute.constant : !cute.int_tuple<(-7777777777777777777)>
  %a = cute.make_int_tuple(%x) : (index) -> !cute.int_tuple<(?)>
  %t = cute.make_int_tuple(%a, %m) : (!cute.int_tuple<(?)>, !cute.int_tuple<(-7777777777777777777)>) -> !cute.int_tuple<((?),(-7777777777777777777))>
  cute.print %t : !cute.int_tuple<((?),(-7777777777777777777))>
  return
}
func.func @main() {
  %c3 = arith.constant 3 : index
  call @f(%c3) : (index) -> ()
  return
}
