// Unit tests of the notation: printing in the three styles, parsing of integers, tuples
// and layouts, and every kind of parse error with its column and expectation.
#include "cutelayout/Notation.h"
#include "cutelayout/Layout.h"

#include "../lib/Internal.h"
#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <utility>

using namespace cutelayout;

namespace {

ParseOptions dynamicPlain() {
  ParseOptions o;
  o.plainIsDynamic = true;
  return o;
}

ParseOptions unknownAllowed() {
  ParseOptions o;
  o.allowUnknown = true;
  return o;
}

ParseOptions depthAtMost(int n) {
  ParseOptions o;
  o.maxDepth = n;
  return o;
}

/// The parsed tuple in CuTe's printed form, or "error: <message>".
std::string tuple(std::string_view text, ParseOptions o = {}) {
  Expected<IntTuple> t = parseIntTuple(text, o);
  return t.ok() ? print(*t, Style::Cute) : "error: " + t.error().message;
}

std::string layout(std::string_view text, ParseOptions o = {}) {
  Expected<Layout> l = parseLayout(text, o);
  return l.ok() ? print(*l, Style::Cute) : "error: " + l.error().message;
}

std::string nested(int levels, const std::string &inner) {
  return std::string(size_t(levels), '(') + inner + std::string(size_t(levels), ')');
}

} // namespace

// --- printing ---------------------------------------------------------------------------------

TEST(Notation, PrintsIntsInEachStyle) {
  EXPECT_EQ(print(Int::fixed(5)), "5");
  EXPECT_EQ(print(Int::fixed(5), Style::Cute), "_5");
  EXPECT_EQ(print(Int::dynamic(5), Style::Cute), "5");
  EXPECT_EQ(print(Int::fixed(-3), Style::Cute), "_-3");
  EXPECT_EQ(print(Int::fixed(5), Style::Type), "5");
  EXPECT_EQ(print(Int::dynamic(5), Style::Type), "?");
}

TEST(Notation, PrintsTuplesAndLayouts) {
  TupleBuilder b;
  b.open();
  b.open();
  b.leaf(Int::fixed(2));
  b.leaf(Int::dynamic(3));
  b.close();
  b.underscore();
  b.close();
  IntTuple t = b.finish();
  EXPECT_EQ(print(t), "((2,3),_)");
  EXPECT_EQ(print(t, Style::Cute), "((_2,3),_)");
  EXPECT_EQ(print(t, Style::Type), "((2,?),_)");
  Expected<Layout> l = parseLayout("((2,2),_3):((24,2),8)", dynamicPlain());
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(print(*l), "((2,2),3):((24,2),8)");
  EXPECT_EQ(print(*l, Style::Cute), "((2,2),_3):((24,2),8)");
  EXPECT_EQ(print(*l, Style::Type), "((?,?),3):((?,?),?)");
}

// --- integers ---------------------------------------------------------------------------------

TEST(Notation, UnderscoreNumberIsStatic) {
  EXPECT_EQ(tuple("_8"), "_8");
  EXPECT_EQ(tuple("_8", dynamicPlain()), "_8");
  Expected<IntTuple> t = parseIntTuple("_8", dynamicPlain());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->asInt(), Int::fixed(8));
}

TEST(Notation, PlainNumberIsStaticByDefaultAndDynamicOnRequest) {
  Expected<IntTuple> s = parseIntTuple("8");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->asInt(), Int::fixed(8));
  Expected<IntTuple> d = parseIntTuple("8", dynamicPlain());
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->asInt(), Int::dynamic(8));
  EXPECT_EQ(tuple("(4,_8)", dynamicPlain()), "(4,_8)");
}

TEST(Notation, NegativeNumbers) {
  EXPECT_EQ(tuple("-3"), "_-3");
  EXPECT_EQ(tuple("_-3"), "_-3");
  EXPECT_EQ(tuple("-3", dynamicPlain()), "-3");
  EXPECT_EQ(tuple("(-1,(2,-0))"), "(_-1,(_2,_0))");
  EXPECT_EQ(layout("(4,8):(-1,-4)"), "(_4,_8):(_-1,_-4)");
  EXPECT_EQ(tuple("+5"), "_5");
  EXPECT_EQ(tuple("007"), "_7");
}

TEST(Notation, Int64Limits) {
  EXPECT_EQ(tuple("9223372036854775807"), "_9223372036854775807");
  EXPECT_EQ(tuple("-9223372036854775808"), "_-9223372036854775808");
  EXPECT_EQ(tuple("_-9223372036854775808"), "_-9223372036854775808");
}

