// IntTuple: an integer or a tuple of IntTuples, any depth (CuTe's IntTuple). Leaves are
// Ints (static or dynamic) or, in coordinates, the underscore `_`.
//
// Representation invariant: the tree is stored flat, in preorder, in one inline array of
// Nodes. A tuple node holds its child count in `value` and the number of nodes in its
// subtree (itself included) in `span`; a leaf has span 1. So a subtree is a contiguous
// slice, copying is one memcpy, and trees of up to kInlineNodes nodes never touch the heap.
//   (4,8)         -> [T rank=2 span=3][4][8]
//   ((2,2),_)     -> [T rank=2 span=5][T rank=2 span=3][2][2][_]
// A leaf may be a scaled basis `v@d` (Basis.h): an Int whose basis code sits in the node's
// spare bytes.
#pragma once

#include "cutelayout/Int.h"
#include "cutelayout/Support.h"

#include <cstdint>
#include <initializer_list>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

enum class NodeKind : uint8_t { Int, Underscore, Tuple };

struct Node {
  int64_t value; // the integer, or a tuple's child count
  uint32_t span; // nodes in this subtree, itself included
  NodeKind kind;
  bool isStatic;
  uint16_t basis = 0; // an Int leaf's scaled-basis path (Int::basis, Basis.h); 0 otherwise

  static Node leaf(Int x) { return Node{x.value, 1, NodeKind::Int, x.isStatic, x.basis}; }
  Int asInt() const { return Int{value, isStatic, basis}; }
};

/// An Int leaf read as an integer, for kernels whose caller has checked that no leaf is
/// a basis (hasBasis): the compiler then knows `basis` is 0 and drops the basis tests.
inline Int integerLeaf(const Node &n) { return Int{n.value, n.isStatic}; }

/// Nodes stored inline in a tuple or a builder: every tree of up to 32 leaves whose tuples
/// have at least two children (at most 63 nodes; 33 when flat) stays off the heap.
constexpr unsigned kInlineNodes = 64;
using NodeVec = SmallVec<Node, kInlineNodes>;
/// Leaves gathered for the flat algorithms (reserved by node count, so as many as a tuple's
/// inline nodes).
using IntVec = SmallVec<Int, kInlineNodes>;

/// A read-only view of one subtree. Cheap to copy; valid while its owner lives.
class TupleView {
public:
  explicit TupleView(const Node *node) : node_(node) {}

  bool isTuple() const { return node_->kind == NodeKind::Tuple; }
  bool isInt() const { return node_->kind == NodeKind::Int; }
  bool isUnderscore() const { return node_->kind == NodeKind::Underscore; }
  /// The leaf value. Only for isInt().
  Int asInt() const { return node_->asInt(); }
  /// CuTe's rank: a tuple's child count, 1 for a leaf.
  uint32_t rank() const { return isTuple() ? uint32_t(node_->value) : 1; }
  uint32_t span() const { return node_->span; }
  const Node *nodes() const { return node_; }

  /// Child i of a tuple (linear in i). For a leaf, child(0) is the leaf (CuTe's get<0>).
  TupleView child(uint32_t i) const;

  class Iterator {
  public:
    explicit Iterator(const Node *n) : n_(n) {}
    TupleView operator*() const { return TupleView(n_); }
    Iterator &operator++() {
      n_ += n_->span;
      return *this;
    }
    bool operator!=(const Iterator &o) const { return n_ != o.n_; }

  private:
    const Node *n_;
  };
  /// The children of a tuple; a leaf iterates over itself once.
  Iterator begin() const { return Iterator(isTuple() ? node_ + 1 : node_); }
  Iterator end() const { return Iterator(node_ + node_->span); }

private:
  const Node *node_;
};

/// An owning, immutable-by-convention IntTuple.
class IntTuple {
public:
  IntTuple() : IntTuple(Int::fixed(0)) {}
  IntTuple(Int leaf) { nodes_.pushUnchecked(Node::leaf(leaf)); } // a fresh vector has room
  explicit IntTuple(TupleView view) { nodes_.append(view.nodes(), view.span()); }
  /// Becomes the leaf x, in the storage it has (a result written into a reused tuple).
  IntTuple &operator=(Int x) {
    nodes_.clear();
    nodes_.pushUnchecked(Node::leaf(x)); // every vector has room for one node
    return *this;
  }
  static IntTuple underscore();
  /// A tuple of the given elements, e.g. makeTuple({a.view(), b.view()}).
  static IntTuple makeTuple(std::initializer_list<TupleView> elements);

  TupleView view() const { return TupleView(nodes_.data()); }
  operator TupleView() const { return view(); }

  bool isTuple() const { return view().isTuple(); }
  bool isInt() const { return view().isInt(); }
  Int asInt() const { return view().asInt(); }
  uint32_t rank() const { return view().rank(); }
  TupleView child(uint32_t i) const { return view().child(i); }

