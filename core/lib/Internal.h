// Helpers shared by the core's .cpp files; not part of the public API.
//
// The algorithms work on three cheap things instead of Layout values:
//   LayoutView     a (shape, stride) pair of views into an existing layout: no copy;
//   IntVec pairs   the flat leaves of a layout (shape and stride are congruent, so leaf k
//                  of each sits at the same node), where coalesce, complement and
//                  composition do their arithmetic;
//   LayoutBuilder  writes shape and stride nodes in lockstep straight into the result, so
//                  a nested computation appends to its caller's result instead of
//                  returning a Layout that is then copied in.
#pragma once

#include "cutelayout/Basis.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <cstddef>
#include <cstring>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

namespace notation {
/// Whether the parser's one-pass reader runs (default true). Tests turn it off to compare
/// every parse with the careful parser's. Not thread-safe to change while parsing.
void setFastPathEnabled(bool on);
} // namespace notation

/// A node's fields after its value (span, kind, isStatic, basis 0) as one 8-byte word (its
/// tag), so that a kernel writes a node with two stores (the compiler writes the fields one
/// by one: five stores). The parser and the fast domains' writer (kernels/NodeOut.h) write their nodes so.
static_assert(sizeof(Node) == 16 && offsetof(Node, span) == 8 && offsetof(Node, kind) == 12 &&
                  offsetof(Node, isStatic) == 13 && offsetof(Node, basis) == 14 &&
                  __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "a node is its value, then span, kind, isStatic and basis in one little-endian word");
constexpr uint64_t nodeTag(uint32_t span, NodeKind kind, bool isStatic) {
  return uint64_t(span) | uint64_t(kind) << 32 | uint64_t(isStatic) << 40;
}
/// The tag bit that isStatic sets.
constexpr uint64_t kStaticTagBit = uint64_t(1) << 40;
/// The tags of an integer leaf without a basis: static (_N) and dynamic.
constexpr uint64_t kStaticLeafTag = nodeTag(1, NodeKind::Int, true);
constexpr uint64_t kDynamicLeafTag = nodeTag(1, NodeKind::Int, false);

/// n's tag: its fields after its value.
[[gnu::always_inline]] inline uint64_t nodeTagOf(const Node &n) {
  uint64_t tag;
  std::memcpy(&tag, reinterpret_cast<const char *>(&n) + 8, 8);
  return tag;
}

/// Writes the node (value, tag) at `at` with two stores.
[[gnu::always_inline]] inline void writeNode(Node *at, int64_t value, uint64_t tag) {
  std::memcpy(reinterpret_cast<char *>(at), &value, 8);
  std::memcpy(reinterpret_cast<char *>(at) + 8, &tag, 8);
}

/// A layout seen through views into one that lives elsewhere. @pre congruent
struct LayoutView {
  TupleView shape, stride;
  LayoutView(const Layout &l) : shape(l.shape.view()), stride(l.stride.view()) {}
  LayoutView(TupleView s, TupleView d) : shape(s), stride(d) {}
  uint32_t rank() const { return shape.rank(); }
  bool isLeaf() const { return !shape.isTuple(); }
  LayoutView mode(uint32_t i) const { return LayoutView(shape.child(i), stride.child(i)); }
  Layout copy() const { return Layout{IntTuple(shape), IntTuple(stride)}; }
};

/// The result of an operation that writes into a builder: ok, or the error.
using Status = Expected<bool>;
inline Status success() { return Status(true); }

/// Evaluates a Status; returns its error from the enclosing function.
#define CL_CHECK(expr)                                                                                                 \
  do {                                                                                                                 \
    Status clCheck_ = (expr);                                                                                          \
    if (!clCheck_.ok())                                                                                                \
      return clCheck_.error();                                                                                         \
  } while (0)

