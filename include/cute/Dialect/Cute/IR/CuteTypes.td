#ifndef CUTE_TYPES_TD
#define CUTE_TYPES_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/Interfaces.td"

def Cute_TypeInterface : TypeInterface<"CuteTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    Every cute type: its kind ordinal (0 ComposedLayout, 1 Layout, 2 Swizzle, 3 Tile,
    4 Shape, 5 Coord, 6 IntTuple; docs/semantics.md, R13), which indexes the per-kind
    tables, and what it knows about its value.
  }];
  let methods = [
    InterfaceMethod<"The kind ordinal.", "::mlir::cute::TypeKind", "getKind">,
    InterfaceMethod<"What the type knows about its value.", "const ::mlir::cute::TypeValue &",
                    "getTypeValue">,
  ];
}

class Cute_Type<string name, string typeMnemonic, string kind>
    : TypeDef<Cute_Dialect, name, [Cute_TypeInterface]> {
  let mnemonic = typeMnemonic;
  let parameters = (ins TypeParameter<"::mlir::cute::TypeValue", "what the type knows of its value", "const ::mlir::cute::TypeValue &">:$value);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static constexpr ::mlir::cute::TypeKind kKind = ::mlir::cute::TypeKind::}] # kind # [{;
    ::mlir::cute::TypeKind getKind() const { return kKind; }
    const ::mlir::cute::TypeValue &getTypeValue() const { return getValue(); }
  }];
}

def Cute_IntTupleType : Cute_Type<"IntTuple", "int_tuple", "IntTuple"> {
  let summary = "a CuTe int tuple";
}
def Cute_ShapeType : Cute_Type<"Shape", "shape", "Shape"> {
  let summary = "a CuTe shape: an int tuple of extents";
}
def Cute_StrideType : Cute_Type<"Stride", "stride", "IntTuple"> {
  let summary = "a CuTe stride: an int tuple of steps (kind IntTuple)";
}
def Cute_CoordType : Cute_Type<"Coord", "coord", "Coord"> {
  let summary = "a CuTe coordinate; `_` leaves select whole modes";
}
def Cute_TileType : Cute_Type<"Tile", "tile", "Tile"> {
  let summary = "a CuTe tile (tiler): a tuple of layouts, extents or `_`, by mode";
}
def Cute_LayoutType : Cute_Type<"Layout", "layout", "Layout"> {
  let summary = "a CuTe layout: congruent shape and stride";
}
def Cute_ComposedLayoutType : Cute_Type<"ComposedLayout", "composed_layout", "ComposedLayout"> {
  let summary = "a composed layout (completed by the swizzle issue; kind and rank only)";
}
def Cute_SwizzleType : Cute_Type<"Swizzle", "swizzle", "Swizzle"> {
  let summary = "a swizzle (completed by the swizzle issue; kind only)";
}

// Views (docs/dialect.md#views): a pointer, and a memref binding a pointer to a layout.
// They are not among the seven kinds; a view dispatches as the kind of its layout.
def Cute_PtrType : TypeDef<Cute_Dialect, "Ptr"> {
  let mnemonic = "ptr";
  let summary = "a pointer: `!cute.ptr<f32, gmem>`, `!cute.ptr<f16, smem, align<16>>`";
  let parameters = (ins "::mlir::Type":$elementType, "::mlir::cute::AddressSpace":$addressSpace,
                        "int64_t":$alignment);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The alignment in bytes the pointer is known to have: the written one, or the
    /// element's own size (1 for sub-byte elements).
    int64_t getKnownAlignment() const;
  }];
}
def Cute_MemRefType : TypeDef<Cute_Dialect, "CuteMemRef"> {
  let mnemonic = "memref";
  let summary = "a view: a pointer bound to a layout, `!cute.memref<f32, gmem, !cute.layout<(4,8):(1,4)>>`";
  let parameters = (ins "::mlir::Type":$elementType, "::mlir::cute::AddressSpace":$addressSpace,
                        "int64_t":$alignment, "::mlir::Type":$layout);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The pointer the view is over.
    PtrType getIterator() const;
    /// What the layout type knows of the layout.
    const ::mlir::cute::TypeValue &getLayoutValue() const;
    /// This view with another layout value (same iterator, the layout type's class kept).
    CuteMemRefType withLayoutValue(const ::mlir::cute::TypeValue &value) const;
  }];
}

