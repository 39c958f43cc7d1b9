// ComposedLayout: CuTe's ComposedLayout<A,O,B>, the function c -> A(O + B(c)): an inner
// layout B, an offset O added to its result, and an outer function A applied last. A is
// a swizzle (the shared-memory case), a layout, or another composed layout. Its shape,
// rank, size and cosize are B's (CuTe's choice); the algebra is lifted to it the way
// CuTe lifts it (layout_composed.hpp, swizzle_layout.hpp): most operations act on B and
// rebuild the composition with CuTe's three-argument composition(A, O, B'), which drops
// a no-op swizzle (Sw<0,M,S> with offset _0) and returns the plain layout B'.
//
// Representation invariant: inner is a layout (no `_` leaves); offset has no `_`; a
// Composed outer is never null. Values are compared member by member, so a swizzle is
// part of a layout's identity.
//   Sw<3,4,3> o _0 o (8,64):(64,1)     a 128-byte-row swizzled smem atom: (1,3) -> 67
//   (8,64):(64,1) o 3 o (8,64):(64,1)  a layout outer: 5 -> (8,64):(64,1) at index 3 + 320
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Swizzle.h"
#include "cutelayout/Tiler.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct ComposedLayout;

/// The function a composed layout applies last.
struct OuterFunction {
  enum class Kind : uint8_t { Swizzle, Layout, Composed };
  Kind kind = Kind::Swizzle;
  Swizzle swizzle;                                // Kind::Swizzle
  Layout layout;                                  // Kind::Layout
  std::shared_ptr<const ComposedLayout> composed; // Kind::Composed

  static OuterFunction of(const Swizzle &s);
  static OuterFunction of(const Layout &l);
  static OuterFunction of(const ComposedLayout &c);
  bool isSwizzle() const { return kind == Kind::Swizzle; }
};

struct ComposedLayout {
  OuterFunction outer;
  IntTuple offset;
  Layout inner;
  /// Set only by CuTe's inverses of Sw o O o B with O not _0: B^-1 o -O o Sw, whose inner
  /// function is the swizzle (`inner` is then _1:_0 and unused). Such a value prints,
  /// compares and evaluates at an integer; CuTe defines nothing else on it (not even
  /// size), and every other operation here returns an error (innerSwizzleError).
  std::optional<Swizzle> innerSwizzle = std::nullopt;

  uint32_t rank() const { return inner.rank(); }
};

/// The longest chain of composed layouts (A o O o B o O' o B' ..., each link's outer
/// function the previous link): 64 links, CuTe's types never come near it. Every front end
/// refuses a longer one with a located error (docs/robustness.md); the functions on
/// composed layouts recurse once per link.
constexpr uint32_t kMaxComposedChain = 64;
/// The links of c's chain: 1 for A o O o B with A a swizzle or a layout.
uint32_t chainLength(const ComposedLayout &c);

/// The error of an operation on a composed layout whose inner function is a swizzle.
Error innerSwizzleError(const ComposedLayout &c, const char *op);

/// What CuTe's algebra returns for a composed operand: a plain layout where the
/// composition simplifies away, a composed layout otherwise.
using AnyLayout = std::variant<Layout, ComposedLayout>;

bool operator==(const OuterFunction &a, const OuterFunction &b);
bool operator==(const ComposedLayout &a, const ComposedLayout &b);
inline bool operator!=(const ComposedLayout &a, const ComposedLayout &b) { return !(a == b); }
uint64_t hashValue(const ComposedLayout &c);

/// CuTe's print: "A o O o B", e.g. "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)".
std::string print(const OuterFunction &f, Style style = Style::Plain);
std::string print(const ComposedLayout &c, Style style = Style::Plain);
std::string print(const AnyLayout &l, Style style = Style::Plain);

/// CuTe's make_composed_layout(A, O, B): always a composed layout, even for a no-op swizzle.
/// @pre offset has no `_` (else an error)
/// @post an error where the chain would be longer than kMaxComposedChain
Expected<ComposedLayout> makeComposedLayout(OuterFunction outer, TupleView offset, Layout inner);
/// CuTe's composition(A, O, B): B itself when A is a swizzle with B = 0 bits and O is _0,
/// else make_composed_layout(A, O, B).
AnyLayout composeFunctions(OuterFunction outer, TupleView offset, Layout inner);
/// A o O o R, where R (an operation's result on B, such as a product by a swizzled tiler)
/// may itself be composed, A' o O' o B'. CuTe's answer is then the nested
/// A o O o (A' o O' o B'); it is held where A o O is the identity (a no-op swizzle at
/// offset _0, dropped as composeFunctions drops it), and is an error naming CuTe's answer
/// otherwise. @post the same function as CuTe's, or an error
Expected<AnyLayout> composeFunctions(OuterFunction outer, TupleView offset, AnyLayout inner);

