// Tiler: what composition, the divides and the products take as their second operand
// (CuTe's Tiler concept; docs/semantics.md, R16):
//   a layout            acts on the input as a 1-D function, whatever its rank;
//   a tuple of tilers   acts by mode: element i on input mode i (`<3:4, 8:2>`);
//   a shape             is a tuple of tilers with each extent n read as n:_1;
//   `_`                 leaves that mode alone.
//
// Representation invariant: `layout` holds every sub-layout, nested as the tuple tiler
// is; `profile` is a prefix of layout.shape whose leaves mark the sub-layouts (an Int
// leaf) or `_` (an Underscore leaf, its layout slot holding _1:_0). So a tiler is two
// flat trees plus a profile, with no allocation per element.
//   <3:4, (2,4):(1,8)>  -> layout (3,(2,4)):(4,(1,8)), profile (0,0)
//   (2,4):(1,8)         -> layout (2,4):(1,8),        profile 0
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct Tiler {
  Layout layout;
  IntTuple profile;

  /// A layout or an extent: something that acts in 1-D.
  bool isLayout() const { return profile.isInt(); }
  bool isExtent() const { return profile.isInt() && profile.asInt().value == 1; }
  /// The layout the divides and products use: make_layout(n) for an extent n.
  Layout divisorLayout() const { return isExtent() ? makeLayout(layout.shape) : layout; }
  bool isUnderscore() const { return profile.view().isUnderscore(); }
  bool isTuple() const { return profile.isTuple(); }
  uint32_t rank() const { return profile.rank(); }
  /// Element i of a tuple tiler.
  Tiler child(uint32_t i) const;
};

/// CuTe's print of a tiler: a layout, `_`, or a parenthesized tuple of those.
std::string print(const Tiler &t, Style style = Style::Plain);

/// CuTe's shape() of a tile: the tuple of its elements' shapes (`_` for `_`).
/// Example: shape(<3:4, (2,4):(1,8)>) = (3,(2,4))
IntTuple shape(const Tiler &t);
/// CuTe's ceil_div of a shape by a tiler: by a layout T, shape(complement(T, target)) (the
/// rest modes of a divide); by an extent n, ceil_div by n; by a tile, mode by mode (target
/// modes past the tile are divided by _1). Example: ceil_div((16,32), (4,8):(1,4)) = 16
Expected<IntTuple> ceilDiv(TupleView target, const Tiler &t);

/// CuTe's evenly_divides(shape, tiler) for any tiler: by a tile, mode by mode (static false
/// where the tile has more modes than the shape; the modes' answers fold with CuTe's &&);
/// by an extent, IntTupleMath.h's evenlyDivides; by a layout T, whether size(shape) ==
/// size(T) * size(ceil_div(shape, T)). Static where CuTe's answer is.
/// @pre no `_` in the tiler (CuTe has no such overload); ceil_div's @pre for a layout
/// @post true exactly where every element of the tiler divides its mode without a remainder
/// Example: evenly_divides((8,6), <4:2, 3>) = _1; evenly_divides((8,6), 5) = _0
Expected<Bool> evenlyDivides(TupleView shape, const Tiler &t);

Tiler tilerFromLayout(const Layout &l);
/// A shape read as a tiler: each extent n becomes n:_1, `_` stays `_`.
Tiler tilerFromShape(TupleView shape);
Tiler underscoreTiler();
/// CuTe's make_tile: a tuple of tilers.
Tiler makeTile(const Tiler *elements, uint32_t count);

/// CuTe's append(t, x) / prepend(t, x) of tilers, its tuple append: x becomes the last
/// (first) element of the tile t; a t that is no tuple (a layout, an extent, `_`) counts as
/// a tile of one element, so the result is always a tile.
/// @post rank(result) == rank(t) + 1; its last (first) element is x, the others t's
/// Example: append(<3:1, 4>, (2,2):(1,2)) = (3:1,4,(2,2):(1,2)); prepend(<8:1>, _) = (_,8:1)
Tiler append(const Tiler &t, const Tiler &x);
Tiler prepend(const Tiler &t, const Tiler &x);
/// CuTe's append<N>(t, x) / prepend<N>(t, x) of tilers: t padded with copies of x up to
/// rank n, a t that is no tuple counting as rank 1.
/// @pre n >= rank(t) (CuTe's static_assert); at most kMaxPaddedNodes nodes (IntTuple.h)
/// @post t itself where n == rank(t); else a tile of rank n: t's elements, then (after)
///       n - rank(t) copies of x
/// Example: appendToRank(<3:1, 4>, 4, _) = (3:1,4,_,_); appendToRank(<3:1, 4>, 1, _) fails
Expected<Tiler> appendToRank(const Tiler &t, uint32_t n, const Tiler &x);
Expected<Tiler> prependToRank(const Tiler &t, uint32_t n, const Tiler &x);

