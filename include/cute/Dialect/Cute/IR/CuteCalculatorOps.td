#ifndef CUTE_CALCULATOR_OPS_TD
#define CUTE_CALCULATOR_OPS_TD

// The command line's operations that mean something on IR values and had no op (issue 20):
// each is inferred and folded through the core, as cute-layout computes it. Included by
// CuteOps.td, after Cute_Op. Operands are AnyType (the inference checks kinds).

def Cute_FlattenOp : Cute_Op<"flatten"> {
  let summary = "the leaves of a tuple or layout as one level (CuTe's flatten)";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_AnyType:$result);
}
def Cute_TakeOp : Cute_Op<"take"> {
  let summary = "modes [begin, end) of a tuple or layout (CuTe's take<B,E>)";
  let arguments = (ins AnyType:$input, I32Attr:$begin, I32Attr:$end);
  let results = (outs Cute_AnyType:$result);
}
def Cute_GetOp : Cute_Op<"get"> {
  let summary = "the mode at a path of mode indices (CuTe's get<I,J,...>)";
  let arguments = (ins AnyType:$input, DenseI32ArrayAttr:$modes);
  let results = (outs Cute_AnyType:$result);
}
def Cute_UpcastOp : Cute_Op<"upcast"> {
  let summary = "`factor` elements become one (CuTe's upcast<N>)";
  let arguments = (ins AnyType:$input, I64Attr:$factor);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType]>:$result);
}
def Cute_DowncastOp : Cute_Op<"downcast"> {
  let summary = "one element becomes `factor` (CuTe's downcast<N>)";
  let arguments = (ins AnyType:$input, I64Attr:$factor);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType]>:$result);
}
def Cute_ProductEachOp : Cute_Op<"product_each"> {
  let summary = "the product of each top-level mode of an int tuple";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_TupleLike:$result);
}
def Cute_RoundUpOp : Cute_Op<"round_up"> {
  let summary = "lhs rounded up to a multiple of rhs, mode by mode (CuTe's round_up)";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs Cute_TupleLike:$result);
}
def Cute_CompactColMajorOp : Cute_Op<"compact_col_major"> {
  let summary = "the column-major strides of a shape, from an optional current stride";
  let arguments = (ins AnyType:$shape, Optional<AnyType>:$current);
  let results = (outs Cute_StrideType:$result);
}
def Cute_CompactRowMajorOp : Cute_Op<"compact_row_major"> {
  let summary = "the row-major strides of a shape, from an optional current stride";
  let arguments = (ins AnyType:$shape, Optional<AnyType>:$current);
  let results = (outs Cute_StrideType:$result);
}
def Cute_CompactMajorOp : Cute_Op<"compact_major"> {
  let summary = "compact strides of a shape in `major` order, \"LayoutLeft\" or \"LayoutRight\" (CuTe's compact_major)";
  let arguments = (ins AnyType:$shape, Optional<AnyType>:$current, StrAttr:$major);
  let results = (outs Cute_StrideType:$result);
}
def Cute_MakeLayoutLikeOp : Cute_Op<"make_layout_like"> {
  let summary = "a compact layout ordered like the input's strides (CuTe's make_layout_like)";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MaxCommonLayoutOp : Cute_Op<"max_common_layout"> {
  let summary = "the largest layout both inputs share contiguously (CuTe's max_common_layout)";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MaxCommonVectorOp : Cute_Op<"max_common_vector"> {
  let summary = "the number of elements both inputs share contiguously (CuTe's max_common_vector)";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs Index:$result);
}
class Cute_ToKind<string mnemonic, Type resultType, string what> : Cute_Op<mnemonic> {
  let summary = what;
  let arguments = (ins AnyType:$input);
  let results = (outs resultType:$result);
}
def Cute_ToShapeOp : Cute_ToKind<"to_shape", Cute_ShapeType, "an int tuple as a shape (no `_`, no negative extent)">;
def Cute_ToStrideOp : Cute_ToKind<"to_stride", Cute_StrideType, "an int tuple as a stride (no `_`)">;
def Cute_ToCoordOp : Cute_ToKind<"to_coord", Cute_CoordType, "an int tuple as a coordinate">;

// Comparison and padding, which a compiler's passes need to take values apart.
def Cute_EqualOp : Cute_Op<"equal"> {
  let summary = "CuTe's ==: the same profile and equal leaves (int tuples), or equal layouts";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs I1:$result);
}
def Cute_ElemLessOp : Cute_Op<"elem_less"> {
  let summary = "CuTe's elem_less: every mode of lhs below rhs's mode at its index";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs I1:$result);
}
def Cute_IncrementCoordOp : Cute_Op<"increment_coord"> {
  let summary = "the next coordinate in a shape, colexicographically (CuTe's coordinate iterator step)";
  let arguments = (ins AnyType:$coord, AnyType:$shape);
  let results = (outs Cute_AnyType:$result);
}
def Cute_AppendToRankOp : Cute_Op<"append_to_rank"> {
  let summary = "padded at the back to `rank` modes: with _1 (int tuples) or _1:_0 (layouts)";
  let arguments = (ins AnyType:$input, I32Attr:$rank);
  let results = (outs Cute_AnyType:$result);
}
def Cute_PrependToRankOp : Cute_Op<"prepend_to_rank"> {
  let summary = "padded at the front to `rank` modes: with _1 (int tuples) or _1:_0 (layouts)";
  let arguments = (ins AnyType:$input, I32Attr:$rank);
  let results = (outs Cute_AnyType:$result);
}

