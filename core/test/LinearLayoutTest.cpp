// Tests of LinearLayout.h: the value, its invariant, apply, invert, print, and the
// conversions to and from CuTe's layouts (plain, swizzled, thread-value) with exact messages.
// The SM80 atoms' bases are derived by hand in the comments; the sweeps check every index.
#include "cutelayout/LinearLayout.h"

#include "cutelayout/Atom.h"
#include "cutelayout/Notation.h"

#include "Parsed.h"
#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cutelayout {
// gtest prints a LinearLayout that fails a comparison in Triton's text.
inline void PrintTo(const LinearLayout &l, std::ostream *os) { *os << "\n" << print(l); }
} // namespace cutelayout

using namespace cutelayout;
using namespace cutelayout::test;

namespace {

using Bases = std::vector<std::vector<int32_t>>;

LinearLayout ll(std::vector<LinearLayout::InDim> in, std::vector<std::string> outs, std::vector<int32_t> sizes = {}) {
  Expected<LinearLayout> r = makeLinearLayout(std::move(in), std::move(outs), std::move(sizes));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : LinearLayout{};
}

Swizzle sw(int b, int m, int s) { return *makeSwizzle(b, m, s); }

std::string err(const Expected<LinearLayout> &r) { return r.ok() ? "ok: " + printCompact(*r) : r.error().message; }
std::string err(const Expected<AnyLayout> &r) { return r.ok() ? "ok: " + print(*r) : r.error().message; }

/// A layout or composed layout as a function of its 1-D index.
int64_t evalAny(const AnyLayout &l, int64_t i) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return eval(*p, i);
  Expected<Int> r = crd2idx(IntTuple(Int::dynamic(i)), std::get<ComposedLayout>(l));
  return r ? r->value : INT64_MIN;
}

int64_t sizeAny(const AnyLayout &l) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return size(*p).value;
  return size(std::get<ComposedLayout>(l)).value;
}

/// toLinearLayout's @post: the LinearLayout at every flat index is the layout's offset.
/// Returns the number of indices checked.
int64_t checkToLinearLayout(const AnyLayout &l, const LinearLayout &r) {
  int64_t n = sizeAny(l);
  EXPECT_EQ(int64_t(1) << r.totalInBits(), n) << print(l);
  for (int64_t i = 0; i < n; ++i)
    EXPECT_EQ(applyFlatOffset(r, uint64_t(i)), evalAny(l, i)) << print(l) << " at " << i;
  return n;
}

/// fromLinearLayout's @post: back to a LinearLayout of the same function.
void checkFromLinearLayout(const LinearLayout &l, const AnyLayout &back, const LinearLayoutNames &names) {
  Expected<LinearLayout> again = toLinearLayout(back, names);
  ASSERT_TRUE(again.ok()) << print(back) << ": " << again.error().message;
  EXPECT_TRUE(sameFunction(*again, l)) << print(back) << "\n" << print(*again) << "\n" << print(l);
}

/// Whether the layout, as a function of its index bits, is not XOR-linear: two single input
/// bits whose offsets do not XOR to the offset of both (what toLinearLayout must refuse).
bool notXorLinear(const Layout &l) {
  int64_t n = sizeOf(l);
  for (int64_t a = 1; a < n; a <<= 1)
    for (int64_t b = a << 1; b < n; b <<= 1)
      if (eval(l, a | b) != (eval(l, a) ^ eval(l, b)))
        return true;
  return false;
}

} // namespace

// --- the value ------------------------------------------------------------------------------

