// Composition's kernel, written once over an arithmetic domain (Domain.h): CuTe's
// composition_impl of a flat, coalesced A with each integral mode of B, B's tuples kept.
// The divides and products compose through it too.
//
// What it denotes: for A flattened and coalesced to modes a_0..a_{r-1} (coalesce_x: a
// trailing static 1 reads as _2) and a mode s:d of B, the layout A o (s:d): d is divided
// through A's modes in order (each mode either passes whole, when d is a multiple of its
// extent, or is split, when d is smaller), s is spread over what is left, and the rest runs
// on in A's last mode. The stride and shape divisibility conditions (R18) and R19's
// conditions (RuntimeForm.h) are checked in the same order in every domain.
//
// Representation invariant of FlatModes: the modes are stored last first, as the coalesce
// walk leaves them; one mode means an integral A; allStatic says whether every leaf of the
// A it was loaded from is static (then its modes are the static form's).
//
// Examples: A = (4,8):(1,4) coalesces to 32:1, and A o 8:2 is 8:2.
//   A = (6,2):(8,2), B = (4,3):(3,1): A o 4:3 is (2,2):(24,2) and A o 3:1 is 3:8, so
//   A o B = ((2,2),3):((24,2),8).
#pragma once

#include "Coalesce.h"

#include "cutelayout/RuntimeForm.h"
#include "cutelayout/Trace.h"

#include <string>
#include <type_traits>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// A flat, coalesced A (see the invariant above). It is the coalesce walk's sink.
template <class D> struct FlatModes {
  using Num = typename D::Num;
  typename D::template Vec<Num> shape, stride; // last first
  bool allStatic = true;
  /// A push found a fast domain's list full: the modes are incomplete (the caller declines).
  bool full = false;

  uint32_t rank() const { return shape.size(); }
  /// Mode i in order; an extent is read as a plain integer (no basis).
  Num shapeAt(uint32_t i) const { return D::extent(shape[rank() - 1 - i]); }
  Num strideAt(uint32_t i) const { return stride[rank() - 1 - i]; }
  std::string print() const {
    std::string s = rank() == 1 ? "" : "(", d = s;
    for (uint32_t i = 0; i < rank(); ++i) {
      s += (i ? "," : "") + cutelayout::print(D::toInt(shapeAt(i)));
      d += (i ? "," : "") + cutelayout::print(D::toInt(strideAt(i)));
    }
    return rank() == 1 ? s + ":" + d : s + "):" + d + ")";
  }
  [[gnu::always_inline]] void push(Int s, Int d) {
    if (!roomForBoth(shape, stride, 1)) {
      full = true;
      return;
    }
    shape.pushUnchecked(D::fromInt(s));
    stride.pushUnchecked(D::fromInt(d));
  }
  void clear() {
    shape.clear();
    stride.clear();
    full = false;
  }
};

class NodeOut;

/// Writes modes held last first (FlatModes) in order: one mode is a leaf, more a tuple.
template <class D, class Out> [[gnu::always_inline]] inline void writeModes(const FlatModes<D> &m, Out &out) {
  uint32_t k = m.rank();
  if constexpr (std::is_same<Out, NodeOut>::value) { // the tuple's nodes in one run
    out.modes(k, [&](uint32_t i, Int &shape, Int &stride) {
      shape = D::toInt(m.shapeAt(i));
      stride = D::toInt(m.strideAt(i));
    });
    return;
  }
  if (k == 1) {
    out.leaf(D::toInt(m.shapeAt(0)), D::toInt(m.strideAt(0)));
    return;
  }
  out.open();
  for (uint32_t i = 0; i < k; ++i)
    out.leaf(D::toInt(m.shapeAt(i)), D::toInt(m.strideAt(i)));
  out.close();
}

/// The coalesce walk of a layout's leaves, seeded as `seed` says, into modes (empty).
/// Inline: the walk is the kernel's first step, and a call costs the fast domains a frame.
/// @post false: the layout has no leaf, or D declined
template <Seed seed, class D> [[gnu::always_inline]] inline bool loadModes(D &dom, LayoutView l, FlatModes<D> &modes) {
  return coalesceWalk<seed>(dom, ReversedNodeLeaves<D>(l.shape.nodes(), l.stride.nodes()), modes) && !modes.full;
}