def Cute_AnyType : Type<CPred<"::llvm::isa<::mlir::cute::CuteTypeInterface>($_self)">, "any cute type">;
def Cute_CoordTensorType : TypeDef<Cute_Dialect, "CoordTensor"> {
  let mnemonic = "coord_tensor";
  let summary = "a view over a coordinate or counting iterator: "
                "`!cute.coord_tensor<!cute.coord<(0,0)>, !cute.layout<(4,2):(1@0,1@1)>>`";
  let parameters = (ins "::mlir::Type":$iterator, "::mlir::Type":$layout);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// What the iterator type knows of its value (an int tuple; a scalar counts).
    const ::mlir::cute::TypeValue &getIteratorValue() const;
    /// What the layout type knows of the layout.
    const ::mlir::cute::TypeValue &getLayoutValue() const;
  }];
}

def Cute_LayoutLikeOrView : AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_MemRefType, Cute_CoordTensorType]>;
def Cute_AnyOrView : AnyTypeOf<[Cute_AnyType, Cute_MemRefType, Cute_CoordTensorType]>;
def Cute_TupleLike : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType, Cute_StrideType, Cute_CoordType]>;

// The atom interfaces (docs/dialect.md#atoms): the ops reach an atom only through them.
def Cute_MmaAtomTypeInterface : TypeInterface<"MmaAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An MMA atom, or a tiled MMA (which is one, as CuTe's TiledMMA is an MMA_Atom): its
    traits as the core's data (Shape_MNK, ThrID, the thread-value layouts of A, B and C)
    and the value type of each operand.
  }];
  let methods = [
    InterfaceMethod<"The atom's traits (cutelayout/Atom.h).", "::cutelayout::MmaAtom", "getMmaAtom">,
    InterfaceMethod<"The value type of operand 'A', 'B' or 'C' (D is C's).", "::mlir::Type",
                    "getOperandType", (ins "char":$operand)>,
  ];
}

def Cute_CopyAtomTypeInterface : TypeInterface<"CopyAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A copy atom, or a tiled copy (CuTe's TiledCopy is a Copy_Atom): the atom's traits as
    the core's data, recast to its value type, and that value type.
  }];
  let methods = [
    InterfaceMethod<"The atom's traits, in values of getValueType (cutelayout/Atom.h).", "::cutelayout::CopyAtom",
                    "getCopyAtom">,
    InterfaceMethod<"The value type the atom moves.", "::mlir::Type", "getValueType">,
  ];
}

// A target's atom (docs/dialect.md#targets): the type of an atom a target dialect lowers
// (cute_nvgpu's SM80 atoms). --cute-expand computes the address of every value of each
// operand of each atom call from the views' layouts, and the type emits its instruction.
def Cute_TargetAtomTypeInterface : TypeInterface<"TargetAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An atom whose instructions a target dialect emits. `emitCall` receives one atom call's
    operands in the call op's order (copy: src, dst; MMA: d, a, b, c), each with its
    values' addresses, and emits the instruction(s) at the builder's position; an error
    (through emitError) when the operands do not allow it (e.g. a cp.async source that is
    not 16 contiguous, aligned bytes).
  }];
  let methods = [
    InterfaceMethod<"Emits one call of the atom on the given operands.", "::mlir::LogicalResult", "emitCall",
                    (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
                         "::llvm::ArrayRef<::mlir::cute::AtomOperand>":$operands,
                         "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

include "cute/Dialect/Cute/IR/CuteAtomTypes.td"

#endif // CUTE_TYPES_TD
