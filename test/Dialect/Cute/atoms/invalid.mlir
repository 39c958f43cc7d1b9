// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// REQUIRES: cute-opt
// Atoms (docs/dialect.md#atoms): every diagnostic of the atom types, the builders, the
// tiled partition (the tiled-partition verifier's phases in order), cute.mma.make_fragment
// (verify_mma_fragment of the specification, check by check) and the atom calls; one split each.

// expected-error @+1 {{unknown MMA atom SM99_1x1x1 (known: SM80_16x8x16_F16F16F16F16_TN}}
func.func private @type_unknown_mma(%a: !cute.mma_atom<"SM99_1x1x1", f16, f16, f16>)

// -----

// expected-error @+1 {{cannot check the thread-value layout '!cute.layout<(4611686018427387904,8):(2,4611686018427387904)>' against the tile: int64 overflow}}
func.func private @type_tiled_copy_overflow(%a: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(4611686018427387904,8):(2,4611686018427387904)>, !cute.shape<(4,4)>>)

// -----

// expected-error @+1 {{TiledCopy uses too few vals for selected CopyAtom: 4 values a thread in (256,4):(4,1) are not a multiple of UniversalCopy<uint128_t>'s 8}}
func.func private @type_tiled_copy_values(%a: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(256,4):(4,1)>, !cute.shape<(32,32)>>)

// -----

// expected-error @+1 {{expects value types that are integers or floats, but got 'index'}}
func.func private @type_mma_value_kind(%a: !cute.mma_atom<"UniversalFMA", index, index, index>)

// -----

// expected-error @+1 {{expects the value type of C of SM80_16x8x16_F32F16F16F32_TN to be CuTe's float, but got 'f16'}}
func.func private @type_mma_value_type(%a: !cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f16>)

// -----

// expected-error @+1 {{expects a value type that is an integer or a float, but got 'index'}}
func.func private @type_copy_value_kind(%a: !cute.copy_atom<"UniversalCopy<uint32_t>", index>)

// -----

// expected-error @+1 {{SM90_TMA_LOAD}}
func.func private @type_copy_unknown(%a: !cute.copy_atom<"SM90_TMA_LOAD", f16>)

// -----

// expected-error @+1 {{expects an MMA atom, but got}}
func.func private @type_tiled_mma_atom(%a: !cute.tiled_mma<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(2,2,1):(1,2,0)>>)

// -----

// expected-error @+1 {{expects a static layout of atoms, but got '!cute.layout<(?,2,1):(1,?,0)>'}}
func.func private @type_tiled_mma_layout(%a: !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(?,2,1):(1,?,0)>>)

// -----

// expected-error @+1 {{expects a static tile as the permutation of M, N and K, but got '!cute.shape<(32,32,16)>'}}
func.func private @type_tiled_mma_permutation(%a: !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>, !cute.shape<(32,32,16)>>)

// -----

// expected-error @+1 {{cannot tile}}
func.func private @type_tiled_mma_core(%a: !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1,2):(1,2,0,4)>>)

// -----

// expected-error @+1 {{expects a copy atom, but got}}
func.func private @type_tiled_copy_atom(%a: !cute.tiled_copy<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>)

// -----

// expected-error @+1 {{expects a static (thread, value) layout of rank 2, but got '!cute.layout<(256,8,1):(1,256,0)>'}}
func.func private @type_tiled_copy_tv(%a: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(256,8,1):(1,256,0)>, !cute.shape<(32,64)>>)

// -----

// expected-error @+1 {{expects a static shape as the tile, but got '!cute.layout<(32,64):(1,32)>'}}
func.func private @type_tiled_copy_tiler(%a: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.layout<(32,64):(1,32)>>)

// -----

// expected-error @+1 {{TiledCopy uses too few thrs for selected CopyAtom: 16 threads in (16,8):(8,1) are not a multiple of SM75_U32x4_LDSM_N's 32}}
func.func private @type_tiled_copy_threads(%a: !cute.tiled_copy<!cute.copy_atom<"SM75_U32x4_LDSM_N", f16>, !cute.layout<(16,8):(8,1)>, !cute.shape<(16,8)>>)

// -----

// expected-error @+1 {{expects the thread-value layout's offsets inside the tile '!cute.shape<(32,32)>', but '!cute.layout<((8,32),8):((256,1),32)>' reaches 2048}}
func.func private @type_tiled_copy_span(%a: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,32)>>)

// -----

func.func @make_atom_not_atom() {
  // expected-error @+1 {{'cute.make_atom' op expects an atom type (!cute.mma_atom, !cute.copy_atom or a target's atom), but got '!cute.layout<(2,2):(1,2)>'}}
  %a = cute.make_atom() : () -> !cute.layout<(2,2):(1,2)>
  return
}

// -----

