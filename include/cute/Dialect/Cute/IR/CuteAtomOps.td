#ifndef CUTE_ATOM_OPS_TD
#define CUTE_ATOM_OPS_TD

// Atoms (docs/dialect.md#atoms): building copy and MMA atoms and their tiled forms, the
// per-thread partition of a view, MMA fragments and the atom calls. Included by
// CuteOps.td after CuteViewOps.td. The builders and calls use the function-type syntax
// `cute.op(%a, %b) {attrs} : (A, B) -> R` and verify with CuteAtoms.cpp; the partition
// and the fragment infer their result like every cute op (CuTe's tensor algebra on the
// view), so they fold, refine and lower like the layout ops.

class Cute_AtomOp<string mnemonic, list<Trait> traits = []> : Op<Cute_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

def Cute_MakeAtomOp : Cute_AtomOp<"make_atom", [Pure]> {
  let summary = "an atom value of its type: `cute.make_atom() : () -> !cute.mma_atom<...>` "
                "(CuTe's MMA_Atom<Op>{} and Copy_Atom<Op, T>{})";
  let results = (outs AnyType:$result);
}

// The builders' result types may be left out (`: (A, L)`): the parser and the C++
// builders compute them with the core, as the verifier does.
class Cute_AtomBuilderOp<string mnemonic> : Cute_AtomOp<mnemonic, [Pure]> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def Cute_MakeTiledMmaOp : Cute_AtomBuilderOp<"make_tiled_mma"> {
  let summary = "an MMA atom repeated over a layout of atoms, M, N and K optionally permuted "
                "(CuTe's make_tiled_mma(atom, atom_layout[, permutation]))";
  let arguments = (ins AnyType:$atom, AnyType:$atom_layout, Optional<AnyType>:$permutation);
  let results = (outs AnyType:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$atom, "::mlir::Value":$atom_layout,
                   CArg<"::mlir::Value", "{}">:$permutation)>,
    // The result type computed from the operands (NoneType, which the verifier rejects
    // with the reason, where it cannot be).
    OpBuilder<(ins "::mlir::Value":$atom, "::mlir::Value":$atom_layout, CArg<"::mlir::Value", "{}">:$permutation)>,
  ];
  let extraClassDeclaration = [{
    /// The tiled MMA type of these operand types (atom, atom layout[, permutation]).
    static ::mlir::FailureOr<::mlir::Type> inferType(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
                                                   ::mlir::TypeRange operands);
  }];
}

def Cute_MakeTiledCopyOp : Cute_AtomBuilderOp<"make_tiled_copy"> {
  let summary = "a copy atom spread over a tile: by thread and value layouts (CuTe's "
                "make_tiled_copy(atom, thr, val)), or as a tiled MMA's operand (`operand` = \"A\", "
                "\"B\" or \"C\": make_tiled_copy_A/B/C(atom, tiled_mma))";
  let arguments = (ins AnyType:$atom, Variadic<AnyType>:$layouts, OptionalAttr<StrAttr>:$operand);
  let results = (outs AnyType:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$atom, "::mlir::ValueRange":$layouts,
                   CArg<"::mlir::StringAttr", "{}">:$operand)>,
    // The result type computed from the operands (NoneType where it cannot be).
    OpBuilder<(ins "::mlir::Value":$atom, "::mlir::ValueRange":$layouts, CArg<"::mlir::StringAttr", "{}">:$operand)>,
  ];
  let extraClassDeclaration = [{
    /// The tiled copy type of these operand types (atom, then thread and value layouts or
    /// a tiled MMA with `operand`).
    static ::mlir::FailureOr<::mlir::Type> inferType(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
                                                   ::mlir::TypeRange operands, ::mlir::StringAttr operand);
  }];
}

def Cute_TiledPartitionOp : Cute_Op<"tiled_partition"> {
  let summary = "a thread's part of a view, layout or coordinate tensor under a tiled copy (`operand` "
                "\"S\" or \"D\": partition_S/D) or a tiled MMA (\"A\", \"B\", \"C\": partition_A/B/C); "
                "CuTe's tiled.get_slice(thread).partition_X(view)";
  let arguments = (ins AnyType:$tiled, AnyType:$input, AnyType:$thread, StrAttr:$operand);
  let results = (outs AnyType:$result);
}

def Cute_MmaMakeFragmentOp : Cute_Op<"mma.make_fragment",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>], /*isPure=*/0> {
  let summary = "a register fragment for an MMA operand (`operand` \"A\", \"B\" or \"C\") of a "
                "partitioned view or a shape (CuTe's MMA_Atom::make_fragment_A/B/C); allocated";
  let arguments = (ins AnyType:$atom, AnyType:$source, StrAttr:$operand);
  let results = (outs AnyType:$result);
}

def Cute_CopyAtomCallOp : Cute_AtomOp<"copy_atom_call"> {
  let summary = "one copy atom on a thread's source and destination values (CuTe's copy_atom.call(src, dst))";
  let arguments = (ins AnyType:$atom, Arg<AnyType, "the values read", [MemRead]>:$src,
                       Arg<AnyType, "the values written", [MemWrite]>:$dst);
}

def Cute_MmaAtomCallOp : Cute_AtomOp<"mma_atom_call"> {
  let summary = "one MMA atom on a thread's fragments, D = A * B + C (CuTe's mma_atom.call(D, A, B, C))";
  let arguments = (ins AnyType:$atom, Arg<AnyType, "the accumulator written", [MemWrite]>:$d,
                       Arg<AnyType, "A read", [MemRead]>:$a, Arg<AnyType, "B read", [MemRead]>:$b,
                       Arg<AnyType, "C read", [MemRead]>:$c);
}

def Cute_GemmOp : Cute_AtomOp<"gemm"> {
  let summary = "CuTe's gemm(mma, D, A, B, C) on a thread's fragments: D (V,M,N) = A (V,M,K) x B (V,N,K) "
                "+ C (V,M,N), one MMA atom call per (m, n, k), k outermost; calls after the first k "
                "accumulate into D";
  let arguments = (ins AnyType:$atom, Arg<AnyType, "the accumulator written", [MemWrite]>:$d,
                       Arg<AnyType, "A read", [MemRead]>:$a, Arg<AnyType, "B read", [MemRead]>:$b,
                       Arg<AnyType, "C read", [MemRead]>:$c);
}

#endif // CUTE_ATOM_OPS_TD
