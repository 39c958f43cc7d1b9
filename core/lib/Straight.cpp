// Straight paths for small layouts (Straight.h). Each kernel below follows one general
// algorithm step for step, with the same Int operations in the same order (the static*
// kernels: on int64 values, where every value is static); the comments name the function
// it mirrors. Where the general algorithm would report an error (or only might, depending
// on whether dynamic values are known), the kernel declines.
#include "Straight.h"

#include "Internal.h"
#include "kernels/Inverse.h"

#include <cstdlib>
#include <cstring>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace straight {
namespace {

/// CUTELAYOUT_FAST_PATHS=off (or 0) in the environment starts with the straight paths off:
/// the test command runs every corpus once more that way, so the general algorithms answer
/// everything (Straight.h).
/// (Not in the WebAssembly build: reading the environment would make the module import
/// WASI calls the page does not provide.)
bool initiallyEnabled() {
#ifdef __wasi__
  return true;
#else
  const char *v = std::getenv("CUTELAYOUT_FAST_PATHS");
  return !(v && (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0));
#endif
}
bool gEnabled = initiallyEnabled();

/// Leaves an operand may have, and slots a working set may hold (a kernel's results have
/// at most one mode more than its inputs, and composition's modes are bounded by A's).
constexpr uint32_t kMaxLeaves = 16;
constexpr uint32_t kSlots = 2 * kMaxLeaves;
/// Nodes a result may have: the inline capacity of a tuple, so writing never allocates.
constexpr uint32_t kMaxNodes = kInlineNodes;
/// Tuple nesting a result may have.
constexpr uint32_t kMaxDepth = 8;

/// One leaf: a value and its staticness (no default initializers, so arrays of slots cost
/// nothing to create).
struct Slot {
  int64_t value;
  bool isStatic;
};

[[gnu::always_inline]] inline Slot slot(Int x) { return Slot{x.value, x.isStatic}; }
[[gnu::always_inline]] inline Int intOf(Slot x) { return Int{x.value, x.isStatic}; }

/// A working set of modes s:d (see Straight.h for its invariant).
struct Leaves {
  uint32_t n = 0;
  Slot s[kSlots], d[kSlots];

