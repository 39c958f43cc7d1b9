// Complement's kernel, written once over an arithmetic domain (Domain.h): CuTe's
// complement of a layout for a cotarget (an integer or a flat tuple), which the divides
// and products call too.
//
// What it denotes: for L filtered and coalesced to modes s_i:d_i, the layout of the
// offsets L does not reach below the cotarget, in order of stride: the modes visited by
// increasing stride d, each contributing (d / last):last where `last` is the extent of the
// modes of smaller stride, then the rest ceil_div(cotarget, last) laid out from `last`,
// all coalesced. The injectivity condition (R18), CuTe's static-strides rule past rank 1
// and R19's conditions (RuntimeForm.h) are checked in the same order in every domain.
//
// Representation invariant: the walk's result modes are kept in order; the final coalesce
// walk (Coalesce.h) reads them last first and writes them, last first, to the caller's
// sink.
//
// Examples: complement(4:2, 24) visits 4:2 (2/1 = 2 at stride 1, last = 8), then the rest
//   ceil(24/8) = 3 at stride 8: (2,3):(1,8).
//   complement((2,2):(1,6), 24): 2:1 gives 1:1 (last 2), 2:6 gives 3:2 (last 12), the rest
//   2:12; coalesced: (3,2):(2,12).
#pragma once

#include "Coalesce.h"
#include "Compose.h"

#include "cutelayout/RuntimeForm.h"
#include "cutelayout/Trace.h"

#include <algorithm>
#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// A mode index keyed by its stride (the complement's and the inverses' sorts).
struct KeyIndex {
  int64_t key;
  uint32_t index;
};

/// Modes in order, as a list of shapes and strides (the walk's result).
template <class D> struct ModeList {
  typename D::template Vec<typename D::Num> shape, stride;
  /// Makes room for n more modes; false where a StaticDomain list cannot hold them.
  [[gnu::always_inline]] bool reserve(uint32_t n) { return roomForBoth(shape, stride, n); }
  /// @pre reserve covered it
  [[gnu::always_inline]] void push(typename D::Num s, typename D::Num d) {
    shape.pushUnchecked(s);
    stride.pushUnchecked(d);
  }
  std::string print() const {
    if (shape.size() == 1)
      return cutelayout::print(D::toInt(shape[0])) + ":" + cutelayout::print(D::toInt(stride[0]));
    std::string s = "(", d = "(";
    for (uint32_t i = 0; i < shape.size(); ++i) {
      s += (i ? "," : "") + cutelayout::print(D::toInt(shape[i]));
      d += (i ? "," : "") + cutelayout::print(D::toInt(stride[i]));
    }
    return s + "):" + d + ")";
  }
};

/// The coalesce walk of modes given in order, into a sink (modes last first).
template <class D, class Sink>
[[gnu::always_inline]] inline bool coalesceList(D &dom, const ModeList<D> &m, Sink &out) {
  return coalesceWalk<Seed::Shape>(dom,
                                   reversedLeaves(m.shape.size(),
                                                  [&](uint32_t i, auto &x, auto &y) {
                                                    x = m.shape[i];
                                                    y = m.stride[i];
                                                  }),
                                   out);
}

/// R19 for the rest of a complement whose last mode visited is a runtime extent of 1
/// (lastIsOne), which the static form drops, so that it starts its rest at a smaller extent:
/// an integer bound's rest agrees only where it does not round.
[[gnu::noinline]] inline void requireUnroundedRestOf(Int bound, Int start, Bool lastIsOne) {
  requireStaticFunction(either(negation(lastIsOne), multipleOf(bound, start)), [&] {
    return "the bound " + print(bound) + " is not a multiple of " + print(start) +
           ", where the last mode has the runtime extent 1 that the static form drops";
  });
}
/// requireUnroundedRestOf, inline up to the common case: the last mode is no extent of 1
/// (every static 1 is filtered out), so the condition holds, and only a recording trace
/// reads it.
[[gnu::always_inline]] inline void requireUnroundedRest(Int bound, Int start, Bool lastIsOne) {
  if (!lastIsOne.value && (lastIsOne.isStatic || !detail::tracing()))
    return;
  requireUnroundedRestOf(bound, start, lastIsOne);
}

/// The rest for an integer cotarget: ceil_div(cotarget, last) at stride last (_0 for 1).
template <class D>
[[gnu::always_inline]] inline void integerRest(D &dom, typename D::Num cotarget, typename D::Num last, Bool lastIsOne,
                                               typename D::Num &shape, typename D::Num &stride) {
  if constexpr (D::kExact)
    requireUnroundedRest(cotarget, last, lastIsOne);
  else
    (void)lastIsOne;
  shape = dom.ceilDiv(cotarget, last);
  stride = dom.isConstant(shape, 1) ? dom.constant(0) : last;
}
template <class D> struct IntegerRest {
  typename D::Num cotarget;
  bool append(D &dom, typename D::Num last, Bool lastIsOne, ModeList<D> &result) const {
    typename D::Num n, stride;
    integerRest(dom, cotarget, last, lastIsOne, n, stride);
    if (!result.reserve(1))
      return dom.fail([] { return std::string(); });
    result.push(n, stride);
    return true;
  }
};

