// Unit tests of the `N@dim` layout descriptor: the spec's examples, normalization, printing,
// identity, every parse error with its exact message, and seeded random round trips.
#include "cutelayout/Descriptor.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace cutelayout;

namespace {

/// Parses text and asserts every @post of parseDescriptor and print on the result.
LayoutDescriptor checkParse(const std::string &text) {
  Expected<LayoutDescriptor> d = parseDescriptor(text);
  EXPECT_TRUE(d.ok()) << text << ": " << (d.ok() ? "" : d.error().message);
  if (!d.ok())
    return LayoutDescriptor();
  EXPECT_EQ(d->checkInvariants(), "") << text;
  EXPECT_FALSE(d->swizzle().has_value()) << text;
  std::string printed = print(*d);
  Expected<LayoutDescriptor> again = parseDescriptor(printed);
  EXPECT_TRUE(again.ok()) << printed;
  if (again.ok()) {
    EXPECT_TRUE(*again == *d) << text << " printed as " << printed;
    EXPECT_EQ(again->identity(), d->identity()) << text;
    EXPECT_EQ(print(*again), printed) << "the canonical text is a fixed point";
  }
  return d.take();
}

/// The canonical text of the parsed descriptor, or "error: <message>".
std::string parsed(const std::string &text) {
  Expected<LayoutDescriptor> d = parseDescriptor(text);
  if (!d.ok())
    return "error: " + d.error().message;
  return print(checkParse(text));
}

std::string failure(int column, const std::string &detail) {
  return "error: failed to parse layout descriptor at column " + std::to_string(column) + ": " + detail;
}

std::string trailing(int column, const std::string &found) {
  return "error: unexpected trailing layout text at column " + std::to_string(column) +
         ": expected end of input but found " + found;
}

std::string nested(int levels, const std::string &inner) {
  return std::string(size_t(levels), '(') + inner + std::string(size_t(levels), ')');
}

/// The bases of d in preorder, as (count, path) pairs.
std::vector<std::pair<Rational, std::vector<uint32_t>>> bases(const LayoutDescriptor &d) {
  std::vector<std::pair<Rational, std::vector<uint32_t>>> out;
  for (const DescriptorNode &n : d.nodes())
    if (!n.isGroup)
      out.emplace_back(n.count, n.path);
  return out;
}

/// The descriptor's canonical text without the spaces after commas: the core notation's form.
std::string compact(std::string text) {
  for (size_t at; (at = text.find(", ")) != std::string::npos;)
    text.erase(at + 1, 1);
  return text;
}

/// Asserts integralStride's @post clauses for d, which satisfies its @pre.
IntTuple checkIntegralStride(const LayoutDescriptor &d) {
  Expected<IntTuple> s = integralStride(d);
  EXPECT_TRUE(s.ok()) << print(d) << ": " << (s.ok() ? "" : s.error().message);
  if (!s.ok())
    return IntTuple();
  EXPECT_EQ(print(*s, Style::Plain), compact(print(d)));
  auto expected = bases(d);
  EXPECT_EQ(leafCount(*s), expected.size()) << print(d);
  for (uint32_t i = 0; i < leafCount(*s) && i < expected.size(); ++i) {
    Int leaf = leafAt(*s, i).asInt();
    EXPECT_TRUE(leaf.isStatic) << "the counts are literal constants";
    EXPECT_EQ(leaf.value, expected[i].first.num);
    BasisPath path = basisPath(leaf);
    EXPECT_EQ(std::vector<uint32_t>(path.modes, path.modes + path.size), expected[i].second) << print(d);
  }
  return s.take();
}

/// integralStride of the parsed text, in CuTe's printed form, or "error: <message>".
std::string stride(const std::string &text) {
  LayoutDescriptor d = checkParse(text);
  Expected<IntTuple> s = integralStride(d);
  if (!s.ok())
    return "error: " + s.error().message;
  return print(checkIntegralStride(d), Style::Cute);
}

} // namespace

// --- the spec's grammar section -----------------------------------------------------------------