TEST(Notation, Int64OverflowIsAnError) {
  EXPECT_EQ(tuple("9223372036854775808"), "error: column 1: integer 9223372036854775808 does not fit in int64");
  EXPECT_EQ(tuple("-9223372036854775809"), "error: column 1: integer -9223372036854775809 does not fit in int64");
  EXPECT_EQ(tuple("(1,99999999999999999999)"), "error: column 4: integer 99999999999999999999 does not fit in int64");
  EXPECT_EQ(tuple("(1, _99999999999999999999)"),
            "error: column 5: integer _99999999999999999999 does not fit in int64");
  EXPECT_EQ(layout("8:99999999999999999999"), "error: column 3: integer 99999999999999999999 does not fit in int64");
}

// --- tuples -----------------------------------------------------------------------------------

TEST(Notation, NestedTuples) {
  EXPECT_EQ(tuple("((2,2),_3)"), "((_2,_2),_3)");
  EXPECT_EQ(tuple("(((1)),((2,3),4),())"), "(((_1)),((_2,_3),_4),())");
  EXPECT_EQ(tuple("()"), "()");
  Expected<IntTuple> t = parseIntTuple("((2,2),3)");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->rank(), 2u);
  EXPECT_EQ(depth(*t), 2);
}

TEST(Notation, UnderscoresInCoordinates) {
  EXPECT_EQ(tuple("_"), "_");
  EXPECT_EQ(tuple("(_,0)"), "(_,_0)");
  EXPECT_EQ(tuple("(_,(_,_3))"), "(_,(_,_3))");
  EXPECT_EQ(tuple("(_,1)", dynamicPlain()), "(_,1)");
  Expected<IntTuple> t = parseIntTuple("(_,_3)");
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->child(0).isUnderscore());
  EXPECT_EQ(t->child(1).asInt(), Int::fixed(3));
}

TEST(Notation, WhitespaceIsIgnoredBetweenTokens) {
  EXPECT_EQ(tuple("  ( 4 ,\t( 2 , 3 ) )\n"), "(_4,(_2,_3))");
  EXPECT_EQ(layout(" ( 4 , 8 ) : ( 1 , 4 ) "), "(_4,_8):(_1,_4)");
  EXPECT_EQ(tuple("\t(1,\n2)\r"), "(_1,_2)");
  // Inside a token it is not: `_ 3` is `_` followed by a stray 3.
  EXPECT_EQ(tuple("_ 3"), "error: column 3: expected end of input but found '3'");
  EXPECT_EQ(tuple("- 3"), "error: column 1: expected an integer but found '-'");
}

TEST(Notation, UnknownLeavesWhenAllowed) {
  EXPECT_EQ(tuple("?"), "error: column 1: expected an integer, '_' or '(' but found '?'");
  Expected<IntTuple> t = parseIntTuple("(?,_2)", unknownAllowed());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->child(0).asInt(), Int::dynamic(kUnknownDynamic));
  EXPECT_EQ(print(*t, Style::Type), "(?,2)");
  Expected<Layout> l = parseLayout("(?,4):(1,?)", unknownAllowed());
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(print(*l, Style::Type), "(?,4):(1,?)");
}

// --- layouts ----------------------------------------------------------------------------------

TEST(Notation, Layouts) {
  EXPECT_EQ(layout("8:1"), "_8:_1");
  EXPECT_EQ(layout("(4,8):(1,4)"), "(_4,_8):(_1,_4)");
  EXPECT_EQ(layout("((2,2),3):((24,2),8)", dynamicPlain()), "((2,2),3):((24,2),8)");
  EXPECT_EQ(layout("_4:1", dynamicPlain()), "_4:1");
  EXPECT_EQ(layout("():()"), "():()");
  Expected<Layout> l = parseLayout("(4,8):(1,4)");
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l->rank(), 2u);
  Expected<Int> at = crd2idx(parseIntTuple("(1,2)")->view(), *l);
  ASSERT_TRUE(at.ok());
  EXPECT_EQ(at->value, 9);
}

TEST(Notation, LayoutsRejectUnderscores) {
  EXPECT_EQ(layout("(4,_):(1,4)"), "error: column 4: expected an integer but found '_'");
  EXPECT_EQ(layout("_:1"), "error: column 1: expected an integer but found '_'");
  EXPECT_EQ(layout("4:_"), "error: column 3: expected an integer but found '_'");
  EXPECT_EQ(layout("4:_4"), "_4:_4");
}

