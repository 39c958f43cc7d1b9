// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// A lowered result printed the way MLIR's own runner tests print: vector.print (lowered by
// --cute-to-llvm to the runner utilities' printI64). The offset of element (3,5) of a
// 128x128 column-major tile at runtime sizes: 3 + 5*128 = 643 (cute-layout: crd2idx((3,5),
// (128,128), (_1,128)) = 643).

// CHECK: 643
func.func @main() {
  %m = arith.constant 128 : index
  %i = arith.constant 3 : index
  %j = arith.constant 5 : index
  %o = func.call @offset(%m, %i, %j) : (index, index, index) -> index
  vector.print %o : index
  return
}

func.func @offset(%m: index, %i: index, %j: index) -> index {
  %s = cute.make_shape(%m, %m) : (index, index)
  %l = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %c = cute.make_coord(%i, %j) : (index, index)
  %o = cute.crd2idx(%c, %l) : (!cute.coord<(?,?)>, !cute.layout<(?,?):(1,?)>)
  return %o : index
}
