#ifndef CUTE_OPS_TD
#define CUTE_OPS_TD

include "cute/Dialect/Cute/IR/CuteTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every cute op here is pure and uses one call-like syntax (docs/dialect.md):
//   %r = cute.op(%a, %b) {attrs} : (A, B) -> R        canonical
//   %r = cute.op [%a, %b] : (A, B) -> R               also accepted
//   %r = cute.op %a, %b : A, B -> R                   also accepted
//   %r = cute.op %a, %b : R                           operand types from defaults
// The verifier infers the result with the core library and requires the written result
// type to be compatible with it; fold() produces constants when the result is static.
class Cute_Op<string mnemonic, list<Trait> traits = [], bit isPure = 1>
    : Op<Cute_Dialect, mnemonic, !listconcat(traits, !if(isPure, [Pure], []))> {
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser, ::mlir::OperationState &result) {
      return ::mlir::cute::parseCuteCall(parser, result, $cppClass::getOperationName());
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) { ::mlir::cute::printCuteCall(p, *this); }
    ::mlir::LogicalResult $cppClass::verify() { return ::mlir::cute::verifyCuteOp(*this); }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return ::mlir::cute::foldCuteOp(*this, adaptor.getOperands());
    }
  }];
}

// Operands are AnyType: inference checks every operand's kind itself, in the spec's
// order, so a spec diagnostic is never preempted by a generic ODS one, and so the same
// checks hold when a use looks through a definition that is not verified yet.

def Cute_ConstantOp : Cute_Op<"constant", [ConstantLike]> {
  let summary = "a static cute value; the value is its type";
  let description = [{
    `%s = cute.constant : !cute.shape<(4,8)>`. The result type must be fully static.
    Folders produce constants; `value` holds the static type when the result type is
    written less precisely (`{value = !cute.shape<(4,8)>} : !cute.shape<2>`).
  }];
  let arguments = (ins OptionalAttr<TypeAttr>:$value);
  let results = (outs Cute_AnyType:$result);
}

// --- builders ---------------------------------------------------------------------------

class Cute_TupleBuilder<string mnemonic, Type resultType> : Cute_Op<mnemonic> {
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs resultType:$result);
}

def Cute_MakeIntTupleOp : Cute_TupleBuilder<"make_int_tuple", Cute_TupleLike> {
  let summary = "an int tuple of the kind of its result type, from leaves and sub-tuples";
  let description = [{
    `%s = cute.make_int_tuple %c4, %c8, %c16 : !cute.shape`. Index and integer operands
    are leaves: static when defined by a constant, else dynamic `?`.
  }];
}
def Cute_MakeShapeOp : Cute_TupleBuilder<"make_shape", Cute_ShapeType> {
  let summary = "a shape: `cute.make_shape [%m, %n] : (index, index) -> !cute.shape<2>`";
}
def Cute_MakeStrideOp : Cute_TupleBuilder<"make_stride", Cute_StrideType> {
  let summary = "a stride from leaves and sub-strides";
}
def Cute_MakeCoordOp : Cute_TupleBuilder<"make_coord", Cute_CoordType> {
  let summary = "a coordinate from leaves and sub-coordinates";
}
def Cute_MakeTupleOp : Cute_TupleBuilder<"make_tuple", Cute_IntTupleType> {
  let summary = "a general int tuple";
}

def Cute_MakeTileOp : Cute_Op<"make_tile"> {
  let summary = "a tile: one tiler (layout, shape or extent) per mode, CuTe's make_tile";
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs Cute_TileType:$result);
}

