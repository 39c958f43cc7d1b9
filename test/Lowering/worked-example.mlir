// RUN: %cute-opt --cute-to-llvm %s | %mlir-run | FileCheck %s
// REQUIRES: cute-opt, mlir-runner
// The worked example of docs/lowering.md: a %M x %N row-major matrix, its 128x64 tiles,
// and the offset of element (i, j) of tile (bm, bn); then CuTe's GEMM tutorial step
// local_tile(mA, cta_tiler, (bm,bn,_), Step<_1,X,_1>{}) on a %M x %K column-major matrix.
// The expected lines are cute-layout's answers:
//   cute-layout --dynamic --cute 'zipped_divide((512,256):(256,_1), (_128,_64))'
//   cute-layout --dynamic --cute 'crd2idx(((5,7),(2,3)), zipped_divide((512,256):(256,_1), (_128,_64)))'
//   cute-layout --dynamic --cute 'local_tile((512,256):(_1,512), (_128,_128,_64), (2,1,_), (_1,_,_1))'

// CHECK: ((_128,_64),(4,4)):((256,_1),(32768,_64))
// CHECK-NEXT: 67015
// CHECK-NEXT: (_128,_64,4):(_1,512,32768)
// CHECK-NEXT: 130687
func.func @element_offset(%M: index, %N: index, %bm: index, %bn: index, %i: index, %j: index) -> index {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %shape = cute.make_shape(%M, %N) : (index, index)
  %stride = cute.make_stride(%N, %c1) : (index, index)
  %A = cute.make_layout(%shape, %stride) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
  %tiler = cute.make_shape(%c128, %c64) : (index, index)
  %tiles = cute.zipped_divide(%A, %tiler) : (!cute.layout<(?,?):(?,1)>, !cute.shape<(128,64)>)
  cute.print %tiles : !cute.layout<((128,64),(?,?)):((?,1),(?,64))>
  %in = cute.make_coord(%i, %j) : (index, index)
  %blk = cute.make_coord(%bm, %bn) : (index, index)
  %coord = cute.make_coord(%in, %blk) : (!cute.coord<(?,?)>, !cute.coord<(?,?)>)
  %offset = cute.crd2idx(%coord, %tiles) : (!cute.coord<((?,?),(?,?))>, !cute.layout<((128,64),(?,?)):((?,1),(?,64))>)
  return %offset : index
}

func.func @gemm_tile(%M: index, %K: index, %bm: index, %bn: index) -> !cute.layout<(128,64,?):(1,?,?)> {
  %c1 = arith.constant 1 : index
  %shape = cute.make_shape(%M, %K) : (index, index)
  %stride = cute.make_stride(%c1, %M) : (index, index)
  %mA = cute.make_layout(%shape, %stride) : (!cute.shape<(?,?)>, !cute.stride<(1,?)>)
  %tiler = cute.constant : !cute.shape<(128,128,64)>
  %u = cute.constant : !cute.coord<_>
  %coord = cute.make_coord(%bm, %bn, %u) : (index, index, !cute.coord<_>)
  %step = cute.constant : !cute.coord<(1,_,1)>
  %gA = cute.local_tile(%mA, %tiler, %coord, %step) : (!cute.layout<(?,?):(1,?)>, !cute.shape<(128,128,64)>, !cute.coord<(?,?,_)>, !cute.coord<(1,_,1)>)
  return %gA : !cute.layout<(128,64,?):(1,?,?)>
}

func.func @main() {
  %c512 = arith.constant 512 : index
  %c256 = arith.constant 256 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c1 = arith.constant 1 : index
  %o = func.call @element_offset(%c512, %c256, %c2, %c3, %c5, %c7) : (index, index, index, index, index, index) -> index
  cute.print %o : index
  // The layout crosses the call as its three runtime leaves.
  %gA = func.call @gemm_tile(%c512, %c256, %c2, %c1) : (index, index, index, index) -> !cute.layout<(128,64,?):(1,?,?)>
  cute.print %gA : !cute.layout<(128,64,?):(1,?,?)>
  // The last element of the tile: cosize - 1 = 127 + 63*512 + 3*32768 (cute-layout: cosize 130688).
  %n = cute.cosize(%gA) : (!cute.layout<(128,64,?):(1,?,?)>)
  %last = arith.subi %n, %c1 : index
  cute.print %last : index
  return
}
