#ifndef CUTE_ATOM_TYPES_TD
#define CUTE_ATOM_TYPES_TD

// Atoms (docs/dialect.md#atoms): copy and MMA atoms, and the tiled copies and MMAs built
// from them. Included by CuteTypes.td. The ops reach an atom only through the two
// interfaces below, so a target dialect adds its instructions by defining a type that
// implements one of them (or by registering its traits with the core, docs/atoms.md);
// nothing in `cute` names an SM instruction. (The interfaces are in CuteTypes.td, where
// the interface generator sees them.)

def Cute_MmaAtomType : TypeDef<Cute_Dialect, "MmaAtom", [Cute_MmaAtomTypeInterface]> {
  let mnemonic = "mma_atom";
  let summary = "an MMA atom by CuTe's operation name and the value types of A, B and C: "
                "`!cute.mma_atom<\"SM80_16x8x16_F32F16F16F32_TN\", f16, f16, f32>`";
  let parameters = (ins StringRefParameter<"CuTe's MMA operation">:$name, "::mlir::Type":$typeA,
                        "::mlir::Type":$typeB, "::mlir::Type":$typeC);
  let assemblyFormat = "`<` $name `,` $typeA `,` $typeB `,` $typeC `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::cutelayout::MmaAtom getMmaAtom() const;
    ::mlir::Type getOperandType(char operand) const;
  }];
}

def Cute_CopyAtomType : TypeDef<Cute_Dialect, "CopyAtom", [Cute_CopyAtomTypeInterface]> {
  let mnemonic = "copy_atom";
  let summary = "a copy atom by CuTe's copy operation and value type: "
                "`!cute.copy_atom<\"UniversalCopy<uint128_t>\", f16>`";
  let parameters = (ins StringRefParameter<"CuTe's copy operation">:$name, "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $name `,` $valueType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::cutelayout::CopyAtom getCopyAtom() const;
  }];
}

def Cute_TiledMmaType : TypeDef<Cute_Dialect, "TiledMma", [Cute_MmaAtomTypeInterface]> {
  let mnemonic = "tiled_mma";
  let summary = "an MMA atom repeated over a layout of atoms, with an optional permutation of M, N and K "
                "(CuTe's TiledMMA): `!cute.tiled_mma<!cute.mma_atom<...>, !cute.layout<(2,2,1):(1,2,0)>>`";
  let parameters = (ins "::mlir::Type":$atom, "::mlir::Type":$atomLayout,
                        OptionalParameter<"::mlir::Type">:$permutation);
  let assemblyFormat = "`<` $atom `,` $atomLayout (`,` $permutation^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::cutelayout::MmaAtom getMmaAtom() const;
    ::mlir::Type getOperandType(char operand) const;
    /// The core's tiled MMA. @pre the type verified
    ::cutelayout::TiledMma getTiledMma() const;
  }];
}

def Cute_TiledCopyType : TypeDef<Cute_Dialect, "TiledCopy", [Cute_CopyAtomTypeInterface]> {
  let mnemonic = "tiled_copy";
  let summary = "a copy atom spread over a tile by a thread-value layout (CuTe's TiledCopy: Layout_TV, "
                "Tiler_MN): `!cute.tiled_copy<!cute.copy_atom<...>, !cute.layout<TV>, !cute.shape<(M,N)>>`";
  let parameters = (ins "::mlir::Type":$atom, "::mlir::Type":$layoutTV, "::mlir::Type":$tiler);
  let assemblyFormat = "`<` $atom `,` $layoutTV `,` $tiler `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::cutelayout::CopyAtom getCopyAtom() const;
    ::mlir::Type getValueType() const;
    /// The core's tiled copy. @pre the type verified
    ::cutelayout::TiledCopy getTiledCopy() const;
  }];
}

def Cute_AtomLike : AnyTypeOf<[Cute_MmaAtomType, Cute_CopyAtomType, Cute_TiledMmaType, Cute_TiledCopyType]>;

#endif // CUTE_ATOM_TYPES_TD