  /// Becomes t's static twin (staticTwin below) in the storage it has: a twin written
  /// into a reused tuple, without a temporary.
  /// @pre t is not a view of this tuple  @post isStatic(*this); the profile, values and bases of t
  void assignStaticTwin(TupleView t) {
    nodes_.clear();
    nodes_.append(t.nodes(), t.span());
    for (Node &n : nodes_)
      n.isStatic = true;
  }

  /// Adopts preorder nodes that form exactly one tree (builders use this).
  static IntTuple fromNodes(NodeVec &&nodes) {
    IntTuple t(0);
    t.nodes_ = std::move(nodes);
    return t;
  }

  friend class TupleBuilder;
  friend class LayoutBuilder;

private:
  IntTuple(int) {}
  NodeVec nodes_;
};

/// Builds an IntTuple in preorder: open(), elements, close(). Exactly one root.
class TupleBuilder {
public:
  void leaf(Int x) {
    countChild();
    nodes_.push_back(Node::leaf(x));
  }
  void underscore() {
    countChild();
    nodes_.push_back(Node{0, 1, NodeKind::Underscore, true});
  }
  void add(TupleView v) {
    countChild();
    nodes_.append(v.nodes(), v.span());
  }
  void open() {
    countChild();
    open_.push_back(nodes_.size());
    nodes_.push_back(Node{0, 0, NodeKind::Tuple, true});
  }
  void close() {
    uint32_t at = open_.back();
    open_.pop_back();
    nodes_[at].span = nodes_.size() - at;
  }
  IntTuple finish() { return IntTuple::fromNodes(std::move(nodes_)); }

private:
  void countChild() {
    if (!open_.empty())
      ++nodes_[open_.back()].value;
  }
  NodeVec nodes_;
  SmallVec<uint32_t, 16> open_;
};

bool operator==(TupleView a, TupleView b);
inline bool operator!=(TupleView a, TupleView b) { return !(a == b); }
inline bool operator==(const IntTuple &a, const IntTuple &b) { return a.view() == b.view(); }
inline bool operator!=(const IntTuple &a, const IntTuple &b) { return !(a == b); }
uint64_t hashValue(TupleView v);

// --- Structure (CuTe's tuple_algorithms), all returning new tuples -------------------

/// t with every integer leaf x replaced by f(x); `_` leaves and the profile are kept.
template <class F> IntTuple mapLeaves(TupleView t, F f) {
  if (t.isInt())
    return IntTuple(f(t.asInt()));
  if (!t.isTuple())
    return IntTuple(t);
  TupleBuilder b;
  b.open();
  for (TupleView c : t)
    b.add(mapLeaves(c, f));
  b.close();
  return b.finish();
}

/// CuTe's static twin of t: the same values, every integer leaf static (docs/semantics.md,
/// R18). One copy of t's nodes with every static flag set (tuple and `_` nodes are static
/// as built), so it equals mapping each leaf to its static self, without rebuilding.
/// @post the same profile, values and bases as t; isStatic(result)
inline IntTuple staticTwin(TupleView t) {
  IntTuple twin;
  twin.assignStaticTwin(t);
  return twin;
}

/// Nesting depth: 0 for a leaf, 1 + max child depth for a tuple.
int depth(TupleView v);
/// Number of leaves.
uint32_t leafCount(TupleView v);
/// True when every leaf is static (CuTe's is_static). Inline: the fast domains' callers
/// test their operands with it on every call.
inline bool isStatic(TupleView v) {
  // Tuple and `_` nodes are static as built, so every node's flag is set exactly when every
  // integer leaf's is: one AND per node, without a branch.
  const Node *n = v.nodes();
  bool all = true;
  for (uint32_t i = 0, e = n->span; i < e; ++i)
    all &= n[i].isStatic;
  return all;
}
inline bool hasUnderscore(TupleView v) {
  const Node *n = v.nodes();
  for (uint32_t i = 0, e = v.span(); i < e; ++i)
    if (n[i].kind == NodeKind::Underscore)
      return true;
  return false;
}
/// True when some leaf is a scaled basis (Basis.h). One pass over the nodes' basis codes
/// (0 on every other node), cheap enough for the algebra's entry checks.
inline bool hasBasis(TupleView v) {
  uint16_t any = 0;
  const Node *n = v.nodes();
  for (uint32_t i = 0, e = v.span(); i < e; ++i)
    any |= n[i].basis;
  return any != 0;
}
/// Leaf i in preorder (requires i < leafCount).
TupleView leafAt(TupleView v, uint32_t i);