TEST(LinearLayout, ApplyXorsTheBasesOfTheSetBits) {
  // CuTe's SM80 accumulator layout on its 16x8 tile (the header's first example).
  LinearLayout c =
      ll({{"register", {{0, 1}, {8, 0}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}}, {"dim0", "dim1"});
  EXPECT_EQ(c.outDims[0].size, 16);
  EXPECT_EQ(c.outDims[1].size, 8);
  Expected<std::vector<int32_t>> v = apply(c, {{"register", 1}, {"lane", 4}});
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(*apply(c, {{"register", 3}, {"lane", 31}}), (std::vector<int32_t>{15, 7}));
  EXPECT_EQ(applyFlat(c, 1 | (4 << 2)), (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(applyFlatOffset(c, 1 | (4 << 2)), 1 + 16 * 1);
}

TEST(LinearLayout, PrintIsTritons) {
  LinearLayout c =
      ll({{"register", {{0, 1}, {8, 0}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}, {"warp", {}}},
         {"dim0", "dim1"});
  EXPECT_EQ(print(c), " - register=1 -> (0, 1)\n"
                      "   register=2 -> (8, 0)\n"
                      " - lane=1 -> (0, 2)\n"
                      "   lane=2 -> (0, 4)\n"
                      "   lane=4 -> (1, 0)\n"
                      "   lane=8 -> (2, 0)\n"
                      "   lane=16 -> (4, 0)\n"
                      " - warp is a size 1 dimension\n"
                      "where out dims are: [dim0 (size 16), dim1 (size 8)]");
  EXPECT_EQ(printCompact(c),
            "{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = []} "
            "-> [dim0 (size 16), dim1 (size 8)]");
  EXPECT_EQ(print(LinearLayout{}), "(empty layout)");
}

TEST(LinearLayout, InvariantErrors) {
  auto check = [](LinearLayout l) {
    return checkLinearLayout(l).ok() ? std::string("ok") : checkLinearLayout(l).error().message;
  };
  LinearLayout l{{{"lane", {{16, 0}}}}, {{"dim0", 8}, {"dim1", 8}}};
  EXPECT_EQ(check(l), "basis 0 of lane has value 16 in dim0, outside its size 8");
  l = LinearLayout{{{"lane", {{1}}}}, {{"dim0", 8}, {"dim1", 8}}};
  EXPECT_EQ(check(l), "basis 0 of lane has 1 values for 2 output dimensions");
  l = LinearLayout{{{"lane", {}}, {"lane", {}}}, {{"dim0", 8}}};
  EXPECT_EQ(check(l), "input dimension lane is named twice");
  l = LinearLayout{{}, {{"dim0", 6}}};
  EXPECT_EQ(check(l), "output dimension dim0 has size 6, not a power of two in [1, 2^30]");
  l = LinearLayout{{{"", {}}}, {{"dim0", 8}}};
  EXPECT_EQ(check(l), "input dimension 0 has no name");
  l = LinearLayout{{}, {{"", 8}}};
  EXPECT_EQ(check(l), "output dimension 0 has no name");
  l = LinearLayout{{}, {{"dim0", 8}, {"dim0", 8}}};
  EXPECT_EQ(check(l), "output dimension dim0 is named twice");
  l = LinearLayout{{{"lane", Bases(31, std::vector<int32_t>{0})}}, {{"dim0", 8}}};
  EXPECT_EQ(check(l), "input dimension lane has 31 bases: more than 2^30 points");
  EXPECT_EQ(makeLinearLayout({{"lane", {{1}}}}, {"dim0"}, {2, 2}).error().message,
            "2 output sizes for 1 output dimensions");
  LinearLayout c = ll({{"lane", {{1}, {2}}}}, {"offset"});
  EXPECT_EQ(apply(c, {{"lane", 4}}).error().message, "apply: lane=4 is outside its size 4");
  EXPECT_EQ(apply(c, {{"warp", 0}}).error().message, "apply: warp is not an input dimension");
  EXPECT_EQ(apply(c, {{"lane", 1}, {"lane", 1}}).error().message, "apply: lane is given twice");
}

TEST(LinearLayout, SameFunctionMatchesByName) {
  LinearLayout a = ll({{"register", {{0, 1}}}, {"lane", {{1, 0}}}}, {"dim0", "dim1"});
  LinearLayout b = ll({{"lane", {{0, 1}}}, {"register", {{1, 0}}}, {"warp", {}}}, {"dim1", "dim0"});
  EXPECT_TRUE(sameFunction(a, b));
  EXPECT_FALSE(a == b);
  LinearLayout c = ll({{"register", {{0, 1}}}, {"lane", {{0, 1}}}}, {"dim0", "dim1"});
  EXPECT_FALSE(sameFunction(a, c));
  LinearLayout d = ll({{"register", {{0, 1}, {0, 0}}}, {"lane", {{1, 0}}}}, {"dim0", "dim1"});
  EXPECT_FALSE(sameFunction(a, d)); // a different domain
}

TEST(LinearLayout, InvertIsTheInverseFunction) {
  // Triton's shared layouts go offset -> (dim0, dim1); CuTe's smem layouts the other way.
  LinearLayout smem = *toLinearLayout(composition(sw(3, 3, 3), L("(8,64):(64,1)")));
  Expected<LinearLayout> inv = invert(smem);
  ASSERT_TRUE(inv.ok()) << inv.error().message;
  EXPECT_EQ(inv->inDims[0].name, "offset");
  for (uint64_t y = 0; y < 512; ++y) {
    std::vector<int32_t> x = applyFlat(*inv, y);
    EXPECT_EQ(applyFlatOffset(smem, uint64_t(x[0]) | (uint64_t(x[1]) << 3)), int64_t(y));
  }
  EXPECT_TRUE(sameFunction(*invert(*inv), smem));
  EXPECT_EQ(invert(*toLinearLayout(AnyLayout(L("(4,2):(1,8)")))).error().message,
            "invert: the layout has 3 input bits and 4 output bits: not a bijection");
  EXPECT_EQ(invert(*toLinearLayout(AnyLayout(L("(4,2):(1,0)")))).error().message,
            "invert: the layout has 3 input bits and 2 output bits: not a bijection");
  EXPECT_EQ(invert(ll({{"x", {{1}, {1}}}}, {"y"}, {4})).error().message,
            "invert: output bit 1 is reached by no input: not a bijection");
}

// --- CuTe -> LinearLayout: golden cases -------------------------------------------------------

TEST(LinearLayout, RowMajorTile) {
  // (4,8):(8,1): row bits give 8, 16; column bits 1, 2, 4.
  Expected<LinearLayout> r = toLinearLayout(AnyLayout(L("(4,8):(8,1)")));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, ll({{"dim0", {{8}, {16}}}, {"dim1", {{1}, {2}, {4}}}}, {"offset"}));
  EXPECT_EQ(r->outDims[0].size, 32);
  // One name: the 1-D domain as one input dimension.
  LinearLayoutNames one;
  one.inNames = {"index"};
  EXPECT_EQ(*toLinearLayout(AnyLayout(L("(4,8):(8,1)")), one), ll({{"index", {{8}, {16}, {1}, {2}, {4}}}}, {"offset"}));
  // Broadcast: a stride 0 is a zero basis; the image's size still bounds the output.
  EXPECT_EQ(*toLinearLayout(AnyLayout(L("(2,4):(0,2)"))), ll({{"dim0", {{0}}}, {"dim1", {{2}, {4}}}}, {"offset"}));
  // Nested modes: the column-major index of ((2,4),2) is bit 0 of the 2, then the 4, then 2.
  EXPECT_EQ(*toLinearLayout(AnyLayout(L("((2,4),2):((4,8),1)"))),
            ll({{"dim0", {{4}, {8}, {16}}}, {"dim1", {{1}}}}, {"offset"}));
}

TEST(LinearLayout, SwizzledSharedMemory) {
  // Sw<3,3,3> o (8,64):(64,1), 16-bit elements in 128-byte rows: rows 64, 128, 256 get the
  // bits 6, 7, 8 XOR-ed into 3, 4, 5: 64 ^ 8 = 72, 128 ^ 16 = 144, 256 ^ 32 = 288. Columns
  // 1..32 keep theirs (bits 0..5 are below the yyy field).
  AnyLayout s333 = composition(sw(3, 3, 3), L("(8,64):(64,1)"));
  Expected<LinearLayout> r = toLinearLayout(s333);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, ll({{"dim0", {{72}, {144}, {288}}}, {"dim1", {{1}, {2}, {4}, {8}, {16}, {32}}}}, {"offset"}));
  EXPECT_EQ(checkToLinearLayout(s333, *r), 512);
  Expected<AnyLayout> back = fromLinearLayout(*r);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(print(*back, Style::Cute), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");

  // Sw<3,4,3> o (8,64):(64,1): the yyy field is bits 7..9, and offsets stop at 511, so row 1
  // (64, bit 6) is not swizzled: 64, 128 ^ 16 = 144, 256 ^ 32 = 288. The smallest swizzle with
  // that function is Sw<2,4,3> (bit 9 is never set).
  AnyLayout s343 = composition(sw(3, 4, 3), L("(8,64):(64,1)"));
  r = toLinearLayout(s343);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->inDims[0].bases, (Bases{{64}, {144}, {288}}));
  EXPECT_EQ(checkToLinearLayout(s343, *r), 512);
  back = fromLinearLayout(*r);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(print(*back, Style::Cute), "Sw<2,4,3> o _0 o (_8,_64):(_64,_1)");
  checkFromLinearLayout(*r, *back, {});

  // Sw<3,4,3> o (8,128):(128,1), 8-bit elements in 128-byte rows: every field bit is reached.
  AnyLayout s8 = composition(sw(3, 4, 3), L("(8,128):(128,1)"));
  r = toLinearLayout(s8);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->inDims[0].bases, (Bases{{128 ^ 16}, {256 ^ 32}, {512 ^ 64}}));
  EXPECT_EQ(checkToLinearLayout(s8, *r), 1024);
  EXPECT_EQ(print(*fromLinearLayout(*r), Style::Cute), "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)");

  // A column-major 64x8 tile with Sw<3,3,3> (CUTLASS's K-major 16-bit smem atom transposed).
  AnyLayout cm = composition(sw(3, 3, 3), L("(64,8):(1,64)"));
  r = toLinearLayout(cm);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(checkToLinearLayout(cm, *r), 512);
  EXPECT_EQ(print(*fromLinearLayout(*r), Style::Cute), "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)");
}

TEST(LinearLayout, TritonSharedLayoutIsTheInverse) {
  // Triton's 128-byte swizzled shared layout of a 16-bit [8,64] tile maps offset bits to
  // (row, column): bits 0..5 are columns 1..32; offset 64 holds the element x with
  // Sw<3,3,3>(x) = 64, x = Sw<3,3,3>(64) = 72 = (row 1, column 8); 128 -> 144 = (2, 16);
  // 256 -> 288 = (4, 32).
  LinearLayout triton = ll({{"offset", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}}},
                           {"dim0", "dim1"}, {8, 64});
  Expected<LinearLayout> coords = invert(triton);
  ASSERT_TRUE(coords.ok()) << coords.error().message;
  AnyLayout cute = composition(sw(3, 3, 3), L("(8,64):(64,1)"));
  EXPECT_TRUE(sameFunction(*coords, *toLinearLayout(cute))) << print(*coords);
  Expected<AnyLayout> back = fromLinearLayout(*coords);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(print(*back, Style::Cute), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
}

TEST(LinearLayout, ComposedWithALayoutOuter) {
  // (8,4):(4,1) o _0 o (4,8):(1,4): a row-major 8x4 read through a column-major index.
  ComposedLayout c =
      *makeComposedLayout(OuterFunction::of(L("(8,4):(4,1)")), IntTuple(Int::fixed(0)), L("(4,8):(1,4)"));
  Expected<LinearLayout> r = toLinearLayout(AnyLayout(c));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(checkToLinearLayout(AnyLayout(c), *r), 32);
}

TEST(LinearLayout, ScaledBasisStridesGiveCoordinates) {
  // make_identity_tensor's layout (4,8):(1@0,1@1) is the identity of coordinates.
  Expected<LinearLayout> r = toLinearLayout(AnyLayout(L("(4,8):(_1@0,_1@1)")));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, ll({{"dim0", {{1, 0}, {2, 0}}}, {"dim1", {{0, 1}, {0, 2}, {0, 4}}}}, {"dim0", "dim1"}));
  // The SM80 accumulator written with coordinate strides (m = 1@0, n = 1@1) is Triton's
  // MMA v2 layout without a tile: t0 gives n 2, 4; t1 gives m 1, 2, 4; values n 1, m 8.
  Expected<LinearLayout> tv = toLinearLayoutTV(AnyLayout(L("((4,8),(2,2)):((_2@1,_1@0),(_1@1,_8@0))")));
  ASSERT_TRUE(tv.ok()) << tv.error().message;
  EXPECT_EQ(*tv, ll({{"register", {{0, 1}, {8, 0}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}, {"warp", {}}},
                    {"dim0", "dim1"}, {16, 8}));
  // A zero integer stride is a broadcast; a non-zero one cannot be added to a basis.
  EXPECT_EQ(toLinearLayout(AnyLayout(L("(2,4):(0,_1@1)")))->inDims[0].bases, (Bases{{0, 0}}));
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("(2,4):(1,_1@1)")))),
            "(2,4):(1,1@1) mixes integer and scaled-basis strides: bit 0 of mode 0 gives offset 1 (CuTe adds no "
            "integer to a basis)");
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("(2,2):(_1@0,_1@0)")))),
            "(2,2):(1@0,1@0) is not linear over GF(2): bit 0 of mode 0 gives offset 1@0 and bit 0 of mode 1 gives "
            "offset 1@0, which share bits (CuTe adds them, a LinearLayout XORs them)");
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("4:_1@0@1")))),
            "stride 1@0@1 (leaf 0 of mode 0 of 4:1@0@1) is a basis of a nested mode: a LinearLayout's outputs are "
            "flat coordinates");
  IntTuple tile = T("(4,8)");
  LinearLayoutNames n;
  n.tile = &tile;
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("(4,8):(_1@0,_1@1)")), n)),
            "a tile for (4,8):(1@0,1@1), whose scaled-basis strides give coordinates already");
  EXPECT_EQ(err(toLinearLayout(composition(sw(1, 0, 1), L("(4,8):(_1@0,_1@1)")))),
            "Sw<1,0,1> o 0 o (4,8):(1@0,1@1) composes a function after scaled-basis strides: its inner layout "
            "gives coordinates, not offsets");
}