  // Spelled out rather than through intOf/slot: with the helpers, GCC inlined less (+1%).
  Int shape(uint32_t i) const { return Int{s[i].value, s[i].isStatic}; }
  Int stride(uint32_t i) const { return Int{d[i].value, d[i].isStatic}; }
  void push(Int sh, Int st) { set(n++, sh, st); }
  void set(uint32_t i, Int sh, Int st) {
    s[i] = Slot{sh.value, sh.isStatic};
    d[i] = Slot{st.value, st.isStatic};
  }
};

/// Declines a straight path while a trace records or a failure is pending, and forgets the
/// arithmetic failures of one that ran (the general path meets them again and reports them).
class Guard {
public:
  Guard() {
    detail::ArithFailure &f = detail::tArithFailure;
    if (f.failed && f.depth == 0)
      f.failed = false; // recorded outside every ArithScope: no one reads it
    usable_ = gEnabled && !detail::tracing() && !f.failed;
  }
  ~Guard() {
    if (usable_)
      detail::tArithFailure.failed = false;
  }
  Guard(const Guard &) = delete;
  Guard &operator=(const Guard &) = delete;
  bool usable() const { return usable_; }
  bool clean() const { return !detail::tArithFailure.failed; }

private:
  bool usable_;
};

/// Writes a layout's shape and stride nodes in preorder straight into a target's arrays
/// (the same nodes LayoutBuilder writes). Past kMaxNodes or kMaxDepth it stops writing and
/// finish() declines.
class NodeOut {
public:
  explicit NodeOut(Layout &target)
      : shapeVec_(LayoutBuilder::nodesOf(target.shape)), strideVec_(LayoutBuilder::nodesOf(target.stride)) {
    // No reserve: a node vector always has room for its inline kInlineNodes (kMaxNodes).
    static_assert(kMaxNodes <= kInlineNodes, "the writer stays within the inline capacity");
    shapeVec_.clear();
    strideVec_.clear();
    s_ = shapeVec_.data();
    d_ = strideVec_.data();
    count_[0] = &rootCount_;
  }
  [[gnu::always_inline]] void open() {
    if (depth_ == kMaxDepth)
      n_ = kFull;
    if (!room(1))
      return;
    countChild();
    open_[depth_++] = n_;
    count_[depth_] = &s_[n_].value;
    writeNode(s_ + n_, 0, nodeTag(0, NodeKind::Tuple, true));
    writeNode(d_ + n_, 0, nodeTag(0, NodeKind::Tuple, true));
    ++n_;
  }
  [[gnu::always_inline]] void close() {
    if (full())
      return;
    uint32_t at = open_[--depth_];
    s_[at].span = d_[at].span = n_ - at;
    d_[at].value = s_[at].value; // children are counted on the shape side
  }
  [[gnu::always_inline]] void leaf(Int sh, Int st) {
    uint32_t at = n_;
    if (!room(1))
      return;
    countChild();
    writeLeaf(s_ + at, sh.value, sh.isStatic);
    writeLeaf(d_ + at, st.value, st.isStatic);
    n_ = at + 1;
  }
  /// k leaves in order: one is a leaf, more a tuple of them.
  void leaves(const Slot *shapes, const Slot *strides, uint32_t k) {
    if (k == 1) {
      leaf(intOf(shapes[0]), intOf(strides[0]));
      return;
    }
    open();
    for (uint32_t j = 0; j < k; ++j)
      leaf(intOf(shapes[j]), intOf(strides[j]));
    close();
  }
  /// A subtree of an operand, copied whole.
  [[gnu::always_inline]] void copy(const Node *sh, const Node *st) {
    uint32_t k = sh->span;
    if (!room(k))
      return;
    countChild();
    Node *s = s_ + n_, *d = d_ + n_;
    if (k == 1) { // a leaf, the common mode: two node copies, no library call
      *s = *sh;
      *d = *st;
    } else {
      std::memcpy(s, sh, k * sizeof(Node));
      std::memcpy(d, st, k * sizeof(Node));
    }
    n_ += k;
  }
  /// The modes of a working set in order (reversed: last first); one mode is a leaf.
  void modes(const Leaves &m, bool reversed) {
    uint32_t k = m.n;
    if (k == 1) {
      leaf(m.shape(0), m.stride(0));
      return;
    }
    // open(), k leaves, close(), with the counters in locals: the node writes could alias
    // this object's fields, so the general steps reload them after every store.
    uint32_t at = n_;
    if (!room(k + 1) || depth_ == kMaxDepth) {
      n_ = kFull;
      return;
    }
    countChild();
    Node *s = s_ + at, *d = d_ + at;
    writeNode(s, k, nodeTag(k + 1, NodeKind::Tuple, true));
    writeNode(d, k, nodeTag(k + 1, NodeKind::Tuple, true));
    if (reversed) {
      for (uint32_t j = 0; j < k; ++j) {
        writeLeaf(s + 1 + j, m.s[k - 1 - j].value, m.s[k - 1 - j].isStatic);
        writeLeaf(d + 1 + j, m.d[k - 1 - j].value, m.d[k - 1 - j].isStatic);
      }
    } else {
      for (uint32_t j = 0; j < k; ++j) {
        writeLeaf(s + 1 + j, m.s[j].value, m.s[j].isStatic);
        writeLeaf(d + 1 + j, m.d[j].value, m.d[j].isStatic);
      }
    }
    n_ = at + k + 1;
  }
  /// Where the next element goes (its first node).
  uint32_t size() const { return n_; }
  /// CuTe's unpacking of a mode, result(_, repeat<R>(_)) with R its rank: the element
  /// written last, starting at node `at`, is replaced by its children when it is a tuple
  /// of rank R >= 2; a leaf or a rank-1 tuple stays (repeat<1>(_) is `_`). False for an
  /// empty tuple (left to the general path) or after an overflow.
  /// @pre the element at `at` is closed and nothing follows it
  bool unpack(uint32_t at) {
    if (full() || s_[at].kind != NodeKind::Tuple || s_[at].value == 1)
      return !full();
    uint32_t k = uint32_t(s_[at].value);
    if (k == 0)
      return false;
    std::memmove(s_ + at, s_ + at + 1, (n_ - at - 1) * sizeof(Node));
    std::memmove(d_ + at, d_ + at + 1, (n_ - at - 1) * sizeof(Node));
    --n_;
    *count_[depth_] += k - 1;
    return true;
  }
  bool finish() {
    if (full())
      return false;
    shapeVec_.resizeWithinInline(n_);
    strideVec_.resizeWithinInline(n_);
    return true;
  }

private:
  /// An integer leaf (no basis) written with two stores.
  [[gnu::always_inline]] static void writeLeaf(Node *at, int64_t value, bool isStatic) {
    writeNode(at, value, nodeTag(1, NodeKind::Int, isStatic));
  }
  /// n_ once the writer is full (past kMaxNodes or kMaxDepth): every later room test fails.
  static constexpr uint32_t kFull = 1u << 24;
  bool full() const { return n_ > kMaxNodes; }
  [[gnu::always_inline]] bool room(uint32_t k) {
    if (__builtin_expect(n_ + k > kMaxNodes, 0)) {
      n_ = kFull;
      return false;
    }
    return true;
  }
  /// One more child of the open tuple (of the dummy root at depth 0).
  [[gnu::always_inline]] void countChild() { ++*count_[depth_]; }
  NodeVec &shapeVec_, &strideVec_;
  Node *s_, *d_;
  uint32_t n_ = 0, depth_ = 0;
  uint32_t open_[kMaxDepth];
  int64_t rootCount_ = 0;
  int64_t *count_[kMaxDepth + 1]; // the child counts of the open tuples; count_[0] the root's
};

/// Writes a working set of modes given last first (a leaf for one mode) as the result.
bool writeReversed(const Leaves &rev, Layout &result) {
  NodeOut out(result);
  out.modes(rev, true);
  return out.finish();
}

/// x without a basis code, as every value of these kernels is (they read leaves with
/// integerLeaf or from Slots). A kernel taking an Int parameter restates it with this: the
/// compiler then knows every value's basis is 0 and drops the operators' basis tests.
[[gnu::always_inline]] inline Int plainInt(Int x) { return Int{x.value, x.isStatic}; }

/// Walks the tree at x with y in lockstep, as CuTe's transforms of a weakly congruent pair
/// do: a tuple of x needs a tuple of y of its rank, and each leaf of x meets the subtree of
/// y under it, handed to onLeaf(x leaf, y subtree). False where they do not pair or where
/// onLeaf returns false. (Y is Node or const Node: the walk may write y's nodes.)
template <class Y, class F> bool pairLeaves(const Node *x, Y *y, F &onLeaf) {
  if (x->kind != NodeKind::Tuple)
    return onLeaf(x, y);
  if (y->kind != NodeKind::Tuple || y->value != x->value)
    return false;
  const Node *xc = x + 1;
  Y *yc = y + 1;
  for (int64_t k = 0; k < x->value; ++k, xc += xc->span, yc += yc->span)
    if (!pairLeaves(xc, yc, onLeaf))
      return false;
  return true;
}

/// Whether every leaf of the subtree at n is an integer (no `_`, no scaled basis).
bool integerSubtree(const Node *n) {
  for (uint32_t k = 0; k < n->span; ++k)
    if (n[k].kind == NodeKind::Underscore || n[k].basis != 0)
      return false;
  return true;
}

/// Whether a layout (shape and stride nodes) has only integer leaves and fits.
bool plainLeaves(const Node *s, const Node *d) {
  uint32_t e = s->span;
  if (e > kMaxNodes)
    return false;
  uint32_t leaves = 0;
  for (uint32_t i = 0; i < e; ++i) {
    if (s[i].kind == NodeKind::Tuple)
      continue;
    if (s[i].kind != NodeKind::Int || (s[i].basis | d[i].basis) != 0 || ++leaves > kMaxLeaves)
      return false;
  }
  return leaves != 0; // an empty layout is an error of the general path
}

/// The leaves of a layout in order (appendLeaves), in one pass with plainLeaves' test:
/// false when it does not hold. @pre out is empty
bool loadLeaves(const Node *s, const Node *d, Leaves &out) {
  uint32_t e = s->span;
  if (e == 1) { // a leaf layout
    if (s->kind != NodeKind::Int || (s->basis | d->basis) != 0)
      return false;
    out.n = 1;
    out.s[0] = Slot{s->value, s->isStatic};
    out.d[0] = Slot{d->value, d->isStatic};
    return true;
  }
  if (e > kMaxNodes)
    return false;
  // The count in a local: the slots' stores (a bool among them) could alias out.n.
  uint32_t n = 0;
  for (uint32_t i = 0; i < e; ++i) {
    if (s[i].kind == NodeKind::Tuple)
      continue;
    if (s[i].kind != NodeKind::Int || (s[i].basis | d[i].basis) != 0 || n == kMaxLeaves)
      return false;
    out.s[n] = Slot{s[i].value, s[i].isStatic};
    out.d[n] = Slot{d[i].value, d[i].isStatic};
    ++n;
  }
  out.n = n;
  return n != 0;
}

/// Whether every mode of a working set is static, shape and stride.
bool everyModeStatic(const Leaves &l) {
  for (uint32_t i = 0; i < l.n; ++i)
    if (!(l.s[i].isStatic & l.d[i].isStatic))
      return false;
  return true;
}

/// A working set as the coalesce walk's output, its count kept here until finish(): the
/// slots' stores (a bool among them) could alias out.n, so counting there reloads it.
struct LeavesSink {
  Leaves &out;
  uint32_t n = 0;
  [[gnu::always_inline]] void push(Int sh, Int st) {
    out.s[n] = Slot{sh.value, sh.isStatic};
    out.d[n] = Slot{st.value, st.isStatic};
    ++n;
  }
  void clear() { n = 0; }
  /// Passes the result's size and returns ok.
  bool finish(bool ok) {
    out.n = n;
    return ok;
  }
};

/// The coalesce walk (kernels/Coalesce.h) of a working set's leaves, seeded as `seed` says:
/// the modes, last first, in CuteDomain (staticness carried). @pre in.n >= 1
template <kernels::Seed seed> void walkLeaves(const Leaves &in, Leaves &out) {
  LeavesSink sink{out};
  kernels::CuteDomain dom;
  sink.finish(kernels::coalesceWalk<seed>(dom, kernels::reversedLeaves(in.n, [&](uint32_t i, Int &x, Int &y) {
                                            x = in.shape(i);
                                            y = in.stride(i);
                                          }),
                                          sink));
}



/// The leaves of a layout's nodes (at most kMaxLeaves integer leaves, no basis), then the
/// coalesce walk seeded as `seed` says: the modes, last first (all static: StaticDomain).
/// False past kMaxNodes or kMaxLeaves, on a basis, and for an empty layout.
template <kernels::Seed seed> bool loadCoalescedReversed(const Node *s, const Node *d, Leaves &out) {
  LeavesSink sink{out};
  return s->span <= kMaxNodes && sink.finish(kernels::coalesceNodes<seed>(s, d, sink, kMaxLeaves, /*integersOnly=*/true));
}

/// coalesce_x of a layout, the form composition reads A in (flatCoalesced): a trailing
/// static 1 seeds the walk with _2. False where loadCoalescedReversed fails.
bool flatCoalesced(const Node *s, const Node *d, Leaves &flat) {
  return loadCoalescedReversed<kernels::Seed::UnitAsTwo>(s, d, flat);
}

/// A flat layout given by its modes in order (a leaf for one mode), read as composition
/// reads its A (flatCoalesced of that layout).
void flatCoalesced(const Leaves &modes, Leaves &flat) { walkLeaves<kernels::Seed::UnitAsTwo>(modes, flat); }

/// A static working set (flat and coalesced, last first) read as composition's A
/// (kernels/Compose.h's Flat).
struct StaticFlat {
  const Leaves &l;
  static constexpr bool allStatic = true;
  uint32_t rank() const { return l.n; }
  int64_t shapeAt(uint32_t i) const { return l.s[l.n - 1 - i].value; }
  int64_t strideAt(uint32_t i) const { return l.d[l.n - 1 - i].value; }
  std::string print() const { return {}; } // StaticDomain builds no message
};

/// A (flat and coalesced, reversed) composed with one integral mode of B: the composition
/// kernel in StaticDomain. False where a value is dynamic or the kernel declines.
bool composeMode(const Leaves &a, Int rshape, Int rstride, NodeOut &out) {
  if (!(rshape.isStatic && rstride.isStatic && everyModeStatic(a)))
    return false;
  kernels::StaticDomain dom;
  return kernels::composeMode(dom, StaticFlat{a}, rshape.value, rstride.value, out) && !dom.declined();
}

/// A composed with B, B's tuples kept (the kernel's composeTree in StaticDomain).
bool composeTree(const Leaves &a, const Node *s, const Node *d, NodeOut &out) {
  if (!everyModeStatic(a))
    return false;
  kernels::StaticDomain dom;
  return kernels::composeTree(dom, StaticFlat{a}, s, d, out) && !dom.declined();
}

/// A composed with a flat layout given by its modes last first, as the complement yields
/// them (a leaf for one mode).
bool composeModes(const Leaves &a, const Leaves &b, NodeOut &out) {
  if (b.n == 1)
    return composeMode(a, b.shape(0), b.stride(0), out);
  out.open();
  for (uint32_t i = b.n; i-- > 0;)
    if (!composeMode(a, b.shape(i), b.stride(i), out))
      return false;
  out.close();
  return true;
}

/// The complement kernel's leaf case (kernels/Complement.h) in StaticDomain: the modes of
/// complement(s:d, cotarget), last first. False where s is 1 or d is 0 (filtered away: the
/// general path makes the cotarget's layout) and where the kernel declines.
bool staticComplementLeaf(int64_t s, int64_t d, int64_t cotarget, Leaves &rev) {
  if (s == 1 || d == 0)
    return false;
  kernels::StaticDomain dom;
  LeavesSink sink{rev};
  return sink.finish(kernels::complementLeaf(dom, s, d, cotarget, sink)) && !dom.declined();
}

/// The same for Ints: static values only (the straight paths take static operands).
bool complementLeaf(Int s, Int d, Int cotarget, Leaves &rev) {
  return s.isStatic && d.isStatic && cotarget.isStatic && staticComplementLeaf(s.value, d.value, cotarget.value, rev);
}

/// The complement kernel in StaticDomain of filtered, coalesced modes (last first), with
/// the rest `rest`: the modes, last first. False where a value is dynamic, for the one mode
/// _1:_0 (the general path makes the cotarget's layout) and where the kernel declines.
template <class Rest> bool complementOfModes(const Leaves &modes, const Rest &rest, Leaves &rev) {
  if (!everyModeStatic(modes) || (modes.n == 1 && modes.d[0].value == 0))
    return false;
  kernels::StaticDomain dom;
  LeavesSink sink{rev};
  return sink.finish(kernels::complementModes(dom, StaticFlat{modes}, rest, sink)) && !dom.declined();
}

/// The same of a layout's leaves (filtered first).
template <class Rest> bool staticComplementModes(const Leaves &leaves, const Rest &rest, Leaves &rev) {
  if (!everyModeStatic(leaves))
    return false;
  Leaves modes; // filter(l): its modes, last first
  kernels::StaticDomain dom;
  LeavesSink sink{modes};
  auto at = [&](uint32_t i, int64_t &x, int64_t &y) {
    x = leaves.s[i].value;
    y = leaves.d[i].value;
  };
  return sink.finish(kernels::coalesceWalk<kernels::Seed::ZerosAsUnit>(dom, kernels::reversedLeaves(leaves.n, at), sink)) &&
         complementOfModes(modes, rest, rev);
}

/// CuTe's complement of a layout's leaves for an integer cotarget: the modes, last first.
bool complementModes(const Leaves &leaves, bool isLeaf, Int cotarget, Leaves &rev) {
  if (!cotarget.isStatic)
    return false;
  if (isLeaf)
    return complementLeaf(leaves.shape(0), leaves.stride(0), cotarget, rev);
  return staticComplementModes(leaves, kernels::IntegerRest<kernels::StaticDomain>{cotarget.value}, rev);
}

/// The same for a flat tuple cotarget, given by its extents in `cotarget`'s shape slots
/// (the kernel's FlatTupleRest). @pre cotarget.n >= 1
bool complementModes(const Leaves &leaves, bool, const Leaves &cotarget, Leaves &rev) {
  if (cotarget.n == 0 || !everyModeStatic(cotarget))
    return false;
  auto extent = [&](uint32_t i) { return cotarget.s[i].value; };
  return staticComplementModes(leaves, kernels::flatTupleRest<kernels::StaticDomain>(cotarget.n, extent), rev);
}

/// The modes of m in the other order, into out (m's count of slots copied, not all).
void reversedCopy(const Leaves &m, Leaves &out) {
  for (uint32_t i = 0, j = m.n - 1; i < m.n; ++i, --j) {
    out.s[i] = m.s[j];
    out.d[i] = m.d[j];
  }
  out.n = m.n;
}

/// Reverses a working set in place: modes last first become modes in order.
void reverse(Leaves &m) {
  for (uint32_t i = 0, j = m.n - 1; i < j; ++i, --j) {
    std::swap(m.s[i], m.s[j]);
    std::swap(m.d[i], m.d[j]);
  }
}

/// CuTe's cosize of a flat layout given by its leaves (cosize(LayoutView)); Reversed, by
/// its modes last first (the same sum, from the first mode).
template <bool Reversed = false> Int cosizeOf(const Leaves &l, bool isLeaf) {
  auto term = [&](uint32_t i) { return mul(sub(l.shape(i), kStatic1), abs(l.stride(i))); };
  if (isLeaf)
    return add(term(0), kStatic1);
  Int acc = kStatic0;
  for (uint32_t k = 0; k < l.n; ++k)
    acc = add(acc, term(Reversed ? l.n - 1 - k : k));
  return add(acc, kStatic1);
}

/// CuTe's product of a shape's leaves (product): a left fold from the first leaf.
Int productOf(const Leaves &l) {
  Int acc = l.shape(0);
  for (uint32_t i = 1; i < l.n; ++i)
    acc = mul(acc, l.shape(i));
  return acc;
}

/// One term (s - 1) * abs(d) of cosize's sum on static values: false where a step would
/// overflow.
[[gnu::always_inline]] inline bool staticCosizeTerm(int64_t s, int64_t d, int64_t &term) {
  int64_t sLess1, absD;
  if (__builtin_sub_overflow(s, 1, &sLess1) || __builtin_sub_overflow(int64_t(0), d, &absD))
    return false;
  return !__builtin_mul_overflow(sLess1, d < 0 ? absD : d, &term);
}

/// mul(productOf(a), cosizeOf(b, false)) where a and b are static: the same steps on values
/// (cosize adds its terms, then 1). False where a step would overflow.
bool staticSizeTimesCosize(const Leaves &a, const Leaves &b, int64_t &out) {
  int64_t size = a.s[0].value;
  for (uint32_t i = 1; i < a.n; ++i)
    if (__builtin_mul_overflow(size, a.s[i].value, &size))
      return false;
  int64_t cosize = 0;
  for (uint32_t k = 0; k < b.n; ++k) {
    int64_t term;
    if (!staticCosizeTerm(b.s[k].value, b.d[k].value, term) || __builtin_add_overflow(cosize, term, &cosize))
      return false;
  }
  return !__builtin_add_overflow(cosize, 1, &cosize) && !__builtin_mul_overflow(size, cosize, &out);
}

/// The cotarget of a complement, when it is an integer leaf.
bool integerCotarget(TupleView cotarget, Int &out) {
  const Node *n = cotarget.nodes();
  if (n->kind != NodeKind::Int || n->basis != 0)
    return false;
  out = integerLeaf(*n);
  return true;
}

/// One mode of a divide or product by a layout or extent tiler element: the two halves of
/// its (tile, rest) or (A, rest o T) pair, computed first and written by emit().
struct Pair {
  const Node *as, *ad;  // the input mode
  const Node *ts, *td;  // the tiler element's layout
  // A leaf mode by a leaf, where the halves are leaves (divideLeafPair, productPair): the
  // divide's tile, and the rest (divide) or complement o T (product) as one or two leaves in
  // order; flat and rest are then unused.
  bool leafHalves;
  Slot tileShape, tileStride;
  uint32_t restCount;
  Slot restShape[2], restStride[2];
  Leaves flat;          // divide: coalesce_x of the mode; product: of complement o
  Leaves rest;          // divide: the complement's modes, last first
};

/// The stride _1 of a shape tiler's extents (tilerFromShape's n:_1), which have no
/// stride nodes of their own.
const Node kUnitStride = Node::leaf(kStatic1);

/// A tiler as nodes: a Tiler's profile and layout, or a shape read as a tiler
/// (tilerFromShape: each extent n is n:_1), whose profile and layout shape are the shape's
/// own nodes and whose strides are all kUnitStride (stride null).
struct TilerNodes {
  const Node *profile, *shape, *stride;
};

/// The element of a tiler (at profile p, layout s:d) as the layout the divides and
/// products use (byTiler): a layout, or an extent n held as n:_1, which is make_layout(n)
/// unless n is a static 1. Anything else (`_`, a nested tile) declines.
bool elementLayout(const Node *p, const Node *s, const Node *d, bool shapeTiler, const Node *&ts,
                   const Node *&td) {
  if (p->kind != NodeKind::Int)
    return false;
  if (shapeTiler) {
    ts = s, td = &kUnitStride;
    return s->basis == 0 && !integerLeaf(*s).isConstant(1);
  }
  ts = s, td = d;
  if (p->value == 1)
    return s->kind == NodeKind::Int && !integerLeaf(*s).isConstant(1) && integerLeaf(*d).isConstant(1);
  return true;
}

/// Whether a pair is an integer leaf mode by an integer leaf.
bool leafPair(const Pair &p) {
  return p.as->kind == NodeKind::Int && p.ts->kind == NodeKind::Int &&
         (p.as->basis | p.ad->basis | p.ts->basis | p.td->basis) == 0;
}

/// x * d for a static stride x of a tile or rest of a leaf mode s:d (mul's static 0 needs
/// no rule: a product with a 0 is 0 and cannot overflow). False on an overflow.
[[gnu::always_inline]] inline bool staticScaled(int64_t x, int64_t d, Slot &out) {
  int64_t v;
  if (__builtin_mul_overflow(x, d, &v))
    return false;
  out = Slot{v, true};
  return true;
}

/// divideLeafPair where s, d, n and e are static: the same leaves on values.
bool staticDivideLeafPair(int64_t s, int64_t d, int64_t n, int64_t e, Pair &p) {
  if (!staticComplementLeaf(n, e, s, p.rest))
    return false;
  p.leafHalves = true;
  p.tileShape = Slot{n, true};
  if (!staticScaled(e, d, p.tileStride))
    return false;
  uint32_t k = p.rest.n; // 1 or 2 modes, last first
  p.restCount = k;
  for (uint32_t i = 0; i < k; ++i) {
    // The value alone: a whole slot, just written as 8 and 1 bytes, would not forward.
    p.restShape[i] = Slot{p.rest.s[k - 1 - i].value, true};
    if (!staticScaled(p.rest.d[k - 1 - i].value, d, p.restStride[i]))
      return false;
  }
  return true;
}

/// dividePair of a leaf mode s:d by a leaf n:e: complementLeaf(n:e, s), then A (read as
/// coalesce_x, whose one mode has stride d) composed with the tile n:e and with each mode of
/// the complement (composeMode's one-mode case), written as the pair's leaves.
[[gnu::always_inline]] inline bool divideLeafPair(Int s, Int d, Int n, Int e, Pair &p) {
  if (s.isStatic && d.isStatic && n.isStatic && e.isStatic) // the same steps on values
    return staticDivideLeafPair(s.value, d.value, n.value, e.value, p);
  if (!complementLeaf(n, e, s, p.rest))
    return false;
  p.leafHalves = true;
  p.tileShape = slot(n);
  p.tileStride = slot(e.isConstant(0) ? e : mul(e, d));
  uint32_t k = p.rest.n; // 1 or 2 modes, last first
  p.restCount = k;
  for (uint32_t i = 0; i < k; ++i) {
    Int shape = p.rest.shape(k - 1 - i), stride = p.rest.stride(k - 1 - i);
    p.restShape[i] = slot(shape);
    p.restStride[i] = slot(stride.isConstant(0) ? stride : mul(stride, d));
  }
  return true;
}

/// dividePair past a leaf mode by a leaf (out of line: its working sets make a large frame).
[[gnu::noinline]] bool dividePairGeneral(Pair &p) {
  p.leafHalves = false;
  // The cotarget is shape(coalesce(A)): an integer, or a tuple of the coalesced modes.
  Leaves leavesT;
  if (!loadLeaves(p.ts, p.td, leavesT))
    return false;
  bool leafT = p.ts->kind != NodeKind::Tuple;
  if (p.as->kind != NodeKind::Tuple) {
    if (p.as->kind != NodeKind::Int || (p.as->basis | p.ad->basis) != 0)
      return false;
    if (!complementModes(leavesT, leafT, integerLeaf(*p.as), p.rest))
      return false;
    return flatCoalesced(p.as, p.ad, p.flat);
  }
  // c = coalesce(A), last first; composition reads A as the same walk seeded with a
  // trailing static 1 read as _2 (flatCoalesced), so without that 1 they are one set.
  const Node *back = p.as + p.as->span - 1; // the last leaf: the last node but an empty tuple's
  while (back != p.as && back->kind == NodeKind::Tuple)
    --back;
  bool unitBack = back->kind == NodeKind::Int && integerLeaf(*back).isConstant(1);
  Leaves c;
  Leaves &coalesced = unitBack ? c : p.flat;
  if (!loadCoalescedReversed<kernels::Seed::Shape>(p.as, p.ad, coalesced))
    return false;
  if (coalesced.n == 1) {
    if (!complementModes(leavesT, leafT, coalesced.shape(0), p.rest))
      return false;
  } else {
    Leaves inOrder;
    reversedCopy(coalesced, inOrder);
    if (!complementModes(leavesT, leafT, inOrder, p.rest))
      return false;
  }
  return !unitBack || flatCoalesced(p.as, p.ad, p.flat);
}

/// logical_divide of one mode by one layout (logicalDivideInto's oneD): A o (T, complement(T, shape(coalesce(A)))).
[[gnu::always_inline]] inline bool dividePair(Pair &p) {
  if (leafPair(p)) // a leaf mode s:d by a leaf n:e
    return divideLeafPair(integerLeaf(*p.as), integerLeaf(*p.ad), integerLeaf(*p.ts), integerLeaf(*p.td), p);
  return dividePairGeneral(p);
}

/// A complement's modes (last first) made into the A that composition reads, in place:
/// flatCoalesced of the modes in order. A complement is coalesced already, so that is the
/// modes themselves unless a shape is a static 1 (which coalesce would drop, or the walk's
/// seed read as _2); only then is it coalesced again.
void complementAsComposedA(Leaves &flat) {
  for (uint32_t i = 0; i < flat.n; ++i)
    if (flat.shape(i).isConstant(1)) {
      Leaves modes = flat;
      reverse(modes);
      flatCoalesced(modes, flat);
      return;
    }
}

/// A leaf product pair's cotarget s * cosize(n:e) = s * ((n - 1) * |e| + 1) on plain
/// values: false where a step would overflow.
[[gnu::always_inline]] inline bool productCotarget(int64_t s, int64_t n, int64_t e, int64_t &cotarget) {
  return staticCosizeTerm(n, e, cotarget) && !__builtin_add_overflow(cotarget, 1, &cotarget) &&
         !__builtin_mul_overflow(s, cotarget, &cotarget);
}

/// productPair's leaf case where s, d, n and e are static: the same steps on values.
bool staticProductLeafPair(int64_t s, int64_t d, int64_t n, int64_t e, Pair &p) {
  int64_t cotarget;
  if (!productCotarget(s, n, e, cotarget) || !staticComplementLeaf(s, d, cotarget, p.flat))
    return false;
  if (p.flat.n == 1) { // complement o T is composeMode's one-mode case: a leaf
    p.leafHalves = true;
    p.restCount = 1;
    p.restShape[0] = Slot{n, true};
    return staticScaled(e, p.flat.d[0].value, p.restStride[0]);
  }
  complementAsComposedA(p.flat);
  return true;
}

/// productPair past a leaf mode by a leaf (out of line: its working sets make a large frame).
[[gnu::noinline]] bool productPairGeneral(Pair &p) {
  Leaves leavesA, leavesT;
  if (!loadLeaves(p.as, p.ad, leavesA) || !loadLeaves(p.ts, p.td, leavesT))
    return false;
  Int cotarget;
  if (everyModeStatic(leavesA) && everyModeStatic(leavesT)) { // a leaf T's cosize is its one mode's
    int64_t v;
    if (!staticSizeTimesCosize(leavesA, leavesT, v))
      return false;
    cotarget = Int::fixed(v);
  } else {
    cotarget = mul(productOf(leavesA), cosizeOf(leavesT, p.ts->kind != NodeKind::Tuple));
  }
  if (!complementModes(leavesA, p.as->kind != NodeKind::Tuple, cotarget, p.flat))
    return false;
  complementAsComposedA(p.flat);
  return true;
}

/// logical_product of one mode by one layout (logicalProductInto's oneD):
/// (A, complement(A, size(A) * cosize(T)) o T).
[[gnu::always_inline]] inline bool productPair(Pair &p) {
  p.leafHalves = false;
  if (leafPair(p)) { // a leaf mode s:d by a leaf n:e
    Int s = integerLeaf(*p.as), n = integerLeaf(*p.ts), e = integerLeaf(*p.td);
    if (s.isStatic && p.ad->isStatic && n.isStatic && e.isStatic) // the same steps on values
      return staticProductLeafPair(s.value, p.ad->value, n.value, e.value, p);
    Int cotarget = mul(s, add(mul(sub(n, kStatic1), abs(e)), kStatic1));
    if (!complementLeaf(s, integerLeaf(*p.ad), cotarget, p.flat))
      return false;
    if (p.flat.n == 1) { // complement o T is composeMode's one-mode case: a leaf
      p.leafHalves = true;
      p.restCount = 1;
      p.restShape[0] = slot(n);
      p.restStride[0] = slot(e.isConstant(0) ? e : mul(e, p.flat.stride(0)));
      return true;
    }
    complementAsComposedA(p.flat);
    return true;
  }
  return productPairGeneral(p);
}

/// The first half of a pair: the tile (divide) or the mode itself (product).
[[gnu::always_inline]] inline bool emitFirst(const Pair &p, bool isProduct, NodeOut &out) {
  if (isProduct) {
    out.copy(p.as, p.ad);
    return true;
  }
  if (p.leafHalves) {
    out.leaf(intOf(p.tileShape), intOf(p.tileStride));
    return true;
  }
  return composeTree(p.flat, p.ts, p.td, out);
}

/// The second half: the rest (divide) or complement o T (product).
[[gnu::always_inline]] inline bool emitSecond(const Pair &p, bool isProduct, NodeOut &out) {
  if (p.leafHalves) {
    out.leaves(p.restShape, p.restStride, p.restCount);
    return true;
  }
  return isProduct ? composeTree(p.flat, p.ts, p.td, out) : composeModes(p.flat, p.rest, out);
}

/// Writes nodes at known places: byTiler's output when every pair's halves are leaves,
/// whose spans are known before it is written. Held in locals, so its counters stay in
/// registers (NodeOut's live in memory, which its node writes may alias).
struct SpanWriter {
  Node *s, *d;
  uint32_t n;
  [[gnu::always_inline]] void tuple(uint32_t children, uint32_t span) {
    writeNode(s + n, children, nodeTag(span, NodeKind::Tuple, true));
    writeNode(d + n, children, nodeTag(span, NodeKind::Tuple, true));
    ++n;
  }
  [[gnu::always_inline]] void leaf(Slot sh, Slot st) {
    writeNode(s + n, sh.value, nodeTag(1, NodeKind::Int, sh.isStatic));
    writeNode(d + n, st.value, nodeTag(1, NodeKind::Int, st.isStatic));
    ++n;
  }
  [[gnu::always_inline]] void copy(const Node *xs, const Node *xd) {
    for (uint32_t k = 0, e = xs->span; k < e; ++k) {
      s[n + k] = xs[k];
      d[n + k] = xd[k];
    }
    n += xs->span;
  }
};

/// The first half of a pair whose halves are leaves: the tile (divide) or A's leaf mode.
[[gnu::always_inline]] inline void writeFirst(const Pair &p, bool isProduct, SpanWriter &w) {
  if (isProduct)
    w.copy(p.as, p.ad);
  else
    w.leaf(p.tileShape, p.tileStride);
}
/// The nodes of such a pair's second half: one leaf, or a tuple of two.
[[gnu::always_inline]] inline uint32_t secondNodes(const Pair &p) { return p.restCount == 2 ? 3 : 1; }
/// The second half of such a pair.
[[gnu::always_inline]] inline void writeSecond(const Pair &p, SpanWriter &w) {
  if (p.restCount == 2)
    w.tuple(2, secondNodes(p));
  for (uint32_t k = 0; k < p.restCount; ++k)
    w.leaf(p.restShape[k], p.restStride[k]);
}

/// byTiler's output, by mode, where every pair's halves are leaves (leafHalves): the same
/// nodes emitFirst, emitSecond and the node writer give, written with their spans known.
/// False where they would not fit.
bool writeLeafHalves(const Pair *pairs, uint32_t g, const Node *const *modeS, const Node *const *modeD,
                     uint32_t r, Form form, bool isProduct, Layout &result) {
  uint32_t seconds = 0, kept = 0; // nodes of the second halves, and of the modes kept
  for (uint32_t i = 0; i < g; ++i)
    seconds += secondNodes(pairs[i]);
  for (uint32_t i = g; i < r; ++i)
    kept += modeS[i]->span;
  // Every first half is one leaf (a tile, or a leaf mode of A).
  bool unpackFirst = form == Form::Flat && g > 1, unpackSecond = form != Form::Zipped && r > 1;
  uint32_t firstSpan = g + (unpackFirst ? 0 : 1), secondSpan = seconds + kept + (unpackSecond ? 0 : 1);
  uint32_t total = form == Form::Logical ? 1 + 2 * g + seconds + kept : 1 + firstSpan + secondSpan;
  if (total > kMaxNodes)
    return false;
  NodeVec &sv = LayoutBuilder::nodesOf(result.shape), &dv = LayoutBuilder::nodesOf(result.stride);
  SpanWriter w{sv.data(), dv.data(), 0};
  if (form == Form::Logical) {
    w.tuple(r, total);
    for (uint32_t i = 0; i < g; ++i) {
      w.tuple(2, 2 + secondNodes(pairs[i]));
      writeFirst(pairs[i], isProduct, w);
      writeSecond(pairs[i], w);
    }
  } else {
    w.tuple((unpackFirst ? g : 1) + (unpackSecond ? r : 1), total);
    if (!unpackFirst)
      w.tuple(g, firstSpan);
    for (uint32_t i = 0; i < g; ++i)
      writeFirst(pairs[i], isProduct, w);
    if (!unpackSecond)
      w.tuple(r, secondSpan);
    for (uint32_t i = 0; i < g; ++i)
      writeSecond(pairs[i], w);
  }
  for (uint32_t i = g; i < r; ++i)
    w.copy(modeS[i], modeD[i]);
  sv.resizeWithinInline(total);
  dv.resizeWithinInline(total);
  return true;
}

/// The divides and products by a layout tiler, or by a tuple tiler whose elements are
/// layouts or extents, in any of the four forms (byTiler, then emitUnzipped).
bool byTiler(const Layout &a, TilerNodes t, Form form, bool isProduct, Layout &result) {
  Guard guard;
  if (!guard.usable())
    return false;
  const Node *as = a.shape.view().nodes(), *ad = a.stride.view().nodes();
  const Node *ps = t.profile, *ls = t.shape, *ld = t.stride;
  bool shapeTiler = ld == nullptr;
  auto compute = [&](Pair &p) { return isProduct ? productPair(p) : dividePair(p); };
  if (ps->kind != NodeKind::Tuple) { // a 1-D tiler: (first, second) of the whole of A
    Pair p;
    if (!elementLayout(ps, ls, ld, shapeTiler, p.ts, p.td))
      return false;
    p.as = as, p.ad = ad;
    if (!compute(p))
      return false;
    NodeOut out(result);
    // The tiled form unpacks the second half into its modes, the flat form both halves;
    // the logical and zipped forms are (first, second).
    out.open();
    uint32_t first = out.size();
    if (!emitFirst(p, isProduct, out) || (form == Form::Flat && !out.unpack(first)))
      return false;
    uint32_t second = out.size();
    if (!emitSecond(p, isProduct, out) || ((form == Form::Tiled || form == Form::Flat) && !out.unpack(second)))
      return false;
    out.close();
    return guard.clean() && out.finish();
  }
  // By mode: element i of the tiler on mode i of A, the modes past it kept.
  uint32_t g = uint32_t(ps->value), r = as->kind == NodeKind::Tuple ? uint32_t(as->value) : 1;
  if (g == 0 || g > r || g > 4)
    return false;
  Pair pairs[4];
  const Node *modeS[kMaxNodes], *modeD[kMaxNodes];
  if (r > kMaxNodes)
    return false;
  {
    const Node *s = as->kind == NodeKind::Tuple ? as + 1 : as, *d = as->kind == NodeKind::Tuple ? ad + 1 : ad;
    for (uint32_t i = 0; i < r; ++i, s += s->span, d += d->span) {
      modeS[i] = s;
      modeD[i] = d;
    }
  }
  const Node *p = ps + 1, *s = ls + 1, *d = shapeTiler ? nullptr : ld + 1;
  for (uint32_t i = 0; i < g; ++i, p += p->span, s += s->span, d = shapeTiler ? nullptr : d + d->span) {
    if (!elementLayout(p, s, d, shapeTiler, pairs[i].ts, pairs[i].td))
      return false;
    pairs[i].as = modeS[i], pairs[i].ad = modeD[i];
    if (!compute(pairs[i]))
      return false;
  }
  bool leafHalves = true;
  for (uint32_t i = 0; i < g; ++i)
    leafHalves &= pairs[i].leafHalves;
  if (leafHalves)
    return writeLeafHalves(pairs, g, modeS, modeD, r, form, isProduct, result) && guard.clean();
  NodeOut out(result);
  out.open();
  if (form == Form::Logical) {
    for (uint32_t i = 0; i < r; ++i) {
      if (i < g) {
        out.open();
        if (!emitFirst(pairs[i], isProduct, out) || !emitSecond(pairs[i], isProduct, out))
          return false;
        out.close();
      } else {
        out.copy(modeS[i], modeD[i]);
      }
    }
  } else {
    // emitUnzipped: ((firsts...), (seconds..., untouched...)); the tiled form unpacks the
    // second half, the flat form both, except a half of one mode, which stays whole.
    bool unpackFirst = form == Form::Flat && g > 1, unpackSecond = form != Form::Zipped && r > 1;
    if (!unpackFirst)
      out.open();
    for (uint32_t i = 0; i < g; ++i)
      if (!emitFirst(pairs[i], isProduct, out))
        return false;
    if (!unpackFirst)
      out.close();
    if (!unpackSecond)
      out.open();
    for (uint32_t i = 0; i < r; ++i) {
      if (i < g) {
        if (!emitSecond(pairs[i], isProduct, out))
          return false;
      } else {
        out.copy(modeS[i], modeD[i]);
      }
    }
    if (!unpackSecond)
      out.close();
  }
  out.close();
  return guard.clean() && out.finish();
}

} // namespace

