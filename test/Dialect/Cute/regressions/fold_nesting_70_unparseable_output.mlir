// RUN: %cute-opt %s --canonicalize | FileCheck %s
// RUN: %cute-opt %s --canonicalize | %cute-opt --canonicalize | FileCheck %s
// REQUIRES: cute-opt
// Regression (issue 19, repro/ir/fold_nesting_70_unparseable_output.mlir): folds stop at the type's nesting limit (64), so the output reads back.
// CHECK-LABEL: func @f
// CHECK: %[[C:.*]] = cute.constant {value = !cute.int_tuple<((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>} : !cute.int_tuple
// CHECK-NEXT: cute.make_tuple(%[[C]])
// CHECK-COUNT-5: cute.make_tuple
// CHECK-NEXT: return
func.func @f() -> !cute.int_tuple {
  %c1 = arith.constant 1 : index
  %t0 = cute.make_tuple(%c1) : (index) -> !cute.int_tuple
  %t1 = cute.make_tuple(%t0) : (!cute.int_tuple) -> !cute.int_tuple
  %t2 = cute.make_tuple(%t1) : (!cute.int_tuple) -> !cute.int_tuple
  %t3 = cute.make_tuple(%t2) : (!cute.int_tuple) -> !cute.int_tuple
  %t4 = cute.make_tuple(%t3) : (!cute.int_tuple) -> !cute.int_tuple
  %t5 = cute.make_tuple(%t4) : (!cute.int_tuple) -> !cute.int_tuple
  %t6 = cute.make_tuple(%t5) : (!cute.int_tuple) -> !cute.int_tuple
  %t7 = cute.make_tuple(%t6) : (!cute.int_tuple) -> !cute.int_tuple
  %t8 = cute.make_tuple(%t7) : (!cute.int_tuple) -> !cute.int_tuple
  %t9 = cute.make_tuple(%t8) : (!cute.int_tuple) -> !cute.int_tuple
  %t10 = cute.make_tuple(%t9) : (!cute.int_tuple) -> !cute.int_tuple
  %t11 = cute.make_tuple(%t10) : (!cute.int_tuple) -> !cute.int_tuple
  %t12 = cute.make_tuple(%t11) : (!cute.int_tuple) -> !cute.int_tuple
  %t13 = cute.make_tuple(%t12) : (!cute.int_tuple) -> !cute.int_tuple
  %t14 = cute.make_tuple(%t13) : (!cute.int_tuple) -> !cute.int_tuple
  %t15 = cute.make_tuple(%t14) : (!cute.int_tuple) -> !cute.int_tuple
  %t16 = cute.make_tuple(%t15) : (!cute.int_tuple) -> !cute.int_tuple
  %t17 = cute.make_tuple(%t16) : (!cute.int_tuple) -> !cute.int_tuple
  %t18 = cute.make_tuple(%t17) : (!cute.int_tuple) -> !cute.int_tuple
  %t19 = cute.make_tuple(%t18) : (!cute.int_tuple) -> !cute.int_tuple
  %t20 = cute.make_tuple(%t19) : (!cute.int_tuple) -> !cute.int_tuple
  %t21 = cute.make_tuple(%t20) : (!cute.int_tuple) -> !cute.int_tuple
  %t22 = cute.make_tuple(%t21) : (!cute.int_tuple) -> !cute.int_tuple
  %t23 = cute.make_tuple(%t22) : (!cute.int_tuple) -> !cute.int_tuple
  %t24 = cute.make_tuple(%t23) : (!cute.int_tuple) -> !cute.int_tuple
  %t25 = cute.make_tuple(%t24) : (!cute.int_tuple) -> !cute.int_tuple
  %t26 = cute.make_tuple(%t25) : (!cute.int_tuple) -> !cute.int_tuple
  %t27 = cute.make_tuple(%t26) : (!cute.int_tuple) -> !cute.int_tuple
  %t28 = cute.make_tuple(%t27) : (!cute.int_tuple) -> !cute.int_tuple
  %t29 = cute.make_tuple(%t28) : (!cute.int_tuple) -> !cute.int_tuple
  %t30 = cute.make_tuple(%t29) : (!cute.int_tuple) -> !cute.int_tuple
  %t31 = cute.make_tuple(%t30) : (!cute.int_tuple) -> !cute.int_tuple
  %t32 = cute.make_tuple(%t31) : (!cute.int_tuple) -> !cute.int_tuple
  %t33 = cute.make_tuple(%t32) : (!cute.int_tuple) -> !cute.int_tuple
  %t34 = cute.make_tuple(%t33) : (!cute.int_tuple) -> !cute.int_tuple
  %t35 = cute.make_tuple(%t34) : (!cute.int_tuple) -> !cute.int_tuple
  %t36 = cute.make_tuple(%t35) : (!cute.int_tuple) -> !cute.int_tuple
  %t37 = cute.make_tuple(%t36) : (!cute.int_tuple) -> !cute.int_tuple
  %t38 = cute.make_tuple(%t37) : (!cute.int_tuple) -> !cute.int_tuple
  %t39 = cute.make_tuple(%t38) : (!cute.int_tuple) -> !cute.int_tuple
  %t40 = cute.make_tuple(%t39) : (!cute.int_tuple) -> !cute.int_tuple
  %t41 = cute.make_tuple(%t40) : (!cute.int_tuple) -> !cute.int_tuple
  %t42 = cute.make_tuple(%t41) : (!cute.int_tuple) -> !cute.int_tuple
  %t43 = cute.make_tuple(%t42) : (!cute.int_tuple) -> !cute.int_tuple
  %t44 = cute.make_tuple(%t43) : (!cute.int_tuple) -> !cute.int_tuple
  %t45 = cute.make_tuple(%t44) : (!cute.int_tuple) -> !cute.int_tuple
  %t46 = cute.make_tuple(%t45) : (!cute.int_tuple) -> !cute.int_tuple
  %t47 = cute.make_tuple(%t46) : (!cute.int_tuple) -> !cute.int_tuple
  %t48 = cute.make_tuple(%t47) : (!cute.int_tuple) -> !cute.int_tuple
  %t49 = cute.make_tuple(%t48) : (!cute.int_tuple) -> !cute.int_tuple
  %t50 = cute.make_tuple(%t49) : (!cute.int_tuple) -> !cute.int_tuple
  %t51 = cute.make_tuple(%t50) : (!cute.int_tuple) -> !cute.int_tuple
  %t52 = cute.make_tuple(%t51) : (!cute.int_tuple) -> !cute.int_tuple
  %t53 = cute.make_tuple(%t52) : (!cute.int_tuple) -> !cute.int_tuple
  %t54 = cute.make_tuple(%t53) : (!cute.int_tuple) -> !cute.int_tuple
  %t55 = cute.make_tuple(%t54) : (!cute.int_tuple) -> !cute.int_tuple
  %t56 = cute.make_tuple(%t55) : (!cute.int_tuple) -> !cute.int_tuple
  %t57 = cute.make_tuple(%t56) : (!cute.int_tuple) -> !cute.int_tuple
  %t58 = cute.make_tuple(%t57) : (!cute.int_tuple) -> !cute.int_tuple
  %t59 = cute.make_tuple(%t58) : (!cute.int_tuple) -> !cute.int_tuple
  %t60 = cute.make_tuple(%t59) : (!cute.int_tuple) -> !cute.int_tuple
  %t61 = cute.make_tuple(%t60) : (!cute.int_tuple) -> !cute.int_tuple
  %t62 = cute.make_tuple(%t61) : (!cute.int_tuple) -> !cute.int_tuple
  %t63 = cute.make_tuple(%t62) : (!cute.int_tuple) -> !cute.int_tuple
  %t64 = cute.make_tuple(%t63) : (!cute.int_tuple) -> !cute.int_tuple
  %t65 = cute.make_tuple(%t64) : (!cute.int_tuple) -> !cute.int_tuple
  %t66 = cute.make_tuple(%t65) : (!cute.int_tuple) -> !cute.int_tuple
  %t67 = cute.make_tuple(%t66) : (!cute.int_tuple) -> !cute.int_tuple
  %t68 = cute.make_tuple(%t67) : (!cute.int_tuple) -> !cute.int_tuple
  %t69 = cute.make_tuple(%t68) : (!cute.int_tuple) -> !cute.int_tuple
  return %t69 : !cute.int_tuple
}