/// R19 for the rest of a complement by a tuple bound (bound() prints it, size() its size),
/// which CuTe's runtime path folds from `start` across the bound's modes where the static
/// form divides the bound's size: they agree when the fold starts past no runtime extent
/// of 1 (lastIsOne), and when each of the first `checked` modes (at(i)) and the extent
/// left to divide divide each other.
template <class Bound, class Size, class At>
void requireTupleRest(Bound bound, Size size, uint32_t checked, At at, Int start, Bool lastIsOne) {
  if (!(lastIsOne.isStatic && !lastIsOne.value))
    requireStaticFunction(negation(lastIsOne), [&] {
      return "the bound " + bound() + " is a tuple, folded from " + print(start) +
             " where the last mode has the runtime extent 1 that the static form drops";
    });
  Int rest = start;
  for (uint32_t i = 0; i < checked; ++i) {
    Int x = at(i);
    requireStaticFunction(either(multipleOf(x, rest), multipleOf(rest, x)), [&] {
      return "shape " + print(x) + " of the bound " + bound() + " and the extent " + print(rest) +
             " left to divide do not divide each other (the static form divides the bound's size " + print(size()) +
             ")";
    });
    rest = ceilDiv(rest, x);
  }
}

/// The rest for a flat tuple cotarget of extents x_0..x_{k-1} (at(i) reads x_i):
/// coalesce(ceil_div(cotarget, last)) laid out compactly from last. ceil_div folds last
/// across the extents; coalesceShape merges neighbours of one staticness; a static 1 gets
/// the stride _0. In CuteDomain, R19's conditions on the fold first (requireTupleRest).
template <class D, class At> struct FlatTupleRest {
  uint32_t k;
  At at;
  bool append(D &dom, typename D::Num last, Bool lastIsOne, ModeList<D> &result) const {
    using Num = typename D::Num;
    if constexpr (D::kExact) {
      auto bound = [&] {
        std::string t = "(";
        for (uint32_t i = 0; i < k; ++i)
          t += (i ? "," : "") + print(D::toInt(at(i)));
        return t + ")";
      };
      auto size = [&] {
        Int p = kStatic1;
        for (uint32_t i = 0; i < k; ++i)
          p = mul(p, D::toInt(at(i)));
        return p;
      };
      requireTupleRest(bound, size, k - 1, [&](uint32_t i) { return D::toInt(at(i)); }, D::toInt(last), lastIsOne);
    } else {
      (void)lastIsOne;
    }
    typename D::template Vec<Num> merged;
    if (!roomFor(merged, k))
      return dom.fail([] { return std::string(); }); // StaticDomain past its list
    Num by = last;
    for (uint32_t i = 0; i < k; ++i) {
      Num x = at(i), q = dom.ceilDiv(x, by);
      by = dom.ceilDiv(by, x);
      if (i > 0 && dom.isStatic(merged.back()) == dom.isStatic(q))
        merged.back() = dom.mul(merged.back(), q);
      else
        merged.pushUnchecked(q);
    }
    Num current = last;
    if (!result.reserve(merged.size()))
      return dom.fail([] { return std::string(); });
    for (uint32_t j = 0; j < merged.size(); ++j) {
      Num x = merged[j];
      if (dom.isConstant(x, 1)) {
        result.push(x, dom.constant(0));
      } else {
        result.push(x, current);
        current = dom.mul(current, x);
      }
    }
    return true;
  }
};
template <class D, class At> FlatTupleRest<D, At> flatTupleRest(uint32_t k, At at) { return {k, at}; }