TEST(Notation, LayoutsNeedCongruentShapeAndStride) {
  EXPECT_EQ(layout("(4,8):(1,4,2)"), "error: column 1: shape (4,8) and stride (1,4,2) are not congruent");
  EXPECT_EQ(layout("(4,8):((1,2),4)"), "error: column 1: shape (4,8) and stride ((1,2),4) are not congruent");
  EXPECT_EQ(layout("4:(1)"), "error: column 1: shape 4 and stride (1) are not congruent");
}

// The stride is read against the shape's nodes (congruent or declined to the careful
// parser): each answer and message as before that reader, for strides that differ from
// their shape in one place, spaced, scaled, signed, at int64's limits or malformed.
TEST(Notation, StrideReadAgainstShapeKeepsEveryAnswer) {
  const std::pair<const char *, const char *> kCases[] = {
      {"(4,8):(1,(2,3))", "error: column 1: shape (4,8) and stride (1,(2,3)) are not congruent"},
      {"(4,()):(1,())", "(_4,()):(_1,())"},
      {"(4,()):(1,2)", "error: column 1: shape (4,()) and stride (1,2) are not congruent"},
      {"(4,8):(1,())", "error: column 1: shape (4,8) and stride (1,()) are not congruent"},
      {"():()", "():()"},
      {"():(1)", "error: column 1: shape () and stride (1) are not congruent"},
      {"4:()", "error: column 1: shape 4 and stride () are not congruent"},
      {"(4,(8,2)):(1,(2,16),4)", "error: column 1: shape (4,(8,2)) and stride (1,(2,16),4) are not congruent"},
      {"((4,8),2):((1,4))", "error: column 1: shape ((4,8),2) and stride ((1,4)) are not congruent"},
      {"((4,8),2):((1,4),2,3)", "error: column 1: shape ((4,8),2) and stride ((1,4),2,3) are not congruent"},
      {"(4,8):(1", "error: column 9: expected ',' or ')' but found end of input"},
      {"(4,8):(1,4", "error: column 11: expected ',' or ')' but found end of input"},
      {"(4,8) : ( 1 , 4 )", "(_4,_8):(_1,_4)"},
      {"(4,8):(1,4)@", "error: column 12: expected end of input but found '@'"},
      {"(4,8):(1@0,4)", "(_4,_8):(_1@0,_4)"},
      {"(4,8):(1,4@1)", "(_4,_8):(_1,_4@1)"},
      {"(4,8):(?,4)", "error: column 8: expected an integer or '(' but found '?'"},
      {"(4,8):(_-1,4)", "(_4,_8):(_-1,_4)"},
      {"(4,8):(9223372036854775807,4)", "(_4,_8):(_9223372036854775807,_4)"},
      {"(4,8):(9223372036854775808,4)", "error: column 8: integer 9223372036854775808 does not fit in int64"},
      {"(4,8):(-9223372036854775808,4)", "(_4,_8):(_-9223372036854775808,_4)"},
      {"(4,8):((1),4)", "error: column 1: shape (4,8) and stride ((1),4) are not congruent"},
      {"(4,(8)):(1,8)", "error: column 1: shape (4,(8)) and stride (1,8) are not congruent"},
      {"(4,8):(1,4))", "error: column 12: expected end of input but found ')'"},
      {"(4,8):(1,4),", "error: column 12: expected end of input but found ','"},
      {"(4,8):(1,,4)", "error: column 10: expected an integer or '(' but found ','"},
      {"(4,8):(1 4)", "error: column 10: expected ',' or ')' but found '4'"},
      {"4:1@0", "_4:_1@0"},
      {"4:(1)", "error: column 1: shape 4 and stride (1) are not congruent"},
      {"(4):1", "error: column 1: shape (4) and stride 1 are not congruent"},
      {"(4,8):(1,4 )", "(_4,_8):(_1,_4)"},
      {"(4,8):( (1,2) ,4)", "error: column 1: shape (4,8) and stride ((1,2),4) are not congruent"},
      {"(4,(8,2)):(1,(2 , 16))", "(_4,(_8,_2)):(_1,(_2,_16))"},
      {"(4,8):(1,_)", "error: column 10: expected an integer but found '_'"},
      {"(4,8):(+1,-4)", "(_4,_8):(_1,_-4)"},
      {"((((4)))):((((1))))", "((((_4)))):((((_1))))"},
      {"((((4)))):(((1)))", "error: column 1: shape ((((4)))) and stride (((1))) are not congruent"},
      {"(4,8):(1,4) junk", "error: column 13: expected end of input but found 'j'"},
  };
  for (const auto &[text, expected] : kCases)
    EXPECT_EQ(layout(text), expected) << text;
}