// --- the SM80 atoms as register/lane bases --------------------------------------------------

TEST(LinearLayout, Sm80AccumulatorLayout) {
  // SM80_16x8x16_F32BF16BF16F32_TN, C: ((4,8),(2,2)):((32,1),(16,8)) on the column-major
  // 16x8 (M,N) tile, offset = m + 16 n.
  //   thread = t0 + 4 t1: t0 (4, stride 32): 32 = (0,2), 64 = (0,4)
  //                       t1 (8, stride 1):  1 = (1,0), 2 = (2,0), 4 = (4,0)
  //   value  (2,2):(16,8): 16 = (0,1), 8 = (8,0)
  // register = [[0,1],[8,0]], lane = [[0,2],[0,4],[1,0],[2,0],[4,0]]: Triton's NVIDIA MMA
  // v2 layout (nvidiaMmaTile: one register on dim1, 4 lanes on dim1, 8 lanes on dim0, one
  // register on dim0) for instrShape [16,8] and one warp.
  MmaAtom atom = *mmaAtom("SM80_16x8x16_F32BF16BF16F32_TN");
  IntTuple tile = T("(16,8)");
  Expected<LinearLayout> r = toLinearLayoutTV(AnyLayout(atom.layoutC_TV), &tile);
  ASSERT_TRUE(r.ok()) << r.error().message;
  LinearLayout triton =
      ll({{"register", {{0, 1}, {8, 0}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}, {"warp", {}}},
         {"dim0", "dim1"}, {16, 8});
  EXPECT_EQ(*r, triton);
  // And back: the thread mode's bits (32, 64, 1, 2, 4) coalesce to (4,8):(32,1).
  Expected<AnyLayout> back = fromLinearLayoutTV(*r);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(print(*back, Style::Cute), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
  // Without a tile, the offsets themselves.
  EXPECT_EQ(*toLinearLayoutTV(AnyLayout(atom.layoutC_TV)),
            ll({{"register", {{16}, {8}}}, {"lane", {{32}, {64}, {1}, {2}, {4}}}, {"warp", {}}}, {"offset"}));
}

TEST(LinearLayout, Sm80OperandLayouts) {
  MmaAtom atom = *mmaAtom("SM80_16x8x16_F32BF16BF16F32_TN");
  // A: ((4,8),(2,2,2)):((32,1),(16,8,128)) on the (M,K) = 16x16 tile, offset = m + 16 k.
  //   t0: 32 = (0,2), 64 = (0,4); t1: (1,0), (2,0), (4,0)
  //   values: 16 = (0,1), 8 = (8,0), 128 = (0,8)
  IntTuple tileA = T("(16,16)");
  EXPECT_EQ(
      *toLinearLayoutTV(AnyLayout(atom.layoutA_TV), &tileA),
      ll({{"register", {{0, 1}, {8, 0}, {0, 8}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}, {"warp", {}}},
         {"dim0", "dim1"}, {16, 16}));
  // B: ((4,8),(2,2)):((16,1),(8,64)) on CuTe's (N,K) = 8x16 tile, offset = n + 8 k.
  //   t0: 16 = (0,2), 32 = (0,4); t1: (1,0), (2,0), (4,0); values: 8 = (0,1), 64 = (0,8)
  // Triton's B operand is (K,N): the same bases with dim0 and dim1 swapped.
  IntTuple tileB = T("(8,16)");
  LinearLayout b = *toLinearLayoutTV(AnyLayout(atom.layoutB_TV), &tileB);
  EXPECT_EQ(b, ll({{"register", {{0, 1}, {0, 8}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}}, {"warp", {}}},
                  {"dim0", "dim1"}, {8, 16}));
  LinearLayout kn = ll({{"register", {{1, 0}, {8, 0}}}, {"lane", {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                       {"dim0", "dim1"}, {16, 8});
  std::swap(b.outDims[0].name, b.outDims[1].name);
  EXPECT_TRUE(sameFunction(b, kn));
  // Every SM80 atom's three layouts convert and come back as the same function.
  int checked = 0;
  for (const char *name :
       {"SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x8_F16F16F16F16_TN", "SM80_16x8x16_F32F16F16F32_TN",
        "SM80_16x8x8_F32TF32TF32F32_TN", "SM80_16x8x16_F32BF16BF16F32_TN", "SM80_16x8x8_F32BF16BF16F32_TN"}) {
    MmaAtom a = *mmaAtom(name);
    for (char which : {'A', 'B', 'C'}) {
      const Layout &tv = atomLayoutTV(a, which);
      Expected<LinearLayout> r = toLinearLayoutTV(AnyLayout(tv));
      ASSERT_TRUE(r.ok()) << name << " " << which << ": " << r.error().message;
      int64_t n = size(tv).value;
      for (int64_t i = 0; i < n; ++i) // (t, v) -> flat index t + 32 v; register bits come first
        EXPECT_EQ(*apply(*r, {{"register", int32_t(i / 32)}, {"lane", int32_t(i % 32)}}),
                  std::vector<int32_t>{int32_t(eval(tv, i))});
      Expected<AnyLayout> back = fromLinearLayoutTV(*r);
      ASSERT_TRUE(back.ok()) << back.error().message;
      EXPECT_EQ(firstDifference(std::get<Layout>(*back), tv), -1) << name << " " << which << ": " << print(*back);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 18);
}

TEST(LinearLayout, Sm80TiledMmaWarps) {
  MmaAtom atom = *mmaAtom("SM80_16x8x16_F32BF16BF16F32_TN");
  IntTuple tile = T("(32,16)");
  // Triton numbers the warps of an MMA v2 layout row-major (warp bit 0 along N for
  // warpsPerCTA [2,2]); CuTe's make_tiled_mma takes the atom layout's order: (2,2,1):(2,1,0)
  // gives Triton's numbering, warp = [[0,8],[16,0]].
  TiledMma rowMajor = *makeTiledMma(atom, L("(2,2,1):(2,1,0)"), nullptr);
  Expected<LinearLayout> r = toLinearLayoutTV(AnyLayout(*layoutTV(rowMajor, 'C')), &tile);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, ll({{"register", {{0, 1}, {8, 0}}},
                    {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                    {"warp", {{0, 8}, {16, 0}}}},
                   {"dim0", "dim1"}, {32, 16}));
  // CuTe's default, column-major (2,2,1): warp bit 0 along M.
  TiledMma colMajor = *makeTiledMma(atom, L("(2,2,1):(1,2,4)"), nullptr);
  r = toLinearLayoutTV(AnyLayout(*layoutTV(colMajor, 'C')), &tile);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->inDims[2].bases, (Bases{{16, 0}, {0, 8}}));
  Expected<AnyLayout> back = fromLinearLayoutTV(*r);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(firstDifference(std::get<Layout>(*back), *layoutTV(colMajor, 'C')), -1) << print(*back);
}

// The copy atoms' thread-value layouts (ldmatrix, cp.async, universal copies of 16-bit
// values) and tiled copies over a tiled MMA: each converts, equals the layout at every index,
// and comes back as the same function.
TEST(LinearLayout, CopyAtomsAndTiledCopies) {
  std::vector<Layout> tvs;
  for (const char *op :
       {"SM75_U32x1_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x4_LDSM_N", "SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T",
        "SM75_U16x8_LDSM_T", "UniversalCopy<uint128_t>", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"}) {
    Expected<CopyAtom> atom = copyAtom(op, 16);
    ASSERT_TRUE(atom.ok()) << op << ": " << atom.error().message;
    tvs.push_back(atom->layoutSrc);
    tvs.push_back(atom->layoutDst);
    TiledMma mma = *makeTiledMma(*mmaAtom("SM80_16x8x16_F16F16F16F16_TN"), L("(2,2,1):(1,2,0)"), nullptr);
    for (char which : {'A', 'B'}) {
      Expected<TiledCopy> tiled = makeTiledCopyFor(*atom, mma, which);
      if (tiled.ok()) // CuTe's own static checks refuse some pairs
        for (char side : {'S', 'D'})
          tvs.push_back(*layoutTV(*tiled, side));
    }
  }
  int checked = 0;
  for (const Layout &tv : tvs) {
    Expected<LinearLayout> r = toLinearLayoutTV(AnyLayout(tv));
    ASSERT_TRUE(r.ok()) << show(tv) << ": " << r.error().message;
    int64_t threads = size(tv.mode(0)).value, n = size(tv).value;
    for (int64_t i = 0; i < n; ++i) {
      int64_t t = i % threads, v = i / threads;
      ASSERT_EQ(*apply(*r, {{"register", int32_t(v)}, {"lane", int32_t(t % 32)}, {"warp", int32_t(t / 32)}}),
                std::vector<int32_t>{int32_t(eval(tv, i))})
          << show(tv) << " at " << i;
    }
    Expected<AnyLayout> back = fromLinearLayoutTV(*r);
    ASSERT_TRUE(back.ok()) << show(tv) << ": " << back.error().message;
    EXPECT_EQ(firstDifference(std::get<Layout>(*back), tv), -1) << show(tv) << " -> " << print(*back);
    ++checked;
  }
  EXPECT_GE(checked, 30);
  std::printf("[ atoms ] %d copy-atom and tiled-copy thread-value layouts converted and back\n", checked);
}

// --- errors ---------------------------------------------------------------------------------

TEST(LinearLayout, ToLinearLayoutErrors) {
  auto to = [](const char *text, bool dynamic = false) { return err(toLinearLayout(AnyLayout(L(text, dynamic)))); };
  EXPECT_EQ(to("(2,3):(1,2)"), "extent 3 (leaf 0 of mode 1 of (2,3):(1,2)) is not a power of two: a LinearLayout's "
                               "input dimensions have 2^k points");
  EXPECT_EQ(to("(2,4):(1,2)", true),
            "extent 2 (leaf 0 of mode 0 of (2,4):(1,2)) is a runtime value: a LinearLayout is static");
  EXPECT_EQ(to("(2,4):(1,-2)"),
            "stride -2 (leaf 0 of mode 1 of (2,4):(1,-2)) is negative: a LinearLayout's offsets are "
            "non-negative bit vectors");
  EXPECT_EQ(to("(2,2):(1,1)"),
            "(2,2):(1,1) is not linear over GF(2): bit 0 of mode 0 gives offset 1 and bit 0 of mode 1 "
            "gives offset 1, which share bits (CuTe adds them, a LinearLayout XORs them)");
  EXPECT_EQ(to("4:3"),
            "4:3 is not linear over GF(2): bit 0 of mode 0 gives offset 3 and bit 1 of mode 0 gives offset 6, "
            "which share bits (CuTe adds them, a LinearLayout XORs them)");
  EXPECT_EQ(to("(2,4):(1,2)", false).substr(0, 2), "ok");
  Layout runtimeStride = L("(2,4):(1,2)");
  runtimeStride.stride = mapLeaves(runtimeStride.stride, [](Int x) { return Int::dynamic(x.value); });
  EXPECT_EQ(err(toLinearLayout(AnyLayout(runtimeStride))),
            "stride 1 (leaf 0 of mode 0 of (2,4):(1,2)) is a runtime value: a LinearLayout is static");
  EXPECT_EQ(to("(2,2):(1,1073741824)"), "offset 1073741824 * 1 (leaf 0 of mode 1 of (2,2):(1,1073741824)) is not "
                                        "below 2^30: a LinearLayout's values are 32-bit");
  ComposedLayout outside = *makeComposedLayout(OuterFunction::of(L("8:1")), IntTuple(Int::fixed(0)), L("4:4"));
  EXPECT_EQ(err(toLinearLayout(AnyLayout(outside))),
            "offset 8 of the inner layout is outside the domain of the outer 8:1 (size 8)");
  ComposedLayout off = *makeComposedLayout(OuterFunction::of(sw(1, 0, 1)), IntTuple(Int::fixed(4)), L("4:1"));
  EXPECT_EQ(err(toLinearLayout(AnyLayout(off))),
            "offset 4 of Sw<1,0,1> o 4 o 4:1 is not _0: the function is affine, a LinearLayout is linear");
  IntTuple small = T("(4,4)"), odd = T("(4,6)");
  LinearLayoutNames n;
  n.tile = &small;
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("32:1")), n)), "offset 16 is outside the tile (4,4) (size 16)");
  n.tile = &odd;
  EXPECT_EQ(
      err(toLinearLayout(AnyLayout(L("4:1")), n)),
      "extent 6 (leaf 1) of the tile (4,6) is not a static power of two: a LinearLayout's outputs have 2^k values");
  n.tile = nullptr;
  n.inNames = {"a", "b", "c"};
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("(4,4):(1,4)")), n)),
            "3 input names for (4,4):(1,4) of rank 2: one per mode, or one for its 1-D domain");
  n.inNames = {"a", "a"};
  EXPECT_EQ(err(toLinearLayout(AnyLayout(L("(4,4):(1,4)")), n)), "input dimension a is named twice");
  EXPECT_EQ(err(toLinearLayoutTV(AnyLayout(L("32:1")))),
            "the thread-value layout 32:1 does not have rank 2: (thread, value) -> offset");
}

