// RUN: %cute-opt %s | FileCheck %s
// REQUIRES: cute-opt
// Issue 20: CuTe's overloads on tiles and mixed kinds that the ops refused (cute-layout:
// select<1>(<3:4,(2,4):(1,8)>) = <(2,4):(1,8)>, shape(...) = (3,(2,4)),
// ceil_div((16,32), (4,8):(1,4)) = 16, ceil_div((16,32), <4:1, 8:1>) = (4,4)).

// CHECK-LABEL: func @tiles
// CHECK: -> !cute.tile<((2,4):(1,8))>
// CHECK: -> !cute.shape<(3,(2,4))>
// CHECK: -> !cute.shape<value=16>
// CHECK: -> !cute.shape<(4,4)>
// CHECK: -> !cute.shape<(1,1)>
// CHECK: -> !cute.layout<(2,4):(1,8)>
// CHECK: -> !cute.layout<3:4>
func.func @tiles(%t: !cute.tile<(3:4,(2,4):(1,8))>, %s: !cute.shape<(16,32)>, %l: !cute.layout<(4,8):(1,4)>,
                 %u: !cute.tile<(4:1,8:1)>, %c: !cute.coord<(16,32)>) {
  %0 = cute.select(%t) {modes = array<i32: 1>} : (!cute.tile<(3:4,(2,4):(1,8))>)
  %1 = cute.get_shape(%t) : (!cute.tile<(3:4,(2,4):(1,8))>)
  %2 = cute.ceil_div(%s, %l) : (!cute.shape<(16,32)>, !cute.layout<(4,8):(1,4)>)
  %3 = cute.ceil_div(%s, %u) : (!cute.shape<(16,32)>, !cute.tile<(4:1,8:1)>)
  %4 = cute.ceil_div(%s, %c) : (!cute.shape<(16,32)>, !cute.coord<(16,32)>)
  %5 = cute.get(%t) {modes = array<i32: 1>} : (!cute.tile<(3:4,(2,4):(1,8))>)
  %6 = cute.get(%t) {modes = array<i32: 0>} : (!cute.tile<(3:4,(2,4):(1,8))>)
  return
}