// Every other error points past leading whitespace (errorHere skips it), but the congruence
// error points at where NotationReader::parseLayout started, before the spaces:
//   parseLayout("  (4,8):((1,2),4)")  -> "column 1: shape (4,8) and stride ((1,2),4) are not
//   congruent", expected column 3, where the shape starts; reading "8:1  (4,8):(1,4,2)" with
//   one NotationReader, the second layout's error says column 4 (a space), expected 6.
TEST(Notation, CongruenceErrorColumnSkipsLeadingSpace) {
  EXPECT_EQ(layout("  (4,8):((1,2),4)"), "error: column 3: shape (4,8) and stride ((1,2),4) are not congruent");
  NotationReader r("8:1  (4,8):(1,4,2)");
  ASSERT_TRUE(r.parseLayout().ok());
  Expected<Layout> second = r.parseLayout();
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().message, "column 6: shape (4,8) and stride (1,4,2) are not congruent");
}

// --- errors -----------------------------------------------------------------------------------

TEST(Notation, ErrorsGiveColumnAndExpectation) {
  EXPECT_EQ(layout("(4,8:(1,4)"), "error: column 5: expected ',' or ')' but found ':'");
  EXPECT_EQ(layout("(4,8):(1,4"), "error: column 11: expected ',' or ')' but found end of input");
  EXPECT_EQ(layout("(4,8)"), "error: column 6: expected ':' after the shape but found end of input");
  EXPECT_EQ(layout("4:"), "error: column 3: expected an integer or '(' but found end of input");
  EXPECT_EQ(layout(":1"), "error: column 1: expected an integer or '(' but found ':'");
  EXPECT_EQ(layout("4::1"), "error: column 3: expected an integer or '(' but found ':'");
  EXPECT_EQ(tuple("(1,,2)"), "error: column 4: expected an integer, '_' or '(' but found ','");
  EXPECT_EQ(tuple("(1 2)"), "error: column 4: expected ',' or ')' but found '2'");
  EXPECT_EQ(tuple("((1,2),)"), "error: column 8: expected an integer, '_' or '(' but found ')'");
  EXPECT_EQ(tuple("("), "error: column 2: expected an integer, '_' or '(' but found end of input");
  EXPECT_EQ(tuple("x"), "error: column 1: expected an integer, '_' or '(' but found 'x'");
  EXPECT_EQ(tuple("_-"), "error: column 1: expected an integer but found '_'");
}

TEST(Notation, EmptyInputIsAnError) {
  EXPECT_EQ(tuple(""), "error: column 1: expected an integer, '_' or '(' but found end of input");
  EXPECT_EQ(layout(""), "error: column 1: expected an integer or '(' but found end of input");
  EXPECT_EQ(layout("   "), "error: column 4: expected an integer or '(' but found end of input");
}

TEST(Notation, TrailingGarbageIsAnError) {
  EXPECT_EQ(layout("(4,8):(1,4) x"), "error: column 13: expected end of input but found 'x'");
  EXPECT_EQ(layout("(4,8):(1,4):(1)"), "error: column 12: expected end of input but found ':'");
  EXPECT_EQ(tuple("1)"), "error: column 2: expected end of input but found ')'");
  EXPECT_EQ(tuple("1 2"), "error: column 3: expected end of input but found '2'");
  EXPECT_EQ(tuple("3x"), "error: column 2: expected end of input but found 'x'");
  EXPECT_EQ(tuple("0x10"), "error: column 2: expected end of input but found 'x'");
  EXPECT_EQ(tuple("_1_"), "error: column 3: expected end of input but found '_'");
}

// --- nesting depth ----------------------------------------------------------------------------

TEST(Notation, NestingUpToMaxDepthIsAccepted) {
  Expected<IntTuple> t = parseIntTuple(nested(64, "1"));
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(depth(*t), 64);
  EXPECT_EQ(tuple("((1))", depthAtMost(2)), "((_1))");
}

TEST(Notation, NestingDeeperThanMaxDepthIsRejected) {
  EXPECT_EQ(tuple(nested(65, "1")), "error: column 66: nesting deeper than 64 levels");
  EXPECT_EQ(tuple("(((1)))", depthAtMost(2)), "error: column 4: nesting deeper than 2 levels");
  EXPECT_EQ(tuple("(1)", depthAtMost(0)), "error: column 2: nesting deeper than 0 levels");
}

TEST(Notation, VeryDeepNestingFailsWithoutRecursing) {
  std::string deep = nested(10000, "1");
  EXPECT_EQ(tuple(deep), "error: column 66: nesting deeper than 64 levels");
  EXPECT_EQ(layout(deep + ":" + deep), "error: column 66: nesting deeper than 64 levels");
  // Unbalanced: nothing but opening parentheses.
  EXPECT_EQ(tuple(std::string(10000, '(')), "error: column 66: nesting deeper than 64 levels");
}