TEST(Descriptor, SpecExamplesParseAndRoundTrip) {
  for (const char *text : {"(1@0, 1@1)", "(16@0, 1@1)", "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)"})
    EXPECT_EQ(parsed(text), text) << "the spec writes each example canonically";
}

TEST(Descriptor, SpecExamplesHaveTheirTrees) {
  LayoutDescriptor d = checkParse("((1@0, 8@1), 1@2)");
  ASSERT_EQ(d.nodes().size(), 5u);
  EXPECT_TRUE(d.nodes()[0].isGroup);
  EXPECT_EQ(d.nodes()[0].rank, 2u);
  EXPECT_EQ(d.nodes()[0].span, 5u);
  EXPECT_TRUE(d.nodes()[1].isGroup);
  EXPECT_EQ(d.nodes()[1].rank, 2u);
  EXPECT_EQ(d.nodes()[1].span, 3u);
  EXPECT_EQ(d.nodes()[2].count, (Rational{1, 1}));
  EXPECT_EQ(d.nodes()[2].path, std::vector<uint32_t>{0});
  EXPECT_EQ(d.nodes()[3].count, (Rational{8, 1}));
  EXPECT_EQ(d.nodes()[3].path, std::vector<uint32_t>{1});
  EXPECT_EQ(d.nodes()[4].path, std::vector<uint32_t>{2});
  EXPECT_EQ(d.kind(), DescriptorKind::Integral);

  LayoutDescriptor half = checkParse("(1/2@0, 4@1)");
  EXPECT_EQ(bases(half)[0].first, (Rational{1, 2}));
  EXPECT_EQ(half.kind(), DescriptorKind::Rational);
}