/// The complement of one leaf s:d that filtering keeps (s not _1, d not _0) for an
/// integer cotarget, without the walk's sort: the modes of coalesce((d:_1, rest)), last
/// first, into out.
/// Inline: the divides' and products' leaf pairs call it once a pair, and its steps are few.
/// @post false: CuteDomain holds the message (error()); StaticDomain has declined
template <class D, class Sink>
[[gnu::always_inline]] inline bool complementLeaf(D &dom, typename D::Num s, typename D::Num d,
                                                  typename D::Num cotarget, Sink &out) {
  using Num = typename D::Num;
  auto mode = [&] { return print(D::toInt(s)) + ":" + print(D::toInt(d)); }; // for messages only
  Num newShape = dom.div(d, dom.constant(1));
  bool stat = dom.isStatic(newShape);
  if (D::kExact && __builtin_expect(detail::tracing(), 0) && !stat)
    recordRuntimeCheck(less(kStatic0, D::toInt(newShape)), "complement: non-injective layout " + mode());
  else if (D::value(newShape) == 0 && dom.reportViolation(stat))
    return dom.fail([&] { return "complement: non-injective layout " + mode() + dom.violationNote(stat); });
  Num last = dom.mul(d, s);
  if (D::value(last) == 0)
    return dom.fail([&] { return "complement: zero stride in " + mode(); });
  Num shapes[2] = {newShape, {}}, strides[2] = {dom.constant(1), {}};
  integerRest(dom, cotarget, last, D::kExact ? equal(D::toInt(s), kStatic1) : Bool{false, true}, shapes[1], strides[1]);
  return coalesceWalk<Seed::Shape>(dom,
                                   reversedLeaves(2,
                                                  [&](uint32_t i, Num &x, Num &y) {
                                                    x = shapes[i];
                                                    y = strides[i];
                                                  }),
                                   out);
}

/// The complement of filtered, coalesced modes m (not the one mode of stride _0) with the
/// rest `rest` (IntegerRest, FlatTupleRest or the caller's own): the modes, last first,
/// into out. Modes is FlatModes<D> or any type with its rank(), shapeAt(i), strideAt(i).
/// @post false: CuteDomain holds the message (error()); StaticDomain has declined
template <class D, class Modes, class Rest, class Sink>
bool complementModes(D &dom, const Modes &m, const Rest &rest, Sink &out) {
  using Num = typename D::Num;
  uint32_t r = m.rank();
  auto modes = [&] { // m in order, for messages only
    ModeList<D> l;
    l.reserve(r);
    for (uint32_t i = 0; i < r; ++i)
      l.push(m.shapeAt(i), m.strideAt(i));
    return l.print();
  };
  if (r > 1)
    for (uint32_t i = 0; i < r; ++i)
      if (!dom.isStatic(m.strideAt(i)))
        return dom.fail(
            [&] { return "complement of " + modes() + ": CuTe supports dynamic strides only for rank-1 layouts"; });
  // Visit the modes by increasing stride, first in mode order on ties (CuTe's repeated min
  // and find): a stable sort of the mode indices (insertion for a few modes, merge past).
  typename D::template Vec<KeyIndex> order; // (stride, mode), the stride read once
  ModeList<D> result;
  if (!roomFor(order, r) || !result.reserve(r))
    return dom.fail([] { return std::string(); }); // StaticDomain past its lists
  for (uint32_t i = 0; i < r; ++i) {
    KeyIndex x{D::value(m.strideAt(i)), i};
    uint32_t j = order.size();
    order.pushUnchecked(x);
    for (; r <= 32 && j > 0 && order[j - 1].key > x.key; --j)
      order[j] = order[j - 1];
    order[j] = x;
  }
  if (r > 32)
    std::stable_sort(order.data(), order.data() + r,
                     [](const KeyIndex &a, const KeyIndex &b) { return a.key < b.key; });
  Num last = dom.constant(1);
  // R19: a runtime extent of 1 stays a mode here, which the static form filters out; the
  // quotients on either side of it keep the static form's function only when exact.
  Bool previousIsOne{false, true};
  for (uint32_t k = 0; k < r; ++k) {
    // The filtered modes hold no basis (complement's entry check lets bases through only
    // in unit modes, which filtering drops), so they are read as plain integers.
    Num minStride = D::extent(m.strideAt(order[k].index)), minShape = m.shapeAt(order[k].index);
    if constexpr (D::kExact) {
      Bool isOne = equal(minShape, kStatic1);
      // Beside no extent of 1 the condition holds: only a recording trace reads it then.
      if (isOne.value || previousIsOne.value || __builtin_expect(detail::tracing(), 0))
        requireStaticFunction(either(negation(either(isOne, previousIsOne)), multipleOf(minStride, last)), [&] {
          return "stride " + print(minStride) + " of mode " + print(minShape) + ":" + print(minStride) +
                 " is not a multiple of " + print(last) +
                 ", the extent of the modes of smaller stride, beside a "
                 "runtime extent of 1 that the static form drops";
        });
      previousIsOne = isOne;
    }
    Num newShape = dom.div(minStride, last);
    bool stat = dom.isStatic(newShape);
    if (D::kExact && __builtin_expect(detail::tracing(), 0) && !stat)
      recordRuntimeCheck(less(kStatic0, D::toInt(newShape)),
                         "complement: a stride is less than the extent of the modes of smaller stride in " + modes() +
                             " (the layout is not injective, or has a runtime extent of 1)");
    else if (D::value(newShape) == 0 && dom.reportViolation(stat))
      return dom.fail([&] {
        bool extentOne = false;
        for (uint32_t i = 0; i < r; ++i)
          extentOne = extentOne || D::value(m.shapeAt(i)) == 1;
        if (!extentOne)
          return "complement: non-injective layout " + modes() + dom.violationNote(stat);
        return "complement: stride " + print(D::toInt(minStride)) + " of mode " + print(D::toInt(minShape)) + ":" +
               print(D::toInt(minStride)) + " of " + modes() + " is less than " + print(D::toInt(last)) +
               ", the extent of the modes of smaller stride (CuTe keeps its runtime extents of 1 as modes, and "
               "does not check this for runtime integers)";
      });
    result.push(newShape, last);
    last = dom.mul(minStride, minShape);
  }
  if (D::value(last) == 0)
    return dom.fail([&] { return "complement: zero stride in " + modes(); });
  if (!rest.append(dom, last, previousIsOne, result))
    return false;
  return coalesceList(dom, result, out);
}

