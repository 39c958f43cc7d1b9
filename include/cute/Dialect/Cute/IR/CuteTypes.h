// The cute types: one per kind, each carrying a TypeValue.
#ifndef CUTE_DIALECT_CUTE_IR_CUTETYPES_H
#define CUTE_DIALECT_CUTE_IR_CUTETYPES_H

#include "cute/Dialect/Cute/IR/CuteTypeValue.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Types.h"

namespace mlir::cute {

/// The seven kinds with the ordinals of RESOLUTIONS R13; per-kind tables index by them.
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

/// The kind's name as used in diagnostics, e.g. "Layout".
llvm::StringRef kindName(TypeKind kind);

} // namespace mlir::cute

#include "cute/Dialect/Cute/IR/CuteTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteTypes.h.inc"

namespace mlir::cute {

/// A cute type of the same class as `like` carrying `value` (e.g. a shape for a shape).
Type withValue(Type like, const TypeValue &value);

/// True when `written` says nothing that contradicts `inferred`: same class, and where
/// both know a rank or a leaf, they agree (a `?` is compatible with any integer).
bool isCompatible(const TypeValue &written, const TypeValue &inferred, TypeKind kind);

/// The per-kind tables of RESOLUTIONS R13, indexed by the kind ordinal.
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