func.func @make_atom_tiled() {
  // expected-error @+1 {{'cute.make_atom' op expects an atom type}}
  %a = cute.make_atom() : () -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_not_mma(%c: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %l: !cute.layout<(2,2,1):(1,2,0)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op expects an MMA atom (a type with the MMA atom interface), but got '!cute.copy_atom<"UniversalCopy<uint128_t>", f16>'}}
  %t = cute.make_tiled_mma(%c, %l) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(2,2,1):(1,2,0)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_result(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %l: !cute.layout<(2,2,1):(1,2,0)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op expects a tiled MMA result (!cute.tiled_mma), but got}}
  %t = cute.make_tiled_mma(%m, %l) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>) -> !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>
  return
}

// -----

func.func @tiled_mma_atom_type(%m: !cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f32>, %l: !cute.layout<(2,2,1):(1,2,0)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op expects the result's atom type '!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>' to be the operand's '!cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f32>'}}
  %t = cute.make_tiled_mma(%m, %l) : (!cute.mma_atom<"SM80_16x8x16_F32F16F16F32_TN", f16, f16, f32>, !cute.layout<(2,2,1):(1,2,0)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_layout(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %l: !cute.layout<(?,2,1):(1,?,0)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op expects a static layout of atoms, but got '!cute.layout<(?,2,1):(1,?,0)>'}}
  %t = cute.make_tiled_mma(%m, %l) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(?,2,1):(1,?,0)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_permutation(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %l: !cute.layout<(2,2,1):(1,2,0)>, %p: !cute.shape<(32,32,16)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op expects a static tile as the permutation of M, N and K, but got '!cute.shape<(32,32,16)>'}}
  %t = cute.make_tiled_mma(%m, %l, %p) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>, !cute.shape<(32,32,16)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_core(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %l: !cute.layout<(2,2,1,2):(1,2,0,4)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op cannot tile '!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>'}}
  %t = cute.make_tiled_mma(%m, %l) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1,2):(1,2,0,4)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_mma_mismatch(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %l: !cute.layout<(4,1,1):(1,0,0)>) {
  // expected-error @+1 {{'cute.make_tiled_mma' op result type '!cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>' does not match the inferred type '!cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(4,1,1):(1,0,0)>>'}}
  %t = cute.make_tiled_mma(%m, %l) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(4,1,1):(1,0,0)>) -> !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>
  return
}

// -----

func.func @tiled_copy_not_copy(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects a copy atom (a type with the copy atom interface), but got '!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>'}}
  %c = cute.make_tiled_copy(%m, %t, %v) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_result(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects a tiled copy result (!cute.tiled_copy), but got '!cute.layout<(32,8):(8,1)>'}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.layout<(32,8):(8,1)>
  return
}

// -----

func.func @tiled_copy_atom_type(%a: !cute.copy_atom<"UniversalCopy<uint64_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects the result's atom type '!cute.copy_atom<"UniversalCopy<uint128_t>", f16>' to be the operand's '!cute.copy_atom<"UniversalCopy<uint64_t>", f16>'}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint64_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_one_layout(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects a tiled MMA (!cute.tiled_mma) or thread and value layouts, but got '!cute.layout<(32,8):(8,1)>'}}
  %c = cute.make_tiled_copy(%a, %t) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_no_operand(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %m: !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects `operand` "A", "B" or "C" with a tiled MMA}}
  %c = cute.make_tiled_copy(%a, %m) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_operand_with_layouts(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects no `operand` with thread and value layouts}}
  %c = cute.make_tiled_copy(%a, %t, %v) {operand = "A"} : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_dynamic(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,?):(?,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects static thread and value layouts, but got '!cute.layout<(32,?):(?,1)>'}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,?):(?,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_count(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op expects a tiled MMA, or thread and value layouts, after the atom, but got 3 operands}}
  %c = cute.make_tiled_copy(%a, %t, %v, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,8):(0,1)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_core(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,3):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op TiledCopy uses too few vals for selected CopyAtom: 3 values a thread in ((8,32),3):((96,1),32) are not a multiple of UniversalCopy<uint128_t>'s 8}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,3):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @tiled_copy_mismatch(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(1,32)>, %v: !cute.layout<(1,8):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op result type '!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>' does not match the inferred type}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(1,32)>, !cute.layout<(1,8):(0,1)>) -> !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>
  return
}

// -----