bool enabled() { return gEnabled; }
void setEnabled(bool on) { gEnabled = on; }

bool composition(const Layout &a, const Layout &b, Layout &result) {
  Guard guard;
  const Node *as = a.shape.view().nodes(), *ad = a.stride.view().nodes();
  const Node *bs = b.shape.view().nodes(), *bd = b.stride.view().nodes();
  Leaves flatA;
  if (!guard.usable() || !plainLeaves(bs, bd) || !flatCoalesced(as, ad, flatA))
    return false;
  NodeOut out(result);
  return composeTree(flatA, bs, bd, out) && guard.clean() && out.finish();
}

namespace {
/// complementModes of a layout read from its nodes with an integer cotarget, where
/// `modes` holds its filtered modes (last first): the walk reads them, a leaf layout
/// takes complementLeaf.
bool complementOfNodes(const Node *s, const Node *d, const Leaves &modes, Int cotarget, Leaves &rev) {
  if (s->kind != NodeKind::Tuple)
    return complementLeaf(integerLeaf(*s), integerLeaf(*d), plainInt(cotarget), rev);
  return cotarget.isStatic && complementOfModes(modes, kernels::IntegerRest<kernels::StaticDomain>{cotarget.value}, rev);
}
} // namespace

bool complement(const Layout &l, TupleView cotarget, Layout &result) {
  Guard guard;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  Int bound;
  Leaves modes, rev; // modes: filter(l)'s, last first
  if (!guard.usable() || !loadCoalescedReversed<kernels::Seed::ZerosAsUnit>(s, d, modes))
    return false;
  if (integerCotarget(cotarget, bound)) {
    if (!complementOfNodes(s, d, modes, bound, rev))
      return false;
  } else {
    // A flat tuple of static integers.
    const Node *c = cotarget.nodes();
    if (c->kind != NodeKind::Tuple || c->value == 0 || c->span != uint32_t(c->value) + 1)
      return false;
    for (uint32_t i = 1; i < c->span; ++i)
      if (nodeTagOf(c[i]) != kStaticLeafTag)
        return false;
    auto extent = [&](uint32_t i) { return c[1 + i].value; };
    if (!complementOfModes(modes, kernels::flatTupleRest<kernels::StaticDomain>(uint32_t(c->value), extent), rev))
      return false;
  }
  return writeReversed(rev, result) && guard.clean();
}