/// The preconditions of appendToRank and prependToRank (IntTuple.h, Layout.h): n at least
/// the operand's rank (CuTe's static_assert) and at most kMaxPaddedNodes nodes in the
/// result (span and padSpan: the operand's and x's nodes). printed() prints the operand,
/// only for a message.
template <class Printed>
Status checkPadding(uint32_t rank, uint32_t span, uint32_t n, uint32_t padSpan, Printed printed) {
  if (n < rank)
    return makeError("cannot pad " + printed() + " to rank " + std::to_string(n) + ": its rank is " +
                     std::to_string(rank));
  uint64_t nodes = uint64_t(span) + 1 + uint64_t(n - rank) * padSpan; // + 1: a leaf becomes a tuple
  if (nodes > kMaxPaddedNodes)
    return makeError("padding " + printed() + " to rank " + std::to_string(n) + " builds " + std::to_string(nodes) +
                     " nodes, more than the " + std::to_string(kMaxPaddedNodes) + " allowed");
  return success();
}

/// True when l has no leaves, like ():(). CuTe rejects such layouts in the algebra.
inline bool isEmpty(LayoutView l) {
  // leafCount(shape) == 0, stopping at the first leaf (usually the first or second node).
  const Node *n = l.shape.nodes();
  for (uint32_t i = 0, e = n->span; i < e; ++i)
    if (n[i].kind != NodeKind::Tuple)
      return false;
  return true;
}
inline Error emptyLayoutError(const char *op) {
  return makeError(std::string(op) + " of an empty layout ():() (CuTe needs at least one mode)");
}

/// CuTe defines `op` for integer strides only (its complement, inverses, products, recasts
/// and orderings compare or divide strides): an error naming l when a stride of l is a
/// scaled basis (Basis.h), so no basis is ever read as an integer.
/// With unitModesDrop, a basis in a mode of static extent 1 is allowed: the operation (like
/// CuTe's complement, inverses and tile_to_shape) drops such modes before it reads their
/// strides, so complement(1:1@0, 4) is CuTe's _4:_1.
inline Status integerStrides(const char *op, LayoutView l, bool unitModesDrop = false) {
  if (__builtin_expect(hasBasis(l.stride), 0)) {
    const Node *s = l.shape.nodes(), *d = l.stride.nodes();
    for (uint32_t i = 0, e = l.shape.span(); i < e; ++i)
      if (d[i].basis != 0 && !(unitModesDrop && s[i].isStatic && s[i].value == 1))
        return basisStridesUnsupported(op, print(l.copy()));
  }
  return Status(true);
}

/// CuTe's cosize of a layout view.
Int cosize(LayoutView l);
/// CuTe's product of the tree at n: a left fold over its Int leaves (a leaf is itself, an
/// empty tuple _1); `leaf` reads a node as an Int.
template <class Leaf> Int foldProduct(const Node *n, Leaf leaf) {
  if (n->kind != NodeKind::Tuple)
    return leaf(*n);
  Int acc = kStatic1;
  bool first = true;
  for (uint32_t i = 1, e = n->span; i < e; ++i)
    if (n[i].kind == NodeKind::Int) {
      Int x = leaf(n[i]);
      acc = first ? x : mul(acc, x);
      first = false;
    }
  return acc;
}
/// foldProduct of a tree whose leaves the caller knows hold no basis: read with
/// integerLeaf, the compiler drops mul's basis test.
inline Int integerProduct(const Node *n) {
  return foldProduct(n, [](const Node &x) { return integerLeaf(x); });
}

/// Appends the leaves of l, in order, to shape and stride.
inline void appendLeaves(LayoutView l, IntVec &shape, IntVec &stride) {
  uint32_t n = l.shape.span();
  shape.reserveMore(n);
  stride.reserveMore(n);
  const Node *s = l.shape.nodes(), *d = l.stride.nodes();
  for (uint32_t i = 0; i < n; ++i)
    if (s[i].kind == NodeKind::Int) {
      shape.pushUnchecked(s[i].asInt());
      stride.pushUnchecked(d[i].asInt());
    }
}

