// The fast domains' node writer, and the attempt that runs a kernel in a fast domain first.
//
// What it denotes: NodeOut writes a layout's shape and stride nodes in preorder straight
// into a target layout's inline arrays (the same nodes LayoutBuilder writes), with no
// allocation and no capacity test per node: past kMaxNodes nodes or kMaxDepth nesting it
// stops writing and finish() declines. FastAttempt says whether a fast domain may run now
// (not while a trace records, a failure is pending or CUTELAYOUT_FAST_PATHS=off) and
// whether its Int arithmetic (BoundedCuteDomain) stayed clean.
//
// Representation invariant of NodeOut: n_ nodes are written; open_[0..depth_) are the
// open tuples' first nodes, count_[k] points at the child count of the tuple open at
// depth k (count_[0] at a dummy root); n_ > kMaxNodes means full (every write is dropped).
//
// Examples: open(), leaf(2,1), leaf(3,2), close() writes (2,3):(1,2) as 3 nodes;
//   copy() of an operand's mode ((4,8):(1,4)) appends its 3 nodes whole.
#pragma once

#include "cutelayout/Layout.h"

#include "Domain.h"

#include "../Internal.h"

#include <cstring>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// How many answers runFast has given on this thread (for tests: whether the fast domains
/// answered an operation).
uint64_t fastAnswers();
extern __thread uint64_t tFastAnswers;

/// One run of a kernel in a fast domain: declines while a trace records, while an
/// arithmetic failure is pending or when the fast paths are off, and forgets the
/// arithmetic failures of a run that declined (the exact domain meets them again and
/// reports them).
class FastAttempt {
public:
  FastAttempt() {
    detail::ArithFailure &f = detail::tArithFailure;
    if (f.failed && f.depth == 0)
      f.failed = false; // recorded outside every ArithScope: no one reads it
    usable_ = fastPathsEnabled() && !detail::tracing() && !f.failed;
  }
  ~FastAttempt() {
    if (usable_)
      detail::tArithFailure.failed = false;
  }
  FastAttempt(const FastAttempt &) = delete;
  FastAttempt &operator=(const FastAttempt &) = delete;
  bool usable() const { return usable_; }
  /// Whether no Int operation of the run failed.
  bool clean() const { return !detail::tArithFailure.failed; }

private:
  bool usable_;
};

