// Value: a value of the expression language that the command line, Python, the web build,
// the benchmarks and the fuzzers evaluate (Evaluator.h) and pass to operations
// (Operations.h): an int tuple, a layout, a tile, a name, a swizzle, a composed layout, a
// tensor or iterator, or a (tiled) atom.
//
// Representation invariant: `kind` says which member holds the value; the rarer kinds'
// objects sit behind one shared, immutable payload; a Layout value whose shape and stride
// are not congruent has notCongruent set (printable, not computable).
//
// Examples: Value::ofLayout((4,8):(1,4)) is kind Layout; Value::ofInt(3) is kind Tuple.
#pragma once

#include "cutelayout/Atom.h"
#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Tiler.h"

#include <memory>
#include <string>
#include <vector>

namespace cutelayout::cli {

/// A value of the expression language.
struct Value {
  enum class Kind {
    Tuple,
    Layout,
    Tile,
    Name,
    Swizzle,
    Composed,
    Tensor,
    Iterator,
    MmaAtom,
    TiledMma,
    CopyAtom,
    TiledCopy
  };
  Kind kind = Kind::Tuple;
  IntTuple tuple;   // Tuple: an int tuple (a leaf is an integer, `_` allowed)
  Layout layout;    // Layout
  std::string name; // Name: a bare identifier such as a type name (uint8_t) or LayoutRight
  Swizzle swizzle;  // Swizzle
  /// A Layout whose shape and stride are not congruent. CuTe's make_layout builds and
  /// prints such a pair without complaint; here it can be printed but not computed with.
  bool notCongruent = false;

  // The rarer kinds keep their object behind one shared pointer (values are immutable),
  // so building and destroying the common ones (tuples and layouts) touches one pointer.
  /// Tile: the tile.
  const Tiler &tile() const { return *static_cast<const Tiler *>(payload_.get()); }
  /// Composed: the composed layout.
  const ComposedLayout *composed() const { return static_cast<const ComposedLayout *>(payload_.get()); }
  /// Tensor: an iterator and a layout (TensorOps.h); Iterator: its iterator alone, the
  /// layout unused (counting_iterator<int>(n), before make_tensor binds it).
  const Tensor *tensor() const { return static_cast<const Tensor *>(payload_.get()); }
  /// MmaAtom: its atom (the rest unused); TiledMma: CuTe's make_tiled_mma (AtomOps.h).
  const TiledMma *mma() const { return static_cast<const TiledMma *>(payload_.get()); }
  /// CopyAtom: its atom; TiledCopy: CuTe's make_tiled_copy (AtomOps.h).
  const TiledCopy *copy() const { return static_cast<const TiledCopy *>(payload_.get()); }

  // User-provided, so that value-initialization (Value(), vector::emplace_back()) runs
  // only the members' constructors instead of first zeroing the whole (large) object.
  Value() {}

  /// Makes this value one of kind k whose fields the caller writes next (a result built in
  /// place in a value that is reused, callResolvedInto): the previous kind's object is
  /// released.
  void reuseAs(Kind k) {
    kind = k;
    notCongruent = false;
    if (payload_)
      payload_.reset();
  }

