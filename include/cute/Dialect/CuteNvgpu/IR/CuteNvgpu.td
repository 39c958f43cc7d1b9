#ifndef CUTE_NVGPU_TD
#define CUTE_NVGPU_TD

// cute_nvgpu (docs/dialect.md#targets): NVIDIA's instructions as CuTe atoms. The cute
// dialect stays target-neutral: its ops reach an atom only through the atom interfaces,
// which the types here implement (so pictures, partitions, fragments and verifiers work
// on them as on any atom), and --cute-expand gives each atom call the addresses of its
// values, from which the types below emit nvvm ops (TargetAtomTypeInterface). The
// cp.async group ops lower with --cute-nvgpu-to-nvvm.

include "mlir/IR/DialectBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "cute/Dialect/Cute/IR/CuteTypes.td"

def CuteNvgpu_Dialect : Dialect {
  let name = "cute_nvgpu";
  let cppNamespace = "::mlir::cute_nvgpu";
  let summary = "NVIDIA SM75/SM80 atoms for the cute dialect: ldmatrix, cp.async and mma.sync";
  let description = [{
    Types name CuTe's atoms (`!cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">`,
    `!cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>`); their traits are the core's atom
    data (cutelayout/Atom.h), their lowering nvvm's `mma.sync`, `ldmatrix` and
    `cp.async`. See docs/dialect.md#targets.
  }];
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["::mlir::cute::CuteDialect", "::mlir::NVVM::NVVMDialect", "::mlir::LLVM::LLVMDialect"];
}

class CuteNvgpu_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CuteNvgpu_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
  let genVerifyDecl = 1;
}

def CuteNvgpu_MmaAtomType : CuteNvgpu_Type<"MmaAtom", "mma_atom",
    [Cute_MmaAtomTypeInterface, Cute_TargetAtomTypeInterface]> {
  let summary = "a tensor-core MMA atom by CuTe's operation name (its value types are the atom's): "
                "`!cute_nvgpu.mma_atom<\"SM80_16x8x16_F32BF16BF16F32_TN\">`, lowered to nvvm.mma.sync";
  let parameters = (ins StringRefParameter<"CuTe's MMA operation">:$name);
  let assemblyFormat = "`<` $name `>`";
  let extraClassDeclaration = [{
    ::cutelayout::MmaAtom getMmaAtom() const;
    ::mlir::Type getOperandType(char operand) const;
    ::mlir::LogicalResult emitCall(::mlir::OpBuilder &builder, ::mlir::Location loc,
                                   ::llvm::ArrayRef<::mlir::cute::AtomOperand> operands,
                                   ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def CuteNvgpu_CopyAtomType : CuteNvgpu_Type<"CopyAtom", "copy_atom",
    [Cute_CopyAtomTypeInterface, Cute_TargetAtomTypeInterface]> {
  let summary = "an ldmatrix or cp.async copy atom by CuTe's operation name and value type: "
                "`!cute_nvgpu.copy_atom<\"SM75_U32x4_LDSM_N\", bf16>`, "
                "`!cute_nvgpu.copy_atom<\"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>\", bf16>`";
  let parameters = (ins StringRefParameter<"CuTe's copy operation">:$name, "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $name `,` $valueType `>`";
  let extraClassDeclaration = [{
    ::cutelayout::CopyAtom getCopyAtom() const;
    ::mlir::LogicalResult emitCall(::mlir::OpBuilder &builder, ::mlir::Location loc,
                                   ::llvm::ArrayRef<::mlir::cute::AtomOperand> operands,
                                   ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def CuteNvgpu_CpAsyncFenceOp : Op<CuteNvgpu_Dialect, "cp_async_fence"> {
  let summary = "closes the group of the cp.async copies issued since the last fence "
                "(CuTe's cp_async_fence(); nvvm.cp.async.commit.group)";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_CpAsyncWaitOp : Op<CuteNvgpu_Dialect, "cp_async_wait"> {
  let summary = "waits until at most `pending` cp.async groups are still in flight "
                "(CuTe's cp_async_wait<N>(); nvvm.cp.async.wait.group N)";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

#endif // CUTE_NVGPU_TD
