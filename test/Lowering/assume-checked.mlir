// RUN: %cute-opt --cute-to-llvm=runtime-checks=false %s | %mlir-run | FileCheck %s --check-prefix=UNCHECKED
// RUN: %cute-opt --cute-to-llvm %s | not --crash stdbuf -oL %mlir-run 2>&1 | FileCheck %s --check-prefix=CHECKED
// REQUIRES: cute-opt, mlir-runner
// Issue 41, F14: a cute.assume whose fact is false at run time. The lowering folds what
// the fact makes known (m % 4 is the constant 0), so unchecked code prints (0) for m = 6
// where the remainder is 2. With runtime checks (the default) the assume checks its fact
// and the program stops first; a true fact (m = 8) passes.

// UNCHECKED: (0)
// UNCHECKED-NEXT: (0)
// CHECKED: (0)
// CHECKED-NEXT: cute.assume: the input is not a multiple of its divisibility 4
// CHECKED-NOT: (0)
func.func @f(%m0: index) {
  %m = cute.assume %m0 {divisibility = 4 : i64} : index
  %t = cute.make_int_tuple(%m) : (index) -> !cute.int_tuple<(?{div=4})>
  %four = cute.constant : !cute.int_tuple<(4)>
  %r = cute.tuple_mod(%t, %four) : (!cute.int_tuple<(?{div=4})>, !cute.int_tuple<(4)>) -> !cute.int_tuple<(?)>
  cute.print %r : !cute.int_tuple<(?)>
  return
}
func.func @main() {
  %c8 = arith.constant 8 : index
  %c6 = arith.constant 6 : index
  call @f(%c8) : (index) -> ()
  call @f(%c6) : (index) -> ()
  return
}