bool complement(const Layout &l, Layout &result) {
  Guard guard;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  // complement(l, cosize(filter(l))): filter is the coalesce of the filtered leaves, the
  // modes the walk reads.
  Leaves modes, rev;
  if (!guard.usable() || !loadCoalescedReversed<kernels::Seed::ZerosAsUnit>(s, d, modes))
    return false;
  if (!complementOfNodes(s, d, modes, cosizeOf</*Reversed=*/true>(modes, modes.n == 1), rev))
    return false;
  return writeReversed(rev, result) && guard.clean();
}

namespace {
TilerNodes nodesOf(const Tiler &t) {
  return TilerNodes{t.profile.view().nodes(), t.layout.shape.view().nodes(), t.layout.stride.view().nodes()};
}
TilerNodes nodesOf(TupleView shape) { return TilerNodes{shape.nodes(), shape.nodes(), nullptr}; }
/// tilerFromLayout's profile: a static 0 leaf (the whole tiler is one layout).
const Node kLayoutProfile = Node::leaf(kStatic0);
TilerNodes nodesOf(const Layout &t) {
  return TilerNodes{&kLayoutProfile, t.shape.view().nodes(), t.stride.view().nodes()};
}
} // namespace

bool divide(const Layout &a, const Tiler &t, Form form, Layout &result) {
  return byTiler(a, nodesOf(t), form, /*isProduct=*/false, result);
}

