// A transposing copy whose every address comes from cute IR (docs/gpu.md): an (M,N)
// row-major f32 matrix `in` is copied to the column-major `out` through shared memory.
// Each block of 128 threads takes a 128x64 tile (local_tile) and stages it in a
// Sw<3,2,6>-swizzled shared tile (row-major, 64 floats a row; the swizzle keeps runs of 4
// floats and spreads a column's rows over the banks).
//
// Full tiles of a matrix whose extents are multiples of 4 take the vectorized path: a
// tiled copy of 8x16 threads, 1x4 values each, moves the tile into shared memory (16-byte
// global loads and shared stores: cute.copy vectorizes where both parts keep runs of 4
// aligned floats, proven from the layouts, the swizzle and the divisibility facts); a
// tiled copy of 8x16 column-major threads, 4x1 values each, reads 4 rows of a column from
// shared memory into registers and writes them to the column-major output as one
// 16-byte store. The pointers' 16-byte alignment is stated (cute.make_ptr) and checked.
//
// Other tiles (the ragged edge, or extents that are not multiples of 4) take the
// predicated path: element by element, the identity tensor, tiled and partitioned the
// same way, gives each element's coordinate, and cute.elem_less against (M,N) predicates.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %m: index, %n: index)
        workgroup(%smem: memref<8192xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %bm = gpu.block_id x
      %bn = gpu.block_id y
      %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
      %psm = cute.make_ptr(%smem) : (memref<8192xf32, #gpu.address_space<workgroup>>) -> !cute.ptr<f32, smem, align<16>>
      %smemLayout = cute.constant : !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>
      %sTile = cute.make_view(%psm, %smemLayout) : (!cute.ptr<f32, smem, align<16>>, !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>)
      %block = cute.constant : !cute.shape<(128,64)>
      %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
      // The vectorized path: a full tile, M and N multiples of 4.
      %endM = arith.muli %bm, %c128 : index
      %endM1 = arith.addi %endM, %c128 : index
      %endN = arith.muli %bn, %c64 : index
      %endN1 = arith.addi %endN, %c64 : index
      %fullM = arith.cmpi ule, %endM1, %m : index
      %fullN = arith.cmpi ule, %endN1, %n : index
      %lowM = arith.andi %m, %c3 : index
      %lowN = arith.andi %n, %c3 : index
      %lows = arith.ori %lowM, %lowN : index
      %by4 = arith.cmpi eq, %lows, %c0 : index
      %full = arith.andi %fullM, %fullN : i1
      %fast = arith.andi %full, %by4 : i1
      scf.if %fast {
        %n4 = cute.assume %n {divisibility = 4 : i64} : index
        %m4 = cute.assume %m {divisibility = 4 : i64} : index
        %shape4 = cute.make_shape(%m4, %n4) : (index, index) -> !cute.shape<(?{div=4},?{div=4})>
        %rs4 = cute.make_stride(%n4, %c1) : (index, index) -> !cute.stride<(?{div=4},1)>
        %row4 = cute.make_layout(%shape4, %rs4) : (!cute.shape<(?{div=4},?{div=4})>, !cute.stride<(?{div=4},1)>)
        %col4 = cute.make_layout(%shape4) : (!cute.shape<(?{div=4},?{div=4})>)
        %pin = cute.make_ptr(%in) : (memref<?xf32>) -> !cute.ptr<f32, gmem, align<16>>
        %pout = cute.make_ptr(%out) : (memref<?xf32>) -> !cute.ptr<f32, gmem, align<16>>
        %gIn = cute.make_view(%pin, %row4) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(?{div=4},?{div=4}):(?{div=4},1)>)
        %gOut = cute.make_view(%pout, %col4) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<(?{div=4},?{div=4}):(1,?{div=4})>)
        %gInB = cute.local_tile(%gIn, %block, %bc) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(?{div=4},?{div=4}):(?{div=4},1)>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
        %gOutB = cute.local_tile(%gOut, %block, %bc) : (!cute.memref<f32, gmem, align<16>, !cute.layout<(?{div=4},?{div=4}):(1,?{div=4})>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
        %atom = cute.make_atom() : () -> !cute.copy_atom<"UniversalCopy<uint128_t>", f32>
        // Global to shared: 8x16 threads (row-major), 4 consecutive floats each.
        %thrR = cute.constant : !cute.layout<(8,16):(16,1)>
        %valR = cute.constant : !cute.layout<(1,4):(0,1)>
        %tcR = cute.make_tiled_copy(%atom, %thrR, %valR) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(8,16):(16,1)>, !cute.layout<(1,4):(0,1)>)
        %rS = cute.tiled_partition(%tcR, %gInB, %tid) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<((16,8),4):((32,1),8)>, !cute.shape<(8,64)>>, !cute.memref<f32, gmem, align<16>, !cute.layout<(128,64):(?{div=4},1)>>, index)
        %rD = cute.tiled_partition(%tcR, %sTile, %tid) {operand = "D"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<((16,8),4):((32,1),8)>, !cute.shape<(8,64)>>, !cute.memref<f32, smem, align<16>, !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>>, index)
        cute.copy(%rS, %rD) : (!cute.memref<f32, gmem, align<16>, !cute.layout<((4,1),16,1):((1,0),?{div=32},0)>>, !cute.memref<f32, smem, align<16>, !cute.layout<((4,1),(2,2,4),1):((1,0),(?{div=8},?{div=16},2048),0)>>) -> ()
        gpu.barrier
        // Shared to global: 8x16 threads (column-major), 4 consecutive rows of a column each,
        // through a 16-byte-aligned register fragment.
        %thrW = cute.constant : !cute.layout<(8,16):(1,8)>
        %valW = cute.constant : !cute.layout<(4,1):(1,0)>
        %tcW = cute.make_tiled_copy(%atom, %thrW, %valW) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(8,16):(1,8)>, !cute.layout<(4,1):(1,0)>)
        %wS = cute.tiled_partition(%tcW, %sTile, %tid) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(128,4):(4,1)>, !cute.shape<(32,16)>>, !cute.memref<f32, smem, align<16>, !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>>, index)
        %wD = cute.tiled_partition(%tcW, %gOutB, %tid) {operand = "D"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f32>, !cute.layout<(128,4):(4,1)>, !cute.shape<(32,16)>>, !cute.memref<f32, gmem, align<16>, !cute.layout<(128,64):(1,?{div=4})>>, index)
        %regs = memref.alloca() {alignment = 16 : i64} : memref<64xf32>
        %preg = cute.make_ptr(%regs) : (memref<64xf32>) -> !cute.ptr<f32, rmem, align<16>>
        %fragLayout = cute.constant : !cute.layout<((4,1),4,4):((1,0),4,16)>
        %frag = cute.make_view(%preg, %fragLayout) : (!cute.ptr<f32, rmem, align<16>>, !cute.layout<((4,1),4,4):((1,0),4,16)>)
        cute.copy(%wS, %frag) : (!cute.memref<f32, smem, !cute.layout<((4,1),4,(2,2)):((64,0),2048,(?{div=16},32))>>, !cute.memref<f32, rmem, align<16>, !cute.layout<((4,1),4,4):((1,0),4,16)>>) -> ()
        cute.copy(%frag, %wD) : (!cute.memref<f32, rmem, align<16>, !cute.layout<((4,1),4,4):((1,0),4,16)>>, !cute.memref<f32, gmem, align<16>, !cute.layout<((4,1),4,4):((1,0),32,?{div=64})>>) -> ()
      } else {
        %rowStride = cute.make_stride(%n, %c1) : (index, index) -> !cute.stride<(?,1)>
        %rowMajor = cute.make_layout(%shape, %rowStride) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
        %colMajor = cute.make_layout(%shape) : (!cute.shape<(?,?)>)
        %pin = cute.make_ptr(%in) : (memref<?xf32>) -> !cute.ptr<f32, gmem>
        %pout = cute.make_ptr(%out) : (memref<?xf32>) -> !cute.ptr<f32, gmem>
        %gIn = cute.make_view(%pin, %rowMajor) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(?,1)>)
        %gOut = cute.make_view(%pout, %colMajor) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(1,?)>)
        %gInB = cute.local_tile(%gIn, %block, %bc) : (!cute.memref<f32, gmem, !cute.layout<(?,?):(?,1)>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
        %gOutB = cute.local_tile(%gOut, %block, %bc) : (!cute.memref<f32, gmem, !cute.layout<(?,?):(1,?)>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
        %origin = cute.constant : !cute.coord<(0,0)>
        %id = cute.make_identity_tensor(%shape) : (!cute.shape<(?,?)>)
        %cAll = cute.make_view(%origin, %id) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>)
        %cB = cute.local_tile(%cAll, %block, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>, !cute.shape<(128,64)>, !cute.coord<(?,?)>)
        %tileId = cute.constant : !cute.layout<(128,64):(1@0,1@1)>
        %cTile = cute.make_view(%origin, %tileId) : (!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>)
        // Global to shared: 8x16 threads, row-major; each thread holds 16x4 elements.
        %readThreads = cute.constant : !cute.layout<(8,16):(16,1)>
        %rG = cute.local_partition(%gInB, %readThreads, %tid) : (!cute.memref<f32, gmem, !cute.layout<(128,64):(?,1)>>, !cute.layout<(8,16):(16,1)>, index)
        %rC = cute.local_partition(%cB, %readThreads, %tid) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,64):(1@0,1@1)>>, !cute.layout<(8,16):(16,1)>, index)
        %rT = cute.local_partition(%cTile, %readThreads, %tid) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>>, !cute.layout<(8,16):(16,1)>, index)
        scf.for %v = %c0 to %c64 step %c1 {
          %crd = cute.memref.load(%rC, %v) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(16,4):(8@0,16@1)>>, index) -> !cute.coord<(?,?)>
          %inside = cute.elem_less(%crd, %shape) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
          scf.if %inside {
            %x = cute.memref.load(%rG, %v) : (!cute.memref<f32, gmem, !cute.layout<(16,4):(?,16)>>, index) -> f32
            %at = cute.memref.load(%rT, %v) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(16,4):(8@0,16@1)>>, index) -> !cute.coord<(?,?)>
            cute.memref.store(%x, %sTile, %at) : (f32, !cute.memref<f32, smem, align<16>, !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>>, !cute.coord<(?,?)>) -> ()
          }
        }
        gpu.barrier

        // Shared to global: 16x8 threads, column-major; each thread holds 8x8 elements.
        %writeThreads = cute.constant : !cute.layout<(16,8):(1,16)>
        %wG = cute.local_partition(%gOutB, %writeThreads, %tid) : (!cute.memref<f32, gmem, !cute.layout<(128,64):(1,?)>>, !cute.layout<(16,8):(1,16)>, index)
        %wC = cute.local_partition(%cB, %writeThreads, %tid) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(128,64):(1@0,1@1)>>, !cute.layout<(16,8):(1,16)>, index)
        %wT = cute.local_partition(%cTile, %writeThreads, %tid) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(128,64):(1@0,1@1)>>, !cute.layout<(16,8):(1,16)>, index)
        scf.for %v = %c0 to %c64 step %c1 {
          %crd = cute.memref.load(%wC, %v) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(8,8):(16@0,8@1)>>, index) -> !cute.coord<(?,?)>
          %inside = cute.elem_less(%crd, %shape) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
          scf.if %inside {
            %at = cute.memref.load(%wT, %v) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(8,8):(16@0,8@1)>>, index) -> !cute.coord<(?,?)>
            %x = cute.memref.load(%sTile, %at) : (!cute.memref<f32, smem, align<16>, !cute.composed_layout<Sw<3,2,6> o 0 o (128,64):(64,1)>>, !cute.coord<(?,?)>) -> f32
            cute.memref.store(%x, %wG, %v) : (f32, !cute.memref<f32, gmem, !cute.layout<(8,8):(16,?)>>, index) -> ()
          }
        }
      }
      gpu.return
    }
  }
}