/// CuTe's coalesce_x of A into flat (empty). @post as loadModes'
template <class D> bool loadFlat(D &dom, LayoutView a, FlatModes<D> &flat) {
  flat.allStatic = !D::kExact || (isStatic(a.shape) && isStatic(a.stride));
  return loadModes<Seed::UnitAsTwo>(dom, a, flat);
}

/// Writes modes given in order: one mode is a leaf, more a tuple of them (CuTe's unwrap of
/// a fresh list). Into a NodeOut (the fast domains, whose A has at most 32 modes, so at most
/// 32 are added) the modes are kept and written at finish() at once (NodeOut::modes: one
/// room test); into another writer they are written as they come, the first one waiting
/// until a second one opens the tuple.
template <class D, class Out> class UnwrapWriter {
  static constexpr bool kKept = std::is_same<Out, NodeOut>::value;
  static constexpr uint32_t kMaxKept = 32;

public:
  explicit UnwrapWriter(Out &out) : out_(out) {}
  uint32_t count() const { return n_; }
  void add(typename D::Num s, typename D::Num d) {
    if constexpr (kKept) {
      if (n_ < kMaxKept) {
        shape_.pushUnchecked(s);
        stride_.pushUnchecked(d);
      }
      ++n_;
      return;
    }
    if (n_ == 0) {
      s0_ = s, d0_ = d;
    } else {
      if (n_ == 1) {
        out_.open();
        out_.leaf(D::toInt(s0_), D::toInt(d0_));
      }
      out_.leaf(D::toInt(s), D::toInt(d));
    }
    ++n_;
  }
  /// @pre count() >= 1
  void finish() {
    if constexpr (kKept) {
      if (n_ > kMaxKept) { // not in the fast domains' working sets: decline
        out_.overflow();
        return;
      }
      out_.modes(n_, [&](uint32_t i, Int &shape, Int &stride) {
        shape = D::toInt(shape_[i]);
        stride = D::toInt(stride_[i]);
      });
      return;
    }
    if (n_ == 1)
      out_.leaf(D::toInt(s0_), D::toInt(d0_));
    else
      out_.close();
  }

private:
  Out &out_;
  uint32_t n_ = 0;
  typename D::Num s0_{}, d0_{};
  FixedVec<typename D::Num, kKept ? kMaxKept : 1> shape_, stride_; // the kept modes (raw)
};

// R18 on runtime leaves while a Trace records (out of line: composeMode is hot).
template <class Flat>
[[gnu::cold, gnu::noinline]] void recordStrideCheck(const Flat &a, uint32_t i, Int currShape, Int restStride) {
  recordRuntimeCheck(
      either(equal(currShape, kStatic0), either(multipleOf(restStride, currShape), less(restStride, currShape))),
      "stride divisibility condition fails: a stride is neither a multiple of nor smaller than "
      "the shape it meets in mode " +
          std::to_string(i) + " of " + a.print());
}
template <class Flat>
[[gnu::cold, gnu::noinline]] void recordShapeCheck(const Flat &a, uint32_t i, Int newShape, Int restShape) {
  recordRuntimeCheck(either(equal(newShape, kStatic0), multipleOf(restShape, newShape)),
                     "shape divisibility condition fails: a shape is not a multiple of the extent it meets in "
                     "mode " +
                         std::to_string(i) + " of " + a.print());
}

/// The stride divisibility condition's failure (R18) in mode i of A. @post false
template <class D, class Flat>
[[gnu::cold, gnu::noinline]] bool strideViolation(D &dom, const Flat &a, uint32_t i, typename D::Num currShape,
                                                  typename D::Num restStride, bool stat) {
  return dom.fail([&] {
    return "stride divisibility condition fails: stride " + print(D::toInt(restStride)) +
           " is neither a multiple of nor smaller than shape " + print(D::toInt(currShape)) + " in mode " +
           std::to_string(i) + " of " + a.print() + dom.violationNote(stat);
  });
}

template <class D, class Flat, class Out>
bool composeSplit(D &dom, const Flat &a, typename D::Num rshape, typename D::Num rstride, Out &out);

/// The stride of A o (rshape:rstride) for an A of one mode of stride aStride: rstride
/// scaled by it, a _0 kept (composeMode's one-mode rule; the divides' and products' leaf
/// pairs use it on values, Tile.h).
template <class D>
[[gnu::always_inline]] inline typename D::Num composedStride(D &dom, typename D::Num aStride, typename D::Num rstride) {
  return dom.isConstant(rstride, 0) ? rstride : dom.mul(rstride, aStride);
}