/// R19 (RuntimeForm.h): the static form of `op` drops a zero stride's extent (filter_zeros)
/// where CuTe's runtime path lays it out: a runtime zero's always, a static zero's too
/// where the runtime path ignores the strides (staticZeros); such zeros on extents past 1
/// are noted.
void requireNoZeroStride(const Layout &l, const char *op, bool staticZeros);

/// Appends the integer leaves of t, in order, to out.
inline void leavesOf(TupleView t, IntVec &out) {
  uint32_t n = t.span();
  out.reserveMore(n);
  const Node *s = t.nodes();
  for (uint32_t i = 0; i < n; ++i)
    if (s[i].kind == NodeKind::Int)
      out.pushUnchecked(s[i].asInt());
}

/// A layout built node by node, shapes and strides in lockstep. With `wrap` (the default)
/// the modes added become one tuple (CuTe's make_layout(l0, l1, ...), so one mode gives a
/// rank-1 tuple); without, exactly one root is added.
class LayoutBuilder {
public:
  /// Builds into `target`, whose old value is dropped.
  explicit LayoutBuilder(Layout &target, bool wrap = true)
      : shape_(target.shape.nodes_), stride_(target.stride.nodes_), wrap_(wrap) {
    shape_.clear();
    stride_.clear();
    if (wrap)
      open();
  }
  LayoutBuilder(const LayoutBuilder &) = delete;
  LayoutBuilder &operator=(const LayoutBuilder &) = delete;

  void open() {
    countChild();
    open_.push_back(top_);
    top_ = shape_.size();
    shape_.push_back(Node{0, 0, NodeKind::Tuple, true});
    stride_.push_back(Node{0, 0, NodeKind::Tuple, true});
  }
  void close() {
    uint32_t at = top_;
    top_ = open_.back();
    open_.pop_back();
    shape_[at].span = stride_[at].span = shape_.size() - at;
    stride_[at].value = shape_[at].value; // children are counted on the shape side only
  }
  void leaf(Int shape, Int stride) {
    countChild();
    shape_.push_back(Node::leaf(shape));
    stride_.push_back(Node::leaf(stride));
  }
  void add(TupleView shape, TupleView stride) {
    countChild();
    shape_.append(shape.nodes(), shape.span());
    stride_.append(stride.nodes(), stride.span());
  }
  void add(LayoutView l) { add(l.shape, l.stride); }
  /// The modes given last first (as the coalesce walk leaves them): one mode is a leaf.
  void addReversedModes(const IntVec &shape, const IntVec &stride) {
    if (shape.size() == 1) {
      leaf(shape[0], stride[0]);
      return;
    }
    open();
    reserve(shape.size());
    shape_[top_].value = shape.size();
    for (uint32_t k = shape.size(); k-- > 0;) {
      shape_.pushUnchecked(Node::leaf(shape[k]));
      stride_.pushUnchecked(Node::leaf(stride[k]));
    }
    close();
  }
  /// Modes in order: one mode is a leaf, more a tuple (CuTe's unwrap of a fresh list).
  void addModes(const IntVec &shape, const IntVec &stride) {
    if (shape.size() == 1) {
      leaf(shape[0], stride[0]);
      return;
    }
    open();
    reserve(shape.size());
    shape_[top_].value = shape.size();
    for (uint32_t k = 0; k < shape.size(); ++k) {
      shape_.pushUnchecked(Node::leaf(shape[k]));
      stride_.pushUnchecked(Node::leaf(stride[k]));
    }
    close();
  }
  /// Nodes written so far.
  uint32_t size() const { return shape_.size(); }
  /// The node array of t, for code that writes a whole tuple in one pass (tilerFromShape).
  static NodeVec &nodesOf(IntTuple &t) { return t.nodes_; }
  /// Completes the target (closes the wrapping tuple).
  void finish() {
    if (wrap_)
      close();
  }

private:
  static constexpr uint32_t kNoTuple = ~0u;
  void countChild() {
    if (top_ != kNoTuple)
      ++shape_[top_].value;
  }
  void reserve(uint32_t n) {
    shape_.reserveMore(n);
    stride_.reserveMore(n);
  }
  NodeVec &shape_, &stride_;
  uint32_t top_ = kNoTuple;     // the innermost open tuple's node, or kNoTuple
  SmallVec<uint32_t, 16> open_; // the tuples open around it
  bool wrap_;
};

