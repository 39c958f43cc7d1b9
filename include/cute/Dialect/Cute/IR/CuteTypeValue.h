// TypeValue: what a cute type knows about its value, at one of three levels:
//   Kind   nothing but the kind              !cute.shape
//   Rank   the number of top-level modes     !cute.shape<3>, !cute.coord<rank=2>
//   Value  the value; a leaf is a static     !cute.shape<(4,?,8)>, !cute.layout<(4,8):(1,?)>
//          integer, a dynamic `?` or `_`
// Invariant: in the Value form every dynamic leaf holds cutelayout::kUnknownDynamic, so
// equal types compare and hash equal whatever computation produced them.
#ifndef CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H
#define CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H

#include "cutelayout/Tiler.h"

#include "llvm/ADT/Hashing.h"

#include <cstdint>

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

  Form form() const { return form_; }
  bool hasValue() const { return form_ == Form::Value; }
  /// The rank, when known (Rank or Value form).
  unsigned rank() const { return rank_; }
  /// The int tuple (Value form of tuple kinds), or a layout's shape.
  const cutelayout::IntTuple &tuple() const { return first_; }
  cutelayout::Layout layout() const { return cutelayout::Layout{first_, second_}; }
  cutelayout::Tiler tiler() const { return cutelayout::Tiler{layout(), third_}; }
  /// Value form with no dynamic leaf: the value is known when the IR is built.
  bool isStatic() const;

  bool operator==(const TypeValue &o) const {
    return form_ == o.form_ && rank_ == o.rank_ && first_ == o.first_ && second_ == o.second_ &&
           third_ == o.third_;
  }
  friend llvm::hash_code hash_value(const TypeValue &v) {
    return llvm::hash_combine(unsigned(v.form_), v.rank_, cutelayout::hashValue(v.first_),
                              cutelayout::hashValue(v.second_), cutelayout::hashValue(v.third_));
  }

private:
  Form form_ = Form::Kind;
  unsigned rank_ = 0;
  cutelayout::IntTuple first_, second_, third_;
};

/// Every dynamic leaf of t set to cutelayout::kUnknownDynamic.
cutelayout::IntTuple normalizeDynamic(cutelayout::TupleView t);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTETYPEVALUE_H