/// The stride _1 of an extent read as a layout n:_1 (a shape tiler's, a bound's).
inline const Node kUnitStride = Node::leaf(kStatic1);

/// complement(m, cotarget) of filtered modes (FlatModes, last first), for an integer
/// cotarget (`rest` is IntegerRest) or a flat tuple one (FlatTupleRest), into out (last
/// first). Declines where filtering left the one mode _1:_0 (the general path lays out the
/// cotarget). @post as complementModes'
template <class D, class Modes, class Rest, class Sink>
bool complementOfFiltered(D &dom, const Modes &modes, const Rest &rest, Sink &out) {
  if (modes.rank() == 1 && dom.isConstant(modes.stride[0], 0))
    return dom.fail([] { return std::string(); });
  return complementModes(dom, modes, rest, out);
}

/// The same of a layout's nodes, filtered first.
template <class D, class Rest, class Sink>
bool complementOfNodes(D &dom, const Node *s, const Node *d, const Rest &rest, Sink &out) {
  FlatModes<D> modes;
  return loadModes<Seed::ZerosAsUnit>(dom, LayoutView(TupleView(s), TupleView(d)), modes) &&
         complementOfFiltered(dom, modes, rest, out);
}

/// CuTe's complement of the layout at (s, d) for the cotarget at c (an integer or a flat
/// tuple of integers), or for cosize(filter(l)) where c is null: the modes, last first,
/// into out. Declines (a fast domain's run) on a nested cotarget, an empty one, and where
/// filtering leaves only _1:_0; the general path (Algebra.cpp) answers those.
template <class D, class Sink> bool complementLayout(D &dom, const Node *s, const Node *d, const Node *c, Sink &out) {
  using Num = typename D::Num;
  Num x, y;
  if (c && c->kind == NodeKind::Tuple) { // a flat tuple bound
    uint32_t k = uint32_t(c->value);
    typename D::template Vec<Num> extents;
    if (k == 0 || c->span != k + 1 || !roomFor(extents, k))
      return dom.fail([] { return std::string(); });
    for (uint32_t i = 0; i < k; ++i) {
      if (!dom.load(c[1 + i], kUnitStride, x, y))
        return dom.fail([] { return std::string(); });
      extents.pushUnchecked(D::extent(x));
    }
    return complementOfNodes(dom, s, d, flatTupleRest<D>(k, [&](uint32_t i) { return extents[i]; }), out);
  }
  Num bound;
  if (c) {
    if (!dom.load(*c, kUnitStride, x, y))
      return dom.fail([] { return std::string(); });
    bound = D::extent(x);
    if (s->kind != NodeKind::Tuple && dom.load(*s, *d, x, y) && !dom.isConstant(x, 1) && !dom.isConstant(y, 0))
      return complementLeaf(dom, D::extent(x), D::extent(y), bound, out);
    return complementOfNodes(dom, s, d, IntegerRest<D>{bound}, out);
  }
  // cosize(filter(l)): over the filtered modes (one mode a leaf), which the complement reads.
  FlatModes<D> f;
  if (!loadModes<Seed::ZerosAsUnit>(dom, LayoutView(TupleView(s), TupleView(d)), f))
    return false;
  Num sum = dom.constant(0);
  for (uint32_t i = 0; i < f.rank(); ++i) {
    Num span = dom.sub(f.shapeAt(i), dom.constant(1)); // before the stride's abs (F16)
    Num term = dom.mul(span, dom.abs(D::extent(f.strideAt(i))));
    sum = f.rank() == 1 ? term : dom.add(sum, term);
  }
  bound = dom.add(sum, dom.constant(1));
  if (s->kind != NodeKind::Tuple && dom.load(*s, *d, x, y) && !dom.isConstant(x, 1) && !dom.isConstant(y, 0))
    return complementLeaf(dom, D::extent(x), D::extent(y), bound, out);
  return complementOfFiltered(dom, f, IntegerRest<D>{bound}, out);
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