// The header promises that nesting deeper than maxDepth is rejected, but an empty tuple at
// the innermost level is accepted one level too deep: with maxDepth = 2, "(((1)))" fails
// while "((()))" (depth 3 as well) parses; with maxDepth = 0, "()" parses. Reproduce with
//   ParseOptions o; o.maxDepth = 2; parseIntTuple("((()))", o)  -> ((()))  (expected: an
//   error "... nesting deeper than 2 levels", as for "(((1)))").
TEST(Notation, EmptyTuplesCountTowardMaxDepth) {
  Expected<IntTuple> deep = parseIntTuple("((()))", depthAtMost(2));
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message.find("nesting deeper than 2 levels"), std::string::npos);
  EXPECT_FALSE(parseIntTuple("()", depthAtMost(0)).ok());
}

// --- the reader -------------------------------------------------------------------------------

TEST(NotationReader, ParsesSeveralValuesFromOneText) {
  NotationReader r("8:1  (4,8):(1,4) _");
  Expected<Layout> a = r.parseLayout();
  Expected<Layout> b = r.parseLayout();
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(print(*a), "8:1");
  EXPECT_EQ(print(*b), "(4,8):(1,4)");
  Expected<Layout> c = r.parseLayout();
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message, "column 18: expected an integer but found '_'");
}

TEST(NotationReader, TracksPositionAndEnd) {
  NotationReader r("  (1,2)  7");
  Expected<IntTuple> first = r.parseTuple(false);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(r.position(), 7u);
  EXPECT_EQ(r.column(), 8u);
  EXPECT_FALSE(r.atEnd());
  EXPECT_EQ(r.peek(), '7');
  Expected<IntTuple> second = r.parseTuple(false);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(print(*second), "7");
  EXPECT_TRUE(r.atEnd());
  EXPECT_EQ(r.peek(), '\0');
}

TEST(NotationReader, AcceptAndErrorHere) {
  NotationReader r(" <3:4, 8:2>");
  EXPECT_FALSE(r.accept('('));
  EXPECT_TRUE(r.accept('<'));
  Expected<Layout> first = r.parseLayout();
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(r.accept(','));
  Expected<Layout> second = r.parseLayout();
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(r.errorHere("','").message, "column 11: expected ',' but found '>'");
  EXPECT_TRUE(r.accept('>'));
  EXPECT_EQ(r.errorHere("more").message, "column 12: expected more but found end of input");
}

TEST(NotationReader, ParseIntForms) {
  for (const char *text : {"12", "-12", "_12", "_-12"}) {
    NotationReader r(text);
    Expected<Int> x = r.parseInt();
    ASSERT_TRUE(x.ok()) << text;
    EXPECT_EQ(x->value, text[0] == '-' || text[1] == '-' ? -12 : 12) << text;
    EXPECT_EQ(x->isStatic, true) << text;
  }
  NotationReader dyn("12", dynamicPlain());
  EXPECT_EQ(*dyn.parseInt(), Int::dynamic(12));
  NotationReader bad("x");
  Expected<Int> x = bad.parseInt();
  ASSERT_FALSE(x.ok());
  EXPECT_EQ(x.error().message, "column 1: expected an integer but found 'x'");
  EXPECT_EQ(bad.column(), 1u);
}

// The parser's one-pass reader and its careful fallback agree with the printer: random
// layouts (static, dynamic and negative leaves, values up to int64's limits) printed in both
// styles, with spaces sprinkled where the notation allows them, parse back to themselves.
TEST(Notation, RandomLayoutsRoundTripWithSpaces) {
  test::LayoutGen gen(0x9A75E);
  for (int k = 0; k < 3000; ++k) {
    Layout l = gen.withLeaves(gen.layout(test::Strides::Arbitrary), gen.anyLeaves());
    if (gen.coin(20))
      l = gen.withNegativeStrides(l, 50);
    if (gen.coin(10)) // a huge stride, near int64's limit, where the fast reader hands over
      l = Layout{l.shape, mapLeaves(l.stride, [&](Int x) {
                   return Int{gen.coin(50) ? INT64_MAX - gen.pick(0, 9) : INT64_MIN + gen.pick(0, 9), x.isStatic};
                 })};
    for (Style style : {Style::Plain, Style::Cute}) {
      std::string text = print(l, style), spaced;
      for (char c : text) {
        if (c == ')' && gen.coin(20))
          spaced += ' ';
        spaced += c;
        if ((c == '(' || c == ',' || c == ':') && gen.coin(20))
          spaced += gen.coin(50) ? " " : "\t ";
      }
      ParseOptions options;
      options.plainIsDynamic = style == Style::Cute; // CuTe's form marks static leaves `_N`
      Expected<Layout> back = parseLayout(spaced, options);
      ASSERT_TRUE(back.ok()) << spaced << ": " << back.error().message;
      if (style == Style::Cute)
        ASSERT_EQ(print(*back, Style::Cute), print(l, Style::Cute)) << spaced;
      else
        ASSERT_EQ(print(*back), text) << spaced;
    }
  }
}