// Swizzles (issue 11's values): CuTe's make_swizzle<Y,Z> and the two portions.
def Cute_MakeSwizzleOp : Cute_Op<"make_swizzle"> {
  let summary = "the swizzle whose source bits are `y` and target bits `z` (CuTe's make_swizzle<Y,Z>)";
  let arguments = (ins I64Attr:$y, I64Attr:$z);
  let results = (outs Cute_SwizzleType:$result);
}
def Cute_GetSwizzlePortionOp : Cute_Op<"get_swizzle_portion"> {
  let summary = "the swizzle of a swizzled layout; Sw<0,4,3> for a layout";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_SwizzleType:$result);
}
def Cute_GetNonSwizzlePortionOp : Cute_Op<"get_nonswizzle_portion"> {
  let summary = "the layout under a swizzle; a layout itself";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutType:$result);
}

// The parts of a composed layout A o O o B.
def Cute_GetOuterOp : Cute_Op<"get_outer"> {
  let summary = "A of A o O o B: a swizzle, a layout or a composed layout";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_AnyType:$result);
}
def Cute_GetOffsetOp : Cute_Op<"get_offset"> {
  let summary = "O of A o O o B";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_IntTupleType:$result);
}
def Cute_GetInnerOp : Cute_Op<"get_inner"> {
  let summary = "B of A o O o B";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutType:$result);
}

// The leaves of a value as SSA values: what a pass needs to take a value apart. It has one
// result per leaf, so it has its own syntax and verifier rather than the one-result call.
def Cute_GetLeavesOp : Op<Cute_Dialect, "get_leaves", [Pure]> {
  let summary = "the integer leaves of an int tuple, in order, as `index` values";
  let description = [{
    `%a, %b = cute.get_leaves(%shape) : !cute.shape<(?,8)> -> index, index`. The input's
    type must hold its value (so the number of leaves is known) and have no `_`; a fully
    static value folds to constants, one with a `?` leaf stays (its leaves are computed at
    run time, by the lowering).
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs Variadic<Index>:$leaves);
  let assemblyFormat = "`(` $input `)` attr-dict `:` type($input) (`->` type($leaves)^)?";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Cute_AssumeOp : Op<Cute_Dialect, "assume", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "a runtime integer, known to be a multiple of `divisibility`";
  let description = [{
    `%m16 = cute.assume %m {divisibility = 16 : i64} : index` is `%m`, with the fact that
    it is a multiple of 16. Cute values built from `%m16` carry the fact in their types
    (`!cute.shape<(?{div=16},8)>`), inference derives the facts of results from it, and
    the lowering folds what the facts make known. A function argument states the same
    with the attribute `cute.div`: `%m: index {cute.div = 16 : i64}`. A constant input
    that the fact does not divide is a verifier error. Lowered to its input, after a
    check that stops the program where the input is not such a multiple (with runtime
    checks, the default; `runtime-checks=false` omits it). See docs/lowering.md.
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$input, I64Attr:$divisibility);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Cute_PrintOp : Op<Cute_Dialect, "print", [MemoryEffects<[MemWrite]>]> {
  let summary = "prints a value in CuTe's notation, with its runtime leaves filled in";
  let description = [{
    `cute.print %l : !cute.layout<(?,8):(1,?)>` prints, when the program runs, the value as
    CuTe's `print` writes it (a static leaf as `_8`, a runtime one as its value) and a
    newline: `(12,_8):(_1,12)`. An `index` or integer operand prints as a number. The
    input's type must hold its value. `--cute-expand` turns the op into a `printf` call
    whose format is the type's notation.
  }];
  let arguments = (ins AnyType:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

#endif // CUTE_CALCULATOR_OPS_TD