/// The second operand of composition, the divides and the products, as a caller holds it:
/// a Tiler; a shape read as a tiler (what tilerFromShape builds: each extent n is n:_1,
/// `_` stays `_`); or a layout read as a tiler (what tilerFromLayout builds: CuTe's
/// logical_divide(A, B) of two layouts). The last two are not converted: their own nodes
/// serve as the tiler's. A reference: the operand must outlive the call.
/// Examples: logicalDivide(a, tilerFromShape(s)) and logicalDivide(a, s) agree;
///   logicalDivide(a, b) with a layout b is logicalDivide(a, tilerFromLayout(b)).
class TilerRef {
public:
  enum class Kind { Tiler, Shape, Layout };
  TilerRef(const Tiler &t) : kind_(Kind::Tiler), tiler_(&t) {}
  TilerRef(TupleView shape) : kind_(Kind::Shape), shape_(shape) {}
  TilerRef(const IntTuple &shape) : TilerRef(shape.view()) {}
  TilerRef(const Layout &layout) : kind_(Kind::Layout), layout_(&layout) {}
  Kind kind() const { return kind_; }
  /// @pre the kind matches
  const Tiler &tiler() const { return *tiler_; }
  TupleView shape() const { return shape_; }
  const Layout &layout() const { return *layout_; }

private:
  Kind kind_;
  const Tiler *tiler_ = nullptr;
  TupleView shape_{nullptr};
  const Layout *layout_ = nullptr;
};

/// A o T: by mode for a tuple tiler (input modes past the tiler are dropped, as in CuTe).
Expected<Layout> composition(const Layout &a, TilerRef t);

/// logical_divide(A, T) = A o (T, complement(T, shape(coalesce(A)))) for a layout T, by
/// mode for a tuple. Example: logical_divide((2,4,3):(4,1,8), 4:2) = ((2,2),(2,3)):((4,1),(2,8))
Expected<Layout> logicalDivide(const Layout &a, TilerRef t);
/// ((tile...), (rest...)) regroupings of logical_divide.
Expected<Layout> zippedDivide(const Layout &a, TilerRef t);
Expected<Layout> tiledDivide(const Layout &a, TilerRef t);
Expected<Layout> flatDivide(const Layout &a, TilerRef t);

/// logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B) for a layout B.
/// Example: logical_product((2,2):(4,1), 6:1) = ((2,2),(2,3)):((4,1),(2,8))
Expected<Layout> logicalProduct(const Layout &a, TilerRef t);
Expected<Layout> zippedProduct(const Layout &a, TilerRef t);
Expected<Layout> tiledProduct(const Layout &a, TilerRef t);
Expected<Layout> flatProduct(const Layout &a, TilerRef t);
/// Rank-sensitive products: like modes of A and B are reassociated after the product.
Expected<Layout> blockedProduct(const Layout &a, const Layout &b);
Expected<Layout> rakedProduct(const Layout &a, const Layout &b);

/// Repeat block until it covers targetShape, repeating modes in `order` (column-major
/// when order is null). @pre rank(block) <= rank(targetShape); static shapes divide.
Expected<Layout> tileToShape(const Layout &block, TupleView targetShape, const IntTuple *order);