TEST(Descriptor, MultiModeBasisPathIsOutermostFirst) {
  // CuTe prints E<1,0> (mode 1, then mode 0 inside it) as _1@0@1: the text lists the
  // innermost mode first, the path the outermost.
  LayoutDescriptor d = checkParse("(1@0@1)");
  ASSERT_EQ(bases(d).size(), 1u);
  EXPECT_EQ(bases(d)[0].second, (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(bases(checkParse("(3@2@0@1)"))[0].second, (std::vector<uint32_t>{1, 0, 2}));
  EXPECT_EQ(parsed("(3 @ 2 @0@ 1)"), "(3@2@0@1)");
}

TEST(Descriptor, EmptyGroupsAreTheEmptyLayout) {
  for (const char *text : {"()", "( )", "(\t)", "(())", "((), ())", "(((())))"}) {
    LayoutDescriptor d = checkParse(text);
    EXPECT_EQ(d.kind(), DescriptorKind::Empty) << text;
  }
  EXPECT_EQ(parsed("( ( ) ,( ) )"), "((), ())");
  EXPECT_EQ(parsed("((), 1@0)"), "((), 1@0)");
  EXPECT_TRUE(LayoutDescriptor() == checkParse("()"));
  EXPECT_EQ(print(LayoutDescriptor()), "()");
  EXPECT_EQ(LayoutDescriptor().checkInvariants(), "");
  EXPECT_FALSE(checkParse("()") == checkParse("(())")) << "grouping is part of the value";
}

TEST(Descriptor, WhitespaceIsSpacesAndTabsBetweenTokens) {
  EXPECT_EQ(parsed(" \t( 1 @ 0 ,\t16@1\t) \t"), "(1@0, 16@1)");
  EXPECT_EQ(parsed("(1/2 @0,-3/4@ 1)"), "(1/2@0, -3/4@1)");
  EXPECT_EQ(parsed("((1@0,8@1),1@2)"), "((1@0, 8@1), 1@2)");
  // Other whitespace is not the grammar's.
  EXPECT_EQ(parsed("(1@0,\n1@1)"), failure(6, "expected a basis or '(' but found the control character 0x0A"));
  EXPECT_EQ(parsed("(1@0\r)"), failure(5, "expected '@', ',' or ')' but found the control character 0x0D"));
}

TEST(Descriptor, NegativeAndZeroCounts) {
  EXPECT_EQ(parsed("(-1@0, 0@1, -16@2)"), "(-1@0, 0@1, -16@2)");
  EXPECT_EQ(parsed("(-9223372036854775808@0, 9223372036854775807@1)"),
            "(-9223372036854775808@0, 9223372036854775807@1)");
  EXPECT_EQ(parsed("(007@00)"), "(7@0)") << "leading zeros are digits like any other";
}

// --- normalization ----------------------------------------------------------------------------

TEST(Descriptor, FractionsReduceAndTheSignMovesToTheNumerator) {
  EXPECT_EQ(parsed("(2/4@0)"), "(1/2@0)");
  EXPECT_EQ(parsed("(4/2@1)"), "(2@1)");
  EXPECT_EQ(parsed("(1/-2@0)"), "(-1/2@0)");
  EXPECT_EQ(parsed("(-2/-4@0)"), "(1/2@0)");
  EXPECT_EQ(parsed("(0/-5@0)"), "(0@0)");
  EXPECT_EQ(parsed("(6/3@0@1)"), "(2@0@1)");
  EXPECT_EQ(parsed("(-9223372036854775808/-2@0)"), "(4611686018427387904@0)");
  EXPECT_EQ(parsed("(-9223372036854775808/-9223372036854775808@0)"), "(1@0)");
  EXPECT_EQ(parsed("(3/9223372036854775807@0)"), "(3/9223372036854775807@0)");
  EXPECT_TRUE(checkParse("(2/4@0, 4/2@1)") == checkParse("(1/2@0, 2@1)"));
  EXPECT_EQ(checkParse("(2/4@0)").identity(), checkParse("(1/2@0)").identity());
  EXPECT_EQ(checkParse("(4/2@1)").kind(), DescriptorKind::Integral);
  EXPECT_EQ(checkParse("(4/2@1, 1/3@0)").kind(), DescriptorKind::Rational);
}

/// Asserts makeRational's @post clauses for num/den.
void checkRational(int64_t num, int64_t den) {
  Expected<Rational> r = makeRational(num, den);
  ASSERT_TRUE(r.ok()) << num << "/" << den << ": " << r.error().message;
  EXPECT_GT(r->den, 0);
  // gcd on magnitudes: std::gcd would negate INT64_MIN (undefined behaviour).
  uint64_t a = r->num < 0 ? 0 - uint64_t(r->num) : uint64_t(r->num), b = uint64_t(r->den);
  while (b != 0) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  EXPECT_EQ(a, r->num == 0 ? uint64_t(r->den) : 1u) << num << "/" << den;
  EXPECT_EQ(__int128(r->num) * den, __int128(num) * r->den) << num << "/" << den;
}

TEST(Descriptor, MakeRational) {
  EXPECT_EQ(*makeRational(2, -4), (Rational{-1, 2}));
  EXPECT_EQ(*makeRational(4, 2), (Rational{2, 1}));
  EXPECT_EQ(*makeRational(0, -7), (Rational{0, 1}));
  EXPECT_EQ(*makeRational(INT64_MIN, 1), (Rational{INT64_MIN, 1}));
  EXPECT_EQ(*makeRational(INT64_MIN, INT64_MIN), (Rational{1, 1}));
  EXPECT_EQ(print(Rational{-3, 4}), "-3/4");
  EXPECT_EQ(print(Rational{5, 1}), "5");
  EXPECT_EQ(makeRational(1, 0).error().message, "zero denominator in 1/0");
  EXPECT_EQ(makeRational(INT64_MIN, -1).error().message,
            "-9223372036854775808/-1 does not fit in int64 in lowest terms");
  EXPECT_EQ(makeRational(1, INT64_MIN).error().message, "1/-9223372036854775808 does not fit in int64 in lowest terms");
  std::vector<int64_t> values = {0,
                                 1,
                                 -1,
                                 2,
                                 -2,
                                 3,
                                 6,
                                 -12,
                                 35,
                                 97,
                                 INT64_MAX,
                                 INT64_MIN + 1,
                                 INT64_MIN,
                                 INT64_MAX - 1,
                                 int64_t(1) << 62,
                                 -(int64_t(1) << 62)};
  for (int64_t num : values)
    for (int64_t den : values) {
      if (den == 0)
        continue;
      // The reduced value fits unless its magnitude is 2^63 (a positive numerator or any
      // denominator): INT64_MIN over an odd negative number, or an odd number over INT64_MIN.
      bool fits = !(num == INT64_MIN && den < 0 && den % 2 != 0) && !(den == INT64_MIN && num % 2 != 0);
      if (fits)
        checkRational(num, den);
      else
        EXPECT_FALSE(makeRational(num, den).ok()) << num << "/" << den;
    }
}

// --- identity and swizzle -----------------------------------------------------------------------

TEST(Descriptor, EqualDescriptorsHaveEqualIdentities) {
  EXPECT_EQ(checkParse("( 1@0 ,1@1 )").identity(), checkParse("(1@0, 1@1)").identity());
  EXPECT_EQ(hashValue(checkParse("(1@0)")), checkParse("(1@0)").identity());
  EXPECT_NE(checkParse("(1@0, 1@1)").identity(), checkParse("(1@1, 1@0)").identity());
  EXPECT_FALSE(checkParse("(1@0, 1@1)") == checkParse("(1@1, 1@0)")) << "basis order is meaning";
  EXPECT_FALSE(checkParse("(1@0@1)") == checkParse("(1@1@0)"));
  EXPECT_FALSE(checkParse("((1@0))") == checkParse("(1@0)"));
  // Stable across runs and platforms: literal values, fixed by the hash's constants.
  EXPECT_EQ(checkParse("(1@0, 1@1)").identity(), 0xf3d262f314fecbfcull);
  EXPECT_EQ(checkParse("(1@0@1)").identity(), 0x12e2f37e11967753ull);
  EXPECT_EQ(checkParse("()").identity(), 0x44bd2d8556259ba2ull);
}

TEST(Descriptor, SwizzleIsPartOfTheIdentityButNotOfTheText) {
  LayoutDescriptor d = checkParse("(1@0, 1@1)");
  Swizzle sw = *makeSwizzle(3, 4, 3);
  LayoutDescriptor s = d.withSwizzle(sw);
  EXPECT_EQ(s.checkInvariants(), "");
  EXPECT_EQ(s.swizzle(), std::optional<Swizzle>(sw));
  EXPECT_EQ(s.nodes(), d.nodes());
  EXPECT_FALSE(s == d);
  EXPECT_NE(s.identity(), d.identity());
  EXPECT_FALSE(s == d.withSwizzle(*makeSwizzle(2, 4, 3)));
  EXPECT_EQ(print(s), print(d));
  EXPECT_TRUE(*parseDescriptor(print(s)) == s.withSwizzle(std::nullopt));
  EXPECT_TRUE(s.withSwizzle(std::nullopt) == d);
  EXPECT_EQ(s.withSwizzle(std::nullopt).identity(), d.identity());
}

// --- depth --------------------------------------------------------------------------------------

TEST(Descriptor, NestingIsBoundedAtSixtyFourLevels) {
  LayoutDescriptor deepest = checkParse(nested(kMaxDescriptorDepth, "1@0"));
  EXPECT_EQ(deepest.nodes().size(), size_t(kMaxDescriptorDepth) + 1);
  EXPECT_EQ(parsed(nested(64, "")), nested(64, ""));
  EXPECT_EQ(parsed(nested(65, "")), failure(65, "nesting deeper than 64 levels"));
  EXPECT_EQ(parsed(nested(65, "1@0")), failure(65, "nesting deeper than 64 levels"));
  EXPECT_EQ(parsed(nested(10000, "1@0")), failure(65, "nesting deeper than 64 levels"));
  EXPECT_EQ(parsed("(1@0, " + nested(64, "2@1") + ")"), failure(70, "nesting deeper than 64 levels"));
  EXPECT_EQ(parsed(std::string(100000, '(')), failure(65, "nesting deeper than 64 levels"));
}

// --- integral strides ---------------------------------------------------------------------------

TEST(Descriptor, IntegralStrideIsCuTesScaledBasisStride) {
  EXPECT_EQ(stride("(1@0, 1@1)"), "(_1@0,_1@1)");
  EXPECT_EQ(stride("(16@0, 1@1)"), "(_16@0,_1@1)");
  EXPECT_EQ(stride("((1@0, 8@1), 1@2)"), "((_1@0,_8@1),_1@2)");
  EXPECT_EQ(stride("(1@0@1)"), "(_1@0@1)");
  EXPECT_EQ(stride("(3@2@0@1, 1@0@1@2@3)"), "(_3@2@0@1,_1@0@1@2@3)");
  EXPECT_EQ(stride("(-3@0, 0@1, (), (1@7))"), "(_-3@0,_0@1,(),(_1@7))");
  EXPECT_EQ(stride("()"), "()");
  EXPECT_EQ(stride("(4/2@1)"), "(_2@1)") << "integral after reduction";
  EXPECT_EQ(stride("(-9223372036854775808@0)"), "(_-9223372036854775808@0)");
  // The same value as the core notation reads for CuTe's text.
  EXPECT_TRUE(*integralStride(checkParse("((1@0, 8@1), 1@0@1)")) == *parseIntTuple("((_1@0,_8@1),_1@0@1)"));
  // The swizzle is not part of the stride.
  LayoutDescriptor d = checkParse("(1@0, 1@1)");
  EXPECT_TRUE(*integralStride(d.withSwizzle(*makeSwizzle(3, 4, 3))) == *integralStride(d));
}

TEST(Descriptor, IntegralStrideOfTheIdentityTensorGivesCoordinates) {
  // CuTe: make_identity_tensor((4,2)) is ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1); index 5
  // is the coordinate (_1,_1), coordinate (3,1) is (_3,_1).
  IntTuple s = checkIntegralStride(checkParse("(1@0, 1@1)"));
  IntTuple shape = *parseIntTuple("(_4,_2)");
  EXPECT_EQ(print(*crd2idxGeneral(*parseIntTuple("5"), shape, s), Style::Cute), "(_1,_1)");
  EXPECT_EQ(print(*crd2idxGeneral(*parseIntTuple("(3,1)"), shape, s), Style::Cute), "(_3,_1)");
}

TEST(Descriptor, IntegralStrideRejectsWhatNoStrideLeafHolds) {
  EXPECT_EQ(stride("(1/2@0, 4@1)"), "error: basis 1/2@0 does not denote an integral stride");
  EXPECT_EQ(stride("(1@0, (2/4@0@1))"), "error: basis 1/2@0@1 does not denote an integral stride");
  EXPECT_EQ(stride("(-1/3@2)"), "error: basis -1/3@2 does not denote an integral stride");
  EXPECT_EQ(stride("(1@0@1@2@3@4)"), "error: basis 1@0@1@2@3@4 names 5 modes; a stride basis names at most 4");
  EXPECT_EQ(stride("(1@9)"), "error: basis 1@9 names mode 9; a stride basis names modes 0 to 7");
  EXPECT_EQ(stride("(1@0, 2@0@8)"), "error: basis 2@0@8 names mode 8; a stride basis names modes 0 to 7");
  EXPECT_EQ(stride("(1@4294967295)"),
            "error: basis 1@4294967295 names mode 4294967295; a stride basis names modes 0 to 7");
  EXPECT_EQ(checkParse("(1/2@0, 4@1)").kind(), DescriptorKind::Rational);
}

// --- errors -------------------------------------------------------------------------------------

TEST(Descriptor, MalformedDescriptorsGiveTheirExactMessage) {
  const std::string dimension = "expected a dimension (a non-negative integer) but found ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      // no layout
      {"", failure(1, "expected '(' but found end of input")},
      {"   ", failure(4, "expected '(' but found end of input")},
      {"1@0", failure(1, "expected '(' but found '1'")},
      {")", failure(1, "expected '(' but found ')'")},
      {"[1@0]", failure(1, "expected '(' but found '['")},
      // unbalanced parentheses
      {"(", failure(2, "expected a basis, '(' or ')' but found end of input")},
      {"((((", failure(5, "expected a basis, '(' or ')' but found end of input")},
      {"(1@0", failure(5, "expected '@', ',' or ')' but found end of input")},
      {"((1@0)", failure(7, "expected ',' or ')' but found end of input")},
      {"(1@0))", trailing(6, "')'")},
      // trailing text
      {"(1@0) x", trailing(7, "'x'")},
      {"(1@0) (1@1)", trailing(7, "'('")},
      {"()()", trailing(3, "'('")},
      {"(1@0)\n", trailing(6, "the control character 0x0A")},
      {"(1/0@0) x", trailing(9, "'x'")},
      {"(99999999999999999999@0),", trailing(25, "','")},
      // entries
      {"(,)", failure(2, "expected a basis, '(' or ')' but found ','")},
      {"(1@0,)", failure(6, "expected a basis or '(' but found ')'")},
      {"(1@0,\t)", failure(7, "expected a basis or '(' but found ')'")},
      {"(1@0,,1@1)", failure(6, "expected a basis or '(' but found ','")},
      {"(1@0 1@1)", failure(6, "expected '@', ',' or ')' but found '1'")},
      {"((1@0) 1@1)", failure(8, "expected ',' or ')' but found '1'")},
      {"(1@0;1@1)", failure(5, "expected '@', ',' or ')' but found ';'")},
      {"(a@0)", failure(2, "expected a basis, '(' or ')' but found 'a'")},
      {"(+1@0)", failure(2, "expected a basis, '(' or ')' but found '+'")},
      {"(/2@0)", failure(2, "expected a basis, '(' or ')' but found '/'")},
      {"(@0)", failure(2, "expected a basis, '(' or ')' but found '@'")},
      // missing '@'
      {"(1)", failure(3, "expected '@' but found ')'")},
      {"(1 0)", failure(4, "expected '@' but found '0'")},
      {"(1.5@0)", failure(3, "expected '@' but found '.'")},
      {"(1 / 2@0)", failure(4, "expected '@' but found '/'")},
      {"(1/2/3@0)", failure(5, "expected '@' but found '/'")},
      // '@' without a dimension
      {"(1@)", failure(4, dimension + "')'")},
      {"(1@0@)", failure(6, dimension + "')'")},
      {"(1@0@1@)", failure(8, dimension + "')'")},
      {"(1@ 0 @ )", failure(9, dimension + "')'")},
      {"(1@-1)", failure(4, dimension + "'-'")},
      {"(1@x)", failure(4, dimension + "'x'")},
      {"(1@0x)", failure(5, "expected '@', ',' or ')' but found 'x'")},
      // counts
      {"(1/)", failure(4, "expected an integer after '/' but found ')'")},
      {"(1/@0)", failure(4, "expected an integer after '/' but found '@'")},
      {"(1/ 2@0)", failure(4, "expected an integer after '/' but found ' '")},
      {"(- 1@0)", failure(3, "expected a digit after '-' but found ' '")},
      {"(-@0)", failure(3, "expected a digit after '-' but found '@'")},
      {"(--1@0)", failure(3, "expected a digit after '-' but found '-'")},
      {"(1/-@0)", failure(5, "expected a digit after '-' but found '@'")},
      // bytes that are not text
      {std::string("(1@0,\0)", 7), failure(6, "expected a basis or '(' but found a NUL byte")},
      {"(1@0\xff)", failure(5, "expected '@', ',' or ')' but found the byte 0xFF, which is not UTF-8")},
      {"(1@0\xc3\xa9)", failure(5, "expected '@', ',' or ')' but found '\xc3\xa9'")},
      {"(\x7f)", failure(2, "expected a basis, '(' or ')' but found the control character 0x7F")},
      // integers too large
      {"(99999999999999999999@0)", failure(2, "integer 99999999999999999999 does not fit in int64")},
      {"(9223372036854775808@0)", failure(2, "integer 9223372036854775808 does not fit in int64")},
      {"(-9223372036854775809@0)", failure(2, "integer -9223372036854775809 does not fit in int64")},
      {"(1/99999999999999999999@0)", failure(4, "integer 99999999999999999999 does not fit in int64")},
      {"(1@4294967296)", failure(4, "dimension 4294967296 does not fit in uint32")},
      {"(1@0@99999999999999999999999)", failure(6, "dimension 99999999999999999999999 does not fit in uint32")},
      {"(" + std::string(100, '7') + "@0)",
       failure(2, "integer 777777777777777777777777... (100 characters) does not fit in int64")},
      // zero denominators and counts without an int64 form
      {"(1/0@0)", failure(2, "basis 1/0@0 has a zero denominator")},
      {"( 1/0 @ 0@1 )", failure(3, "basis 1/0@0@1 has a zero denominator")},
      {"(1@0, (0/0@2))", failure(8, "basis 0/0@2 has a zero denominator")},
      {"(1/0@0, 1/0@1)", failure(2, "basis 1/0@0 has a zero denominator")},
      {"(-9223372036854775808/-1@0)",
       failure(2, "basis -9223372036854775808/-1@0 does not fit in int64 in lowest terms")},
      {"(1/-9223372036854775808@0)",
       failure(2, "basis 1/-9223372036854775808@0 does not fit in int64 in lowest terms")},
      // a syntax error wins over an earlier value error
      {"(1@0, 99999999999999999999@1", failure(29, "expected '@', ',' or ')' but found end of input")},
      {"(1/0@0", failure(7, "expected '@', ',' or ')' but found end of input")},
      // depth
      {nested(65, "1@0"), failure(65, "nesting deeper than 64 levels")},
      {nested(10000, ""), failure(65, "nesting deeper than 64 levels")},
  };
  ASSERT_GE(cases.size(), 40u);
  for (const auto &[text, message] : cases)
    EXPECT_EQ(parsed(text), message) << "input: " << text.substr(0, 80);
}

TEST(Descriptor, EveryMessageStartsWithOneOfTheSpecsTwoWords) {
  // diagnostics.tsv, "descriptor parser": text after a complete layout, and everything else.
  EXPECT_EQ(parseDescriptor("(1@0) junk").error().message.rfind("unexpected trailing layout text", 0), 0u);
  EXPECT_EQ(parseDescriptor("(1@0").error().message.rfind("failed to parse layout descriptor", 0), 0u);
  EXPECT_EQ(parseDescriptor("(1/0@0)").error().message.rfind("failed to parse layout descriptor", 0), 0u);
}

// --- seeded random round trips ---------------------------------------------------------------

namespace {

/// Generates random well-formed descriptor text with random spaces and tabs, and the
/// canonical text and kind the parser must give it (computed here independently).
class RandomDescriptor {
public:
  explicit RandomDescriptor(uint32_t seed) : rng_(seed) {}

  void generate(std::string &text, std::string &canonical, DescriptorKind &kind) {
    text.clear();
    canonical.clear();
    kind = DescriptorKind::Empty;
    text += blanks();
    group(text, canonical, kind, 1);
    text += blanks();
  }

private:
  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }

  std::string blanks() {
    std::string s;
    for (int64_t n = pick(0, 3) == 0 ? pick(1, 3) : 0; n > 0; --n)
      s += pick(0, 1) ? ' ' : '\t';
    return s;
  }

  void group(std::string &text, std::string &canonical, DescriptorKind &kind, int depth) {
    text += "(" + blanks();
    canonical += "(";
    int64_t rank = depth > 5 ? 0 : pick(0, depth == 1 ? 4 : 3);
    for (int64_t i = 0; i < rank; ++i) {
      if (i > 0) {
        text += blanks() + "," + blanks();
        canonical += ", ";
      }
      if (pick(0, 3) == 0)
        group(text, canonical, kind, depth + 1);
      else
        basis(text, canonical, kind);
    }
    text += blanks() + ")";
    canonical += ")";
  }

  int64_t count() {
    switch (pick(0, 9)) {
    case 0:
      return pick(0, 1) ? INT64_MIN : INT64_MAX;
    case 1:
      return pick(INT64_MIN, INT64_MAX);
    default:
      return pick(-40, 40);
    }
  }

  void basis(std::string &text, std::string &canonical, DescriptorKind &kind) {
    int64_t num = count();
    int64_t den = 1;
    bool fraction = pick(0, 2) == 0;
    if (fraction) {
      den = pick(-12, 12);
      if (den == 0)
        den = 2;
      if (num == INT64_MIN && den < 0 && den % 2 != 0)
        den = -den; // 2^63 over an odd number has no int64 numerator
    }
    text += std::to_string(num);
    if (fraction)
      text += "/" + std::to_string(den);
    // Reduce with 128-bit arithmetic, independently of the parser's unsigned reduction.
    __int128 n = num, d = den;
    if (d < 0) {
      n = -n;
      d = -d;
    }
    __int128 a = n < 0 ? -n : n, b = d;
    while (b != 0)
      a = std::exchange(b, a % b);
    if (a != 0) {
      n /= a;
      d /= a;
    }
    canonical += std::to_string(int64_t(n));
    if (d != 1)
      canonical += "/" + std::to_string(int64_t(d));
    if (d != 1)
      kind = DescriptorKind::Rational;
    else if (kind == DescriptorKind::Empty)
      kind = DescriptorKind::Integral;
    for (int64_t i = 0, modes = pick(1, pick(0, 3) == 0 ? 5 : 1); i < modes; ++i) {
      int64_t dim = pick(0, 19) == 0 ? int64_t(UINT32_MAX) : pick(0, 7);
      text += blanks() + "@" + blanks() + std::to_string(dim);
      canonical += "@" + std::to_string(dim);
    }
  }

  std::mt19937 rng_;
};

} // namespace