TEST(LinearLayout, FromLinearLayoutErrors) {
  // Bases 1 and 3 share bit 0, and no swizzle separates (1, 2, 3): XOR-ing 1 and 2 gives 3,
  // the same image as the third basis, so the layout is not injective where a sum of
  // disjoint strides would be.
  LinearLayout l = ll({{"lane", {{1}, {2}, {3}}}}, {"offset"});
  EXPECT_EQ(err(fromLinearLayout(l)),
            "no CuTe layout gives this LinearLayout: basis 0 of lane gives offset 1 and basis 2 "
            "of lane gives offset 3, which share bits (CuTe adds them, a LinearLayout XORs "
            "them), and no swizzle Sw<B,M,S> o layout makes its bases disjoint");
  LinearLayout two = ll({{"register", {{1}}}, {"lane", {{2}}}}, {"offset"});
  EXPECT_EQ(err(fromLinearLayout(two, {{"register"}})), "input dimension lane is in no mode");
  EXPECT_EQ(err(fromLinearLayout(two, {{"register", "lane", "register"}})), "input dimension register is in two modes");
  EXPECT_EQ(err(fromLinearLayout(two, {{"warp"}})), "mode names warp, which is not an input dimension");
  // One swizzle does separate (1, 3): Sw<1,0,1> maps 3 to 2.
  Expected<AnyLayout> s = fromLinearLayout(ll({{"x", {{1}, {3}}}}, {"offset"}));
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(print(*s, Style::Cute), "Sw<1,0,1> o _0 o _4:_1");
}

