// Tests of Svg.h: labels fit their cells by the renderer's own font metric (issue 44's
// papercut: T112V2T112V3 ran into its neighbour), and the pictures of composed layouts,
// by bank, and the reasons where there is none.
#include "Svg.h"
#include "Evaluator.h"

#include <gtest/gtest.h>

#include <string>

using namespace cutelayout;
using namespace cutelayout::cli;

namespace {

/// fitLabel's @post.
void checkFit(const std::string &label) {
  LabelFit fit = fitLabel(label);
  ASSERT_FALSE(fit.lines.empty());
  std::string joined;
  for (const std::string &line : fit.lines) {
    EXPECT_LE(labelWidth(line, fit.fontSize), kSvgCell - 2) << label;
    joined += line;
  }
  EXPECT_EQ(joined, label) << "the lines are the label";
  EXPECT_LE(double(fit.lines.size()) * 1.2 * fit.fontSize, kSvgCell - 2) << label;
  EXPECT_GT(fit.fontSize, 0) << label;
  EXPECT_LE(fit.fontSize, kSvgLabelFont) << label;
}

Value eval(const std::string &text) {
  Expected<Value> v = evaluate(text, ParseOptions{});
  EXPECT_TRUE(v.ok()) << text;
  return v.ok() ? v.take() : Value();
}

size_t count(const std::string &s, const std::string &part) {
  size_t n = 0;
  for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1))
    ++n;
  return n;
}

TEST(SvgTest, LabelsFitTheirCells) {
  for (int64_t t : {0, 7, 31, 99, 112, 127, 1023, 65535})
    for (int64_t v : {0, 3, 15, 127, 4095})
      checkFit("T" + std::to_string(t) + "V" + std::to_string(v));
  for (int64_t x : {int64_t(0), int64_t(99999), int64_t(-4096), int64_t(1) << 40, INT64_MIN})
    checkFit(std::to_string(x));
  // Short labels keep the font and one line; T112V2 goes on two lines at that font.
  EXPECT_EQ(fitLabel("T31V3").lines.size(), 1u);
  EXPECT_EQ(fitLabel("T31V3").fontSize, kSvgLabelFont);
  LabelFit two = fitLabel("T112V2");
  EXPECT_EQ(two.lines, (std::vector<std::string>{"T112", "V2"}));
  EXPECT_EQ(two.fontSize, kSvgLabelFont);
}

TEST(SvgTest, LargeTiledCopyLabelsAreSplit) {
  Expected<std::string> svg = printSvg(eval("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, "
                                            "Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})"));
  ASSERT_TRUE(svg.ok());
  EXPECT_NE(svg->find("<tspan x=\"36\" y=\"370.2\">T112</tspan><tspan x=\"36\" y=\"378.6\">V0</tspan>"),
            std::string::npos);
  EXPECT_EQ(svg->find(">T112V2<"), std::string::npos);
}

TEST(SvgTest, ComposedLayoutsAndBanks) {
  Value sw = eval("composition(Swizzle<3,3,3>{}, (8,64):(64,1))");
  Expected<std::string> plain = printSvg(sw);
  ASSERT_TRUE(plain.ok()) << plain.error().message;
  EXPECT_EQ(count(*plain, "class=\"cell\""), 512u);
  EXPECT_NE(plain->find("<title>(1,0): 72</title>"), std::string::npos) << "Sw<3,3,3>(64) = 72";
  Expected<BankOptions> o = makeBankOptions("16", "128", "columns", ParseOptions{});
  ASSERT_TRUE(o.ok());
  Expected<std::string> banks = printSvg(sw, &*o);
  ASSERT_TRUE(banks.ok());
  EXPECT_NE(banks->find("<title>(1,0): offset 72, bank 4</title>"), std::string::npos);
  EXPECT_EQ(count(*banks, "class=\"wave\""), 64u) << "wave 0: 8 threads of 8 elements";
  EXPECT_NE(banks->find("outlined: wave 0 (columns 0-7, threads 0-7), conflict-free"), std::string::npos);
  Expected<std::string> conflicted = printSvg(eval("(8,64):(64,1)"), &*o);
  ASSERT_TRUE(conflicted.ok());
  EXPECT_NE(conflicted->find("outlined: wave 0 (columns 0-7, threads 0-7), 8-way"), std::string::npos);
  // Where the access does not fit the layout, the cells are still coloured, and the legend
  // says why no wave is outlined (the legend's text is escaped).
  Expected<std::string> odd = printSvg(eval("(8,60):(60,1)"), &*o);
  ASSERT_TRUE(odd.ok());
  EXPECT_NE(odd->find("no wave outlined: --banks: a row of (8,60):(60,1) has 60 elements"), std::string::npos);
  EXPECT_EQ(count(*odd, "class=\"wave\""), 0u);
}

TEST(SvgTest, WhyThereIsNoPicture) {
  Expected<Value> dynamic = evaluate("(4,8):(1,4)", ParseOptions{true});
  ASSERT_TRUE(dynamic.ok());
  Expected<std::string> s = printSvg(*dynamic);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "a layout with runtime extents has no picture");
  s = printSvg(eval("(2,2,2):(1,2,4)"));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "a picture is of a rank-1 or rank-2 layout, not of rank 3");
  s = printSvg(eval("composition(Swizzle<3,3,3>{}, (512,512):(512,1))"));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "a picture of 512 x 512 cells: more than 2^16 cells, rows or columns");
}

} // namespace
