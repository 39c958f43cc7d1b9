// LayoutDescriptor: the specification's `N@dim` layout descriptor (its "Descriptor
// Grammar"), the text form of a stride tree whose leaves are scaled basis vectors, CuTe's
// ScaledBasis. It denotes the stride of a coordinate layout: a basis `v@d` steps coordinate
// mode d by v, a nested basis `v@d0@d1` steps mode d0 inside mode d1 (CuTe's E<d1,d0>
// scaled by v), and a group is a tuple of such strides, nested as the text nests. This is
// the spec's rich candidate record; the parser's per-basis record never leaves
// Descriptor.cpp. docs/descriptor.md has the grammar, the normalization rule and every
// message.
//
// Representation invariant (checkInvariants states it as code):
//   - nodes() is one tree in preorder and nodes()[0] is a group (the layout is a group);
//     a group's span is 1 plus its entries' spans, a basis's span is 1;
//   - groups nest at most kMaxDescriptorDepth deep;
//   - every count is in lowest terms (Rational's invariant), so equal text values are
//     equal records; every basis has a path of at least one mode;
//   - kind() and identity() are the values computed from the tree and the swizzle.
//
//   (1@0, 1@1)          nodes [G rank 2][1@{0}][1@{1}]; kind Integral; integralStride
//                       is CuTe's (_1@0,_1@1), the stride of make_identity_tensor((M,N))
//   ((2/4@0, 8@1), ())  nodes [G rank 2][G rank 2][1/2@{0}][8@{1}][G rank 0]; 2/4 is kept
//                       as 1/2 (kind Rational), so integralStride rejects it
//
// Not supported: the grammar has no shapes (a descriptor is a stride only) and no swizzle
// syntax; the swizzle is metadata a caller attaches (withSwizzle), not part of the text.
#pragma once

#include "cutelayout/IntTuple.h"
#include "cutelayout/Support.h"
#include "cutelayout/Swizzle.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// Groups nest at most this deep (the root group is level 1); deeper text is an error,
/// never recursed into.
constexpr int kMaxDescriptorDepth = 64;

/// A basis count in lowest terms.
/// Invariant: den > 0 and gcd(|num|, den) == 1, so zero is 0/1 and equal values are equal.
struct Rational {
  int64_t num = 0;
  int64_t den = 1;

  bool isIntegral() const { return den == 1; }
  bool operator==(const Rational &o) const { return num == o.num && den == o.den; }
  bool operator!=(const Rational &o) const { return !(*this == o); }
};

/// num/den reduced, the sign on the numerator.
/// @pre den != 0 ("zero denominator in 1/0")
/// @pre the reduced value fits: "-9223372036854775808/-1 does not fit in int64 in lowest terms"
/// @post Rational's invariant holds and result.num * den == num * result.den
/// Example: makeRational(2, -4) = -1/2; makeRational(4, 2) = 2/1
Expected<Rational> makeRational(int64_t num, int64_t den);

/// "3", "-1/2": the integer alone when the count is integral.
std::string print(const Rational &r);

/// What a descriptor's strides are, which decides what later passes may do with it.
enum class DescriptorKind : uint8_t {
  Empty,    // no basis at all: `()`, `(())`, the degenerate empty layout
  Integral, // every count an integer: integralStride can give a core stride
  Rational, // some count is not an integer in lowest terms: integralStride rejects it
};

/// One node of a descriptor's tree, in preorder.
struct DescriptorNode {
  bool isGroup = false;
  uint32_t rank = 0;          // a group's entry count; 0 for a basis
  uint32_t span = 1;          // nodes in this subtree, itself included
  Rational count;             // a basis's count (0/1 for a group)
  std::vector<uint32_t> path; // a basis's modes, outermost first: `1@0@1` is {1, 0}

  bool operator==(const DescriptorNode &o) const {
    return isGroup == o.isGroup && rank == o.rank && span == o.span && count == o.count && path == o.path;
  }
  bool operator!=(const DescriptorNode &o) const { return !(*this == o); }
};

class LayoutDescriptor {
public:
  /// The empty descriptor `()`.
  LayoutDescriptor();

