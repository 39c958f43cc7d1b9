// Unit tests of SwizzleSynthesis.h: the swizzle chosen for the shared-memory tiles users ask
// about, judged by the bank model against CUTLASS's hand-picked SmemLayoutAtoms.
#include "SwizzleSynthesis.h"
#include "Evaluator.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

using namespace cutelayout;
using namespace cutelayout::cli;

namespace {

BankOptions access(int64_t elementBits, int64_t accessBits, const std::string &text) {
  Expected<BankOptions> o =
      makeBankOptions(std::to_string(elementBits), std::to_string(accessBits), text, ParseOptions{});
  EXPECT_TRUE(o.ok()) << text << ": " << (o.ok() ? "" : o.error().message);
  return o.ok() ? o.take() : BankOptions();
}

Layout layout(const std::string &text) {
  Expected<Layout> l = parseLayout(text);
  EXPECT_TRUE(l.ok()) << text;
  return l.ok() ? l.take() : Layout();
}

std::string name(const Swizzle &s) {
  return "Sw<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) + ">";
}

/// The bank model's worst ways over the accesses for `Sw o _0 o tile`, evaluated from text:
/// the judge, independent of the synthesis' own composition.
int64_t judgeWorst(const std::string &swizzle, const std::string &tile, const std::vector<BankOptions> &accesses) {
  Expected<Value> v = evaluate(swizzle + " o _0 o " + tile, ParseOptions{});
  EXPECT_TRUE(v.ok()) << swizzle;
  int64_t worst = 0;
  for (const BankOptions &o : accesses) {
    Expected<BankReport> r = bankConflicts(*v, o, Style::Plain);
    EXPECT_TRUE(r.ok()) << swizzle << " o _0 o " << tile << ": " << (r.ok() ? "" : r.error().message);
    if (r.ok())
      worst = std::max(worst, r->worst);
  }
  return worst;
}

/// The synthesis, after asserting every @post of synthesizeSwizzle and the ranking.
SwizzleSynthesis checkSynthesis(const std::string &tile, int64_t elementBits,
                                const std::vector<BankOptions> &accesses) {
  Expected<SwizzleSynthesis> s = synthesizeSwizzle(layout(tile), elementBits, accesses);
  EXPECT_TRUE(s.ok()) << tile << ": " << (s.ok() ? "" : s.error().message);
  if (!s.ok())
    return SwizzleSynthesis();
  int64_t bits = 0;
  while ((int64_t(1) << bits) < cosize(layout(tile)).value)
    ++bits;
  EXPECT_FALSE(s->candidates.empty());
  EXPECT_EQ(s->chosen.swizzle, s->candidates.front().swizzle);
  EXPECT_TRUE(s->chosen.keepsVectors()) << s->chosen.broken;
  EXPECT_LE(s->chosen.worstWays, s->before.worstWays);
  EXPECT_EQ(s->before.swizzle, Swizzle{});
  EXPECT_EQ(s->accesses.size(), accesses.size());
  bool seenBroken = false;
  for (size_t i = 0; i < s->candidates.size(); ++i) {
    const SwizzleCandidate &c = s->candidates[i];
    EXPECT_LE(c.swizzle.bits + c.swizzle.base + c.swizzle.shift, bits) << name(c.swizzle);
    EXPECT_TRUE(c.swizzle.bits == 0 || c.swizzle.shift >= c.swizzle.bits) << name(c.swizzle);
    // Vector-splitting candidates come last; among the rest the worst ways never fall.
    if (seenBroken) {
      EXPECT_FALSE(c.keepsVectors()) << name(c.swizzle) << " ranks after a candidate that splits vectors";
    }
    seenBroken |= !c.keepsVectors();
    if (i > 0 && c.keepsVectors()) {
      EXPECT_GE(c.worstWays, s->candidates[i - 1].worstWays) << name(c.swizzle);
      EXPECT_FALSE(whyLoses(c, *s).empty());
    }
    if (c.keepsVectors()) {
      EXPECT_EQ(c.worst.size(), accesses.size());
      for (size_t a = 0; a < accesses.size(); ++a)
        EXPECT_EQ(c.vector[a], accesses[a].accessBits / elementBits) << "the access's vector stays whole";
    }
  }
  // The bank model, applied to the chosen swizzle from its text, agrees.
  EXPECT_EQ(judgeWorst(name(s->chosen.swizzle), tile, accesses), s->chosen.worstWays);
  return s.take();
}

// The SM80 accesses of CUTLASS's GEMMs (examples/cute/tutorial/sgemm_sm80.cu and
// include/cutlass/gemm/collective/builders/sm80 ... SmemLayoutAtom, K-major): cp.async
// 128-bit writes, 8 threads a 128-byte row; the ldmatrix read of a tiled MMA's B operand.
const char *kWrite16 = "dst:make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, "
                       "Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})";
const char *kWrite16Narrow = "dst:make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, "
                             "Layout<Shape<_8,_4>,Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{})";
const char *kLdmatrixB16 = "src:make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, "
                           "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}, "
                           "Tile<_16,_8,_32>{}))";
const char *kWrite8 = "dst:make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, uint8_t>{}, "
                      "Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_16>>{})";
const char *kLdmatrixB32 = "src:make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, tfloat32_t>{}, "
                           "make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_1,_1,_1>>{}, "
                           "Tile<_16,_8,_16>{}))";
const char *kWrite32 = "dst:make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, tfloat32_t>{}, "
                       "Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{})";

TEST(SwizzleSynthesisTest, PreferredBaseKeepsSixteenBytes) {
  EXPECT_EQ(preferredSwizzleBase(8), 4);
  EXPECT_EQ(preferredSwizzleBase(16), 3);
  EXPECT_EQ(preferredSwizzleBase(32), 2);
  EXPECT_EQ(preferredSwizzleBase(64), 1);
  EXPECT_EQ(preferredSwizzleBase(128), 0);
  EXPECT_EQ(preferredSwizzleBase(4), 4);
}

/// One case users ask about: the synthesis on tile, and CUTLASS's hand-picked swizzle judged
/// by the same bank model. The synthesized one must be no worse, and here it is CUTLASS's.
/// before: each access's worst ways on the tile as given; after and vector: the chosen one's.
void expectCase(const std::string &tile, int64_t elementBits, const std::vector<BankOptions> &accesses,
                std::vector<int64_t> before, const std::string &cutlass, int64_t cutlassWorst,
                const std::string &chosen, std::vector<int64_t> after, std::vector<int64_t> vector) {
  SwizzleSynthesis s = checkSynthesis(tile, elementBits, accesses);
  EXPECT_EQ(s.before.worst, before) << tile;
  EXPECT_EQ(s.chosen.worst, after) << tile;
  EXPECT_EQ(s.chosen.vector, vector) << tile;
  EXPECT_EQ(judgeWorst(cutlass, tile, accesses), cutlassWorst) << cutlass << " o _0 o " << tile;
  EXPECT_LE(s.chosen.worstWays, cutlassWorst) << tile;
  EXPECT_EQ(name(s.chosen.swizzle), chosen) << printSwizzleSynthesis(s);
}

TEST(SwizzleSynthesisTest, Half64ElementRowsIsSw333) {
  // (8,64):(64,1) half, 128-byte rows. CUTLASS's SM80 K-major atom: Sw<3,3,3>.
  // Before: writes conflict-free, ldmatrix reads 8-way. Chosen Sw<3,3,3>: 1-way both.
  std::vector<BankOptions> a = {access(16, 128, kWrite16), access(16, 128, kLdmatrixB16)};
  expectCase("(8,64):(64,1)", 16, a, {1, 8}, "Sw<3,3,3>", 1, "Sw<3,3,3>", {1, 1}, {8, 8});
}

TEST(SwizzleSynthesisTest, Half32ElementRowsIsSw233) {
  // (8,32):(32,1) half, 64-byte rows. CUTLASS's SM80 atom for 32-element K: Sw<2,3,3>.
  // Before: ldmatrix reads 4-way (rows r and r+2 share banks). Chosen Sw<2,3,3>: 1-way.
  std::vector<BankOptions> a = {access(16, 128, kWrite16Narrow), access(16, 128, kLdmatrixB16)};
  expectCase("(8,32):(32,1)", 16, a, {1, 4}, "Sw<2,3,3>", 1, "Sw<2,3,3>", {1, 1}, {8, 8});
}

TEST(SwizzleSynthesisTest, Byte128ElementRowsIsSw343) {
  // (8,128):(128,1) 8-bit, 128-byte rows. CUTLASS's SM80 int8 K-major atom: Sw<3,4,3>.
  // The read is ldmatrix's pattern (thread t reads one 16-byte row, 8 threads a phase),
  // given as `columns`: this project has no SM80 int8 MMA atom to partition by.
  std::vector<BankOptions> a = {access(8, 128, kWrite8), access(8, 128, "columns")};
  expectCase("(8,128):(128,1)", 8, a, {1, 8}, "Sw<3,4,3>", 1, "Sw<3,4,3>", {1, 1}, {16, 16});
}

TEST(SwizzleSynthesisTest, Tf32ThirtyTwoElementRowsIsSw323) {
  // (8,32):(32,1) tf32, 128-byte rows. CUTLASS's SM80 tf32 K-major atom: Sw<3,2,3>.
  std::vector<BankOptions> a = {access(32, 128, kWrite32), access(32, 128, kLdmatrixB32)};
  expectCase("(8,32):(32,1)", 32, a, {1, 8}, "Sw<3,2,3>", 1, "Sw<3,2,3>", {1, 1}, {4, 4});
}

TEST(SwizzleSynthesisTest, Half128By64TileOfTheSm80GemmIsSw333) {
  // The whole K-major tile of an SM80 half GEMM: (128,64):(64,1), written by 128 threads of
  // cp.async (16,8):(8,1) x (1,8) and read by ldmatrix for both operands of a 2x2 tiled
  // MMA. Before: the reads 8-way in all 256 waves. CUTLASS's tile_to_shape of its
  // Sw<3,3,3> atom is Sw<3,3,3> over the whole tile (the swizzle's 9 bits lie in one atom).
  const char *mma = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})";
  std::vector<BankOptions> a = {
      access(16, 128,
             "dst:make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, "
             "Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})"),
      access(16, 128, std::string("src:make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, ") + mma + ")"),
      access(16, 128, std::string("src:make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, ") + mma + ")")};
  expectCase("(128,64):(64,1)", 16, a, {1, 8, 8}, "Sw<3,3,3>", 1, "Sw<3,3,3>", {1, 1, 1}, {8, 8, 8});
}