TEST(Descriptor, RandomDescriptorsRoundTrip) {
  std::set<std::string> canonicals;
  std::set<uint64_t> identities;
  for (uint32_t seed = 1; seed <= 4000; ++seed) {
    RandomDescriptor gen(seed);
    std::string text, canonical;
    DescriptorKind kind;
    gen.generate(text, canonical, kind);
    Expected<LayoutDescriptor> d = parseDescriptor(text);
    ASSERT_TRUE(d.ok()) << "seed " << seed << ": " << text << ": " << d.error().message;
    checkParse(text);
    EXPECT_EQ(print(*d), canonical) << "seed " << seed << ": " << text;
    EXPECT_EQ(d->kind(), kind) << "seed " << seed << ": " << text;
    // integralStride succeeds exactly when every count is integral and every path fits.
    bool fits = true;
    for (const auto &[count, path] : bases(*d))
      for (uint32_t m : path)
        fits = fits && path.size() <= kMaxBasisDepth && m <= kMaxBasisMode;
    if (kind != DescriptorKind::Rational && fits)
      checkIntegralStride(*d);
    else
      EXPECT_EQ(integralStride(*d).error().message.rfind("basis ", 0), 0u) << text;
    if (canonicals.insert(canonical).second)
      identities.insert(d->identity());
  }
  EXPECT_EQ(identities.size(), canonicals.size()) << "distinct descriptors have distinct identities";
  EXPECT_GT(canonicals.size(), 3000u);
}

TEST(Descriptor, RandomTruncationsFailCleanly) {
  // Every proper prefix of a well-formed descriptor is an error of the failure kind, and
  // every extension by a non-blank character an error of the trailing kind.
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    RandomDescriptor gen(seed);
    std::string text, canonical;
    DescriptorKind kind;
    gen.generate(text, canonical, kind);
    size_t end = text.find_last_of(')');
    for (size_t n = 0; n < end + 1; ++n) {
      Expected<LayoutDescriptor> d = parseDescriptor(text.substr(0, n));
      ASSERT_FALSE(d.ok()) << text.substr(0, n);
      EXPECT_EQ(d.error().message.rfind("failed to parse layout descriptor at column ", 0), 0u) << text.substr(0, n);
    }
    Expected<LayoutDescriptor> longer = parseDescriptor(text + "x");
    ASSERT_FALSE(longer.ok());
    EXPECT_EQ(longer.error().message, "unexpected trailing layout text at column " + std::to_string(text.size() + 1) +
                                          ": expected end of input but found 'x'");
  }
}