/// True when every leaf of A (a layout or composed outer), O and B is static.
bool isStatic(const ComposedLayout &c);
/// CuTe's static twin (docs/semantics.md, R18): every leaf of A, O and B static.
ComposedLayout staticTwin(const ComposedLayout &c);

template <class F> ComposedLayout mapLeaves(const ComposedLayout &c, F f) {
  auto mapLayout = [&](const Layout &l) { return Layout{mapLeaves(l.shape, f), mapLeaves(l.stride, f)}; };
  OuterFunction outer = c.outer;
  if (outer.kind == OuterFunction::Kind::Layout)
    outer.layout = mapLayout(outer.layout);
  else if (outer.kind == OuterFunction::Kind::Composed)
    outer = OuterFunction::of(mapLeaves(*outer.composed, f));
  return ComposedLayout{std::move(outer), mapLeaves(c.offset, f), mapLayout(c.inner), c.innerSwizzle};
}

/// f applied to every integer leaf of A (a layout or composed outer), O and B: the way
/// staticTwin and a dialect's `?` normalization rewrite a composed layout.
template <class F> ComposedLayout mapLeaves(const ComposedLayout &c, F f);

/// A(x) for an offset x: the swizzled bits, or the outer layout at 1-D index x.
Expected<Int> apply(const OuterFunction &f, Int x);
/// c -> A(O + B(c)). @pre O is an integer (a tuple offset has no integer sum: an error)
Expected<Int> crd2idx(TupleView coord, const ComposedLayout &c);
/// B's size and cosize (CuTe: the composed layout's codomain is not computed).
/// @pre !c.innerSwizzle
Int size(const ComposedLayout &c);
Int cosize(const ComposedLayout &c);

/// CuTe's make_layout(Sw<B,M,S>): Sw<B,M,S> o _0 o _(M+B+|S|):_1.
AnyLayout makeLayout(const Swizzle &s);
/// Sw o _0 o L (CuTe's composition(Swizzle, Layout)): L alone for a 0-bit swizzle.
AnyLayout composition(const Swizzle &s, const Layout &l);
/// L o Sw: the swizzle moved behind L, make_swizzle<L(yyy), L(zzz)> o _0 o L.
/// @pre L static; L maps the two fields to the fields of one swizzle (else an error)
Expected<AnyLayout> composition(const Layout &l, const Swizzle &s);
/// L o (A o O o B) = (L o A) o B. @pre O is _0
Expected<AnyLayout> composition(const Layout &l, const ComposedLayout &c);
/// (A o O o B) o T = A o O o (B o T).
Expected<AnyLayout> composition(const ComposedLayout &c, const Tiler &t);

/// A o O o f(B): the lift CuTe gives the divides, products, tile_to_shape, coalesce,
/// filter and the mode operations (get, take, flatten, group). f returns Expected<Layout>,
/// or Expected<AnyLayout> (a product by a swizzled tiler: composeFunctions' nested case).
template <class F> Expected<AnyLayout> liftInner(const ComposedLayout &c, F f) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "this operation");
  auto b = f(c.inner);
  if (!b)
    return b.error();
  return composeFunctions(c.outer, c.offset, b.take());
}

/// CuTe's slice of a composed layout. A swizzle outer is moved onto the sliced layout
/// (CuTe's slice_and_offset): a plain layout when the remaining swizzle bits are all in
/// the sliced modes or all in the fixed ones, a composed layout with the fixed modes'
/// swizzle bits as its offset otherwise. Any other outer keeps O + B(fixed coordinate).
/// @pre coord congruent with B; for a swizzle outer, B and coord static
Expected<AnyLayout> slice(TupleView coord, const ComposedLayout &c);

/// A slice of a composed layout and how far a tensor's iterator moves with it.
struct ComposedSlice {
  AnyLayout layout;
  Int offset;
};
/// CuTe's slice_and_offset of a composed layout: slice(coord, c), and the offset that a
/// tensor's iterator is moved by. With a swizzle outer it is the fixed modes' bits outside
/// the swizzle's fields, plus, where the slice decays to a plain layout, their swizzled
/// bits inside them (a decayed slice is then the swizzled function from the moved
/// iterator); with any other outer, _0 (the fixed modes' offset joins O).
/// Examples (CuTe's): Sw<3,4,3> o _0 o (_64,_64):(_64,_1) at (_2,_) decays: offset 144 (row 2,
/// 128, swizzled), layout ((_16,_2,_2)):((_1,-16,_32)); at (_,_3) it does not (the column
/// keeps both fields): offset _3, layout Sw<3,4,3> o _0 o (_64):(_64); at (_,_16), offset
/// _0 and Sw<3,4,3> o _16 o (_64):(_64) (16 is inside the zzz field). A runtime coordinate
/// whose bits stay in the fields of a composed result (CuTe's MixedBits offset) is an error
/// where values are known; with unknown values (an UnknownDynamicValues scope, a Trace) the
/// result holds a runtime offset.
/// @pre as slice's   @post slice(coord, c) == result.layout
Expected<ComposedSlice> sliceAndOffset(TupleView coord, const ComposedLayout &c);

