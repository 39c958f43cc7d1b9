// TypeValue: what a cute type knows about its value, at one of three levels:
//   Kind   nothing but the kind              !cute.shape
//   Rank   the number of top-level modes     !cute.shape<3>, !cute.coord<rank=2>
//   Value  the value; a leaf is a static     !cute.shape<(4,?,8)>, !cute.layout<(4,8):(1,?)>
//          integer, a dynamic `?` or `_`     !cute.swizzle<3,4,3>,
//                                            !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
// A swizzle's value is its (B,M,S) as a tuple; a composed layout's is held whole, with its
// inner layout also in the layout slots (so shape, rank and size read as B's).
// Invariant: in the Value form every dynamic leaf holds cutelayout::kUnknownDynamic, so
// equal types compare and hash equal whatever computation produced them. The one
// exception is a value built while a cutelayout::TraceScope is open (the lowering runs
// inference on symbols): its dynamic leaves keep their symbols, and it never becomes a type.
#ifndef CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H
#define CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Tiler.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace mlir::cute {

class TypeValue {
public:
  enum class Form : uint8_t { Kind, Rank, Value };

  TypeValue() = default;
  static TypeValue kindOnly() { return TypeValue(); }
  static TypeValue ofRank(unsigned rank);
  /// An int tuple value (shape, stride, coord, int tuple).
  static TypeValue ofTuple(const cutelayout::IntTuple &t);
  static TypeValue ofLayout(const cutelayout::Layout &l);
  static TypeValue ofTiler(const cutelayout::Tiler &t);
  static TypeValue ofSwizzle(const cutelayout::Swizzle &s);
  static TypeValue ofComposed(const cutelayout::ComposedLayout &c);
  /// A layout or a composed layout, as the lifted algebra returns it.
  static TypeValue ofAny(const cutelayout::AnyLayout &l);

  Form form() const { return form_; }
  bool hasValue() const { return form_ == Form::Value; }
  /// The rank, when known (Rank or Value form).
  unsigned rank() const { return rank_; }
  /// The int tuple (Value form of tuple kinds), or a layout's shape.
  const cutelayout::IntTuple &tuple() const { return first_; }
  cutelayout::Layout layout() const { return cutelayout::Layout{first_, second_}; }
  cutelayout::Tiler tiler() const { return cutelayout::Tiler{layout(), third_}; }
  /// The swizzle (Value form of a swizzle type).
  cutelayout::Swizzle swizzle() const;
  /// The composed layout, or null when the value is not one.
  const cutelayout::ComposedLayout *composed() const { return composed_.get(); }
  bool isComposed() const { return composed_ != nullptr; }
  /// The layout or the composed layout (ofAny's inverse). @pre a layout's Value form
  cutelayout::AnyLayout anyLayout() const {
    return composed_ ? cutelayout::AnyLayout(*composed_) : cutelayout::AnyLayout(layout());
  }
  /// Value form with no dynamic leaf: the value is known when the IR is built.
  bool isStatic() const;

  /// This value with f applied to each dynamic leaf, in the one order the lowering gives
  /// a value's runtime leaves (docs/lowering.md): a composed layout's outer function,
  /// offset and inner layout; otherwise the tuple (a layout's or tile's shape), then the
  /// stride. A tile's profile is static. @pre hasValue()
  TypeValue mapDynamicLeaves(llvm::function_ref<cutelayout::Int(cutelayout::Int)> f) const;
  /// Every integer leaf, static or dynamic, in the same order. @pre hasValue()
  std::vector<cutelayout::Int> leaves() const;

  /// Divisibility facts (docs/lowering.md#divisibility-facts): for each leaf of leaves(),
  /// a number it is known to be a multiple of (`?{div=16}`); empty when nothing is known.
  /// Only runtime leaves carry one (a static leaf's entry is 1).
  const std::vector<int64_t> &divisors() const { return divisors_; }
  /// The fact of each runtime leaf, in mapDynamicLeaves order (1 where there is none):
  /// one entry per runtime leaf. @pre hasValue()
  std::vector<int64_t> dynamicDivisors() const;
  /// This value with the facts d (one per leaf of leaves(), or empty): entries below 2 and
  /// those of static leaves become 1, and all-1 facts become none.
  TypeValue withDivisors(std::vector<int64_t> d) const;

  bool operator==(const TypeValue &o) const {
    return form_ == o.form_ && rank_ == o.rank_ && first_ == o.first_ && second_ == o.second_ && third_ == o.third_ &&
           isComposed() == o.isComposed() && (!isComposed() || *composed_ == *o.composed_) && divisors_ == o.divisors_;
  }
  friend llvm::hash_code hash_value(const TypeValue &v) {
    return llvm::hash_combine(unsigned(v.form_), v.rank_, cutelayout::hashValue(v.first_),
                              cutelayout::hashValue(v.second_), cutelayout::hashValue(v.third_),
                              v.isComposed() ? cutelayout::hashValue(*v.composed_) : 0,
                              llvm::hash_combine_range(v.divisors_.begin(), v.divisors_.end()));
  }

private:
  Form form_ = Form::Kind;
  unsigned rank_ = 0;
  cutelayout::IntTuple first_, second_, third_;
  std::shared_ptr<const cutelayout::ComposedLayout> composed_; // immutable, so shared
  std::vector<int64_t> divisors_;                              // per leaf of leaves(); empty: no facts
};

/// Every dynamic leaf of t set to cutelayout::kUnknownDynamic.
cutelayout::IntTuple normalizeDynamic(cutelayout::TupleView t);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H