/// A o (rshape:rstride), one integral mode of B, written to out. The common cases inline
/// (a _0 stride, an A of one mode); composeSplit divides the stride through A's modes.
/// Flat is FlatModes<D> or any type with its rank(), shapeAt(i), strideAt(i), allStatic and
/// print().
/// @pre a has a mode; rshape and rstride hold no basis
/// @post false: CuteDomain holds the message naming the failed condition (error()),
///       StaticDomain has declined instead
template <class D, class Flat, class Out>
[[gnu::always_inline]] inline bool composeMode(D &dom, const Flat &a, typename D::Num rshape, typename D::Num rstride,
                                               Out &out) {
  if (dom.isConstant(rstride, 0) || a.rank() == 1) {
    out.leaf(D::toInt(rshape), D::toInt(composedStride(dom, a.strideAt(0), rstride)));
    return true;
  }
  return composeSplit(dom, a, rshape, rstride, out);
}

/// composeMode of an A of several modes. @pre a.rank() >= 2
template <class D, class Flat, class Out>
[[gnu::noinline]] bool composeSplit(D &dom, const Flat &a, typename D::Num rshape, typename D::Num rstride, Out &out) {
  using Num = typename D::Num;
  uint32_t r = a.rank();
  UnwrapWriter<D, Out> result(out);
  Num restShape = rshape, restStride = rstride;
  for (uint32_t i = 0; i + 1 < r; ++i) {
    Num currShape = a.shapeAt(i), currStride = a.strideAt(i);
    int64_t cs = D::value(currShape), rs = D::value(restStride);
    bool stat = dom.isStatic(currShape) && dom.isStatic(restStride);
    bool traced = D::kExact && __builtin_expect(detail::tracing(), 0);
    Num absStride, nextShape, nextStride;
    // Whether this branch's values already show that R19's condition below holds. With no
    // trace recording, requireStaticFunction reads only the value of a condition that holds
    // (it records nothing), so the condition's Bools are then not built.
    bool fitsShown = false;
    if (!traced && cs > 0 && rs > 0 && rs <= INT64_MAX - cs) {
      // Positive values whose ceiling divisions cannot overflow, the common case: the
      // stride either passes the mode whole (rs a multiple of cs: nothing of the mode is
      // left, the next stride rs/cs) or splits it (rs < cs: ceil(cs/rs) left, the next
      // stride 1), static where both are; one division decides the condition and the split.
      absStride = restStride;
      if (rs >= cs) {
        int64_t q = rs / cs;
        if (q * cs != rs && dom.reportViolation(stat))
          return strideViolation(dom, a, i, currShape, restStride, stat);
        nextShape = D::make(1, stat);
        nextStride = D::make(q * cs == rs ? q : q + 1, stat);
        fitsShown = q * cs == rs; // the stride is a multiple of the shape
      } else {
        int64_t left = (cs - 1) / rs + 1;
        nextShape = D::make(left, stat);
        nextStride = D::make(1, stat);
        fitsShown = left >= D::value(restShape); // B's rest fits in the mode
      }
    } else {
      if (traced && !stat)
        recordStrideCheck(a, i, D::toInt(currShape), D::toInt(restStride));
      else if (cs != 0 && !(isMultiple(rs, cs) || rs < cs) && dom.reportViolation(stat))
        return strideViolation(dom, a, i, currShape, restStride, stat);
      absStride = dom.abs(restStride);
      if (D::value(absStride) == 0 || cs == 0)
        return dom.fail([&] {
          return "composition divides by zero: shape " + print(D::toInt(currShape)) + " and stride " +
                 print(D::toInt(restStride)) + " in mode " + std::to_string(i) + " of " + a.print();
        });
      nextShape = dom.ceilDiv(currShape, absStride);
      nextStride = dom.mul(dom.ceilDiv(absStride, currShape), dom.signum(restStride));
    }
    if constexpr (D::kExact) {
      // R19: B's elements that run past this mode's end land where the static form, which
      // coalesced A first, does not put them, unless the stride and the shape divide or
      // B's rest fits in the mode. (Where A is static, its modes are the static form's: a
      // condition on static values alone is then decided alike.)
      Bool fits = fitsShown ? Bool{true, true}
                            : either(either(multipleOf(absStride, currShape), multipleOf(currShape, absStride)),
                                     negation(less(nextShape, restShape)));
      if (!(a.allStatic && fits.isStatic))
        requireStaticFunction(fits, [&] {
          return "stride " + print(absStride) + " and shape " + print(currShape) + " of mode " + std::to_string(i) +
                 " of " + a.print() + " do not divide each other, and the " + print(restShape) +
                 " elements at stride " + print(absStride) + " do not fit in that mode";
        });
    }
    if (dom.isConstant(nextShape, 1) || dom.isConstant(restShape, 1)) {
      restStride = nextStride;
      continue;
    }
    Num newShape = dom.min(nextShape, restShape);
    int64_t ns = D::value(newShape), rsh = D::value(restShape);
    stat = dom.isStatic(newShape) && dom.isStatic(restShape);
    if (traced && !stat)
      recordShapeCheck(a, i, D::toInt(newShape), D::toInt(restShape));
    else if (ns != 0 && !isMultiple(rsh, ns) && dom.reportViolation(stat))
      return dom.fail([&] {
        return "shape divisibility condition fails: shape " + print(D::toInt(restShape)) + " is not a multiple of " +
               print(D::toInt(newShape)) + " in mode " + std::to_string(i) + " of " + a.print() +
               dom.violationNote(stat);
      });
    if (ns == 0)
      return dom.fail(
          [&] { return "composition divides by a zero shape in mode " + std::to_string(i) + " of " + a.print(); });
    result.add(newShape, dom.mul(restStride, currStride));
    restShape = dom.div(restShape, newShape);
    restStride = nextStride;
  }
  Num lastStride = a.strideAt(r - 1), lastShape = a.shapeAt(r - 1);
  if constexpr (D::kExact) {
    // R19: B's rest runs on in A's last mode (CuTe extends it); where that mode is a runtime
    // extent of 1, the static form (which dropped it upstream, simplifying A) extends another.
    // Where that extent is not 1 the condition holds: only a recording trace reads it then.
    if (!lastShape.isStatic && (lastShape.value == 1 || __builtin_expect(detail::tracing(), 0)))
      requireStaticFunction(either(negation(equal(lastShape, kStatic1)), equal(restShape, kStatic1)), [&] {
        return "the " + print(restShape) + " elements left at stride " + print(restStride) + " run past mode " +
               std::to_string(r - 1) + " of " + a.print() + ", a runtime extent of 1 that the static form drops";
      });
  } else {
    (void)lastShape;
  }
  if (result.count() == 0) {
    out.leaf(D::toInt(restShape), D::toInt(dom.mul(restStride, lastStride)));
    return true;
  }
  if (!dom.isConstant(restShape, 1))
    result.add(restShape, dom.mul(restStride, lastStride));
  result.finish();
  return true;
}