/// CuTe's domain_offset(coord, A o O o B): A o (O + B(coord)) o B, and a tensor's iterator
/// stays (CuTe's offset _0).
/// @pre coord has no `_`; B(coord) can be added to O (addCoordinates' @pre)
/// @post result(c) == A(O + B(coord) + B(c))
/// Example: domain_offset((1,2), Sw<1,0,1> o _0 o (4,8):(1,4)) = Sw<1,0,1> o 9 o (4,8):(1,4)
Expected<ComposedLayout> domainOffset(TupleView coord, const ComposedLayout &c);

/// CuTe's max_alignment of a swizzle (2^M, its unswizzled low bits) and of A o O o B: with
/// a swizzle A, gcd(2^M, O, max_alignment(B)); with any other A, _1 (CuTe does not attempt
/// general composed layouts).
/// @pre with a swizzle A, a static integer O (CuTe's max_alignment of O)
/// Example: max_alignment(Sw<3,4,3> o _0 o (_64,_64):(_64,_1)) = _16
inline Int maxAlignment(const Swizzle &s) { return Int::fixed(int64_t(1) << s.base); }
Expected<Int> maxAlignment(const ComposedLayout &c);

/// The complement of B (CuTe ignores A and O). Without a bound, up to cosize(B).
Expected<Layout> complement(const ComposedLayout &c, TupleView cotarget);
Expected<Layout> complement(const ComposedLayout &c);

/// CuTe's right_inverse and left_inverse: B's inverse followed by the swizzle (itself its
/// inverse) for offset _0, else B^-1 o -O o A^-1.
Expected<AnyLayout> rightInverse(const ComposedLayout &c);
Expected<AnyLayout> leftInverse(const ComposedLayout &c);

/// upcast<n> and downcast<n> of each of A, O and B (O static), then composeFunctions.
Expected<AnyLayout> upcast(const ComposedLayout &c, int64_t n);
Expected<AnyLayout> downcast(const ComposedLayout &c, int64_t n);
/// CuTe's recast_layout from oldBits-wide to newBits-wide elements, by the reduced ratio.
Expected<AnyLayout> recastLayout(const ComposedLayout &c, int64_t oldBits, int64_t newBits);
/// CuTe's upcast<n> of an offset: a static integer divided exactly.
Expected<Int> upcastOffset(Int x, int64_t n);

/// With a swizzle outer: the common layout of B and l cut to the swizzle's 2^M unswizzled
/// elements; the common vector likewise bounded.
Expected<Layout> maxCommonLayout(const ComposedLayout &c, const Layout &l);
Expected<Int> maxCommonVector(const ComposedLayout &c, const Layout &l);
Expected<Int> maxCommonVector(const ComposedLayout &a, const ComposedLayout &b);

/// CuTe's logical_product of a layout by a swizzled tiler: the swizzle carried onto the
/// product. @pre the tiler's outer is a swizzle, its offset _0
Expected<AnyLayout> logicalProduct(const Layout &a, const ComposedLayout &tiler);
/// The zipped, tiled and flat forms of it: the same function (the carried swizzle over
/// the product), its modes grouped as the form of a product by tiler.inner groups them.
/// (CuTe's blocked_product and raked_product take no composed tiler, nor do the divides.)
///   zipped_product((8,4):(4,1), Sw<1,0,1> o _0 o (2,2):(1,2))
///     = Sw<1,5,1> o _0 o ((8,4),(2,2)):((4,1),(32,64))
/// @pre as logicalProduct's
Expected<AnyLayout> zippedProduct(const Layout &a, const ComposedLayout &tiler);
Expected<AnyLayout> tiledProduct(const Layout &a, const ComposedLayout &tiler);
Expected<AnyLayout> flatProduct(const Layout &a, const ComposedLayout &tiler);

/// CuTe's get_swizzle_portion: the swizzle of a swizzled composed layout, Sw<0,4,3> for
/// a layout. get_nonswizzle_portion: B, or the layout itself.
Expected<Swizzle> swizzlePortion(const ComposedLayout &c);
inline Swizzle swizzlePortion(const Layout &) { return Swizzle{0, 4, 3}; }
Expected<Layout> nonSwizzlePortion(const ComposedLayout &c);

CUTELAYOUT_ABI_END
} // namespace cutelayout
