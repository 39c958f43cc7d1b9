// Thread-value gather (docs/gpu.md): the C partition of CuTe's SM80 16x8x16 MMA, its
// thread-value layout written as data, ((4,8),(2,2)):((32,1),(16,8)) (CuTe's
// MMA_Traits<SM80_16x8x16_F16F16F16F16_TN>::CLayout: (thread, value) -> the offset in the
// column-major 16x8 tile). Each block of 32 threads takes one 16x8 tile of the
// column-major (M,N) matrix `out`; thread t writes t*4+v to the element its value v owns,
// through the tile composed with the thread-value layout. The identity tensor composed the
// same way predicates the ragged edge.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tv_gather(%out: memref<?xf32>, %m: index, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %bm = gpu.block_id x
      %bn = gpu.block_id y
      %shape = cute.make_shape(%m, %n) : (index, index) -> !cute.shape<(?,?)>
      %colMajor = cute.make_layout(%shape) : (!cute.shape<(?,?)>)
      %p = cute.make_ptr(%out) : (memref<?xf32>) -> !cute.ptr<f32, gmem>
      %g = cute.make_view(%p, %colMajor) : (!cute.ptr<f32, gmem>, !cute.layout<(?,?):(1,?)>)
      %tile = cute.constant : !cute.shape<(16,8)>
      %bc = cute.make_coord(%bm, %bn) : (index, index) -> !cute.coord<(?,?)>
      %gB = cute.local_tile(%g, %tile, %bc) : (!cute.memref<f32, gmem, !cute.layout<(?,?):(1,?)>>, !cute.shape<(16,8)>, !cute.coord<(?,?)>)
      %origin = cute.constant : !cute.coord<(0,0)>
      %id = cute.make_identity_tensor(%shape) : (!cute.shape<(?,?)>)
      %cAll = cute.make_view(%origin, %id) : (!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>)
      %cB = cute.local_tile(%cAll, %tile, %bc) : (!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(?,?):(1@0,1@1)>>, !cute.shape<(16,8)>, !cute.coord<(?,?)>)
      // The C thread-value layout of SM80_16x8x16 (as data, until the atoms issue).
      %tv = cute.constant : !cute.layout<((4,8),(2,2)):((32,1),(16,8))>
      %gTV = cute.composition(%gB, %tv) : (!cute.memref<f32, gmem, !cute.layout<(16,8):(1,?)>>, !cute.layout<((4,8),(2,2)):((32,1),(16,8))>)
      %cTV = cute.composition(%cB, %tv) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<(16,8):(1@0,1@1)>>, !cute.layout<((4,8),(2,2)):((32,1),(16,8))>)
      scf.for %v = %c0 to %c4 step %c1 {
        %tv_crd = cute.make_coord(%tid, %v) : (index, index) -> !cute.coord<(?,?)>
        %crd = cute.memref.load(%cTV, %tv_crd) : (!cute.coord_tensor<!cute.coord<(?,?)>, !cute.layout<((4,8),(2,2)):((2@1,1@0),(1@1,8@0))>>, !cute.coord<(?,?)>) -> !cute.coord<(?,?)>
        %inside = cute.elem_less(%crd, %shape) : (!cute.coord<(?,?)>, !cute.shape<(?,?)>) -> i1
        scf.if %inside {
          %t4 = arith.muli %tid, %c4 : index
          %id4 = arith.addi %t4, %v : index
          %i64 = arith.index_cast %id4 : index to i64
          %x = arith.sitofp %i64 : i64 to f32
          cute.memref.store(%x, %gTV, %tv_crd) : (f32, !cute.memref<f32, gmem, !cute.layout<((4,8),(2,2)):((?,1),(?,8))>>, !cute.coord<(?,?)>) -> ()
        }
      }
      gpu.return
    }
  }
}
