// A tiled copy whose every address comes from cute IR (docs/gpu.md): an (M,N) row-major
// f32 matrix `in` is copied to the column-major `out` through shared memory. Each block of
// 128 threads takes a 128x64 tile (local_tile): the threads, 8x16 row-major so that
// neighbours read neighbouring columns, copy it into a Sw<3,4,3>-swizzled shared tile
// (tile_to_shape of an 8x64 atom), then, 16x8 column-major so that neighbours write
// neighbouring rows, copy it out. The identity tensor, tiled and partitioned the same way,
// gives each element's coordinate; comparing it with (M,N) predicates the ragged edge.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %m: index, %n: index)
        workgroup(%smem: memref<8192xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %bm = gpu.block_id x
      %bn = gpu.block_id y
      %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
      %rowStride = cute.make_stride(%n, %c1) : (index, index) -> !cute.stride<(?,1)>
      %rowMajor = cute.make_layout(%shape, %rowStride) : (!cute.shape<(?,?)>, !cute.stride<(?,1)>)
      %colMajor = cute.make_layout(%shape) : (!cute.shape<(?,?)>)
      %pin = cute.make_ptr(%in) : (memref<?xf32>) -> !cute.ptr<f32, gmem>
      %pout = cute.make_ptr(%out) : (memref<?xf32>) -> !cute.ptr<f32, gmem>
      %psm = cute.make_ptr(%smem) : (memref<8192xf32, #gpu.address_space<workgroup>>) -> !cute.ptr<f32, smem>
      %gIn = cute.make_view(%pin, %rowMajor) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(?,1)>)
      %gOut = cute.make_view(%pout, %colMajor) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(1,?)>)
      // The shared tile: Sw<3,4,3> o 0 o (8,64):(64,1) tiled to 128x64.
      %smemLayout = cute.constant : !cute.composed_layout<Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))>
      %sTile = cute.make_view(%psm, %smemLayout) : (!cute.ptr<f32, smem>, !cute.composed_layout<Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))>)
      // Block (bm, bn) of the matrix, of its coordinates, and the tile's own coordinates.
      %block = cute.constant : !cute.shape<(128,64)>
      %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
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
          cute.memref.store(%x, %sTile, %at) : (f32, !cute.memref<f32, smem, !cute.composed_layout<Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))>>, !cute.coord<(?,?)>) -> ()
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
          %x = cute.memref.load(%sTile, %at) : (!cute.memref<f32, smem, !cute.composed_layout<Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))>>, !cute.coord<(?,?)>) -> f32
          cute.memref.store(%x, %wG, %v) : (f32, !cute.memref<f32, gmem, !cute.layout<(8,8):(16,?)>>, index) -> ()
        }
      }
      gpu.return
    }
  }
}
