// A bf16 GEMM whose every address comes from cute IR (docs/gpu.md#the-gemm): C = A * B^T
// with f32 accumulation, A (M,K) and B (N,K) K-contiguous ("TN", CuTe's sgemm_sm80
// layout), C (M,N) row-major f32. M and N are any sizes; K is a multiple of 8 (rows of 16
// bytes, as cp.async needs; the assume below checks it at run time).
//
// Each block of 128 threads (2x2 warps) computes a 128x128 tile of C over K in steps of 32:
// - cp.async (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, 32x4 threads, 8 bf16 each) moves the
//   128x32 tiles of A and B into shared memory, three stages deep (two tiles in flight
//   while one is computed), as CuTe's Sw<2,3,3>-swizzled 8x32 atoms; a tile that crosses
//   the edge of A or B (M, N or K) is moved element by element instead, each element
//   predicated by the identity tensor partitioned the same way, zeros outside;
// - ldmatrix.x4 (SM75_U32x4_LDSM_N, make_tiled_copy_A/B of the tiled MMA) reads each
//   warp's operands into registers;
// - mma.sync m16n8k16 (SM80_16x8x16_F32BF16BF16F32_TN over 2x2x1 warps, N and M permuted
//   to 32): cute.gemm, 2x4x8 atoms a thread a k-tile;
// - the f32 accumulators go to C, predicated the same way at the edge.
// Every layout is CuTe's (checked against cute-ref in test/Dialect/CuteNvgpu/atoms.mlir);
// the partitions over the swizzled tiles, the fragments and the instructions' addresses
// are computed by the core, and --cute-expand lowers the atoms to nvvm through cute_nvgpu.
!mma = !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">
!ldsm = !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>
!cpa = !cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", bf16>
!tm = !cute.tiled_mma<!mma, !cute.layout<(2,2,1):(1,2,0)>, !cute.tile<(32:1,32:1,16:1)>>
!g2s = !cute.tiled_copy<!cpa, !cute.layout<((4,32),8):((256,1),32)>, !cute.shape<(32,32)>>
!s2rA = !cute.tiled_copy<!ldsm, !cute.layout<((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))>, !cute.shape<(32,16)>>
!s2rB = !cute.tiled_copy<!ldsm, !cute.layout<((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))>, !cute.shape<(32,16)>>
!sl = !cute.composed_layout<Sw<2,3,3> o 0 o ((8,16),(32,1)):((32,256),(1,0))>
!sptr = !cute.ptr<bf16, smem, align<16>>
!gptr = !cute.ptr<bf16, gmem, align<16>>
!cptr = !cute.ptr<f32, gmem, align<16>>
!rptr = !cute.ptr<bf16, rmem, align<16>>
!sview = !cute.memref<bf16, smem, align<16>, !sl>
!lK = !cute.layout<(?,?{div=8}):(?{div=8},1)>
!mK = !cute.memref<bf16, gmem, align<16>, !lK>
!lC = !cute.layout<(?,?):(?,1)>
!mCt = !cute.memref<f32, gmem, align<16>, !lC>
!gK = !cute.memref<bf16, gmem, align<16>, !cute.layout<(128,32):(?{div=8},1)>>
!tCgC = !cute.memref<f32, gmem, !cute.layout<((2,2),4,8):((1,?),?,16)>>
!rC = !cute.memref<f32, rmem, !cute.layout<((2,2),4,8):((1,2),4,16)>>
!zv = !cute.memref<f32, rmem, !cute.layout<((2,2),4,8):((0,0),0,0)>>
!tAg = !cute.memref<bf16, gmem, align<16>, !cute.layout<((8,1),4,1):((1,0),?{div=256},0)>>
!tAs = !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),4,1):((1,0),1024,0)>>
!rA = !cute.memref<bf16, rmem, !cute.layout<((2,2,2),4,2):((1,2,4),8,32)>>
!rB = !cute.memref<bf16, rmem, !cute.layout<((2,2),8,2):((1,2),4,32)>>
!tXr = !cute.memref<bf16, rmem, !cute.layout<((8,1),4,2):((1,0),8,32)>>
!tXsA = !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),4,2):((1,0),1024,?{div=16})>>
!tXsB = !cute.memref<bf16, smem, align<16>, !cute.layout<((8,1),4,2):((1,0),1024,?{div=16})>>
!cK = !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?{div=8}):(1@0,1@1)>>
!cKt = !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,32):(1@0,1@1)>>
!tAc = !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<((8,1),4,1):((1@1,0),32@0,0)>>
!cC = !cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>
!cCt = !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,128):(1@0,1@1)>>
!tCc = !cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<((2,2),4,8):((1@1,8@0),32@0,16@1)>>
!gC = !cute.memref<f32, gmem, align<16>, !cute.layout<(128,128):(?,1)>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xf32>, %m: index, %n: index, %k: index)
        workgroup(%smemA: memref<12288xbf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64},
                  %smemB: memref<12288xbf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %tid = gpu.thread_id x
      %bm = gpu.block_id x
      %bn = gpu.block_id y
      %c31 = arith.constant 31 : index
      %c128 = arith.constant 128 : index
      %k8 = cute.assume %k {divisibility = 8 : i64} : index
      %k31 = arith.addi %k, %c31 : index
      %kTiles = arith.divui %k31, %c32 : index
      // The matrices: A (M,K) and B (N,K) K-major (TN), C (M,N) row-major.
      %pA = cute.make_ptr(%A) : (memref<?xbf16>) -> !gptr
      %pB = cute.make_ptr(%B) : (memref<?xbf16>) -> !gptr
      %pC = cute.make_ptr(%C) : (memref<?xf32>) -> !cptr
      %stK = cute.make_stride(%k8, %c1) : (index, index)
      %shA = cute.make_shape(%m, %k8) : (index, index)
      %lA = cute.make_layout(%shA, %stK) : (!cute.shape<(?,?{div=8})>, !cute.stride<(?{div=8},1)>)
      %mA = cute.make_view(%pA, %lA) : (!gptr, !lK)
      %shB = cute.make_shape(%n, %k8) : (index, index)
      %lB = cute.make_layout(%shB, %stK) : (!cute.shape<(?,?{div=8})>, !cute.stride<(?{div=8},1)>)
      %mB = cute.make_view(%pB, %lB) : (!gptr, !lK)
      %shC = cute.make_shape(%m, %n) : (index, index)
      %stC = cute.make_stride(%n, %c1) : (index, index)
      %lC = cute.make_layout(%shC, %stC) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
      %mC = cute.make_view(%pC, %lC) : (!cptr, !lC)
      // The identity tensors of A, B and C: each element's coordinate, for the predicates.
      %origin = cute.constant : !cute.coord<(0,0)>
      %idA = cute.make_identity_tensor(%shA) : (!cute.shape<(?,?{div=8})>)
      %cA = cute.make_view(%origin, %idA) : (!cute.coord<(0,0)>, !cute.layout<(?,?{div=8}):(1@0,1@1)>) -> !cK
      %idB = cute.make_identity_tensor(%shB) : (!cute.shape<(?,?{div=8})>)
      %cB = cute.make_view(%origin, %idB) : (!cute.coord<(0,0)>, !cute.layout<(?,?{div=8}):(1@0,1@1)>) -> !cK
      %idC = cute.make_identity_tensor(%shC) : (!cute.shape<(?,?)>)
      %cC = cute.make_view(%origin, %idC) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>) -> !cC
      %zbf = arith.constant 0.0 : bf16
      %blkK = cute.constant : !cute.shape<(128,32)>
      %blkC = cute.constant : !cute.shape<(128,128)>
      %cC2 = cute.make_coord(%bm, %bn) : (index, index)
      %gC = cute.local_tile(%mC, %blkC, %cC2) : (!mCt, !cute.shape<(128,128)>, !cute.coord<(?,?)>)
      // The atoms: mma.sync over 2x2 warps (each 64x64 of the 128x128 tile), ldmatrix.x4
      // for A and B as the MMA reads them, cp.async of 16 bytes from 32x4 threads.
      %mmaAtom = cute.make_atom() : () -> !mma
      %warps = cute.constant : !cute.layout<(2,2,1):(1,2,0)>
      %perm = cute.constant : !cute.tile<(32:1,32:1,16:1)>
      %tm = cute.make_tiled_mma(%mmaAtom, %warps, %perm) : (!mma, !cute.layout<(2,2,1):(1,2,0)>, !cute.tile<(32:1,32:1,16:1)>) -> !tm
      %ldsmAtom = cute.make_atom() : () -> !ldsm
      %s2rA = cute.make_tiled_copy(%ldsmAtom, %tm) {operand = "A"} : (!ldsm, !tm) -> !s2rA
      %s2rB = cute.make_tiled_copy(%ldsmAtom, %tm) {operand = "B"} : (!ldsm, !tm) -> !s2rB
      %cpAtom = cute.make_atom() : () -> !cpa
      %thr = cute.constant : !cute.layout<(32,4):(4,1)>
      %val = cute.constant : !cute.layout<(1,8):(0,1)>
      %g2s = cute.make_tiled_copy(%cpAtom, %thr, %val) : (!cpa, !cute.layout<(32,4):(4,1)>, !cute.layout<(1,8):(0,1)>) -> !g2s
      // Shared memory: 3 stages of a 128x32 tile of A and of B, Sw<2,3,3>-swizzled.
      %psA = cute.make_ptr(%smemA) : (memref<12288xbf16, #gpu.address_space<workgroup>>) -> !sptr
      %psB = cute.make_ptr(%smemB) : (memref<12288xbf16, #gpu.address_space<workgroup>>) -> !sptr
      %sl = cute.constant : !sl
      %sA0 = cute.make_view(%psA, %sl) : (!sptr, !sl) -> !sview
      %sB0 = cute.make_view(%psB, %sl) : (!sptr, !sl) -> !sview
      // Registers: the MMA's fragments, and ldmatrix's view of A's and B's (CuTe's retile_D:
      // the same registers, each ldmatrix.x4 filling 8 values).
      %tCsA = cute.tiled_partition(%tm, %sA0, %tid) {operand = "A"} : (!tm, !sview, index) -> !cute.memref<bf16, smem, align<4>, !cute.layout<((2,2,2),4,2):((1,256,?{div=8}),1024,?{div=16})>>
      %tCsB = cute.tiled_partition(%tm, %sB0, %tid) {operand = "B"} : (!tm, !sview, index) -> !cute.memref<bf16, smem, align<4>, !cute.layout<((2,2),8,2):((1,?{div=8}),512,?{div=16})>>
      %tCgC = cute.tiled_partition(%tm, %gC, %tid) {operand = "C"} : (!tm, !gC, index)
      // (Fragments of the partitions' shapes: compact, as CuTe's partition_fragment_A/B/C
      // are; the partitions' runtime strides do not reorder them.)
      %shrA = cute.get_shape(%tCsA) : (!cute.memref<bf16, smem, align<4>, !cute.layout<((2,2,2),4,2):((1,256,?{div=8}),1024,?{div=16})>>) -> !cute.shape<((2,2,2),4,2)>
      %shrB = cute.get_shape(%tCsB) : (!cute.memref<bf16, smem, align<4>, !cute.layout<((2,2),8,2):((1,?{div=8}),512,?{div=16})>>) -> !cute.shape<((2,2),8,2)>
      %shrC = cute.get_shape(%tCgC) : (!tCgC) -> !cute.shape<((2,2),4,8)>
      %tCrA = cute.mma.make_fragment(%tm, %shrA) {operand = "A"} : (!tm, !cute.shape<((2,2,2),4,2)>)
      %tCrB = cute.mma.make_fragment(%tm, %shrB) {operand = "B"} : (!tm, !cute.shape<((2,2),8,2)>)
      %tCrC = cute.mma.make_fragment(%tm, %shrC) {operand = "C"} : (!tm, !cute.shape<((2,2),4,8)>)
      %iA = cute.get_iter(%tCrA) : (!cute.memref<bf16, rmem, !cute.layout<((2,2,2),4,2):((1,2,4),8,32)>>)
      %iB = cute.get_iter(%tCrB) : (!cute.memref<bf16, rmem, !cute.layout<((2,2),8,2):((1,2),4,32)>>)
      %retile = cute.constant : !cute.layout<((8,1),4,2):((1,0),8,32)>
      %tXrA = cute.make_view(%iA, %retile) : (!cute.ptr<bf16, rmem>, !cute.layout<((8,1),4,2):((1,0),8,32)>)
      %tXrB = cute.make_view(%iB, %retile) : (!cute.ptr<bf16, rmem>, !cute.layout<((8,1),4,2):((1,0),8,32)>)
      // The accumulators start at zero: a copy from one zero (stride 0 everywhere).
      %zero = memref.alloca() : memref<1xf32>
      %f0 = arith.constant 0.0 : f32
      memref.store %f0, %zero[%c0] : memref<1xf32>
      %pz = cute.make_ptr(%zero) : (memref<1xf32>) -> !cute.ptr<f32, rmem>
      %zl = cute.constant : !cute.layout<((2,2),4,8):((0,0),0,0)>
      %zv = cute.make_view(%pz, %zl) : (!cute.ptr<f32, rmem>, !cute.layout<((2,2),4,8):((0,0),0,0)>)
      cute.copy(%zv, %tCrC) : (!zv, !rC) -> ()
      // Blocks inside M and N with K a multiple of 32 (every block but the edges, for most
      // sizes) take the loop without predicates; the others check each tile.
      %rm0 = arith.addi %bm, %c1 : index
      %rm1 = arith.muli %rm0, %c128 : index
      %inM = arith.cmpi ule, %rm1, %m : index
      %rn0 = arith.addi %bn, %c1 : index
      %rn1 = arith.muli %rn0, %c128 : index
      %inN = arith.cmpi ule, %rn1, %n : index
      %fullC = arith.andi %inM, %inN : i1
      %kr = arith.remui %k, %c32 : index
      %kWhole = arith.cmpi eq, %kr, %c0 : index
      %interior = arith.andi %fullC, %kWhole : i1
      scf.if %interior {
        // Prologue: tiles 0 and 1 in flight (one cp.async group each).
        scf.for %t = %c0 to %c2 step %c1 {
          %in = arith.cmpi ult, %t, %kTiles : index
          scf.if %in {
            %stA = arith.remui %t, %c3 : index
            %oA = arith.muli %stA, %c4096 : index
            %offA = cute.assume %oA {divisibility = 4096 : i64} : index
            %psAs = cute.add_offset(%psA, %offA) : (!sptr, index) -> !sptr
            %sAs = cute.make_view(%psAs, %sl) : (!sptr, !sl) -> !sview
            %cAt = cute.make_coord(%bm, %t) : (index, index) -> !cute.coord<(?,?)>
            %gAt = cute.local_tile(%mA, %blkK, %cAt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tAg = cute.tiled_partition(%g2s, %gAt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tAs = cute.tiled_partition(%g2s, %sAs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            cute.copy_atom_call(%g2s, %tAg, %tAs) : (!g2s, !tAg, !tAs) -> ()
            %stB = arith.remui %t, %c3 : index
            %oB = arith.muli %stB, %c4096 : index
            %offB = cute.assume %oB {divisibility = 4096 : i64} : index
            %psBs = cute.add_offset(%psB, %offB) : (!sptr, index) -> !sptr
            %sBs = cute.make_view(%psBs, %sl) : (!sptr, !sl) -> !sview
            %cBt = cute.make_coord(%bn, %t) : (index, index) -> !cute.coord<(?,?)>
            %gBt = cute.local_tile(%mB, %blkK, %cBt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tBg = cute.tiled_partition(%g2s, %gBt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tBs = cute.tiled_partition(%g2s, %sBs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            cute.copy_atom_call(%g2s, %tBg, %tBs) : (!g2s, !tAg, !tAs) -> ()
          }
          cute_nvgpu.cp_async_fence
        }
        // Main loop: wait for tile kt, start tile kt+2 into the stage tile kt-1 used, then
        // ldmatrix both k-blocks of tile kt and run the 2x4x8 mma.sync of each.
        scf.for %kt = %c0 to %kTiles step %c1 {
          cute_nvgpu.cp_async_wait 1
          gpu.barrier
          %nx = arith.addi %kt, %c2 : index
          %in = arith.cmpi ult, %nx, %kTiles : index
          scf.if %in {
            %stA = arith.remui %nx, %c3 : index
            %oA = arith.muli %stA, %c4096 : index
            %offA = cute.assume %oA {divisibility = 4096 : i64} : index
            %psAs = cute.add_offset(%psA, %offA) : (!sptr, index) -> !sptr
            %sAs = cute.make_view(%psAs, %sl) : (!sptr, !sl) -> !sview
            %cAt = cute.make_coord(%bm, %nx) : (index, index) -> !cute.coord<(?,?)>
            %gAt = cute.local_tile(%mA, %blkK, %cAt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tAg = cute.tiled_partition(%g2s, %gAt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tAs = cute.tiled_partition(%g2s, %sAs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            cute.copy_atom_call(%g2s, %tAg, %tAs) : (!g2s, !tAg, !tAs) -> ()
            %stB = arith.remui %nx, %c3 : index
            %oB = arith.muli %stB, %c4096 : index
            %offB = cute.assume %oB {divisibility = 4096 : i64} : index
            %psBs = cute.add_offset(%psB, %offB) : (!sptr, index) -> !sptr
            %sBs = cute.make_view(%psBs, %sl) : (!sptr, !sl) -> !sview
            %cBt = cute.make_coord(%bn, %nx) : (index, index) -> !cute.coord<(?,?)>
            %gBt = cute.local_tile(%mB, %blkK, %cBt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tBg = cute.tiled_partition(%g2s, %gBt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tBs = cute.tiled_partition(%g2s, %sBs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            cute.copy_atom_call(%g2s, %tBg, %tBs) : (!g2s, !tAg, !tAs) -> ()
          }
          cute_nvgpu.cp_async_fence
          %cs = arith.remui %kt, %c3 : index
          %co = arith.muli %cs, %c4096 : index
          %coff = cute.assume %co {divisibility = 4096 : i64} : index
          %cpA = cute.add_offset(%psA, %coff) : (!sptr, index) -> !sptr
          %cvA = cute.make_view(%cpA, %sl) : (!sptr, !sl) -> !sview
          %tXsA = cute.tiled_partition(%s2rA, %cvA, %tid) {operand = "S"} : (!s2rA, !sview, index) -> !tXsA
          cute.copy_atom_call(%s2rA, %tXsA, %tXrA) : (!s2rA, !tXsA, !tXr) -> ()
          %cpB = cute.add_offset(%psB, %coff) : (!sptr, index) -> !sptr
          %cvB = cute.make_view(%cpB, %sl) : (!sptr, !sl) -> !sview
          %tXsB = cute.tiled_partition(%s2rB, %cvB, %tid) {operand = "S"} : (!s2rB, !sview, index) -> !tXsB
          cute.copy_atom_call(%s2rB, %tXsB, %tXrB) : (!s2rB, !tXsB, !tXr) -> ()
          cute.gemm(%tm, %tCrC, %tCrA, %tCrB, %tCrC) : (!tm, !rC, !rA, !rB, !rC) -> ()
        }
      } else {
        // Prologue: tiles 0 and 1 in flight (one cp.async group each).
        scf.for %t = %c0 to %c2 step %c1 {
          %in = arith.cmpi ult, %t, %kTiles : index
          scf.if %in {
            %stA = arith.remui %t, %c3 : index
            %oA = arith.muli %stA, %c4096 : index
            %offA = cute.assume %oA {divisibility = 4096 : i64} : index
            %psAs = cute.add_offset(%psA, %offA) : (!sptr, index) -> !sptr
            %sAs = cute.make_view(%psAs, %sl) : (!sptr, !sl) -> !sview
            %cAt = cute.make_coord(%bm, %t) : (index, index) -> !cute.coord<(?,?)>
            %gAt = cute.local_tile(%mA, %blkK, %cAt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tAg = cute.tiled_partition(%g2s, %gAt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tAs = cute.tiled_partition(%g2s, %sAs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            // The whole tile inside A: cp.async; else element by element, zeros outside.
            %rA0 = arith.addi %bm, %c1 : index
            %rA1 = arith.muli %rA0, %c128 : index
            %inAr = arith.cmpi ule, %rA1, %m : index
            %kA0 = arith.addi %t, %c1 : index
            %kA1 = arith.muli %kA0, %c32 : index
            %inAk = arith.cmpi ule, %kA1, %k : index
            %fullA = arith.andi %inAr, %inAk : i1
            scf.if %fullA {
              cute.copy_atom_call(%g2s, %tAg, %tAs) : (!g2s, !tAg, !tAs) -> ()
            } else {
              %ccA = cute.local_tile(%cA, %blkK, %cAt) : (!cK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !cKt
              %tAc = cute.tiled_partition(%g2s, %ccA, %tid) {operand = "S"} : (!g2s, !cKt, index) -> !tAc
              scf.for %v = %c0 to %c32 step %c1 {
                %crd = cute.memref.load(%tAc, %v) : (!tAc, index) -> !cute.coord<(?,?)>
                %inside = cute.elem_less(%crd, %shA) : (!cute.coord<(?,?)>, !cute.shape<(?,?{div=8})>) -> i1
                %x = scf.if %inside -> bf16 {
                  %e = cute.memref.load(%tAg, %v) : (!tAg, index) -> bf16
                  scf.yield %e : bf16
                } else {
                  scf.yield %zbf : bf16
                }
                cute.memref.store(%x, %tAs, %v) : (bf16, !tAs, index) -> ()
              }
            }
            %stB = arith.remui %t, %c3 : index
            %oB = arith.muli %stB, %c4096 : index
            %offB = cute.assume %oB {divisibility = 4096 : i64} : index
            %psBs = cute.add_offset(%psB, %offB) : (!sptr, index) -> !sptr
            %sBs = cute.make_view(%psBs, %sl) : (!sptr, !sl) -> !sview
            %cBt = cute.make_coord(%bn, %t) : (index, index) -> !cute.coord<(?,?)>
            %gBt = cute.local_tile(%mB, %blkK, %cBt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tBg = cute.tiled_partition(%g2s, %gBt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tBs = cute.tiled_partition(%g2s, %sBs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            // The whole tile inside B: cp.async; else element by element, zeros outside.
            %rB0 = arith.addi %bn, %c1 : index
            %rB1 = arith.muli %rB0, %c128 : index
            %inBr = arith.cmpi ule, %rB1, %n : index
            %kB0 = arith.addi %t, %c1 : index
            %kB1 = arith.muli %kB0, %c32 : index
            %inBk = arith.cmpi ule, %kB1, %k : index
            %fullB = arith.andi %inBr, %inBk : i1
            scf.if %fullB {
              cute.copy_atom_call(%g2s, %tBg, %tBs) : (!g2s, !tAg, !tAs) -> ()
            } else {
              %ccB = cute.local_tile(%cB, %blkK, %cBt) : (!cK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !cKt
              %tBc = cute.tiled_partition(%g2s, %ccB, %tid) {operand = "S"} : (!g2s, !cKt, index) -> !tAc
              scf.for %v = %c0 to %c32 step %c1 {
                %crd = cute.memref.load(%tBc, %v) : (!tAc, index) -> !cute.coord<(?,?)>
                %inside = cute.elem_less(%crd, %shB) : (!cute.coord<(?,?)>, !cute.shape<(?,?{div=8})>) -> i1
                %x = scf.if %inside -> bf16 {
                  %e = cute.memref.load(%tBg, %v) : (!tAg, index) -> bf16
                  scf.yield %e : bf16
                } else {
                  scf.yield %zbf : bf16
                }
                cute.memref.store(%x, %tBs, %v) : (bf16, !tAs, index) -> ()
              }
            }
          }
          cute_nvgpu.cp_async_fence
        }
        // Main loop: wait for tile kt, start tile kt+2 into the stage tile kt-1 used, then
        // ldmatrix both k-blocks of tile kt and run the 2x4x8 mma.sync of each.
        scf.for %kt = %c0 to %kTiles step %c1 {
          cute_nvgpu.cp_async_wait 1
          gpu.barrier
          %nx = arith.addi %kt, %c2 : index
          %in = arith.cmpi ult, %nx, %kTiles : index
          scf.if %in {
            %stA = arith.remui %nx, %c3 : index
            %oA = arith.muli %stA, %c4096 : index
            %offA = cute.assume %oA {divisibility = 4096 : i64} : index
            %psAs = cute.add_offset(%psA, %offA) : (!sptr, index) -> !sptr
            %sAs = cute.make_view(%psAs, %sl) : (!sptr, !sl) -> !sview
            %cAt = cute.make_coord(%bm, %nx) : (index, index) -> !cute.coord<(?,?)>
            %gAt = cute.local_tile(%mA, %blkK, %cAt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tAg = cute.tiled_partition(%g2s, %gAt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tAs = cute.tiled_partition(%g2s, %sAs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            // The whole tile inside A: cp.async; else element by element, zeros outside.
            %rA0 = arith.addi %bm, %c1 : index
            %rA1 = arith.muli %rA0, %c128 : index
            %inAr = arith.cmpi ule, %rA1, %m : index
            %kA0 = arith.addi %nx, %c1 : index
            %kA1 = arith.muli %kA0, %c32 : index
            %inAk = arith.cmpi ule, %kA1, %k : index
            %fullA = arith.andi %inAr, %inAk : i1
            scf.if %fullA {
              cute.copy_atom_call(%g2s, %tAg, %tAs) : (!g2s, !tAg, !tAs) -> ()
            } else {
              %ccA = cute.local_tile(%cA, %blkK, %cAt) : (!cK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !cKt
              %tAc = cute.tiled_partition(%g2s, %ccA, %tid) {operand = "S"} : (!g2s, !cKt, index) -> !tAc
              scf.for %v = %c0 to %c32 step %c1 {
                %crd = cute.memref.load(%tAc, %v) : (!tAc, index) -> !cute.coord<(?,?)>
                %inside = cute.elem_less(%crd, %shA) : (!cute.coord<(?,?)>, !cute.shape<(?,?{div=8})>) -> i1
                %x = scf.if %inside -> bf16 {
                  %e = cute.memref.load(%tAg, %v) : (!tAg, index) -> bf16
                  scf.yield %e : bf16
                } else {
                  scf.yield %zbf : bf16
                }
                cute.memref.store(%x, %tAs, %v) : (bf16, !tAs, index) -> ()
              }
            }
            %stB = arith.remui %nx, %c3 : index
            %oB = arith.muli %stB, %c4096 : index
            %offB = cute.assume %oB {divisibility = 4096 : i64} : index
            %psBs = cute.add_offset(%psB, %offB) : (!sptr, index) -> !sptr
            %sBs = cute.make_view(%psBs, %sl) : (!sptr, !sl) -> !sview
            %cBt = cute.make_coord(%bn, %nx) : (index, index) -> !cute.coord<(?,?)>
            %gBt = cute.local_tile(%mB, %blkK, %cBt) : (!mK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !gK
            %tBg = cute.tiled_partition(%g2s, %gBt, %tid) {operand = "S"} : (!g2s, !gK, index) -> !tAg
            %tBs = cute.tiled_partition(%g2s, %sBs, %tid) {operand = "D"} : (!g2s, !sview, index) -> !tAs
            // The whole tile inside B: cp.async; else element by element, zeros outside.
            %rB0 = arith.addi %bn, %c1 : index
            %rB1 = arith.muli %rB0, %c128 : index
            %inBr = arith.cmpi ule, %rB1, %n : index
            %kB0 = arith.addi %nx, %c1 : index
            %kB1 = arith.muli %kB0, %c32 : index
            %inBk = arith.cmpi ule, %kB1, %k : index
            %fullB = arith.andi %inBr, %inBk : i1
            scf.if %fullB {
              cute.copy_atom_call(%g2s, %tBg, %tBs) : (!g2s, !tAg, !tAs) -> ()
            } else {
              %ccB = cute.local_tile(%cB, %blkK, %cBt) : (!cK, !cute.shape<(128,32)>, !cute.coord<(?,?)>) -> !cKt
              %tBc = cute.tiled_partition(%g2s, %ccB, %tid) {operand = "S"} : (!g2s, !cKt, index) -> !tAc
              scf.for %v = %c0 to %c32 step %c1 {
                %crd = cute.memref.load(%tBc, %v) : (!tAc, index) -> !cute.coord<(?,?)>
                %inside = cute.elem_less(%crd, %shB) : (!cute.coord<(?,?)>, !cute.shape<(?,?{div=8})>) -> i1
                %x = scf.if %inside -> bf16 {
                  %e = cute.memref.load(%tBg, %v) : (!tAg, index) -> bf16
                  scf.yield %e : bf16
                } else {
                  scf.yield %zbf : bf16
                }
                cute.memref.store(%x, %tBs, %v) : (bf16, !tAs, index) -> ()
              }
            }
          }
          cute_nvgpu.cp_async_fence
          %cs = arith.remui %kt, %c3 : index
          %co = arith.muli %cs, %c4096 : index
          %coff = cute.assume %co {divisibility = 4096 : i64} : index
          %cpA = cute.add_offset(%psA, %coff) : (!sptr, index) -> !sptr
          %cvA = cute.make_view(%cpA, %sl) : (!sptr, !sl) -> !sview
          %tXsA = cute.tiled_partition(%s2rA, %cvA, %tid) {operand = "S"} : (!s2rA, !sview, index) -> !tXsA
          cute.copy_atom_call(%s2rA, %tXsA, %tXrA) : (!s2rA, !tXsA, !tXr) -> ()
          %cpB = cute.add_offset(%psB, %coff) : (!sptr, index) -> !sptr
          %cvB = cute.make_view(%cpB, %sl) : (!sptr, !sl) -> !sview
          %tXsB = cute.tiled_partition(%s2rB, %cvB, %tid) {operand = "S"} : (!s2rB, !sview, index) -> !tXsB
          cute.copy_atom_call(%s2rB, %tXsB, %tXrB) : (!s2rB, !tXsB, !tXr) -> ()
          cute.gemm(%tm, %tCrC, %tCrA, %tCrB, %tCrC) : (!tm, !rC, !rA, !rB, !rC) -> ()
        }
      }
      // Epilogue: the accumulators to C; at the edge, each value under its coordinate's
      // predicate, from a copy of them (indexed at run time there, so the accumulators
      // themselves are only ever indexed by constants and stay in registers).
      scf.if %fullC {
        cute.copy(%tCrC, %tCgC) : (!rC, !tCgC) -> ()
      } else {
        %ccC = cute.local_tile(%cC, %blkC, %cC2) : (!cC, !cute.shape<(128,128)>, !cute.coord<(?,?)>) -> !cCt
        %tCc = cute.tiled_partition(%tm, %ccC, %tid) {operand = "C"} : (!tm, !cCt, index) -> !tCc
        %edge = cute.make_fragment_like(%tCrC) : (!rC) -> !rC
        cute.copy(%tCrC, %edge) : (!rC, !rC) -> ()
        scf.for %v = %c0 to %c128 step %c1 {
          %crd = cute.memref.load(%tCc, %v) : (!tCc, index) -> !cute.coord<(?,?)>
          %inside = cute.elem_less(%crd, %shC) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
          scf.if %inside {
            %x = cute.memref.load(%edge, %v) : (!rC, index) -> f32
            cute.memref.store(%x, %tCgC, %v) : (f32, !tCgC, index) -> ()
          }
        }
      }
      gpu.return
    }
  }
}