bool divide(const Layout &a, TupleView shapeTiler, Form form, Layout &result) {
  return byTiler(a, nodesOf(shapeTiler), form, /*isProduct=*/false, result);
}

bool product(const Layout &a, const Tiler &t, Form form, Layout &result) {
  return byTiler(a, nodesOf(t), form, /*isProduct=*/true, result);
}

bool product(const Layout &a, TupleView shapeTiler, Form form, Layout &result) {
  return byTiler(a, nodesOf(shapeTiler), form, /*isProduct=*/true, result);
}

bool divide(const Layout &a, const Layout &layoutTiler, Form form, Layout &result) {
  return byTiler(a, nodesOf(layoutTiler), form, /*isProduct=*/false, result);
}

bool product(const Layout &a, const Layout &layoutTiler, Form form, Layout &result) {
  return byTiler(a, nodesOf(layoutTiler), form, /*isProduct=*/true, result);
}

namespace {
/// An operand of rankSensitiveProduct read once: its leaves, its rank and its top-level
/// modes as node pointers (a leaf layout is its own one mode).
struct RankedOperand {
  Leaves leaves;
  uint32_t rank = 0;
  const Node *modeS[kMaxLeaves], *modeD[kMaxLeaves];
};

/// Loads a layout as a RankedOperand; false where loadLeaves declines or the rank is over
/// kMaxLeaves.
bool loadRanked(const Layout &l, RankedOperand &out) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  if (!loadLeaves(s, d, out.leaves))
    return false;
  uint32_t rank = s->kind == NodeKind::Tuple ? uint32_t(s->value) : 1;
  if (rank > kMaxLeaves)
    return false;
  out.rank = rank;
  const Node *x = s->kind == NodeKind::Tuple ? s + 1 : s, *y = s->kind == NodeKind::Tuple ? d + 1 : d;
  for (uint32_t i = 0; i < rank; ++i, x += x->span, y += y->span) {
    out.modeS[i] = x;
    out.modeD[i] = y;
  }
  return true;
}

