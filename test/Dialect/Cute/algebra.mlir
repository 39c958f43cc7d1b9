// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// REQUIRES: cute-opt
// The algebra, divide, product and tiling ops round-trip; dynamic leaves stay `?`.

// CHECK-LABEL: func @algebra
func.func @algebra(%l: !cute.layout<(4,?):(1,4)>, %p: !cute.int_tuple<(1,1)>, %t: !cute.layout<(2,2):(1,2)>,
                   %s: !cute.shape<(2,?)>, %i: index, %c: !cute.coord<(_,1)>) {
  // CHECK: cute.coalesce(%{{.*}}, %{{.*}}) : (!cute.layout<(4,?):(1,4)>, !cute.int_tuple<(1,1)>) -> !cute.layout<(4,?):(1,4)>
  %0 = cute.coalesce(%l, %p) : (!cute.layout<(4,?):(1,4)>, !cute.int_tuple<(1,1)>) -> !cute.layout<(4,?):(1,4)>
  // CHECK: cute.filter_zeros(%{{.*}}) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  %1 = cute.filter_zeros(%l) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.filter(%{{.*}}) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  %2 = cute.filter(%l) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.complement(%{{.*}}) : (!cute.layout<(2,2):(1,2)>) -> !cute.layout
  %3 = cute.complement(%t) : (!cute.layout<(2,2):(1,2)>) -> !cute.layout
  // CHECK: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<(4,?):(1,4)>, !cute.layout<(2,2):(1,2)>) -> !cute.layout
  %4 = cute.composition(%l, %t) : (!cute.layout<(4,?):(1,4)>, !cute.layout<(2,2):(1,2)>) -> !cute.layout
  // CHECK: cute.left_inverse(%{{.*}}) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  %5 = cute.left_inverse(%l) : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.recast_layout(%{{.*}}) {new_type = i8, old_type = i16} : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  %6 = cute.recast_layout(%l) {old_type = i16, new_type = i8} : (!cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.logical_divide(%{{.*}}, %{{.*}}) : (!cute.layout<(4,?):(1,4)>, !cute.shape<(2,?)>) -> !cute.layout<((2,2),(?,?)):((1,2),(4,?))>
  %7 = cute.logical_divide(%l, %s) : (!cute.layout<(4,?):(1,4)>, !cute.shape<(2,?)>) -> !cute.layout<((2,2),(?,?)):((1,2),(4,?))>
  // CHECK: cute.zipped_divide
  %8 = cute.zipped_divide(%l, %s) : (!cute.layout<(4,?):(1,4)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.tiled_divide
  %9 = cute.tiled_divide(%l, %s) : (!cute.layout<(4,?):(1,4)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.flat_divide
  %10 = cute.flat_divide(%l, %s) : (!cute.layout<(4,?):(1,4)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.logical_product
  %11 = cute.logical_product(%t, %l) : (!cute.layout<(2,2):(1,2)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.zipped_product
  %12 = cute.zipped_product(%t, %s) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.tiled_product
  %13 = cute.tiled_product(%t, %s) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.flat_product
  %14 = cute.flat_product(%t, %s) : (!cute.layout<(2,2):(1,2)>, !cute.shape<(2,?)>) -> !cute.layout
  // CHECK: cute.blocked_product
  %15 = cute.blocked_product(%t, %l) : (!cute.layout<(2,2):(1,2)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.raked_product
  %16 = cute.raked_product(%t, %l) : (!cute.layout<(2,2):(1,2)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout
  // CHECK: cute.local_partition(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.layout<(4,?):(1,4)>, !cute.layout<(2,2):(1,2)>, index) -> !cute.layout
  %17 = cute.local_partition(%l, %t, %i) : (!cute.layout<(4,?):(1,4)>, !cute.layout<(2,2):(1,2)>, index) -> !cute.layout
  // CHECK: cute.slice(%{{.*}}, %{{.*}}) : (!cute.coord<(_,1)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout<(4):(1)>
  %18 = cute.slice(%c, %l) : (!cute.coord<(_,1)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout<(4):(1)>
  // CHECK: cute.dice(%{{.*}}, %{{.*}}) : (!cute.coord<(_,1)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout<(?):(4)>
  %19 = cute.dice(%c, %l) : (!cute.coord<(_,1)>, !cute.layout<(4,?):(1,4)>) -> !cute.layout<(?):(4)>
  return
}
