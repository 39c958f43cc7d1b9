// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Scaled-basis strides in cute types (issue 12): `v@d` leaves, nested paths (`1@0@1` is
// CuTe's E<1,0>), runtime values `?@0`; they print in that notation and read back.
// make_identity_tensor is R7's coordinate identity, and crd2idx on a layout with basis
// strides gives a coordinate.

// CHECK-LABEL: func @types
// CHECK-SAME: !cute.layout<(4,2):(1@0,1@1)>
// CHECK-SAME: !cute.layout<((2,2),3):((1@0@0,1@1@0),1@1)>
// CHECK-SAME: !cute.layout<(?,8):(?@0,-2@1)>
// CHECK-SAME: !cute.stride<(1@0,0,16@1)>
// CHECK-SAME: !cute.coord<value=3@1>
func.func @types(%a: !cute.layout<(4,2):(_1@0,_1@1)>, %b: !cute.layout<((2,2),3):((1@0@0,1@1@0),1@1)>,
                 %c: !cute.layout<(?,8):(?@0,-2@1)>, %d: !cute.stride<(1@0,0,16@1)>, %e: !cute.coord<value=3@1>) {
  return
}

// CHECK-LABEL: func @identity
// CHECK: cute.make_identity_tensor(%{{.*}}) : (!cute.shape<(4,2)>) -> !cute.layout<(4,2):(1@0,1@1)>
// CHECK: cute.make_identity_tensor(%{{.*}}) : (!cute.shape<((2,2),?)>) -> !cute.layout<((2,2),?):((1@0@0,1@1@0),1@1)>
// CHECK: cute.make_identity_tensor(%{{.*}}) : (!cute.shape<value=8>) -> !cute.layout<8:1>
// CHECK: cute.make_identity_tensor(%{{.*}}) : (!cute.shape<rank=2>) -> !cute.layout<rank=2>
func.func @identity(%s: !cute.shape<(4,2)>, %n: !cute.shape<((2,2),?)>, %one: !cute.shape<value=8>, %r: !cute.shape<rank=2>) {
  %0 = cute.make_identity_tensor(%s) : (!cute.shape<(4,2)>)
  %1 = cute.make_identity_tensor(%n) : (!cute.shape<((2,2),?)>)
  %2 = cute.make_identity_tensor(%one) : (!cute.shape<value=8>)
  %3 = cute.make_identity_tensor(%r) : (!cute.shape<rank=2>)
  return
}

// CHECK-LABEL: func @coordinates
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (index, !cute.layout<(4,2):(1@0,1@1)>) -> !cute.coord<(1,1)>
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<(3,1)>, !cute.layout<(8,2):(2@1,0)>) -> !cute.coord<value=6@1>
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<(1,?)>, !cute.layout<(4,?):(1@0,1@1)>) -> !cute.coord<(1,?)>
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<(1,2)>, !cute.layout) -> !cute.coord
func.func @coordinates(%id: !cute.layout<(4,2):(1@0,1@1)>, %one: !cute.layout<(8,2):(2@1,0)>,
                       %dyn: !cute.layout<(4,?):(1@0,1@1)>, %any: !cute.layout, %c: !cute.coord<(3,1)>,
                       %d: !cute.coord<(1,?)>, %e: !cute.coord<(1,2)>) {
  %i = arith.constant 5 : index
  %0 = cute.crd2idx(%i, %id) : (index, !cute.layout<(4,2):(1@0,1@1)>)
  %1 = cute.crd2idx(%c, %one) : (!cute.coord<(3,1)>, !cute.layout<(8,2):(2@1,0)>)
  %2 = cute.crd2idx(%d, %dyn) : (!cute.coord<(1,?)>, !cute.layout<(4,?):(1@0,1@1)>)
  %3 = cute.crd2idx(%e, %any) : (!cute.coord<(1,2)>, !cute.layout) -> !cute.coord
  return
}
