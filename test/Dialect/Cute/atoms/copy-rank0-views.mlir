// RUN: %cute-opt %s | FileCheck %s
// REQUIRES: cute-opt
// Issue 41, F9: cute.copy_atom_call on views of a rank-0 layout. The verifier compared the
// atom's values per thread with mode 0 of a shape that has none (a read past the shape,
// reported by UBSan in the fuzz build); a rank-0 view holds one element, as CuTe's rank-0
// tensor does, which is the one value per thread this atom copies: accepted.

// CHECK: cute.copy_atom_call
!ca = !cute.copy_atom<"UniversalCopy<uint32_t>", f32>
func.func @f(%s: !cute.memref<f32, rmem, !cute.layout<():()>>, %d: !cute.memref<f32, rmem, !cute.layout<():()>>) {
  %a = cute.make_atom() : () -> !ca
  cute.copy_atom_call(%a, %s, %d) : (!ca, !cute.memref<f32, rmem, !cute.layout<():()>>, !cute.memref<f32, rmem, !cute.layout<():()>>) -> ()
  return
}
