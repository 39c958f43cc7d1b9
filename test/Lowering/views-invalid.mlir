// RUN: %cute-opt --cute-expand --split-input-file --verify-diagnostics %s
// REQUIRES: cute-opt
// The views the expansion refuses, and why (docs/lowering.md#views).

// expected-error @+1 {{cannot lower a value of type '!cute.memref<f32, tmem, !cute.layout<(128,32):(65536,1)>>': tensor memory is reached by the target's copy atoms, not by loads and stores}}
func.func @tensor_memory(%v: !cute.memref<f32, tmem, !cute.layout<(128,32):(65536,1)>>) {
  return
}

// -----

// expected-error @+1 {{cannot lower a value of type '!cute.coord_tensor<!cute.coord, !cute.layout<(4,2):(1@0,1@1)>>': the iterator's type does not give its structure (write its value, or run --cute-refine-types)}}
func.func @unknown_iterator(%c: !cute.coord_tensor<!cute.coord, !cute.layout<(4,2):(1@0,1@1)>>) {
  return
}

// -----

func.func @runtime_fragment(%v: !cute.memref<f32, gmem, !cute.layout<(?,4):(1,?)>>) {
  // expected-error @+2 {{'cute.make_fragment_like' op cannot be lowered: a register fragment needs a static size, but its cosize is a runtime value}}
  // expected-error @+1 {{failed to legalize operation 'cute.make_fragment_like'}}
  %f = cute.make_fragment_like(%v) : (!cute.memref<f32, gmem, !cute.layout<(?,4):(1,?)>>) -> !cute.memref<f32, rmem, !cute.layout<(?,4):(1,?)>>
  return
}

// -----

func.func @bare_swizzle(%v: !cute.memref<f32, smem, !cute.swizzle<3,4,3>>, %i: index) -> f32 {
  // expected-error @+2 {{'cute.memref.load' op cannot be lowered: a view over a bare swizzle has no coordinate mapping to lower}}
  // expected-error @+1 {{failed to legalize operation 'cute.memref.load'}}
  %x = cute.memref.load(%v, %i) : (!cute.memref<f32, smem, !cute.swizzle<3,4,3>>, index) -> f32
  return %x : f32
}