// --- sweeps ---------------------------------------------------------------------------------

// Every random layout of power-of-two extents, size at most 16: converted where it is XOR-linear
// (and then equal at every index, and back to the same function), refused where it is not.
TEST(LinearLayout, SweepSmallLayouts) {
  LayoutGen gen(4711, /*powersOfTwo=*/true);
  int converted = 0, refused = 0;
  int64_t indices = 0;
  for (int round = 0; round < 10000; ++round) {
    Strides kind =
        gen.oneOf<Strides>({Strides::Compact, Strides::PermutedCompact, Strides::Gapped, Strides::Arbitrary});
    Layout l = gen.layout(kind, 16);
    if (kind == Strides::Arbitrary && gen.coin(70)) // any stride in 0..32, not only 2^k
      l.stride = mapLeaves(l.stride, [&](Int) { return Int::fixed(gen.pick(0, 32)); });
    Expected<LinearLayout> r = toLinearLayout(AnyLayout(l));
    if (!r) {
      EXPECT_TRUE(notXorLinear(l)) << show(l) << ": " << r.error().message;
      ++refused;
      continue;
    }
    ++converted;
    indices += checkToLinearLayout(AnyLayout(l), *r);
    Expected<AnyLayout> back = fromLinearLayout(*r);
    ASSERT_TRUE(back.ok()) << show(l) << ": " << back.error().message;
    ASSERT_TRUE(std::holds_alternative<Layout>(*back)) << show(l) << " -> " << print(*back);
    EXPECT_EQ(firstDifference(std::get<Layout>(*back), l), -1) << show(l) << " -> " << print(*back);
    EXPECT_EQ(*toLinearLayout(*back), *r) << show(l);
  }
  EXPECT_GT(converted, 5000);
  EXPECT_GT(refused, 500);
  std::printf("[ sweep ] %d small layouts converted (%lld indices checked), %d refused as not XOR-linear\n", converted,
              (long long)indices, refused);
}