def Cute_MakeLayoutOp : Cute_Op<"make_layout"> {
  let summary = "a layout from a shape and an optional stride (column-major when absent)";
  let arguments = (ins AnyType:$shape,
                       Optional<AnyType>:$stride);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MakeLayoutRawOp : Cute_Op<"make_layout_raw"> {
  let summary = "a layout from a shape and a stride (the spec's raw spelling)";
  let arguments = (ins AnyType:$shape,
                       AnyType:$stride);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MakeIdentityLayoutOp : Cute_Op<"make_identity_layout"> {
  let summary = "compact column-major layout: the identity on [0, size) (docs/semantics.md, R7)";
  let arguments = (ins AnyType:$shape);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MakeIdentityTensorOp : Cute_Op<"make_identity_tensor"> {
  let summary = "the coordinate identity: shape with scaled-basis strides (docs/semantics.md, R7)";
  let description = [{
    CuTe's identity tensor as a layout: `(4,2)` gives `(4,2):(1@0,1@1)`, whose value at
    every coordinate is that coordinate (`cute.crd2idx` on it returns a `!cute.coord`).
  }];
  let arguments = (ins AnyType:$shape);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_MakeOrderedLayoutOp : Cute_Op<"make_ordered_layout"> {
  let summary = "a compact layout whose strides follow an order tuple";
  let arguments = (ins AnyType:$shape, AnyType:$order);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_MakeComposedLayoutOp : Cute_Op<"make_composed_layout"> {
  let summary = "the composed layout outer o offset o inner: c -> outer(offset + inner(c))";
  let description = [{
    CuTe's `make_composed_layout(A, O, B)`: `outer` (A) is a swizzle, a layout or a composed
    layout, applied last; `offset` (O) an int tuple or an index added to what `inner` (B), a
    layout, returns. `%c = cute.make_composed_layout(%sw, %off, %l) : (!cute.swizzle<3,4,3>,
    !cute.int_tuple<value=0>, !cute.layout<(8,64):(64,1)>) -> !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>`.
  }];
  let arguments = (ins AnyType:$outer, AnyType:$offset, AnyType:$inner);
  let results = (outs Cute_ComposedLayoutType:$result);
}

// --- queries ----------------------------------------------------------------------------

def Cute_GetShapeOp : Cute_Op<"get_shape"> {
  let summary = "the shape of a layout";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_ShapeType:$result);
}
def Cute_GetStrideOp : Cute_Op<"get_stride"> {
  let summary = "the stride of a layout";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_StrideType:$result);
}
def Cute_GetLayoutOp : Cute_Op<"get_layout"> {
  let summary = "the layout of a view, a layout or a composed layout";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType]>:$result);
}

class Cute_IndexQuery<string mnemonic, string what> : Cute_Op<mnemonic> {
  let summary = what # " (of mode `mode`, a path of mode indices), as an index";
  let arguments = (ins AnyType:$input, OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Index:$result);
}
def Cute_SizeOp : Cute_IndexQuery<"size", "the number of elements">;
def Cute_CosizeOp : Cute_IndexQuery<"cosize", "the size of a layout's codomain">;
def Cute_RankOp : Cute_IndexQuery<"rank", "the number of top-level modes">;
def Cute_DepthOp : Cute_IndexQuery<"depth", "the nesting depth">;

def Cute_SelectOp : Cute_Op<"select"> {
  let summary = "the modes `modes` of a tuple or layout, in that order";
  let arguments = (ins AnyType:$input, DenseI32ArrayAttr:$modes);
  let results = (outs Cute_AnyOrView:$result);
}
def Cute_GroupModesOp : Cute_Op<"group_modes"> {
  let summary = "modes [begin, end) grouped into one (Python-style negative indices)";
  let arguments = (ins AnyType:$input, I32Attr:$begin, I32Attr:$end);
  let results = (outs Cute_AnyOrView:$result);
}

def Cute_Crd2IdxOp : Cute_Op<"crd2idx"> {
  let summary = "the index of a coordinate in a layout";
  let description = [{
    `%i = cute.crd2idx %coord, %layout : !cute.coord, !cute.layout -> index`. The
    coordinate must be weakly congruent with the layout's shape (docs/semantics.md, R11);
    a static coordinate outside a static extent is refused. A layout with scaled-basis
    strides (`(4,2):(1@0,1@1)`) maps a coordinate to a coordinate: the result is then a
    `!cute.coord` (CuTe's arithmetic tuple, or one scaled basis).
  }];
  let arguments = (ins AnyType:$coord, AnyType:$layout);
  let results = (outs AnyTypeOf<[Index, Cute_CoordType]>:$result);
}
def Cute_Idx2CrdOp : Cute_Op<"idx2crd"> {
  let summary = "the natural coordinate of an index in a shape";
  let arguments = (ins AnyType:$index,
                       AnyType:$shape);
  let results = (outs Cute_CoordType:$result);
}

// --- tuple arithmetic -------------------------------------------------------------------

class Cute_TupleArith<string mnemonic, string what> : Cute_Op<mnemonic> {
  let summary = what;
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs Cute_TupleLike:$result);
}
def Cute_TupleAddOp : Cute_TupleArith<"tuple_add", "leaf-wise lhs + rhs">;
def Cute_TupleSubOp : Cute_TupleArith<"tuple_sub", "leaf-wise lhs - rhs">;
def Cute_TupleMulOp : Cute_TupleArith<"tuple_mul", "leaf-wise lhs * rhs">;
def Cute_TupleDivOp : Cute_TupleArith<"tuple_div", "leaf-wise lhs / rhs; zero divisors are rejected">;
def Cute_TupleModOp : Cute_TupleArith<"tuple_mod", "leaf-wise lhs % rhs; zero divisors are rejected">;
def Cute_ShapeDivOp : Cute_TupleArith<"shape_div", "CuTe's shape_div (divisibility checked on static leaves)">;
def Cute_CeilDivOp : Cute_TupleArith<"ceil_div", "CuTe's ceil_div">;

def Cute_ToIntTupleOp : Cute_Op<"to_int_tuple"> {
  let summary = "a shape, stride or coordinate as a plain int tuple (no `_`)";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_IntTupleType:$result);
}

include "cute/Dialect/Cute/IR/CuteAlgebraOps.td"
include "cute/Dialect/Cute/IR/CuteCalculatorOps.td"
include "cute/Dialect/Cute/IR/CuteViewOps.td"
include "cute/Dialect/Cute/IR/CuteAtomOps.td"

#endif // CUTE_OPS_TD