/// rankSensitiveProduct of two loaded operands (consumed: their leaves get the pads).
/// @pre guard.usable()
bool rankSensitiveProductOf(const Guard &guard, RankedOperand &a, RankedOperand &b, bool blockFirst,
                            Layout &result) {
  uint32_t ra = a.rank, rb = b.rank;
  uint32_t r = ra > rb ? ra : rb;
  if (r < 2 || r > kMaxLeaves)
    return false; // rank 1 zips a leaf; the general path handles it
  // Both padded to rank r with _1:_0 modes (appendTo): as leaves, they are the operand's
  // leaves followed by the pads.
  Leaves &la = a.leaves, &lb = b.leaves;
  if (la.n + (r - ra) > kSlots || lb.n + (r - rb) > kSlots)
    return false;
  for (uint32_t i = ra; i < r; ++i)
    la.push(kStatic1, kStatic0);
  for (uint32_t i = rb; i < r; ++i)
    lb.push(kStatic1, kStatic0);
  // logical_product(pa, pb) = (pa, complement(pa, size(pa) * cosize(pb)) o pb).
  Int cotarget;
  if (everyModeStatic(la) && everyModeStatic(lb)) {
    int64_t v;
    if (!staticSizeTimesCosize(la, lb, v))
      return false;
    cotarget = Int::fixed(v);
  } else {
    cotarget = mul(productOf(la), cosizeOf(lb, false));
  }
  Leaves flat;
  if (!complementModes(la, false, cotarget, flat))
    return false;
  complementAsComposedA(flat);
  // Mode i of the result: (pa_i, y_i) or (y_i, pa_i), y_i = the rest composed with pb_i.
  NodeOut out(result);
  out.open();
  for (uint32_t i = 0; i < r; ++i) {
    out.open();
    for (int half = 0; half < 2; ++half) {
      if ((half == 0) == blockFirst) { // pa_i
        if (i < ra)
          out.copy(a.modeS[i], a.modeD[i]);
        else
          out.leaf(kStatic1, kStatic0);
      } else if (i < rb) {
        if (!composeTree(flat, b.modeS[i], b.modeD[i], out))
          return false;
      } else if (!composeMode(flat, kStatic1, kStatic0, out)) {
        return false;
      }
    }
    out.close();
  }
  out.close();
  return guard.clean() && out.finish();
}
} // namespace

bool rankSensitiveProduct(const Layout &a, const Layout &b, bool blockFirst, Layout &result) {
  Guard guard;
  RankedOperand ra, rb;
  if (!guard.usable() || !loadRanked(a, ra) || !loadRanked(b, rb))
    return false;
  return rankSensitiveProductOf(guard, ra, rb, blockFirst, result);
}

namespace {
/// A working set of coalesced modes (last first) read in mode order with its Ints, as the
/// inverse kernels take their operand in CuteDomain.
struct LeavesModes {
  const Leaves &l;
  uint32_t rank() const { return l.n; }
  Int shapeAt(uint32_t i) const { return l.shape(l.n - 1 - i); }
  Int strideAt(uint32_t i) const { return l.stride(l.n - 1 - i); }
};

/// An inverse kernel (kernels/Inverse.h) of coalesce(l), loaded from its nodes: in
/// StaticDomain where every mode is static, else in BoundedCuteDomain. False where the load
/// or the kernel declines (the general path then answers or reports). Out of line: its
/// working sets would give rightInverse's runtime shortcut a frame of kilobytes.
template <class Kernel> [[gnu::noinline]] bool inverseOf(const Node *s, const Node *d, Kernel kernel, Layout &result) {
  Leaves c, rev;
  if (!loadCoalescedReversed<kernels::Seed::Shape>(s, d, c))
    return false;
  LeavesSink sink{rev};
  bool ok;
  if (everyModeStatic(c)) {
    kernels::StaticDomain dom;
    ok = kernel(dom, StaticFlat{c}, sink) && !dom.declined();
  } else {
    kernels::BoundedCuteDomain dom;
    ok = kernel(dom, LeavesModes{c}, sink);
  }
  return sink.finish(ok) && writeReversed(rev, result);
}
} // namespace

namespace {
/// Whether the last leaf of a layout is dynamic in both shape and stride (an empty tuple's
/// last node is the tuple itself, static): the cheap test before the runtime shortcuts
/// (unitRightInverse, flattenDynamic), which test every leaf.
[[gnu::always_inline]] inline bool lastLeafDynamic(const Node *s, const Node *d) {
  uint32_t b = s->span - 1;
  return !s[b].isStatic && !d[b].isStatic;
}

/// Whether a leaf (its shape and stride nodes) is an integer (no `_`, no basis), dynamic in
/// both: every leaf the runtime shortcuts below accept.
[[gnu::always_inline]] inline bool dynamicIntegerLeaf(const Node &s, const Node &d) {
  return nodeTagOf(s) == kDynamicLeafTag && nodeTagOf(d) == kDynamicLeafTag;
}

/// Whether right_inverse of a layout is _1:_0 with nothing to report: every leaf is a
/// dynamic integer (at least one; no `_`, no basis), so its coalesce merges nothing and
/// computes nothing (a merge needs a static shape) and no stride is statically 1; and the
/// product of the shapes, which the inverse's prefix products reach, does not overflow.
[[gnu::noinline]] bool unitRightInverse(const Node *s, const Node *d) {
  uint32_t e = s->span, leaves = 0;
  int64_t product = 1;
  for (uint32_t k = 0; k < e; ++k) {
    if (s[k].kind == NodeKind::Tuple)
      continue;
    if (!dynamicIntegerLeaf(s[k], d[k]) || __builtin_mul_overflow(s[k].value, product, &product))
      return false;
    ++leaves;
  }
  return leaves != 0;
}

/// Writes _1:_0 (out of line, so that its writer does not weigh on the caller's frame).
[[gnu::noinline]] bool unitLayout(Layout &result) {
  NodeOut out(result);
  out.leaf(kStatic1, kStatic0);
  return out.finish();
}
} // namespace

bool rightInverse(const Layout &l, Layout &result) {
  Guard guard;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  if (!guard.usable())
    return false;
  if (lastLeafDynamic(s, d) && unitRightInverse(s, d)) // CuTe's chain starts at a static _1 stride
    return unitLayout(result);
  auto kernel = [](auto &dom, const auto &c, LeavesSink &out) { return kernels::rightInverse(dom, c, out); };
  return inverseOf(s, d, kernel, result) && guard.clean();
}

bool leftInverse(const Layout &l, Layout &result) {
  Guard guard;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  if (!guard.usable())
    return false;
  auto kernel = [](auto &dom, const auto &c, LeavesSink &out) {
    return kernels::leftInverse(dom, c, [] { return std::string(); }, out); // a failure declines
  };
  return inverseOf(s, d, kernel, result) && guard.clean();
}

bool tileToShape(const Layout &block, TupleView targetShape, Layout &result) {
  Guard guard;
  const Node *ts = targetShape.nodes();
  RankedOperand pb; // the block
  if (!guard.usable() || ts->span > kMaxNodes || !loadRanked(block, pb))
    return false;
  uint32_t rb = pb.rank;
  uint32_t rt = ts->kind == NodeKind::Tuple ? uint32_t(ts->value) : 1;
  if (rb != rt || rt < 2)
    return false; // the block as is (no appendTo); rank 1 takes the general path
  // blockShape = product_each(block's shape), target = product_each(targetShape).
  Slot blockShape[kMaxLeaves], target[kMaxLeaves];
  bool targetStatic = true;
  const Node *t = ts + 1;
  for (uint32_t i = 0; i < rt; ++i, t += t->span) {
    if (!integerSubtree(t))
      return false;
    Int y = integerProduct(t);
    Int x = integerProduct(pb.modeS[i]); // the block's leaves are loaded: integers
    blockShape[i] = slot(x);
    target[i] = slot(y);
    targetStatic = targetStatic && y.isStatic; // is_static of the products, as CuTe tests it
  }
  // evenly_divides(target, blockShape), mode by mode, with its staticness.
  Bool divides{true, true};
  for (uint32_t i = 0; i < rt; ++i) {
    Int x = intOf(target[i]), y = intOf(blockShape[i]);
    Bool r = equal(x, mul(y, ceilDiv(x, y)));
    bool stat = (divides.isStatic && r.isStatic) || (r.isStatic && !r.value) || (divides.isStatic && !divides.value);
    divides = Bool{divides.value && r.value, stat};
  }
  if ((targetStatic && !divides.isStatic) || !divides.value)
    return false; // an error, or one only where values are known
  // tiles = make_layout(ceil_div(target, blockShape)): compact column-major, one leaf mode
  // per target mode, handed to the product as loaded leaves (no layout is built).
  RankedOperand tiles;
  Node tileS[kMaxLeaves], tileD[kMaxLeaves];
  tiles.rank = rt;
  Int current = kStatic1;
  for (uint32_t i = 0; i < rt; ++i) {
    Int n = ceilDiv(intOf(target[i]), intOf(blockShape[i]));
    Int stride = n.isConstant(1) ? kStatic0 : current;
    if (!n.isConstant(1))
      current = mul(current, n);
    tiles.leaves.push(n, stride);
    tileS[i] = Node::leaf(n);
    tileD[i] = Node::leaf(stride);
    tiles.modeS[i] = &tileS[i];
    tiles.modeD[i] = &tileD[i];
  }
  return guard.clean() && rankSensitiveProductOf(guard, pb, tiles, /*blockFirst=*/true, result);
}