// --- the one-pass reader against the careful parser -------------------------------------------

namespace {

/// Random notation text: tuples and layouts of every leaf form (plain, `_N`, signs, leading
/// zeros, int64's limits and past them, `_`, `?`, scaled bases), spaces between tokens,
/// nesting past the reader's 32 levels, text past its 1 KB copy, then often one random edit.
class NotationGen {
public:
  explicit NotationGen(uint64_t seed) : rng_(seed) {}

  std::string text() {
    // Layouts mostly share one profile: shape and stride fill the same skeleton.
    std::string skeleton = tuple(0);
    std::string t;
    switch (pick(2) == 0 ? 0 : 1 + pick(10)) {
    case 0:
      t = fill(skeleton);
      break;
    case 1:
    case 2:
      t = fill(skeleton) + space() + ":" + space() + fill(tuple(0));
      break;
    case 3: // a stride almost congruent with its shape, or the other way round
    case 4:
      t = pick(2) ? fill(skeleton) + space() + ":" + space() + fill(reshape(skeleton))
                  : fill(reshape(skeleton)) + space() + ":" + space() + fill(skeleton);
      break;
    default:
      t = fill(skeleton) + space() + ":" + space() + fill(skeleton);
      break;
    }
    if (pick(10) == 0) // a long flat tuple: past the copied text
      t = longTuple() + ":" + longTuple();
    if (pick(3) == 0)
      edit(t);
    return t;
  }

  ParseOptions options() {
    ParseOptions o;
    o.plainIsDynamic = pick(2) == 0;
    o.allowUnknown = pick(2) == 0;
    static const int kDepths[] = {64, 64, 64, 0, 1, 2, 3, 33, 40};
    o.maxDepth = kDepths[pick(9)];
    return o;
  }

private:
  uint32_t pick(uint32_t n) { return uint32_t(rng_() % n); }

  std::string space() {
    static const char *kSpaces[] = {" ", "  ", "\t", "\n ", "\r"};
    return pick(8) == 0 ? kSpaces[pick(5)] : "";
  }

  std::string leaf() {
    static const char *kLeaves[] = {"_",
                                    "?",
                                    "-3",
                                    "+5",
                                    "_-7",
                                    "007",
                                    "-0",
                                    "_0",
                                    "9223372036854775807",
                                    "9223372036854775808",
                                    "-9223372036854775808",
                                    "_-9223372036854775809",
                                    "922337203685477580",
                                    "99999999999999999999",
                                    "1000000000000000000",
                                    "00000000000000000000042",
                                    "_",
                                    "-",
                                    "_-",
                                    "x"};
    std::string s;
    uint32_t k = pick(16);
    if (k < 12)
      s = (pick(2) ? "_" : "") + std::to_string(pick(k < 8 ? 10 : 100000));
    else
      s = kLeaves[pick(sizeof kLeaves / sizeof *kLeaves)];
    if (pick(12) == 0) // a scaled basis, sometimes past its limits
      for (uint32_t i = 0, n = 1 + pick(5); i < n; ++i)
        s += space() + "@" + space() + std::to_string(pick(10));
    return s;
  }

  /// The skeleton with each `#` replaced by a random leaf.
  std::string fill(const std::string &skeleton) {
    std::string s;
    for (char c : skeleton)
      s += c == '#' ? leaf() : std::string(1, c);
    return s;
  }

  /// A random tuple with `#` for its leaves.
  std::string tuple(int depth) {
    uint32_t k = pick(10);
    if (depth >= 6 && k != 0)
      return "#";
    if (k == 0 && depth < 2 && pick(4) == 0) // deep: past the reader's 32 open tuples
      return std::string(30 + pick(8), '(') + "#" + std::string(30 + pick(8), ')');
    if (k < 4)
      return "#";
    std::string s = "(" + space();
    for (uint32_t i = 0, n = pick(4); i < n; ++i)
      s += (i ? space() + "," + space() : "") + tuple(depth + 1);
    return s + space() + ")" + space();
  }