/// Nodes a fast domain's result may have: the inline capacity of a tuple, so writing never
/// allocates; and the nesting it may have.
constexpr uint32_t kMaxNodes = kInlineNodes;
constexpr uint32_t kMaxDepth = 8;

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
  NodeOut(const NodeOut &) = delete;
  NodeOut &operator=(const NodeOut &) = delete;
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
  /// The nodes of the leaf mode sh:st at s and d (an extent never holds a basis; a stride
  /// may): what leaf() writes, for leafTuple's callers.
  [[gnu::always_inline]] static void writeLeaf(Node *s, Node *d, Int sh, Int st) {
    writeNode(s, sh.value, nodeTag(1, NodeKind::Int, sh.isStatic));
    writeNode(d, st.value, nodeTag(1, NodeKind::Int, st.isStatic) | uint64_t(st.basis) << 48);
  }
  /// A leaf mode.
  [[gnu::always_inline]] void leaf(Int sh, Int st) {
    uint32_t at = n_;
    if (!room(1))
      return;
    countChild();
    writeLeaf(s_ + at, d_ + at, sh, st);
    n_ = at + 1;
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
  /// k modes in order, at(i, shape, stride) giving mode i: one is a leaf, more a tuple of
  /// them, written with one room test.
  template <class At> [[gnu::always_inline]] void modes(uint32_t k, At at) {
    Int sh, st;
    if (k == 1) {
      at(0, sh, st);
      leaf(sh, st);
      return;
    }
    leafTuple(k, [&](uint32_t j, Node *s, Node *d) {
      at(j, sh, st);
      writeLeaf(s, d, sh, st);
    });
  }
  /// k leaves in order, the nodes k leaf() calls write, with one room test: leafAt(j, s, d)
  /// writes leaf j's shape and stride nodes at s and d (writeLeaf, or a copy of an
  /// operand's leaf).
  template <class LeafAt> [[gnu::always_inline]] void leaves(uint32_t k, LeafAt leafAt) {
    if (!room(k))
      return;
    *count_[depth_] += k;
    for (uint32_t j = 0; j < k; ++j)
      leafAt(j, s_ + n_ + j, d_ + n_ + j);
    n_ += k;
  }
  /// A tuple of k >= 1 leaves, the nodes open(), leaves(k, leafAt) and close() write, with
  /// one room test and its span and child count known up front.
  template <class LeafAt> [[gnu::always_inline]] void leafTuple(uint32_t k, LeafAt leafAt) {
    if (depth_ == kMaxDepth || !room(k + 1)) {
      n_ = kFull;
      return;
    }
    countChild();
    Node *s = s_ + n_, *d = d_ + n_;
    writeNode(s, k, nodeTag(k + 1, NodeKind::Tuple, true));
    writeNode(d, k, nodeTag(k + 1, NodeKind::Tuple, true));
    for (uint32_t j = 0; j < k; ++j)
      leafAt(j, s + 1 + j, d + 1 + j);
    n_ += k + 1;
  }
  /// Back to no node written (a second domain's run into the same target).
  void reset() { n_ = 0, depth_ = 0, rootCount_ = 0; }
  /// Where the next element goes (its first node).
  uint32_t size() const { return n_; }
  /// A caller's working set overflowed: the result is incomplete, so finish() declines.
  void overflow() { n_ = kFull; }
  /// CuTe's unpacking of a mode, result(_, repeat<R>(_)) with R its rank: the element
  /// written last, starting at node `at`, is replaced by its children when it is a tuple
  /// of rank R >= 2; a leaf or a rank-1 tuple stays (repeat<1>(_) is `_`). False for an
  /// empty tuple (left to the exact domain) or after an overflow.
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
  /// @post false: the result did not fit (the target is unspecified)
  bool finish() {
    if (full())
      return false;
    shapeVec_.resizeWithinInline(n_);
    strideVec_.resizeWithinInline(n_);
    return true;
  }

private:
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

/// Whether the first leaf of a layout is static: runFast's hint that StaticDomain may
/// answer (at a runtime leaf it would decline).
[[gnu::always_inline]] inline bool firstLeafStatic(const Layout &l) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  while (s->kind == NodeKind::Tuple && s->span > 1)
    ++s, ++d;
  return s->isStatic & d->isStatic;
}

/// Runs kernel(dom, out) in the fast domains into result: StaticDomain first where
/// tryStatic (firstLeafStatic of the first operand), then BoundedCuteDomain (integer leaves
/// only, failures decline) where StaticDomain declined or did not run. Every kernel loads
/// each leaf it computes with through its domain (Domain.h's load) and copies the others
/// whole (NodeOut::copy), so StaticDomain declines at a runtime leaf it would compute with:
/// no scan of the operands decides the domain, and the hint decides no answer.
/// @post true: result is the kernel's answer, the exact domain's; false: result is
/// unspecified (the caller's exact domain rebuilds it)
template <class Kernel> [[gnu::always_inline]] inline bool runFast(bool tryStatic, Layout &result, Kernel kernel) {
  FastAttempt attempt;
  if (!attempt.usable())
    return false;
  NodeOut out(result);
  if (__builtin_expect(tryStatic, 1)) {
    StaticDomain dom;
    if (kernel(dom, out) && !dom.declined() && out.finish()) {
      ++tFastAnswers;
      return true;
    }
    out.reset();
  }
  BoundedCuteDomain dom; // integer leaves only
  bool answered = kernel(dom, out) && !dom.declined() && attempt.clean() && out.finish();
  tFastAnswers += answered;
  return answered;
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