  /// The tree in preorder; nodes()[0] is the root group.
  const std::vector<DescriptorNode> &nodes() const { return nodes_; }
  DescriptorKind kind() const { return kind_; }
  const std::optional<Swizzle> &swizzle() const { return swizzle_; }
  /// A stable 64-bit hash of the tree and the swizzle: the same on every run and platform,
  /// equal for equal descriptors (MLIR uniques attributes with it and operator==).
  uint64_t identity() const { return identity_; }

  /// This descriptor with its swizzle replaced (std::nullopt removes it).
  /// @post result.nodes() == nodes() and result.swizzle() == s
  LayoutDescriptor withSwizzle(std::optional<Swizzle> s) const;

  /// The first violated clause of the representation invariant, or "" (tests call it on
  /// every value they build).
  std::string checkInvariants() const;

  /// Equal trees and equal swizzles.
  bool operator==(const LayoutDescriptor &o) const;
  bool operator!=(const LayoutDescriptor &o) const { return !(*this == o); }

  friend Expected<LayoutDescriptor> parseDescriptor(std::string_view text);

private:
  /// Sets kind_ and identity_ from the tree and the swizzle.
  void finish();

  std::vector<DescriptorNode> nodes_;
  std::optional<Swizzle> swizzle_;
  DescriptorKind kind_ = DescriptorKind::Empty;
  uint64_t identity_ = 0;
};

inline uint64_t hashValue(const LayoutDescriptor &d) { return d.identity(); }

/// Parses one descriptor of the spec's grammar and normalizes its counts (fractions in
/// lowest terms, the sign on the numerator). Spaces and tabs may stand between any two
/// tokens and around the layout, never inside a count (`1 / 2`, `- 1`) or a number.
/// @pre the whole text is one layout, else "unexpected trailing layout text at column C:
///      expected end of input but found X"
/// @pre the text is well formed and its values valid, else "failed to parse layout
///      descriptor at column C: DETAIL", DETAIL one of
///        expected WHAT but found X
///        nesting deeper than 64 levels
///        integer DIGITS does not fit in int64
///        dimension DIGITS does not fit in uint32
///        basis 1/0@0 has a zero denominator
///        basis -9223372036854775808/-1@0 does not fit in int64 in lowest terms
///      (docs/descriptor.md lists every WHAT; X names one character or "end of input")
/// @post the result is normalized (its invariant holds), has no swizzle, and denotes the
///       same strides as the text: parseDescriptor(print(result)) == result
/// Example: parseDescriptor("( 2/4 @ 0 , 4/2@1 )") prints as "(1/2@0, 2@1)"
Expected<LayoutDescriptor> parseDescriptor(std::string_view text);

/// The canonical text: entries separated by ", ", no other spaces, counts in lowest terms
/// (an integer alone when integral), each basis's modes innermost first as CuTe prints
/// them. The swizzle is not printed: the grammar has no form for it.
/// @post parseDescriptor(print(d)) == d.withSwizzle(std::nullopt)
/// Example: "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)", "(())"
std::string print(const LayoutDescriptor &d);

/// The core stride a descriptor denotes: its tree as an IntTuple of the same profile, each
/// basis `v@path` a static scaled-basis leaf (Basis.h's makeBasis(Int::fixed(v), path),
/// the counts being literal constants) and each group a tuple. The swizzle is not part of
/// the stride.
/// @pre every count is an integer, else "basis 1/2@0 does not denote an integral stride"
/// @pre every path fits a stride basis, else "basis 1@0@1@2@3@4 names 5 modes; a stride
///      basis names at most 4" or "basis 1@9 names mode 9; a stride basis names modes 0 to 7"
///      (kMaxBasisDepth, kMaxBasisMode)
/// @post print(result, Style::Plain) is print(d) without the spaces after commas, and
///       basisPath of each leaf is its node's path
/// Example: (1@0, 1@1) gives (_1@0,_1@1), CuTe's stride of make_identity_tensor((M,N));
///          (1@0@1) gives (_1@0@1), CuTe's (E<1,0>{})
Expected<IntTuple> integralStride(const LayoutDescriptor &d);

CUTELAYOUT_ABI_END
} // namespace cutelayout