  /// The skeleton changed in one place, so that it is not congruent with what it was
  /// (most of the time: a change can be undone by the text around it, or make it
  /// malformed): a leaf made a tuple, a tuple made a leaf or unwrapped, a child added or
  /// taken away.
  std::string reshape(std::string s) {
    auto nth = [&](char c) -> size_t {
      size_t count = size_t(std::count(s.begin(), s.end(), c));
      if (count == 0)
        return std::string::npos;
      size_t p = s.find(c);
      for (size_t k = pick(uint32_t(count)); k != 0; --k)
        p = s.find(c, p + 1);
      return p;
    };
    auto closing = [&](size_t open) {
      int level = 0;
      for (size_t q = open; q < s.size(); ++q)
        if ((level += s[q] == '(' ? 1 : s[q] == ')' ? -1 : 0) == 0)
          return q;
      return std::string::npos;
    };
    static const char *kTuples[] = {"(#)", "(#,#)", "()", "(#,(#))", "((#))"};
    uint32_t k = pick(5);
    size_t at = nth('('), close = at == std::string::npos ? at : closing(at);
    if (close == std::string::npos) // no tuple, or a deep one (unbalanced): a leaf changes
      k = 0;
    switch (k) {
    case 0: // a leaf made a tuple
      if ((at = nth('#')) != std::string::npos)
        s.replace(at, 1, kTuples[pick(5)]);
      break;
    case 1: // a tuple made a leaf
      s.replace(at, close - at + 1, "#");
      break;
    case 2: // a tuple unwrapped: its children join its parent
      s.erase(close, 1);
      s.erase(at, 1);
      break;
    case 3: { // a child added, first or last
      bool empty = s.find_first_not_of(" \t\n\r", at + 1) == close;
      if (pick(2))
        s.insert(close, empty ? "#" : ",#");
      else
        s.insert(at + 1, empty ? "#" : "#,");
      break;
    }
    default: // a child taken away
      if ((at = nth(',')) != std::string::npos) {
        size_t next = s.find_first_of(",()", at + 1);
        if (next != std::string::npos && s[next] != '(')
          s.erase(at, next - at); // `,#` before `,` or `)`
      }
      break;
    }
    return s;
  }

  std::string longTuple() {
    std::string s = "(";
    for (uint32_t i = 0, n = 200 + pick(200); i < n; ++i)
      s += (i ? "," : "") + std::to_string(pick(1000));
    return s + ")";
  }

  void edit(std::string &t) {
    static const char kChars[] = "()_,:@?-+ 0123456789x\t";
    size_t at = t.empty() ? 0 : pick(uint32_t(t.size()));
    switch (pick(4)) {
    case 0:
      if (!t.empty())
        t.erase(at, 1);
      break;
    case 1:
      t.insert(at, 1, kChars[pick(sizeof kChars - 1)]);
      break;
    case 2:
      if (!t.empty())
        t[at] = kChars[pick(sizeof kChars - 1)];
      break;
    default:
      t.insert(at, 1, '\0');
      break;
    }
  }

  std::mt19937_64 rng_;
};

/// A whole-string parse's outcome: the exact nodes (values, staticness, kinds, bases) in
/// printed form, or the error.
template <class T> std::string outcome(const Expected<T> &r);
template <> std::string outcome(const Expected<IntTuple> &r) {
  return r ? print(*r, Style::Cute) + " | " + print(*r, Style::Type) : "error: " + r.error().message;
}
template <> std::string outcome(const Expected<Layout> &r) {
  return r ? print(*r, Style::Cute) + " | " + print(*r, Style::Type) : "error: " + r.error().message;
}

/// The careful parser alone (the one-pass reader off) for the scope of one call.
template <class F> auto carefully(F f) {
  notation::setFastPathEnabled(false);
  auto r = f();
  notation::setFastPathEnabled(true);
  return r;
}

/// A `?` then spaces then `@`: at a tuple's root (a shape's, a stride's), the one-pass
/// reader (and so parse) takes the `?` and leaves `@...` to the caller, where the careful
/// parser reads a basis `?@0`. Kept as it is; such text is left out of the comparison.
bool unknownBeforeSpacedBasis(const std::string &t, const ParseOptions &o) {
  for (size_t p = t.find('?'); o.allowUnknown && p != std::string::npos; p = t.find('?', p + 1)) {
    size_t q = t.find_first_not_of(" \t\n\v\f\r", p + 1);
    if (q != std::string::npos && q > p + 1 && t[q] == '@')
      return true;
  }
  return false;
}

} // namespace

