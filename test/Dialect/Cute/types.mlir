// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// Every type spelling of the spec parses, and prints in one canonical form.

// CHECK-LABEL: func @kinds_only
// CHECK-SAME: %{{.*}}: !cute.int_tuple, %{{.*}}: !cute.shape, %{{.*}}: !cute.stride, %{{.*}}: !cute.coord, %{{.*}}: !cute.tile, %{{.*}}: !cute.layout)
func.func @kinds_only(%a: !cute.int_tuple, %b: !cute.shape, %c: !cute.stride, %d: !cute.coord,
                      %e: !cute.tile, %f: !cute.layout) { return }

// CHECK-LABEL: func @ranks
// CHECK-SAME: %{{.*}}: !cute.shape<rank=3>, %{{.*}}: !cute.stride<rank=3>, %{{.*}}: !cute.layout<rank=2>, %{{.*}}: !cute.coord<rank=2>, %{{.*}}: !cute.tile<rank=2>, %{{.*}}: !cute.coord<rank=4>)
func.func @ranks(%a: !cute.shape<3>, %b: !cute.stride<3>, %c: !cute.layout<2>, %d: !cute.coord<rank=2>,
                 %e: !cute.tiler<2>, %f: !cute.coord<rank = 4>) { return }

// CHECK-LABEL: func @values
// CHECK-SAME: %{{.*}}: !cute.shape<(4,?,8)>, %{{.*}}: !cute.coord<(0,0,32)>, %{{.*}}: !cute.coord<(_,1)>, %{{.*}}: !cute.int_tuple<value=8>, %{{.*}}: !cute.stride<((1,?),-4)>)
func.func @values(%a: !cute.shape<(4,?,8)>, %b: !cute.coord<(0,0,32)>, %c: !cute.coord<(_,1)>,
                  %d: !cute.int_tuple<value=8>, %e: !cute.stride<((1,?),-4)>) { return }

// The (shape, stride) pair of the spec and CuTe's own print with _N are accepted.
// CHECK-LABEL: func @layouts
// CHECK-SAME: %{{.*}}: !cute.layout<(4,8,16):(128,16,1)>, %{{.*}}: !cute.layout<(4,8):(1,4)>, %{{.*}}: !cute.layout<((2,2),?):((24,?),8)>, %{{.*}}: !cute.layout<8:1>)
func.func @layouts(%a: !cute.layout<((4,8,16),(128,16,1))>, %b: !cute.layout<(_4,_8):(_1,_4)>,
                   %c: !cute.layout<((2,2),?):((24,?),8)>, %d: !cute.layout<8:1>) { return }

// CHECK-LABEL: func @tiles
// CHECK-SAME: %{{.*}}: !cute.tile<(3:4,8:2)>, %{{.*}}: !cute.tile<(32,16)>, %{{.*}}: !cute.tile<(_,(2,4):(1,8))>)
func.func @tiles(%a: !cute.tile<(3:4, 8:2)>, %b: !cute.tile<(32,16)>, %c: !cute.tiler<(_, (2,4):(1,8))>) { return }

// CHECK-LABEL: func @later_kinds
// CHECK-SAME: %{{.*}}: !cute.composed_layout, %{{.*}}: !cute.swizzle, %{{.*}}: !cute.composed_layout<rank=2>)
func.func @later_kinds(%a: !cute.composed_layout, %b: !cute.swizzle, %c: !cute.composed_layout<2>) { return }