// Swizzled layouts Sw<B,M,S> o L with L a permutation of power-of-two extents: every index
// checked, and fromLinearLayout gives back the same function.
TEST(LinearLayout, SweepSwizzledLayouts) {
  LayoutGen gen(90210, /*powersOfTwo=*/true);
  int checked = 0;
  int64_t indices = 0;
  for (int round = 0; round < 2000; ++round) {
    Layout l = gen.layout(gen.coin(50) ? Strides::PermutedCompact : Strides::Gapped, 1024);
    int b = int(gen.pick(1, 3)), m = int(gen.pick(0, 4)), s = int(gen.pick(b, 5)) * (gen.coin(80) ? 1 : -1);
    AnyLayout c = composition(sw(b, m, s), l);
    Expected<LinearLayout> r = toLinearLayout(c);
    ASSERT_TRUE(r.ok()) << print(c) << ": " << r.error().message;
    indices += checkToLinearLayout(c, *r);
    Expected<AnyLayout> back = fromLinearLayout(*r);
    ASSERT_TRUE(back.ok()) << print(c) << ": " << back.error().message;
    int64_t n = sizeAny(c);
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(evalAny(*back, i), evalAny(c, i)) << print(c) << " -> " << print(*back) << " at " << i;
    ++checked;
  }
  std::printf("[ sweep ] %d swizzled layouts converted and back (%lld indices checked)\n", checked, (long long)indices);
}