// Differential: on seeded random text, valid and not, parse with the one-pass reader gives
// what the careful parser alone gives: the same nodes (staticness and bases included) or
// the same error, byte for byte; a reader reading several values stops at the same places.
TEST(Notation, FastReaderAgreesWithCarefulParser) {
  NotationGen gen(0x5EED1);
  int parsed = 0;
  for (int k = 0; k < 20000; ++k) {
    std::string text = gen.text();
    ParseOptions o = gen.options();
    if (unknownBeforeSpacedBasis(text, o))
      continue;
    Expected<Layout> fastLayout = parseLayout(text, o);
    Expected<Layout> carefulLayout = carefully([&] { return parseLayout(text, o); });
    ASSERT_EQ(outcome(fastLayout), outcome(carefulLayout)) << "layout " << text;
    if (fastLayout) {
      ASSERT_TRUE(fastLayout->shape == carefulLayout->shape && fastLayout->stride == carefulLayout->stride) << text;
    }
    parsed += fastLayout.ok();
    Expected<IntTuple> fastTuple = parseIntTuple(text, o);
    Expected<IntTuple> carefulTuple = carefully([&] { return parseIntTuple(text, o); });
    ASSERT_EQ(outcome(fastTuple), outcome(carefulTuple)) << "tuple " << text;
    if (fastTuple) {
      ASSERT_TRUE(*fastTuple == *carefulTuple) << text;
    }
    parsed += fastTuple.ok();
    // Values one after another, as the command line's expressions read them.
    std::string several = text + " " + text + "," + text;
    auto readAll = [&] {
      NotationReader r(several, o);
      std::string trail;
      for (int i = 0; i < 4 && !r.atEnd(); ++i) {
        if (i % 2 == 0)
          trail += outcome(r.parseLayout());
        else
          trail += outcome(r.parseTuple(true));
        r.accept(',');
        r.skipSpace();
        trail += " @" + std::to_string(r.column()) + "; ";
      }
      return trail;
    };
    ASSERT_EQ(readAll(), carefully(readAll)) << several;
  }
  EXPECT_GT(parsed, 6000); // enough valid text to exercise the reader's answers
}

// The printer against a recursive reference on random tuples of every node kind, values at
// int64's limits, scaled bases, and nesting past the printer's first 32 open tuples.
TEST(Notation, PrintAgreesWithReference) {
  std::mt19937_64 rng(0x9217);
  auto pick = [&](uint64_t n) { return int64_t(rng() % n); };
  std::function<void(TupleBuilder &, int)> build = [&](TupleBuilder &b, int depth) {
    int64_t k = pick(8);
    if (k < 3 && depth < 40) {
      b.open();
      for (int64_t i = 0, n = pick(4); i < n; ++i)
        build(b, depth + 1 + (pick(5) == 0 ? 10 : 0));
      b.close();
    } else if (k == 3) {
      b.underscore();
    } else {
      static const int64_t kValues[] = {0,      1,       9,         10,        99, 100, 999,  1000,         12345,
                                        100000, 9999999, INT64_MAX, INT64_MIN, -1, -10, -100, INT64_MIN + 1};
      int64_t v = pick(3) == 0 ? kValues[pick(sizeof kValues / sizeof *kValues)] : pick(1000000);
      Int x{v, pick(2) == 0};
      if (pick(6) == 0) {
        BasisPath path;
        path.size = uint8_t(1 + pick(kMaxBasisDepth));
        for (unsigned i = 0; i < path.size; ++i)
          path.modes[i] = uint8_t(pick(kMaxBasisMode + 1));
        x = *makeBasis(x, path);
      }
      b.leaf(x);
    }
  };
  std::function<std::string(TupleView, Style)> reference = [&](TupleView t, Style style) -> std::string {
    if (t.isTuple()) {
      std::string s = "(";
      for (uint32_t i = 0; i < t.rank(); ++i)
        s += (i ? "," : "") + reference(t.child(i), style);
      return s + ")";
    }
    if (t.isUnderscore())
      return "_";
    Int x = t.asInt();
    std::string s = style == Style::Type && !x.isStatic
                        ? "?"
                        : (style == Style::Cute && x.isStatic ? "_" : "") + std::to_string(x.value);
    appendBasisSuffix(s, x.basis);
    return s;
  };
  for (int k = 0; k < 5000; ++k) {
    TupleBuilder b;
    build(b, 0);
    IntTuple t = b.finish();
    for (Style style : {Style::Plain, Style::Cute, Style::Type})
      ASSERT_EQ(print(t, style), reference(t, style));
  }
}
