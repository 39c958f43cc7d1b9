// consumer-test.sh runs consumer-opt --canonicalize, then --cute-static-fold, on this file.
// A composition of static layouts folds to the constant the core computes.

// CHECK-LABEL: func @compose
// CHECK-NEXT: %[[C:.*]] = cute.constant {value = !cute.layout<((2,2),3):((24,2),8)>} : !cute.layout
// CHECK-NEXT: return %[[C]]
func.func @compose(%a: !cute.layout<(6,2):(8,2)>, %b: !cute.layout<(4,3):(3,1)>) -> !cute.layout {
  %0 = cute.composition(%a, %b) : (!cute.layout<(6,2):(8,2)>, !cute.layout<(4,3):(3,1)>) -> !cute.layout
  return %0 : !cute.layout
}