TEST(SwizzleSynthesisTest, RunnersUpSayWhyTheyLose) {
  std::vector<BankOptions> a = {access(16, 128, kWrite16), access(16, 128, kLdmatrixB16)};
  SwizzleSynthesis s = checkSynthesis("(8,64):(64,1)", 16, a);
  auto find = [&](const std::string &n) {
    for (const SwizzleCandidate &c : s.candidates)
      if (name(c.swizzle) == n)
        return whyLoses(c, s);
    return std::string("not a candidate");
  };
  EXPECT_EQ(find("Sw<2,3,4>"), "2-way in access 1 (chosen: conflict-free)");
  EXPECT_EQ(find("Sw<0,0,0>"), "8-way in access 1 (chosen: conflict-free)");
  EXPECT_EQ(find("Sw<3,2,3>").rfind("splits the vectors of access 0: ", 0), 0u) << find("Sw<3,2,3>");
  EXPECT_EQ(find("Sw<3,4,3>"), "not a candidate") << "3 + 4 + 3 bits exceed the cosize 512";
  EXPECT_EQ(find("Sw<3,3,3>"), "the chosen one");
  std::string report = printSwizzleSynthesis(s, 3);
  EXPECT_NE(report.find("before (no swizzle): access 0 conflict-free, access 1 8-way; worst 8-way"), std::string::npos)
      << report;
  EXPECT_NE(report.find("chosen: Sw<3,3,3> o _0 o (8,64):(64,1): access 0 conflict-free, access 1 conflict-free"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("vectors kept: 8 elements (access 0), 8 elements (access 1)"), std::string::npos) << report;
}

TEST(SwizzleSynthesisTest, TheOperationReturnsTheChosenLayout) {
  // synthesize_swizzle(tile, copy[, copy]): cp.async writes the tile, ldmatrix reads it.
  auto run = [](const std::string &text) {
    Expected<Value> v = evaluate(text, ParseOptions{});
    return v.ok() ? printValue(*v, Style::Plain) : "error: " + v.error().message;
  };
  std::string write = std::string(kWrite16).substr(4), read = std::string(kLdmatrixB16).substr(4);
  EXPECT_EQ(run("synthesize_swizzle((8,64):(64,1), " + write + ", " + read + ")"), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  // The writes alone are conflict-free on the tile as given: no swizzle.
  EXPECT_EQ(run("synthesize_swizzle((8,64):(64,1), " + write + ")"), "(8,64):(64,1)");
  EXPECT_EQ(run("synthesize_swizzle((8,64):(64,1), " + read + ")"), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  std::string universal = "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, "
                          "Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})";
  EXPECT_NE(run("synthesize_swizzle((8,64):(64,1), " + universal + ")")
                .find("argument 2: UniversalCopy<uint128_t> neither reads shared memory (ldmatrix) nor writes it "
                      "(cp.async): which side is the tile's is not known"),
            std::string::npos)
      << run("synthesize_swizzle((8,64):(64,1), " + universal + ")");
  EXPECT_NE(
      run("synthesize_swizzle((8,64):(64,1), 4:1)").find("argument 2: an access is a tiled copy or copy atom, got 4:1"),
      std::string::npos);
}

TEST(SwizzleSynthesisTest, SweepOfRowMajorTiles) {
  // Every row-major tile of 2 to 16 rows of 8 to 256 bytes, for 8-, 16- and 32-bit elements
  // read by rows and down columns with 128-bit accesses: checkSynthesis' postconditions, and
  // the chosen swizzle is never worse than the tile as given. Where a row is 128 bytes and
  // there are 8 rows, the column read is 8-way before and conflict-free after.
  for (int64_t bits : {8, 16, 32})
    for (int64_t rows : {2, 4, 8, 16})
      for (int64_t bytes : {16, 32, 64, 128, 256}) {
        int64_t columns = bytes * 8 / bits;
        std::string tile =
            "(" + std::to_string(rows) + "," + std::to_string(columns) + "):(" + std::to_string(columns) + ",1)";
        std::vector<BankOptions> a = {access(bits, 128, "rows"), access(bits, 128, "columns")};
        SwizzleSynthesis s = checkSynthesis(tile, bits, a);
        if (rows == 8 && bytes == 128) {
          EXPECT_EQ(s.before.worstWays, 8) << tile;
          EXPECT_EQ(s.chosen.worstWays, 1) << tile;
        }
      }
}

TEST(SwizzleSynthesisTest, Errors) {
  std::vector<BankOptions> a = {access(16, 128, "columns")};
  auto error = [](Expected<SwizzleSynthesis> s) { return s.ok() ? std::string("no error") : s.error().message; };
  EXPECT_EQ(error(synthesizeSwizzle(layout("(8,64):(64,1)"), 16, {})),
            "swizzle synthesis of (8,64):(64,1) needs at least one access");
  EXPECT_EQ(error(synthesizeSwizzle(layout("(8,64):(64,1)"), 8, a)),
            "swizzle synthesis of (8,64):(64,1) with 8-bit elements: access 0 has 16-bit elements");
  EXPECT_EQ(error(synthesizeSwizzle(layout("(8,48):(48,1)"), 16, a)),
            "swizzle synthesis needs a tile whose cosize is a power of two >= 2, but (8,48):(48,1) has cosize 384");
  Expected<Layout> dynamic = parseLayout("(8,64):(64,1)", ParseOptions{/*plainIsDynamic=*/true});
  ASSERT_TRUE(dynamic.ok());
  EXPECT_EQ(error(synthesizeSwizzle(*dynamic, 16, a)).rfind("swizzle synthesis needs a static tile, got ", 0), 0u);
  EXPECT_EQ(
      error(synthesizeSwizzle(layout("(8,64):(1,8)"), 16, a))
          .rfind("swizzle synthesis of (8,64):(1,8): the tile as given does not keep the vectors of access 0: ", 0),
      0u);
}

} // namespace
