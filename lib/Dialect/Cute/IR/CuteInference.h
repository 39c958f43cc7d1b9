// Result inference shared by the cute op implementation files: what is known about an
// operand, what an op computes, and how errors are reported (emitted when verifying,
// silent when folding or looking through defining ops).
//
// Inference is total: it reads an op only through checked accessors (operand count,
// attributes present and of their kind, operand kinds), so it may run on an op that has
// not been verified yet, such as a definition that follows its use. Every call into the
// core runs in an ArithScope, and an arithmetic failure becomes the op's error.
#ifndef CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H
#define CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H

#include "cute/Dialect/Cute/IR/CuteOps.h"

#include "cutelayout/Atom.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Trace.h"

#include <optional>
#include <vector>

namespace mlir::cute::detail {

/// What an op computes: a cute value, or an index (static when known at build time).
struct Inferred {
  bool isIndex = false;
  TypeValue value;
  cutelayout::Int index = cutelayout::Int::dynamic(cutelayout::kUnknownDynamic);
  /// For a view result, its iterator: the pointer of a !cute.memref (element type,
  /// address space and the alignment it is known to keep), or the int tuple type of a
  /// !cute.coord_tensor's iterator with its value; null for a layout or tuple result.
  Type iterator;
  /// For a memref result the op moved: the offset in elements (a trace symbol inside a
  /// trace). For a coordinate tensor result: the iterator's value, unnormalized (so a
  /// trace's symbols survive). The lowering emits them.
  std::optional<cutelayout::Int> offset;
  std::optional<cutelayout::IntTuple> iteratorValue;
};

/// An error being reported, or nothing at all on a silent path: a silent path builds no
/// diagnostic (streaming into an inactive InFlightDiagnostic aborts with assertions on).
class Diag {
public:
  Diag() = default;
  explicit Diag(InFlightDiagnostic d) : diag_(std::move(d)) {}
  template <class T> Diag &operator<<(T &&x) & {
    if (diag_)
      *diag_ << std::forward<T>(x);
    return *this;
  }
  template <class T> Diag &&operator<<(T &&x) && {
    if (diag_)
      *diag_ << std::forward<T>(x);
    return std::move(*this);
  }
  operator LogicalResult() const { return failure(); }
  template <class T> operator FailureOr<T>() const { return failure(); }

private:
  std::optional<InFlightDiagnostic> diag_;
};

/// Reports errors when verifying; stays silent when folding or looking through.
/// What v's type says, or, where it leaves the value open, what its defining cute ops
/// compute (the verifier's look-through): what --cute-refine-types writes into the type.
TypeValue knownValue(Value v);

/// The mark of an op whose parse-time inference failed and was reported: verification
/// fails it without reporting the error again (a file's every such error is reported once).
/// Its value is this process's own token, so a mark written in the input is not taken for
/// one (verification refuses it).
inline constexpr llvm::StringLiteral kReportedAtParse = "cute.reported_at_parse";
inline int64_t reportedAtParseToken() {
  static const char token = 0;
  return int64_t(reinterpret_cast<intptr_t>(&token));
}

struct Reporter {
  Operation *op;
  bool emit;
  Diag error() const { return emit ? Diag(op->emitOpError()) : Diag(); }
};

/// What is known about an operand: for a cute value, the more precise of its type and
/// what its defining cute op computes; for an integer, a static leaf when it is a
/// constant that fits int64.
struct Known {
  Type type;
  TypeValue value;
  cutelayout::Int leaf = cutelayout::Int::dynamic(cutelayout::kUnknownDynamic);
  /// A coordinate tensor's iterator value (its layout is `value`); a symbol per runtime
  /// leaf inside a trace, like `value`'s.
  TypeValue iterator;
  /// A runtime integer leaf's known divisor (`cute.assume`, or a function argument's
  /// `cute.div` attribute); 1 when nothing is known. docs/lowering.md#divisibility-facts.
  int64_t divisor = 1;
  bool isCute() const { return isa<CuteTypeInterface>(type); }
  /// A cute value or a view (known by its layout's value).
  bool hasTypeValue() const { return isCute() || isa<CuteMemRefType, CoordTensorType>(type); }
  bool isLayout() const { return isa<LayoutType>(type); }
  /// An integer leaf operand: index or a signless integer of at most 64 bits.
  bool isLeaf() const;
  /// The rank when the type or value gives it.
  bool knowsRank() const { return value.form() != TypeValue::Form::Kind; }
};

/// What v's type says (for an integer constant that fits int64, its value; for a runtime
/// integer, its known divisor).
Known knownFromType(Value v);

/// The operands with a trace symbol for each runtime leaf: operand by operand, a cute
/// value's leaves in TypeValue::mapDynamicLeaves order, and a runtime integer leaf.
/// facts[slot] receives each symbol's known divisor (1 when none).
std::vector<Known> symbolize(const std::vector<Known> &ks, cutelayout::Trace &trace, std::vector<int64_t> &facts);

/// The int tuple kinds: shape, stride, coordinate, int tuple.
inline bool isTupleKind(Type t) { return isa<IntTupleType, ShapeType, StrideType, CoordType>(t); }

/// Infers op's result from what is known of its operands (one Known per operand).
FailureOr<Inferred> infer(Operation *op, const Reporter &r, const std::vector<Known> &operands);

inline Inferred ofValue(TypeValue v) {
  Inferred i;
  i.value = std::move(v);
  return i;
}
inline Inferred ofIndex(cutelayout::Int x) {
  Inferred i;
  i.isIndex = true;
  i.index = x;
  return i;
}
/// A value known only by rank (or kind, when the rank is unknown too).
inline Inferred ofRankOf(const TypeValue &v) {
  return ofValue(v.form() == TypeValue::Form::Kind ? TypeValue::kindOnly() : TypeValue::ofRank(v.rank()));
}

/// An inherent attribute of kind A, or null when it is absent or of another kind.
template <class A> A attrOf(Operation *op, StringRef name) {
  std::optional<Attribute> a = op->getInherentAttr(name);
  return a ? dyn_cast_or_null<A>(*a) : A();
}

/// docs/semantics.md, R11: an integer coordinate is always legal; otherwise every tuple level has
/// the layout's rank and static leaves lie inside static extents.
LogicalResult checkCoordinate(const Reporter &r, const Known &coord, const Known &layout);

/// A tiler operand as the core's tiler: a layout, a tile, or a shape (extents n:1).
/// @pre k's value is known
cutelayout::Tiler tilerOf(const Known &k);

/// The algebra, divide, product and tiling ops (CuteAlgebraOps.cpp); fails with
/// "is not a cute op" for anything else.
FailureOr<Inferred> inferAlgebraOp(Operation *op, const Reporter &r, const std::vector<Known> &operands);

/// Every op's inference on what is known of its operands, without the shared checks of
/// infer() (CuteOps.cpp); the composed-layout lift runs it on the inner layout.
FailureOr<Inferred> inferOp(Operation *op, const Reporter &r, const std::vector<Known> &operands);
/// The command line's operations as ops (CuteCalculatorOps.cpp); fails with "is not a
/// cute op" for anything else.
FailureOr<Inferred> inferCalculatorOp(Operation *op, const Reporter &r, const std::vector<Known> &operands);
/// cute.make_composed_layout (CuteComposed.cpp).
FailureOr<Inferred> inferMakeComposedLayout(const Reporter &r, const std::vector<Known> &operands);
/// The ops on a composed layout or a swizzle operand (CuteComposed.cpp): nothing when no
/// operand is one (or the op has no rule for it), so the op's own inference runs.
std::optional<FailureOr<Inferred>> inferOnComposed(Operation *op, const Reporter &r,
                                                   const std::vector<Known> &operands);
/// The view forms of the layout ops (CuteViews.cpp): the op runs on the view operand's
/// layout; where CuTe's tensor algebra returns a tensor, the result is a view over the same
/// pointer (moved by local_tile, local_partition and slice). Nothing when no view operand
/// is where the op reads its input.
std::optional<FailureOr<Inferred>> inferOnView(Operation *op, const Reporter &r, const std::vector<Known> &operands);
/// The operand an op reads as its view input (the layout it transforms or queries), or
/// nothing when the op has no view form.
std::optional<unsigned> viewOperand(Operation *op);
/// Whether op moves the pointer of a view over a composed layout (local_tile,
/// local_partition, tiled_partition or slice of it): its result's runtime strides are
/// multiples the swizzle fixes, which inference derives as facts even without any.
bool partitionsComposedView(Operation *op, const std::vector<Known> &ks);
/// The layout type of a view (a !cute.memref or a !cute.coord_tensor), or null.
Type viewLayout(Type t);
/// cute.make_view: a pointer bound to a layout.
FailureOr<Inferred> inferMakeView(const Reporter &r, const std::vector<Known> &operands);
/// cute.make_fragment_like of a view (CuTe's make_fragment_like of a tensor): a register
/// view with the fragment layout of the view's layout. @pre src is a view
FailureOr<Inferred> inferFragmentOfView(Operation *op, const Reporter &r, const Known &src);

/// What the tiled-partition verifier (TiledPartition.cpp) checks of one op.
struct PartitionCheck {
  /// Phase one: the two sides whose ranks must relate (cute.copy: source and destination;
  /// cute.tiled_partition: the tile and the input). Skipped when either is null.
  const TypeValue *src = nullptr, *dst = nullptr;
  /// Phase two: the predicate operand, when the op has one.
  Value pred;
  /// Phase three: an input and the tile dividing it, walked over the first
  /// `dividedModes` modes.
  std::optional<std::pair<cutelayout::Layout, cutelayout::Tiler>> divided;
  uint32_t dividedModes = ~0u;
};
/// The specification's tiled-partition verifier (docs/atoms.md), shared by cute.copy, cute.tiled_partition and
/// cute.tiled_divide: the rank relation (1 -> 1|2, 2 -> 2|3, 3 -> 3), then the predicate
/// (a memref, a memory space loads reach, the identity swizzle, i1), then each static
/// extent of the input a multiple of the tile's. The first violation is the error.
LogicalResult verifyTiledPartition(const Reporter &r, const PartitionCheck &check);

/// CuTe's tiled.get_slice(thread).partition_X(t) for cute.tiled_partition's `tiled`
/// (a !cute.tiled_copy or !cute.tiled_mma), `thread` and `operand` attribute.
/// @pre the op's operand attribute is valid for the tiled type
cutelayout::Expected<cutelayout::Tensor> partitionTensor(Operation *op, const Known &tiled, const Known &thread,
                                                         cutelayout::Tensor t);
/// cute.tiled_partition of a layout (its view forms lift it, inferOnView).
FailureOr<Inferred> inferTiledPartition(Operation *op, const Reporter &r, const std::vector<Known> &operands);
/// cute.mma.make_fragment: the specification's verify_mma_fragment and the fragment's type.
FailureOr<Inferred> inferMmaFragment(Operation *op, const Reporter &r, const std::vector<Known> &operands);
/// The syntax of the ops whose result type may be left out (the atom builders,
/// cute.get_iter): `cute.op(%a, %b) {attrs} : (A, B) [-> R]`; `infer` computes the result
/// type from the operand types and attributes when `-> R` is absent (its error, at the op,
/// fails the parse). The printer always writes `-> R`.
ParseResult
parseBuilder(OpAsmParser &p, OperationState &state,
             function_ref<FailureOr<Type>(function_ref<InFlightDiagnostic()>, TypeRange, DictionaryAttr)> infer);
void printBuilder(OpAsmPrinter &p, Operation *op);

} // namespace mlir::cute::detail

#endif // CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H