  static Value ofTuple(IntTuple t) {
    Value v;
    v.tuple = std::move(t);
    return v;
  }
  static Value ofInt(Int x) { return ofTuple(IntTuple(x)); }
  static Value ofLayout(Layout l) {
    Value v;
    v.kind = Kind::Layout;
    v.layout = std::move(l);
    return v;
  }
  static Value ofSwizzle(const Swizzle &s) {
    Value v;
    v.kind = Kind::Swizzle;
    v.swizzle = s;
    return v;
  }
  static Value ofComposed(ComposedLayout c) {
    Value v;
    v.kind = Kind::Composed;
    v.payload_ = std::make_shared<const ComposedLayout>(std::move(c));
    return v;
  }
  /// A layout or a composed layout, as CuTe's lifted algebra returns it.
  static Value ofAny(AnyLayout l) {
    if (Layout *p = std::get_if<Layout>(&l))
      return ofLayout(std::move(*p));
    return ofComposed(std::get<ComposedLayout>(std::move(l)));
  }
  static Value ofTensor(Tensor t) {
    Value v;
    v.kind = Kind::Tensor;
    v.payload_ = std::make_shared<const Tensor>(std::move(t));
    return v;
  }
  static Value ofIterator(TensorIterator it) {
    Value v = ofTensor(Tensor{std::move(it), Layout()});
    v.kind = Kind::Iterator;
    return v;
  }
  static Value ofMma(TiledMma m, bool atomOnly) {
    Value v;
    v.kind = atomOnly ? Kind::MmaAtom : Kind::TiledMma;
    v.payload_ = std::make_shared<const TiledMma>(std::move(m));
    return v;
  }
  static Value ofCopy(TiledCopy c, bool atomOnly) {
    Value v;
    v.kind = atomOnly ? Kind::CopyAtom : Kind::TiledCopy;
    v.payload_ = std::make_shared<const TiledCopy>(std::move(c));
    return v;
  }
  static Value ofTile(Tiler t) {
    Value v;
    v.kind = Kind::Tile;
    v.payload_ = std::make_shared<const Tiler>(std::move(t));
    return v;
  }

private:
  /// The object of a Tile, Composed, Tensor, Iterator, MmaAtom, TiledMma, CopyAtom or
  /// TiledCopy value (its type follows from kind); null for the other kinds.
  std::shared_ptr<const void> payload_;
};

/// The arguments of a call, by reference and never copied: a run of values (the
/// evaluator's argument list) or an array of pointers to values held elsewhere (the Python
/// module's objects, or a list with one argument replaced).
/// @pre the values outlive the ValueRefs
class ValueRefs {
public:
  ValueRefs(const std::vector<Value> &values) : base_(values.data()), size_(values.size()) {}
  /// The first `size` values of a run.
  static ValueRefs run(const Value *values, size_t size) {
    ValueRefs r(nullptr, 0);
    r.base_ = values;
    r.size_ = size;
    return r;
  }
  ValueRefs(const Value *const *pointers, size_t size) : pointers_(pointers), size_(size) {}
  ValueRefs(const std::vector<const Value *> &pointers) : ValueRefs(pointers.data(), pointers.size()) {}

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Value &operator[](size_t i) const { return pointers_ ? *pointers_[i] : base_[i]; }

  class iterator {
  public:
    iterator(const ValueRefs *refs, size_t i) : refs_(refs), i_(i) {}
    const Value &operator*() const { return (*refs_)[i_]; }
    iterator &operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const iterator &o) const { return i_ != o.i_; }

  private:
    const ValueRefs *refs_;
    size_t i_;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size_}; }

  /// Pointers to the values from index `from` on, to pass on with some replaced.
  std::vector<const Value *> pointers(size_t from = 0) const {
    std::vector<const Value *> out;
    for (size_t i = from; i < size_; ++i)
      out.push_back(&(*this)[i]);
    return out;
  }

private:
  const Value *base_ = nullptr;
  const Value *const *pointers_ = nullptr;
  size_t size_;
};

std::string printValue(const Value &v, Style style);

/// The room printValueTo needs for v: a tuple or a layout prints straight into a caller's
/// buffer; 0 for the other kinds, which printValue alone prints.
size_t printBound(const Value &v);
/// printValue(v, style) written at p.
/// @pre printBound(v) > 0 and p has room for printBound(v) characters
/// @post returns the end of the text written
char *printValueTo(char *p, const Value &v, Style style);

/// v as a message quotes it: its print, but an atom or tiled atom (whose print has several
/// lines) by its CuTe type: MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, TiledCopy<Copy_Atom<...>>.
std::string describe(const Value &v);

/// What kind of value v is, with its article, for messages: "a layout", "an int tuple".
const char *kindName(Value::Kind k);

} // namespace cutelayout::cli
