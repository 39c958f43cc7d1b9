// The cute types: one per kind, each carrying a TypeValue.
#ifndef CUTE_DIALECT_CUTE_IR_CUTETYPES_H
#define CUTE_DIALECT_CUTE_IR_CUTETYPES_H

#include "cute/Dialect/Cute/IR/CuteTypeValue.h"

#include "cutelayout/Atom.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::cute {

/// The seven kinds with the ordinals of docs/semantics.md, R13; per-kind tables index by them.
enum class TypeKind : unsigned {
  ComposedLayout = 0,
  Layout = 1,
  Swizzle = 2,
  Tile = 3,
  Shape = 4,
  Coord = 5,
  IntTuple = 6,
};
constexpr unsigned kNumTypeKinds = 7;

/// The address space of a pointer or view (CuTe's rmem, smem, gmem; generic when unknown).
/// Tmem is Blackwell's tensor memory, which loads and stores do not reach.
enum class AddressSpace : unsigned { Generic = 0, Gmem = 1, Smem = 3, Rmem = 5, Tmem = 6 };
/// Its keyword: "generic", "gmem", "smem", "rmem", "tmem".
llvm::StringRef addressSpaceName(AddressSpace space);

/// The kind's name as used in diagnostics, e.g. "Layout".
llvm::StringRef kindName(TypeKind kind);

/// The text between `<` and `>` of the cute type or attribute being parsed, read from the
/// whole symbol (MLIR's lexer takes `@0` for a malformed symbol reference, so bodies with
/// scaled bases are never tokenized). MLIR resets its lexer past the symbol afterwards, so
/// nothing after the `<` is consumed. @pre p is the dialect's parser (a DialectAsmParser);
/// an error at loc when the symbol has no `<...>` body.
mlir::FailureOr<llvm::StringRef> rawSymbolBody(mlir::AsmParser &p, llvm::SMLoc loc);

/// One operand of one call of a target's atom (TargetAtomTypeInterface::emitCall), as
/// --cute-expand gives it: the element type, the address of each of the call's values (an
/// LLVM pointer in the operand's address space; register fragments in the generic space),
/// and how many values from the first are consecutive in memory with the first aligned to
/// that many elements (1 when nothing is proven; the pointer's known alignment included).
struct AtomOperand {
  mlir::Type element;
  llvm::SmallVector<mlir::Value> addresses;
  int64_t contiguous = 1;
};

} // namespace mlir::cute

#include "cute/Dialect/Cute/IR/CuteTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteTypes.h.inc"

namespace mlir::cute {

/// The types whose syntax ODS generates (the atom types, CuteAtomTypes.td): reads the
/// mnemonic and, when it names one of them, its body; otherwise no value, with the
/// mnemonic read in `mnemonic`. The printer writes the mnemonic and the body, and fails
/// for any other type.
OptionalParseResult parseGeneratedType(AsmParser &parser, StringRef &mnemonic, Type &type);
LogicalResult printGeneratedType(Type type, AsmPrinter &printer);

/// A cute type of the same class as `like` carrying `value` (e.g. a shape for a shape).
Type withValue(Type like, const TypeValue &value);

/// The limits of the type syntax: a value nests at most kMaxTypeDepth levels, a tuple
/// level and a rank-only type have at most kMaxRank modes. Every type the parser accepts
/// and every value a folder writes stays within them, so printed IR always reads back.
constexpr unsigned kMaxTypeDepth = 64;
constexpr unsigned kMaxRank = 65536;

/// True when `value` is within the limits above (it can be printed and read back).
bool isRepresentable(const TypeValue &value);

/// Checks `value` against the rules of `kind` (only coordinates hold `_`; shape extents
/// are not negative; layout and tile extents are positive). The message names the value.
LogicalResult verifyKindValue(function_ref<InFlightDiagnostic()> emitError, TypeKind kind, const TypeValue &value);
/// The same check without a diagnostic: the first violated rule, or "" when none.
std::string kindValueViolation(TypeKind kind, const TypeValue &value);

/// True when `written` says nothing that contradicts `inferred`: same class, and where
/// both know a rank or a leaf, they agree. A written `?` accepts any integer; a written
/// static leaf where the inference knows a runtime value (`?`) is a claim nothing proves,
/// and is rejected.
bool isCompatible(const TypeValue &written, const TypeValue &inferred, TypeKind kind);

/// The per-kind tables of docs/semantics.md, R13, indexed by the kind ordinal.
struct KindTable {
  /// Checks a value for this kind (e.g. only coordinates may hold `_`).
  LogicalResult (*verify)(function_ref<InFlightDiagnostic()> emitError, const TypeValue &value);
  /// Prints the body inside `<...>` (nothing for the Kind form).
  void (*print)(AsmPrinter &printer, const TypeValue &value);
  /// Parses the body after the mnemonic; the `<...>` is optional.
  FailureOr<TypeValue> (*parse)(AsmParser &parser);
  /// The canonical value (dynamic leaves normalized).
  TypeValue (*fold)(const TypeValue &value);
};
const KindTable &kindTable(TypeKind kind);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTETYPES_H