// Random LinearLayouts of register/lane/warp bases over (dim0, dim1): a permutation of the
// output bits with zeros, optionally through a random swizzle, always come back from CuTe;
// arbitrary bases either come back as the same function or are refused.
TEST(LinearLayout, SweepRandomLinearLayouts) {
  LayoutGen gen(1234, true);
  int exact = 0, swizzled = 0, arbitraryBack = 0, arbitraryRefused = 0;
  for (int round = 0; round < 3000; ++round) {
    int d0 = int(gen.pick(0, 5)), d1 = int(gen.pick(0, 5));
    std::vector<int64_t> bits;
    for (int k = 0; k < d0 + d1; ++k)
      bits.push_back(int64_t(1) << k);
    std::shuffle(bits.begin(), bits.end(), gen.rng());
    int mode = int(round % 3); // 0: disjoint, 1: swizzled, 2: arbitrary
    std::optional<Swizzle> s;
    if (mode == 1 && d0 + d1 >= 3) {
      int b = int(gen.pick(1, (d0 + d1) / 2)), m = int(gen.pick(0, d0 + d1 - 2 * b));
      int sh = int(gen.pick(b, d0 + d1 - b - m));
      s = sw(b, m, sh);
    }
    std::vector<LinearLayout::InDim> in{{"register", {}}, {"lane", {}}, {"warp", {}}};
    int total = int(bits.size()) + int(gen.pick(0, 2));
    for (int k = 0; k < total; ++k) {
      int64_t v = k < int(bits.size()) ? bits[size_t(k)] : 0;
      if (mode == 2)
        v = gen.pick(0, (int64_t(1) << (d0 + d1)) - 1);
      if (s)
        v = s->apply(v);
      in[size_t(gen.pick(0, 2))].bases.push_back({int32_t(v & ((1 << d0) - 1)), int32_t(v >> d0)});
    }
    LinearLayout l = ll(in, {"dim0", "dim1"}, {1 << d0, 1 << d1});
    Expected<AnyLayout> back = fromLinearLayoutTV(l);
    IntTuple tile = IntTuple::makeTuple({IntTuple(Int::fixed(1 << d0)).view(), IntTuple(Int::fixed(1 << d1)).view()});
    if (mode != 2) {
      ASSERT_TRUE(back.ok()) << printCompact(l) << ": " << back.error().message;
    } else if (!back.ok()) {
      ++arbitraryRefused;
      continue;
    }
    // Back in (thread, value) order: lane and warp bits, then register bits.
    Expected<LinearLayout> again = toLinearLayoutTV(*back, &tile, int32_t(l.inDimSize(1)));
    ASSERT_TRUE(again.ok()) << print(*back) << ": " << again.error().message;
    EXPECT_TRUE(sameFunction(*again, l)) << printCompact(l) << "\n" << print(*back) << "\n" << printCompact(*again);
    (mode == 0 ? exact : mode == 1 ? swizzled : arbitraryBack)++;
  }
  std::printf("[ sweep ] random LinearLayouts back from CuTe: %d disjoint, %d swizzled, %d arbitrary (%d refused)\n",
              exact, swizzled, arbitraryBack, arbitraryRefused);
}

// Larger layouts (up to 2^14 elements): every index of the converted function checked.
TEST(LinearLayout, SweepLargerLayouts) {
  LayoutGen gen(777, true);
  int converted = 0;
  for (int round = 0; round < 300; ++round) {
    Layout l = gen.layout(gen.coin(50) ? Strides::PermutedCompact : Strides::Gapped, 1 << 14, 3);
    Expected<LinearLayout> r = toLinearLayout(AnyLayout(l));
    ASSERT_TRUE(r.ok()) << show(l) << ": " << r.error().message;
    checkToLinearLayout(AnyLayout(l), *r);
    Expected<AnyLayout> back = fromLinearLayout(*r);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(firstDifference(std::get<Layout>(*back), l), -1) << show(l) << " -> " << print(*back);
    ++converted;
  }
  EXPECT_EQ(converted, 300);
}