func.func @partition_not_tiled(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects a tiled copy or a tiled MMA (!cute.tiled_copy, !cute.tiled_mma), but got '!cute.copy_atom<"UniversalCopy<uint128_t>", f16>'}}
  %p = cute.tiled_partition(%a, %g, %t) {operand = "S"} : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_operand(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects `operand` "S" or "D" for '!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>'}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "A"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_mma_operand(%m: !cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects `operand` "A", "B" or "C" for '!cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>'}}
  %p = cute.tiled_partition(%m, %g, %t) {operand = "S"} : (!cute.tiled_mma<!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<(2,2,1):(1,2,0)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_missing_operand(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op requires attribute 'operand'}}
  %p = cute.tiled_partition(%c, %g, %t) : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_input(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %s: !cute.shape<(128,64)>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects a layout, a view or a coordinate tensor to partition, but got '!cute.shape<(128,64)>'}}
  %p = cute.tiled_partition(%c, %s, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.shape<(128,64)>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_thread(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: f32) {
  // expected-error @+1 {{'cute.tiled_partition' op expects a thread index (an integer), but got 'f32'}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, f32) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_rank(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<8192:1>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects same size in rank 2 but got srcShape: (32,64) and dstShape: 8192}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<8192:1>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_divisible(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(100,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op expects same size in rank 0 but got srcShape: (100,64) and tileShape: (32,64)}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(100,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_thread_range(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>) {
  %t = arith.constant 256 : index
  // expected-error @+1 {{'cute.tiled_partition' op cannot partition (128,64):(64,1): thread 256 is outside the tiled copy's 256 threads}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// -----

func.func @partition_result(%c: !cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, %g: !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, %t: index) {
  // expected-error @+1 {{'cute.tiled_partition' op result type '!cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),64,0)>>' does not match the inferred type '!cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>'}}
  %p = cute.tiled_partition(%c, %g, %t) {operand = "S"} : (!cute.tiled_copy<!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<((8,32),8):((256,1),32)>, !cute.shape<(32,64)>>, !cute.memref<f16, gmem, !cute.layout<(128,64):(64,1)>>, index) -> !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),64,0)>>
  return
}

// -----

func.func @fragment_operand(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects `operand` "A", "B" or "C" (an MMA operand), but got "S"}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "S"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @fragment_atom(%m: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %p: !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects an MMA atom (a type with the MMA atom interface), but got '!cute.copy_atom<"UniversalCopy<uint128_t>", f16>'}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @fragment_source(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a view (!cute.memref) or a shape as the source, but got '!cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>'}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @fragment_source_swizzled(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o ((2,2,2),2,2):((64,8,512),32,1024)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a view over a plain layout, but got '!cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o ((2,2,2),2,2):((64,8,512),32,1024)>>'}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, smem, !cute.composed_layout<Sw<3,4,3> o 0 o ((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @fragment_rank(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.memref<f16, smem, !cute.layout<(8,4):(1,8)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a partitioned source of rank at least 3 (values, then the tile's modes), but got rank 2}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, smem, !cute.layout<(8,4):(1,8)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @fragment_dynamic_vector(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %s: !cute.shape<(?,2,2)>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a static vector mode (mode 0), but got ?}}
  %f = cute.mma.make_fragment(%m, %s) {operand = "C"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.shape<(?,2,2)>) -> !cute.memref<f16, rmem, !cute.layout<(?,2,2):(1,?,?)>>
  return
}

// -----

func.func @fragment_vector_size(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %s: !cute.shape<(8,2,2)>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a vector mode of 4 values (the atom's per thread of C), but got 8}}
  %f = cute.mma.make_fragment(%m, %s) {operand = "C"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.shape<(8,2,2)>) -> !cute.memref<f16, rmem, !cute.layout<(8,2,2):(1,8,16)>>
  return
}

// -----

func.func @fragment_result(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op result type '!cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),16,8)>>' does not match the inferred type '!cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>'}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f16, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),16,8)>>
  return
}

// -----

func.func @fragment_element(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %p: !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) {
  // expected-error @+1 {{'cute.mma.make_fragment' op expects a view over '!cute.ptr<f16, rmem>', but got '!cute.memref<f32, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>'}}
  %f = cute.mma.make_fragment(%m, %p) {operand = "A"} : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, smem, !cute.layout<((2,2,2),2,2):((64,8,512),32,1024)>>) -> !cute.memref<f32, rmem, !cute.layout<((2,2,2),2,2):((1,2,4),8,16)>>
  return
}

// -----

func.func @copy_call_atom(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %s: !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, %d: !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) {
  // expected-error @+1 {{'cute.copy_atom_call' op expects a copy atom (a type with the copy atom interface), but got '!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>'}}
  cute.copy_atom_call(%m, %s, %d) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) -> ()
  return
}

// -----

func.func @copy_call_src(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %s: !cute.layout<8:1>, %d: !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) {
  // expected-error @+1 {{'cute.copy_atom_call' op expects `src` to be a view (!cute.memref), but got '!cute.layout<8:1>'}}
  cute.copy_atom_call(%a, %s, %d) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<8:1>, !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) -> ()
  return
}

// -----