namespace {
/// Whether the integer leaves of the tree at s are all static, or (when zero says the
/// product is 0) one of them is a static 0.
bool leavesStaticOrStaticZero(const Node *s, bool zero) {
  bool allStatic = true;
  for (uint32_t i = 0, n = s->span; i < n; ++i)
    if (s[i].kind == NodeKind::Int) {
      if (s[i].isStatic && s[i].value == 0 && zero)
        return true;
      if (!s[i].isStatic && !zero)
        return false; // a dynamic leaf, and no zero to make the product _0
      allStatic &= s[i].isStatic;
    }
  return allStatic;
}

/// product (the leaves' product) of the tree at s, in one pass: straight::product's kernel,
/// inlined where the kernels size a mode.
[[gnu::always_inline]] inline bool leafProduct(const Node *s, Int &size) {
  // product's left fold over the integer leaves with mul's rules folded into flags: the
  // result is a static 0 once a leaf is, and otherwise static when every leaf is (an empty
  // tuple is _1). The loop only accumulates: every node's static flag joins one test
  // (tuple and `_` nodes, which product skips, are static as built; where some flag is
  // dynamic a second pass reads the leaves'); past a zero the product stays 0 and no later
  // step can overflow, so an overflow is one before any zero, as the fold meets it.
  // Without an overflow the product is exact: it is 0 only when some leaf is.
  constexpr uint64_t kKindBits = nodeTag(0, NodeKind(0xFF), false);
  constexpr uint64_t kBasisBits = ~uint64_t(0) << 48;
  int64_t acc = 1;
  bool overflow = false;
  uint64_t anyTag = 0, allTags = ~uint64_t(0);
  for (uint32_t i = 0, n = s->span; i < n; ++i) {
    uint64_t tag = nodeTagOf(s[i]);
    anyTag |= tag;
    allTags &= tag;
    if (tag & kKindBits) // a tuple or `_`
      continue;
    overflow |= __builtin_mul_overflow(acc, s[i].value, &acc);
  }
  if (overflow || (anyTag & kBasisBits) != 0)
    return false;
  // Some node is dynamic, then: a leaf (tuples and `_` are static as built). Only a static
  // 0 among the leaves, where the product is 0, makes the product static all the same.
  bool allStatic = (allTags & kStaticTagBit) != 0;
  if (!allStatic && acc == 0)
    allStatic = leavesStaticOrStaticZero(s, true);
  size = Int{acc, allStatic};
  return true;
}

/// The product of the leaves of the tree at s, where every leaf is a dynamic integer (no
/// static rule applies). False at another leaf, or on an overflow.
bool dynamicProduct(const Node *s, int64_t &size) {
  int64_t acc = 1;
  for (uint32_t i = 0, n = s->span; i < n; ++i) {
    if (s[i].kind == NodeKind::Tuple)
      continue;
    if (nodeTagOf(s[i]) != kDynamicLeafTag || __builtin_mul_overflow(acc, s[i].value, &acc))
      return false;
  }
  size = acc;
  return true;
}

/// x / size and x % size as C computes them (divMod's values for every sign). False where
/// the division fails (size 0, or INT64_MIN by -1).
[[gnu::always_inline]] inline bool plainDivMod(int64_t x, int64_t size, int64_t &quotient, int64_t &remainder) {
  if (size == 0 || (x == INT64_MIN && size == -1))
    return false;
  quotient = x / size;
  remainder = x % size;
  return true;
}

/// The coordinate c of mode k of r (the tree at x) in the dynamic walks below: the whole
/// index for the last mode, else its remainder by the mode's size, the index becoming the
/// quotient. False where x's size is not a product of dynamic integers, or the division
/// fails.
[[gnu::always_inline]] inline bool nextCoordinate(int64_t &idx, const Node *x, bool last, int64_t &c) {
  int64_t size;
  c = idx;
  if (last)
    return true;
  if (x->kind != NodeKind::Tuple)
    size = x->value;
  else if (!dynamicProduct(x, size))
    return false;
  return plainDivMod(idx, size, idx, c);
}

/// offsetOf where the index and every leaf of the shape and the stride are dynamic
/// integers (CuTe's runtime integers): no static rule applies, so the offset is dynamic,
/// and its value is the same walk on plain values. False where a node is not such a leaf or
/// the trees differ, or a step would fail or overflow (offsetOf then decides).
bool dynamicOffsetOf(int64_t idx, const Node *s, const Node *d, int64_t &out) {
  if (s->kind != NodeKind::Tuple)
    return nodeTagOf(*s) == kDynamicLeafTag && nodeTagOf(*d) == kDynamicLeafTag &&
           !__builtin_mul_overflow(idx, d->value, &out);
  uint32_t r = uint32_t(s->value);
  if (nodeTagOf(*d) != nodeTagOf(*s) || d->value != s->value || r == 0)
    return false; // congruent tuples: the same kind, span and rank
  const Node *x = s + 1, *y = d + 1;
  int64_t acc = 0;
  for (uint32_t k = 0; k < r; ++k, x += x->span, y += y->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    int64_t c, part;
    if ((leaf && (nodeTagOf(*x) != kDynamicLeafTag || nodeTagOf(*y) != kDynamicLeafTag)) ||
        !nextCoordinate(idx, x, k + 1 == r, c))
      return false;
    if (leaf ? __builtin_mul_overflow(c, y->value, &part) : !dynamicOffsetOf(c, x, y, part))
      return false;
    if (__builtin_add_overflow(acc, part, &acc))
      return false;
  }
  out = acc;
  return true;
}

/// CuTe's crd2idx of a 1-D index (IntTupleMath.cpp's indexToOffset) without Expected.
bool offsetOf(Int idx, const Node *s, const Node *d, Int &out) {
  idx = plainInt(idx);
  if (s->kind != NodeKind::Tuple) {
    if (s->kind != NodeKind::Int || d->kind != NodeKind::Int || (s->basis | d->basis) != 0)
      return false;
    out = detail::mulInts(idx, integerLeaf(*d));
    return true;
  }
  uint32_t r = uint32_t(s->value);
  if (d->kind != NodeKind::Tuple || uint32_t(d->value) != r || r == 0)
    return false;
  bool zero = idx.isConstant(0); // CuTe's static-zero shortcut
  const Node *x = s + 1, *y = d + 1;
  Int acc;
  for (uint32_t k = 0; k < r; ++k, x += x->span, y += y->span) {
    Int part;
    if (x->kind != NodeKind::Tuple) { // a leaf mode: the steps below, without the calls
      if (x->kind != NodeKind::Int || y->kind != NodeKind::Int || (x->basis | y->basis) != 0)
        return false;
      Int extent = integerLeaf(*x), stride = integerLeaf(*y);
      if (zero || k + 1 == r) {
        part = detail::mulInts(idx, stride);
      } else {
        Int quotient, remainder;
        divMod(idx, extent, quotient, remainder);
        part = detail::mulInts(remainder, stride);
        idx = quotient;
      }
    } else if (zero || k + 1 == r) {
      if (!offsetOf(idx, x, y, part))
        return false;
    } else {
      Int size, quotient, remainder;
      if (!leafProduct(x, size))
        return false; // a basis or an overflow: the general path
      divMod(idx, size, quotient, remainder);
      if (!offsetOf(remainder, x, y, part))
        return false;
      idx = quotient;
    }
    acc = k == 0 ? part : detail::addInts(acc, part);
  }
  out = acc;
  return true;
}
} // namespace

namespace {
/// An integer leaf's coordinate c (splitIndex's leaf: c * _1) written over the copy at o.
[[gnu::always_inline]] inline bool splitLeaf(Int c, const Node *s, Node *o) {
  if (s->kind != NodeKind::Int || s->basis != 0)
    return false;
  c = mul(c, kStatic1);
  o->value = c.value;
  o->isStatic = c.isStatic;
  return true;
}

/// splitNodes where the index and every leaf of the shape are dynamic integers: no static
/// rule applies, so each coordinate is dynamic (as the copy at o already is) and its value
/// the same split on plain values. False where a node is not such a leaf, or a step would
/// fail or overflow (o is then partly written; splitNodes rewrites it).
bool dynamicSplitNodes(int64_t idx, const Node *s, Node *o) {
  uint32_t r = uint32_t(s->value);
  const Node *x = s + 1;
  Node *y = o + 1;
  for (uint32_t k = 0; k < r; ++k, y += x->span, x += x->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    int64_t c;
    if ((leaf && nodeTagOf(*x) != kDynamicLeafTag) || !nextCoordinate(idx, x, k + 1 == r, c))
      return false;
    if (leaf)
      y->value = c;
    else if (!dynamicSplitNodes(c, x, y))
      return false;
  }
  return true;
}

/// splitIndex (idx2crd's integer case) of idx over the shape tuple at s, written into the
/// copy of that tuple at o: each leaf's value and staticness replaced by its coordinate.
/// Leaf modes are split here, tuple modes by a call.
bool splitNodes(Int idx, const Node *s, Node *o) {
  idx = plainInt(idx);
  uint32_t r = uint32_t(s->value);
  bool zero = idx.isConstant(0); // CuTe's static-zero shortcut
  const Node *x = s + 1;
  Node *y = o + 1;
  for (uint32_t k = 0; k < r; ++k, y += x->span, x += x->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    if (zero || k + 1 == r) {
      Int c = zero ? kStatic0 : idx;
      if (!(leaf ? splitLeaf(c, x, y) : splitNodes(c, x, y)))
        return false;
      continue;
    }
    Int size = leaf ? integerLeaf(*x) : Int{}, quotient, remainder;
    if (!leaf && !leafProduct(x, size))
      return false; // a basis or an overflow: the general path
    divMod(idx, size, quotient, remainder);
    if (!(leaf ? splitLeaf(remainder, x, y) : splitNodes(remainder, x, y)))
      return false;
    idx = quotient;
  }
  return true;
}
} // namespace

bool idx2crd(Int idx, TupleView shape, IntTuple &result) {
  Guard guard;
  const Node *s = shape.nodes();
  uint32_t e = s->span;
  if (!guard.usable() || e > kMaxNodes)
    return false;
  NodeVec &out = LayoutBuilder::nodesOf(result);
  out.clear();
  out.resizeWithinInline(e);
  Node *o = out.data();
  for (uint32_t k = 0; k < e; ++k) { // the shape's nodes, tuples as TupleBuilder writes them
    o[k] = s[k];
    if (s[k].kind == NodeKind::Tuple)
      o[k].isStatic = true;
  }
  if (s->kind == NodeKind::Tuple && !idx.isStatic && idx.basis == 0 && dynamicSplitNodes(idx.value, s, o))
    return true;
  return (s->kind == NodeKind::Tuple ? splitNodes(idx, s, o) : splitLeaf(plainInt(idx), s, o)) && guard.clean();
}

bool indexToOffset(Int idx, TupleView shape, TupleView stride, Int &offset) {
  Guard guard;
  if (!guard.usable())
    return false;
  int64_t value;
  if (!idx.isStatic && idx.basis == 0 && dynamicOffsetOf(idx.value, shape.nodes(), stride.nodes(), value)) {
    offset = Int{value, false};
    return true;
  }
  return offsetOf(idx, shape.nodes(), stride.nodes(), offset) && guard.clean();
}