template <class D, class Flat, class Out>
bool composeSubtrees(D &dom, const Flat &a, const Node *s, const Node *d, Out &out);

/// A o B for B's subtree at (s, d): each leaf mode of B composes with all of A; B's tuples
/// stay tuples. A leaf, the common case, inline; a tuple's children out of line.
/// @pre B's leaves are integers (no basis)  @post as composeMode's
template <class D, class Flat, class Out>
[[gnu::always_inline]] inline bool composeTree(D &dom, const Flat &a, const Node *s, const Node *d, Out &out) {
  if (s->kind != NodeKind::Tuple) {
    typename D::Num x, y;
    if (!dom.load(*s, *d, x, y))
      return dom.fail([&] { return std::string("composition: B has a leaf that is not an integer"); });
    return composeMode(dom, a, D::extent(x), D::extent(y), out);
  }
  return composeSubtrees(dom, a, s, d, out);
}

/// composeTree of a tuple B: (A o B_0, A o B_1, ...).
template <class D, class Flat, class Out>
[[gnu::noinline]] bool composeSubtrees(D &dom, const Flat &a, const Node *s, const Node *d, Out &out) {
  out.open();
  for (uint32_t i = 1, e = s->span; i < e; i += s[i].span)
    if (!composeTree(dom, a, s + i, d + i, out))
      return false;
  out.close();
  return true;
}

/// A o B of two layouts: coalesce_x(A), then each leaf mode of B, B's tuples kept.
/// @pre neither is empty, B's strides hold no basis  @post as composeMode's
template <class D, class Out> bool composeLayouts(D &dom, LayoutView a, LayoutView b, Out &out) {
  FlatModes<D> flat;
  return loadFlat(dom, a, flat) && composeTree(dom, flat, b.shape.nodes(), b.stride.nodes(), out);
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