func.func @copy_call_element(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %s: !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, %d: !cute.memref<f32, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) {
  // expected-error @+1 {{'cute.copy_atom_call' op expects `dst` to hold the atom's 'f16', but got 'f32'}}
  cute.copy_atom_call(%a, %s, %d) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, !cute.memref<f32, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) -> ()
  return
}

// -----

func.func @copy_call_src_values(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %s: !cute.memref<f16, gmem, !cute.layout<(4,8):(1,4)>>, %d: !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) {
  // expected-error @+1 {{'cute.copy_atom_call' op expects `src` to hold the atom's 8 values per thread in its first mode, but got 4}}
  cute.copy_atom_call(%a, %s, %d) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, gmem, !cute.layout<(4,8):(1,4)>>, !cute.memref<f16, rmem, !cute.layout<((8,1),4,1):((1,0),8,0)>>) -> ()
  return
}

// -----

func.func @copy_call_dst_values(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %s: !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, %d: !cute.memref<f16, rmem, !cute.layout<(2,4):(1,2)>>) {
  // expected-error @+1 {{'cute.copy_atom_call' op expects `dst` to hold the atom's 8 values per thread in its first mode, but got 2}}
  cute.copy_atom_call(%a, %s, %d) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, gmem, !cute.layout<((8,1),4,1):((1,0),2048,0)>>, !cute.memref<f16, rmem, !cute.layout<(2,4):(1,2)>>) -> ()
  return
}

// -----

func.func @mma_call_atom(%c: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %d: !cute.memref<f16, rmem, !cute.layout<4:1>>, %a: !cute.memref<f16, rmem, !cute.layout<8:1>>, %b: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  // expected-error @+1 {{'cute.mma_atom_call' op expects an MMA atom (a type with the MMA atom interface), but got '!cute.copy_atom<"UniversalCopy<uint128_t>", f16>'}}
  cute.mma_atom_call(%c, %d, %a, %b, %d) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<8:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>) -> ()
  return
}

// -----

func.func @mma_call_view(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %d: !cute.memref<f16, rmem, !cute.layout<4:1>>, %a: !cute.layout<8:1>, %b: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  // expected-error @+1 {{'cute.mma_atom_call' op expects `a` to be a view (!cute.memref), but got '!cute.layout<8:1>'}}
  cute.mma_atom_call(%m, %d, %a, %b, %d) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.layout<8:1>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>) -> ()
  return
}

// -----

func.func @mma_call_element(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %d: !cute.memref<f32, rmem, !cute.layout<4:1>>, %a: !cute.memref<f16, rmem, !cute.layout<8:1>>, %b: !cute.memref<f16, rmem, !cute.layout<4:1>>, %c: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  // expected-error @+1 {{'cute.mma_atom_call' op expects `d` to hold the atom's 'f16', but got 'f32'}}
  cute.mma_atom_call(%m, %d, %a, %b, %c) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f32, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<8:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>) -> ()
  return
}

// -----

func.func @mma_call_rank(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %d: !cute.memref<f16, rmem, !cute.layout<(2,2):(1,2)>>, %a: !cute.memref<f16, rmem, !cute.layout<8:1>>, %b: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  // expected-error @+1 {{'cute.mma_atom_call' op expects rank-1 fragments (one atom's values), but `d` has rank 2}}
  cute.mma_atom_call(%m, %d, %a, %b, %d) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, rmem, !cute.layout<(2,2):(1,2)>>, !cute.memref<f16, rmem, !cute.layout<8:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<(2,2):(1,2)>>) -> ()
  return
}

// -----

func.func @mma_call_size(%m: !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, %d: !cute.memref<f16, rmem, !cute.layout<4:1>>, %a: !cute.memref<f16, rmem, !cute.layout<4:1>>, %b: !cute.memref<f16, rmem, !cute.layout<4:1>>) {
  // expected-error @+1 {{'cute.mma_atom_call' op expects `a` to hold the atom's 8 values per thread, but got 4}}
  cute.mma_atom_call(%m, %d, %a, %b, %d) : (!cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>, !cute.memref<f16, rmem, !cute.layout<4:1>>) -> ()
  return
}


// -----

// A result type left out and not computable: the reason, at parse time.
func.func @tiled_copy_inferred_fails(%a: !cute.copy_atom<"UniversalCopy<uint128_t>", f16>, %t: !cute.layout<(32,8):(8,1)>, %v: !cute.layout<(1,3):(0,1)>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op TiledCopy uses too few vals for selected CopyAtom: 3 values a thread in ((8,32),3):((96,1),32) are not a multiple of UniversalCopy<uint128_t>'s 8}}
  %c = cute.make_tiled_copy(%a, %t, %v) : (!cute.copy_atom<"UniversalCopy<uint128_t>", f16>, !cute.layout<(32,8):(8,1)>, !cute.layout<(1,3):(0,1)>)
  return
}