// The operations above writing their result into `result` (cleared first) instead of
// returning it: a caller that keeps the layout elsewhere (the command line's values) then
// moves no layout. Success, or the same error. @pre result is none of the operands
Expected<bool> composition(const Layout &a, TilerRef t, Layout &result);
Expected<bool> logicalDivide(const Layout &a, TilerRef t, Layout &result);
Expected<bool> zippedDivide(const Layout &a, TilerRef t, Layout &result);
Expected<bool> tiledDivide(const Layout &a, TilerRef t, Layout &result);
Expected<bool> flatDivide(const Layout &a, TilerRef t, Layout &result);
Expected<bool> logicalProduct(const Layout &a, TilerRef t, Layout &result);
Expected<bool> zippedProduct(const Layout &a, TilerRef t, Layout &result);
Expected<bool> tiledProduct(const Layout &a, TilerRef t, Layout &result);
Expected<bool> flatProduct(const Layout &a, TilerRef t, Layout &result);
Expected<bool> blockedProduct(const Layout &a, const Layout &b, Layout &result);
Expected<bool> rakedProduct(const Layout &a, const Layout &b, Layout &result);
Expected<bool> tileToShape(const Layout &block, TupleView targetShape, const IntTuple *order, Layout &result);

/// The tiler elements a projection (CuTe's Step) keeps: those it does not mark `_` (X).
/// @pre tiler and projection tuples of one rank (else an error)
Expected<Tiler> diceTiler(const Tiler &tiler, TupleView projection);

/// What local_tile and local_partition slice: the zipped divide of the input and the
/// coordinate (with `_` where modes are kept) that picks the tile, or the thread's part.
/// A tensor's slice also moves its iterator by that coordinate's offset (Tensor.h).
struct TilePlan {
  Layout tiled;
  IntTuple coord;
};

/// CuTe's inner_partition(a, tiler, coord): zipped_divide(a, tiler) sliced at coord in its
/// rest modes (a tuple coord padded with `_` to their rank, an integer a 1-D index), every
/// tile mode kept: the tile that coord picks. outer_partition slices the tile modes
/// instead, every rest mode kept: element coord of every tile. CuTe defines both on
/// tensors; on a layout the tile's offset is not part of the answer (Tensor.h moves the
/// iterator by it).
/// @pre the zipped divide's @pre; a tuple coord has at most as many modes as it slices
/// @post innerPartition(a, t, c) == localTile(a, t, c, nullptr)
/// Example: inner_partition((8,8):(1,8), (4,4), (1,0)) = (4,4):(1,8);
///          outer_partition((8,8):(1,8), (4,4), (1,0)) = (2,2):(4,32)
Expected<Layout> innerPartition(const Layout &a, const Tiler &t, TupleView coord);
Expected<Layout> outerPartition(const Layout &a, const Tiler &t, TupleView coord);
/// The zipped divide and slice coordinate of innerPartition and outerPartition.
Expected<TilePlan> innerPartitionPlan(const Layout &a, const Tiler &t, TupleView coord);
Expected<TilePlan> outerPartitionPlan(const Layout &a, const Tiler &t, TupleView coord);

/// CuTe's local_tile: the tile of `a` at coordinate `coord` of the rest modes (inner
/// partition). `projection`, when given, first dices tiler and coord (`_` drops a mode).
Expected<Layout> localTile(const Layout &a, const Tiler &t, TupleView coord, const IntTuple *projection);
/// local_tile's zipped divide and slice coordinate. Example: (128,64) by (32,16) at (1,2)
/// slices ((_32,_16),(_4,_4)):(...) at ((_,_),(1,2)).
Expected<TilePlan> localTilePlan(const Layout &a, const Tiler &t, TupleView coord, const IntTuple *projection);
/// local_partition's zipped divide and slice coordinate.
Expected<TilePlan> localPartitionPlan(const Layout &a, const Layout &threads, TupleView index,
                                      const IntTuple *projection);
/// CuTe's local_partition: the elements thread `index` of `threads` owns (outer partition).
Expected<Layout> localPartition(const Layout &a, const Layout &threads, TupleView index, const IntTuple *projection);

/// docs/semantics.md, R9: mode i with window w, stride s, dilation d becomes
/// composition(mode, (w, n):(d, s)), n = 1 + (size - ((w-1)*d + 1)) / s. Modes past the
/// window's rank, or with `_`, pass through.
Expected<Layout> stencilDivide(const Layout &a, TupleView window, TupleView stride, TupleView dilation);

/// CuTe's make_fragment_like.
Expected<Layout> makeFragmentLike(const Layout &l);

CUTELAYOUT_ABI_END
} // namespace cutelayout
