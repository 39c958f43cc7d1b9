#ifndef CUTE_VIEW_OPS_TD
#define CUTE_VIEW_OPS_TD

// Views and memory (docs/dialect.md#views): a pointer bound to a layout, CuTe's Tensor.
// Included by CuteOps.td, after Cute_Op. cute.make_view infers like every cute op (its
// result is the layout's value over the pointer's iterator); the pointer and memory ops
// below have their own verifiers (CuteViews.cpp) and the function-type syntax
// `cute.op(%a, %b) : (A, B) -> R`. Loads read and stores write the memory they address,
// so CSE and canonicalization never move one across the other.

def Cute_MakeViewOp : Cute_Op<"make_view"> {
  let summary = "a view: a pointer, or a coordinate or counting iterator (an int tuple or index), "
                "bound to a layout (CuTe's make_tensor)";
  let arguments = (ins AnyType:$iter, AnyType:$layout);
  let results = (outs AnyTypeOf<[Cute_MemRefType, Cute_CoordTensorType]>:$result);
}

class Cute_MemoryOp<string mnemonic, list<Trait> traits = []> : Op<Cute_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

def Cute_GetIterOp : Cute_MemoryOp<"get_iter", [Pure]> {
  let summary = "the iterator of a view: its pointer, or a coordinate tensor's int tuple (CuTe's tensor.data()); "
                "the result type may be left out (`: (V)`), it is the view's iterator type";
  let arguments = (ins AnyType:$view);
  let results = (outs AnyTypeOf<[Cute_PtrType, Cute_IntTupleType, Cute_CoordType]>:$result);
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def Cute_MakePtrOp : Cute_MemoryOp<"make_ptr", [Pure]> {
  let summary = "the pointer to a builtin memref's first element (its aligned pointer plus its offset)";
  let arguments = (ins AnyMemRef:$memref);
  let results = (outs Cute_PtrType:$result);
}

def Cute_AddOffsetOp : Cute_MemoryOp<"add_offset", [Pure]> {
  let summary = "a pointer moved by an offset in elements (CuTe's ptr + n)";
  let arguments = (ins AnyType:$ptr, AnyType:$offset);
  let results = (outs Cute_PtrType:$result);
}

def Cute_MemRefLoadOp : Cute_MemoryOp<"memref.load"> {
  let summary = "the element of a view at a coordinate (CuTe's tensor(c)); of a coordinate tensor, "
                "its iterator plus the layout there (an index or a coordinate)";
  let arguments = (ins Arg<AnyType, "the view read", [MemRead]>:$view, AnyType:$coord);
  let results = (outs AnyType:$result);
  let hasFolder = 1; // a coordinate tensor's static element
}

def Cute_MemRefStoreOp : Cute_MemoryOp<"memref.store"> {
  let summary = "stores a value at a coordinate of a view (CuTe's tensor(c) = v)";
  let arguments = (ins AnyType:$value, Arg<AnyType, "the view written", [MemWrite]>:$view, AnyType:$coord);
}

def Cute_LoadScaledIndexOp : Cute_MemoryOp<"load_scaled_index"> {
  let summary = "the element at ptr + inner_product(coord, stride) (the index scaled by the element size)";
  let arguments = (ins Arg<AnyType, "the pointer read", [MemRead]>:$ptr, AnyType:$coord, AnyType:$stride);
  let results = (outs AnyType:$result);
}

def Cute_CopyOp : Cute_MemoryOp<"copy"> {
  let summary = "copies a view into another, element by element, where the optional predicate view "
                "holds true (CuTe's copy and copy_if); verified by the tiled-partition verifier";
  let arguments = (ins Arg<AnyType, "the view read", [MemRead]>:$src, Arg<AnyType, "the view written", [MemWrite]>:$dst,
                       Arg<Optional<AnyType>, "the predicate read", [MemRead]>:$pred);
}

#endif // CUTE_VIEW_OPS_TD