IntTuple flatten(TupleView v);        // a leaf stays a leaf
IntTuple flattenToTuple(TupleView v); // a leaf becomes (leaf)
IntTuple wrap(TupleView v);           // a leaf becomes (leaf); a tuple stays
IntTuple unwrap(TupleView v);         // peel rank-1 tuples
IntTuple append(TupleView t, TupleView x);
IntTuple prepend(TupleView t, TupleView x);
/// CuTe's append<N>/prepend<N>: pad t (a leaf counts as rank 1) with x up to rank n.
/// Lenient where n < rank(t) (t itself), for the algebra's own padding; the operations
/// are appendToRank and prependToRank.
IntTuple appendTo(TupleView t, uint32_t n, TupleView x);
IntTuple prependTo(TupleView t, uint32_t n, TupleView x);
/// The most nodes appendToRank and prependToRank build: padding multiplies x, so a short
/// expression could otherwise ask for more memory than a machine has.
constexpr uint64_t kMaxPaddedNodes = uint64_t(1) << 20;
/// CuTe's append<N>(t, x) and prepend<N>(t, x) as operations: t, then (before it) copies
/// of x up to rank n; a leaf t counts as rank 1.
/// @pre n >= rank(t) (CuTe's static_assert); the result has at most kMaxPaddedNodes nodes
/// @post t itself where n == rank(t) (a leaf stays a leaf); else a tuple of rank n whose
///       modes are t's, followed (preceded) by n - rank(t) copies of x
/// Example: appendToRank((2,3), 4, 4) = (2,3,4,4); prependToRank(2, 3, 4) = (4,4,2);
///          appendToRank((2,3), 1, 4) fails: cannot pad (2,3) to rank 1: its rank is 2
Expected<IntTuple> appendToRank(TupleView t, uint32_t n, TupleView x);
Expected<IntTuple> prependToRank(TupleView t, uint32_t n, TupleView x);
/// Elements [b, e) of a tuple, as a tuple.
IntTuple take(TupleView t, uint32_t b, uint32_t e);
IntTuple removeAt(TupleView t, uint32_t i);
IntTuple replaceAt(TupleView t, uint32_t i, TupleView x);
/// CuTe's replace<I>(t, x): replaceAt, checked.
/// @pre i < rank(t) (CuTe's static_assert)
/// @post rank(result) == rank(t); element i is x, the others are t's
/// Example: replace((2,3,4), 1, 7) = (2,7,4); replace((2,3), 2, 7) is an error
Expected<IntTuple> replace(TupleView t, uint32_t i, TupleView x);
IntTuple replaceFront(TupleView t, TupleView x);
IntTuple replaceBack(TupleView t, TupleView x);
/// CuTe's group<b,e>: elements [b, e) become one element.
IntTuple group(TupleView t, uint32_t b, uint32_t e);
/// A tuple of the same profile as t with every leaf replaced by x.
IntTuple repeatLike(TupleView t, TupleView x);
/// CuTe's repeat<n>(x): x itself when n == 1, else a tuple of n copies.
IntTuple repeat(uint32_t n, TupleView x);
/// CuTe's unflatten(flat, profile): the elements of flat regrouped as profile is, each
/// leaf of profile (whatever its value, `_` too) taking the next element of flat (a leaf
/// flat is its own one element). CuTe does not check that flat is flat: an element that is
/// a tuple is taken whole.
/// @pre leafCount(profile) == rank(flat) (CuTe: no element left, none missing)
/// @post congruent(result, profile) where flat is flat; flatten(result) == flatten(flat)
/// Example: unflatten((2,3,4), (_,(_,_))) = (2,(3,4)); unflatten(5, _) = 5;
///          unflatten((2,3), _) fails: the profile has fewer leaves (1) than (2,3) has elements (2)
Expected<IntTuple> unflatten(TupleView flat, TupleView profile);
/// CuTe's zip (a transpose): a tuple of tuples of one rank r, ((a,b,...),(x,y,...),...),
/// becomes ((a,x,...),(b,y,...),...); a tuple whose element 0 is a leaf becomes (t); a
/// leaf stays.
/// @pre t is not (); where element 0 is a tuple, every element is a tuple of its rank
/// @post rank(result) == rank(element 0) where that is a tuple
/// Example: zip(((1,2),(3,4))) = ((1,3),(2,4)); zip((1,2)) = ((1,2)); zip(3) = 3
Expected<IntTuple> zip(TupleView t);
/// CuTe's zip2_by: guided by `guide` (a profile; leaves mark rank-2 modes of t).
Expected<IntTuple> zip2By(TupleView t, TupleView guide);

/// CuTe's slice: keep the parts of b paired with `_` in coordinate a.
Expected<IntTuple> slice(TupleView a, TupleView b);
/// CuTe's dice: keep the parts of b paired with integers in coordinate a.
Expected<IntTuple> dice(TupleView a, TupleView b);

CUTELAYOUT_ABI_END
} // namespace cutelayout