/// Runs f(out) with a builder into target inside an ArithScope; an arithmetic failure
/// becomes "... (in op)". @pre target is none of f's operands (it is cleared first)
template <class F> Status buildLayoutInto(const char *op, Layout &target, F f, bool wrap = false) {
  ArithScope scope;
  LayoutBuilder out(target, wrap);
  Status s = f(out);
  if (!s)
    return s.error();
  if (scope.failed())
    return scope.error(op);
  out.finish();
  return success();
}

/// An operation that writes into a caller's layout, as an Expected built in place (one
/// named result, so no layout is moved on return).
template <class F> Expected<Layout> intoExpected(F into) {
  Expected<Layout> result(std::in_place);
  Status s = into(*result);
  if (!s)
    result = Expected<Layout>(s.error());
  return result;
}

/// buildLayoutInto a fresh result.
template <class F> Expected<Layout> buildLayout(const char *op, F f, bool wrap = false) {
  return intoExpected([&](Layout &r) { return buildLayoutInto(op, r, f, wrap); });
}

/// The same without an ArithScope, for functions that cannot fail.
template <class F> Layout buildLayoutUnchecked(F f, bool wrap = false) {
  Layout result;
  LayoutBuilder out(result, wrap);
  f(out);
  out.finish();
  return result;
}

/// CuTe's transform_layout(l, t, f): f(i, mode i, out) for the first `count` modes; the
/// modes past them are kept when keepRest, dropped otherwise. The result is always a tuple.
template <class F> Status transformModesInto(LayoutView l, uint32_t count, bool keepRest, LayoutBuilder &out, F f) {
  out.open();
  uint32_t i = 0;
  TupleView::Iterator di = l.stride.begin();
  for (TupleView s : l.shape) {
    if (i < count)
      CL_CHECK(f(i, LayoutView(s, *di), out));
    else if (keepRest)
      out.add(s, *di);
    ++i;
    ++di;
  }
  out.close();
  return success();
}

template <class F> Expected<Layout> transformModes(const Layout &l, uint32_t count, bool keepRest, F f) {
  Layout result;
  LayoutBuilder out(result, false);
  CL_CHECK(transformModesInto(l, count, keepRest, out, [&](uint32_t i, LayoutView m, LayoutBuilder &b) -> Status {
    b.add(LayoutView(CL_TRY(f(i, m.copy()))));
    return success();
  }));
  out.finish();
  return result;
}

/// Rebuilds a (shape, stride) tree with f(s, d, out) at every leaf mode; tuple levels stay
/// tuple levels. @pre shape and stride congruent.
template <class F> Status mapLeafModesInto(TupleView shape, TupleView stride, LayoutBuilder &out, F &f) {
  if (!shape.isTuple())
    return f(shape.asInt(), stride.asInt(), out);
  out.open();
  TupleView::Iterator di = stride.begin();
  for (TupleView s : shape) {
    CL_CHECK(mapLeafModesInto(s, *di, out, f));
    ++di;
  }
  out.close();
  return success();
}

/// A o B into out (CuTe's composition of two layouts). @pre none: errors are returned
Status compositionInto(LayoutView a, LayoutView b, LayoutBuilder &out);
/// A o (B0, B1) into out, without building the pair (the divides' and products' shape).
Status compositionInto(LayoutView a, LayoutView b0, LayoutView b1, LayoutBuilder &out);
/// complement(l, cotarget) into out; errors name `op` for an empty layout.
Status complementInto(LayoutView l, TupleView cotarget, LayoutBuilder &out, const char *op);

CUTELAYOUT_ABI_END
} // namespace cutelayout