namespace {

/// coalesce (and filter) of a layout whose every leaf is a dynamic integer: nothing merges
/// (a merge needs a static shape), no shape is a static 1 and no stride a static 0, so the
/// result is the leaves in order (one leaf as a leaf), copied as they are. False at the
/// first leaf that is not (result is then unspecified; the caller's next path rewrites it).
bool flattenDynamic(const Node *s, const Node *d, Layout &result) {
  uint32_t e = s->span;
  if (e > kMaxNodes)
    return false;
  // Leaves <= nodes, and a tuple node more only where a tuple was read: the output fits.
  Node *os = LayoutBuilder::nodesOf(result.shape).data(), *od = LayoutBuilder::nodesOf(result.stride).data();
  uint32_t k = 0;
  for (uint32_t i = 0; i < e; ++i) {
    if (s[i].kind == NodeKind::Tuple)
      continue;
    if (!dynamicIntegerLeaf(s[i], d[i]))
      return false;
    os[1 + k] = s[i];
    od[1 + k] = d[i];
    ++k;
  }
  if (k == 0)
    return false;
  if (k == 1) {
    os[0] = os[1];
    od[0] = od[1];
  } else {
    writeNode(os, k, nodeTag(k + 1, NodeKind::Tuple, true));
    writeNode(od, k, nodeTag(k + 1, NodeKind::Tuple, true));
  }
  uint32_t n = k == 1 ? 1 : k + 1;
  LayoutBuilder::nodesOf(result.shape).resizeWithinInline(n);
  LayoutBuilder::nodesOf(result.stride).resizeWithinInline(n);
  return true;
}
} // namespace

bool coalesce(const Layout &l, Layout &result) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  Guard guard;
  if (!guard.usable())
    return false;
  if (lastLeafDynamic(s, d) && flattenDynamic(s, d, result))
    return true;
  Leaves rev;
  if (!loadCoalescedReversed<kernels::Seed::Shape>(s, d, rev))
    return false;
  return writeReversed(rev, result) && guard.clean();
}

bool filter(const Layout &l, Layout &result) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  Guard guard;
  if (!guard.usable())
    return false;
  if (lastLeafDynamic(s, d) && flattenDynamic(s, d, result))
    return true;
  Leaves rev;
  if (!loadCoalescedReversed<kernels::Seed::ZerosAsUnit>(s, d, rev))
    return false;
  return writeReversed(rev, result) && guard.clean();
}

namespace {
/// Whether every term (s - _1) * abs(d) of cosize's sum is static: a static 0 (s a static
/// 1, or d a static 0) or two static leaves. @pre s and d are congruent integer trees
bool everyCosizeTermStatic(const Node *s, const Node *d, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if (s[i].kind != NodeKind::Int)
      continue;
    bool xs = s[i].isStatic, ys = d[i].isStatic;
    if (!((xs & (ys | (s[i].value == 1))) | (ys & (d[i].value == 0))))
      return false;
  }
  return true;
}
} // namespace

bool cosize(const Layout &l, Int &size) {
  if (!gEnabled || detail::tracing())
    return false;
  // cosize's sum (s - _1) * abs(d) over the leaves, plus _1, with its Int rules folded
  // into flags: a term is static when it is a static 0 (s a static 1, or d a static 0) or
  // both leaves are static, and the sum is static when every term is. Every leaf in
  // [-2^28, 2^28) and at most kMaxNodes nodes: no term (under 2^56) and no sum (under
  // 2^62) can overflow, so one range test at the end replaces the overflow checks; larger
  // values decline to the general sum, which checks each step.
  // The loop only accumulates; the tests come after it: the trees are congruent when
  // every node has the same span and kind on both sides (preorder spans and kinds fix a
  // tree), no node may be `_` or a scaled basis, and when some flag is dynamic, a second
  // pass applies the staticness rule term by term.
  constexpr uint64_t kKindBits = nodeTag(0, NodeKind(0xFF), false);
  constexpr uint64_t kProfileBits = nodeTag(~uint32_t(0), NodeKind(0xFF), false);
  constexpr uint64_t kUnderscoreOrBasisBits = nodeTag(0, NodeKind::Underscore, false) | ~uint64_t(0) << 48;
  static_assert(uint8_t(NodeKind::Int) == 0 && (uint8_t(NodeKind::Tuple) & uint8_t(NodeKind::Underscore)) == 0,
                "an Int leaf has no kind bits, and only `_` sets the Underscore kind's bit");
  constexpr uint64_t kBias = uint64_t(1) << 28;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  uint32_t n = s->span;
  if (n > kMaxNodes)
    return false;
  // The sum in uint64_t, which wraps where int64_t would overflow (undefined) on values the
  // range test then rejects; on the values it accepts, it is the exact signed sum.
  uint64_t acc = 0, range = 0, differ = 0, anyTag = 0, allTags = ~uint64_t(0);
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t tx = nodeTagOf(s[i]), ty = nodeTagOf(d[i]);
    int64_t x = s[i].value, y = d[i].value;
    differ |= tx ^ ty;
    anyTag |= tx; // ty differs where tx has no `_` or basis bit but ty has
    allTags &= tx; // ty's static flag differs, or is tx's
    if (tx & kKindBits) // a tuple (or a `_`, declined below)
      continue;
    range |= (uint64_t(x) + kBias) | (uint64_t(y) + kBias);
    acc += (uint64_t(x) - 1) * (y < 0 ? 0 - uint64_t(y) : uint64_t(y));
  }
  if ((differ & (kProfileBits | kUnderscoreOrBasisBits)) != 0 || (anyTag & kUnderscoreOrBasisBits) != 0 ||
      range >= 2 * kBias)
    return false;
  bool allStatic = ((allTags & ~differ) & kStaticTagBit) != 0 || everyCosizeTermStatic(s, d, n);
  size = Int{int64_t(acc) + 1, allStatic};
  return true;
}

bool filterZeros(TupleView a, TupleView b, IntTuple &result) {
  if (!gEnabled || b.span() > kMaxNodes)
    return false;
  NodeVec &out = LayoutBuilder::nodesOf(result);
  out.clear();
  out.append(b.nodes(), b.span());
  auto unitsUnderZero = [](const Node *x, Node *y) { // repeat_like(y, _1) under a static 0
    if (x->kind == NodeKind::Int && x->asInt().isConstant(0))
      for (uint32_t k = 0, e = y->span; k < e; ++k)
        if (y[k].kind != NodeKind::Tuple)
          y[k] = Node::leaf(kStatic1);
    return true;
  };
  return pairLeaves(a.nodes(), out.data(), unitsUnderZero);
}

namespace {
/// One leaf of compact_order's order and the shape subtree it orders.
struct OrderedPart {
  const Node *shape; // the subtree (a leaf or a tuple of integer leaves)
  uint32_t at;       // its offset among the shape's nodes
  Int extent;        // its size (product_like of the shape by the order)
  int64_t key;       // the order, or past every static order for a runtime one
  bool runtimeKey;   // the order is a runtime value (its key is computed after the walk)
  bool unit;         // read as _1 (filter_zeros where the order is a static 0)
};

} // namespace

bool compactOrder(TupleView shape, TupleView order, bool unitWhereOrderIsZero, IntTuple &strides) {
  Guard guard;
  const Node *s = shape.nodes(), *o = order.nodes();
  OrderedPart parts[kMaxLeaves];
  uint32_t n = 0;
  // Each order leaf with the shape subtree under it (weak congruence).
  auto pairPart = [&](const Node *orderLeaf, const Node *sub) {
    if (orderLeaf->kind != NodeKind::Int || orderLeaf->basis != 0 || n == kMaxLeaves || !integerSubtree(sub))
      return false;
    parts[n++] = OrderedPart{sub, uint32_t(sub - s), Int(), orderLeaf->value, false, false};
    return true;
  };
  if (!guard.usable() || s->span > kMaxNodes || !pairLeaves(o, s, pairPart))
    return false;
  // CuTe's reference order: a static order as it is, a runtime one past the largest
  // static order (max + 1 + its index among the order's leaves).
  int64_t maxOrder = 0;
  const Node *leaf = o;
  for (uint32_t j = 0; j < n; ++j, ++leaf) {
    while (leaf->kind != NodeKind::Int)
      ++leaf;
    parts[j].unit = unitWhereOrderIsZero && leaf->isStatic && leaf->value == 0;
    if (leaf->isStatic && maxOrder < leaf->value)
      maxOrder = leaf->value;
    parts[j].runtimeKey = !leaf->isStatic;
  }
  for (uint32_t j = 0; j < n; ++j) {
    if (parts[j].runtimeKey && __builtin_add_overflow(maxOrder, int64_t(1) + j, &parts[j].key))
      return false; // the general path records the overflow
    parts[j].extent = parts[j].unit ? kStatic1 : integerProduct(parts[j].shape);
  }
  // The strides: the shape's nodes, each part's leaves compact column-major from the
  // product (in leaf order) of the extents ordered before it.
  NodeVec &out = LayoutBuilder::nodesOf(strides);
  out.clear();
  out.append(s, s->span);
  for (uint32_t j = 0; j < n; ++j) {
    Int current = kStatic1;
    for (uint32_t k = 0; k < n; ++k)
      if (parts[k].key < parts[j].key)
        current = mul(current, parts[k].extent);
    Node *x = out.data() + parts[j].at;
    for (uint32_t k = 0, e = parts[j].shape->span; k < e; ++k) {
      if (x[k].kind != NodeKind::Int)
        continue;
      Int extent = parts[j].unit ? kStatic1 : integerLeaf(x[k]);
      if (extent.isConstant(1)) {
        x[k] = Node::leaf(kStatic0);
        continue;
      }
      x[k] = Node::leaf(current);
      current = mul(current, extent);
    }
  }
  return guard.clean();
}

bool product(TupleView t, Int &size) {
  if (!gEnabled || detail::tracing())
    return false;
  return leafProduct(t.nodes(), size);
}

} // namespace straight
CUTELAYOUT_ABI_END
} // namespace cutelayout
