// Unit and property tests of Swizzle.h: CuTe's Swizzle<B,M,S> as a bit function
// (docs/semantics.md, R6), its validation, make_swizzle<Y,Z>, the composition of two swizzles,
// upcast/downcast and print. The tables of expected values are CuTe's own answers
// (printed by CUTLASS for these inputs); the properties run over every offset of a
// swizzle's domain or over seeded random swizzles.
#include "cutelayout/Swizzle.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace cutelayout;

namespace {

Swizzle sw(int b, int m, int s) {
  Expected<Swizzle> r = makeSwizzle(b, m, s);
  EXPECT_TRUE(r.ok()) << b << "," << m << "," << s << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Swizzle{};
}

std::string show(const Expected<Swizzle> &s) { return s.ok() ? print(*s) : "error: " + s.error().message; }

/// 2^(B+M+|S|): the offsets whose bits a swizzle reads and writes.
int64_t domain(const Swizzle &s) { return int64_t(1) << (s.bits + s.base + (s.shift < 0 ? -s.shift : s.shift)); }

/// R6, written out bit by bit: bit (M + i) of the zzz field ^= bit (M + |S| + i) for S > 0
/// (the other way round for S < 0).
int64_t bitByBit(const Swizzle &s, int64_t x) {
  int64_t r = x;
  int shift = s.shift < 0 ? -s.shift : s.shift;
  for (int i = 0; i < s.bits; ++i) {
    int lo = s.base + i, hi = s.base + shift + i;
    int from = s.shift > 0 ? hi : lo, to = s.shift > 0 ? lo : hi;
    r ^= ((x >> from) & 1) << to;
  }
  return r;
}

} // namespace

// --- semantics ----------------------------------------------------------------------------------

TEST(Swizzle, R6Formula) {
  Swizzle s = sw(3, 4, 3);
  EXPECT_EQ(s.yyyMask(), 0x380);
  EXPECT_EQ(s.zzzMask(), 0x70);
  EXPECT_EQ(s.code(), 0x3f0);
  EXPECT_EQ(s.apply(int64_t(0x80)), 0x90);
  for (int64_t x = 0; x < 0x80; ++x)
    EXPECT_EQ(s.apply(x), x) << x;
  for (int64_t x = 0; x < domain(s) * 4; ++x)
    ASSERT_EQ(s.apply(x), x ^ ((x >> 3) & (7 << 4))) << x;
}

TEST(Swizzle, NegativeShiftMovesBitsUp) {
  Swizzle s = sw(2, 3, -3); // yyy = bits 3,4; zzz = bits 6,7
  EXPECT_EQ(s.yyyMask(), 0x18);
  EXPECT_EQ(s.zzzMask(), 0xc0);
  EXPECT_EQ(s.apply(int64_t(0x08)), 0x48);
  EXPECT_EQ(s.apply(int64_t(0x40)), 0x40);
  for (int64_t x = 0; x < domain(s); ++x)
    ASSERT_EQ(s.apply(x), x ^ ((x & 0x18) << 3)) << x;
}

TEST(Swizzle, KeepsStaticness) {
  Swizzle s = sw(3, 4, 3);
  EXPECT_EQ(s.apply(Int::fixed(0x80)), Int::fixed(0x90));
  EXPECT_EQ(s.apply(Int::dynamic(0x80)), Int::dynamic(0x90));
  EXPECT_EQ(s.apply(Int::fixed(5)), Int::fixed(5));
}

// The canonical shared-memory swizzles: none, 32-, 64- and 128-byte rows of 16-byte units.
TEST(Swizzle, CanonicalTableIsSelfInverse) {
  struct Row {
    int b;
    int64_t changed; // how many offsets of the domain the swizzle moves
  };
  for (Row row : {Row{0, 0}, Row{1, 128}, Row{2, 384}, Row{3, 896}}) {
    Swizzle s = sw(row.b, 4, 3);
    int64_t n = domain(s), changed = 0;
    std::vector<bool> hit(size_t(n), false);
    for (int64_t x = 0; x < n; ++x) {
      int64_t y = s.apply(x);
      ASSERT_GE(y, 0);
      ASSERT_LT(y, n) << print(s) << " at " << x;
      ASSERT_EQ(s.apply(y), x) << print(s) << " is not its own inverse at " << x;
      ASSERT_EQ(y, bitByBit(s, x)) << print(s) << " at " << x;
      hit[size_t(y)] = true;
      changed += y != x;
    }
    for (int64_t x = 0; x < n; ++x)
      ASSERT_TRUE(hit[size_t(x)]) << print(s) << " is not onto: " << x;
    EXPECT_EQ(changed, row.changed) << print(s);
    // The low M bits and the bits past the fields pass through.
    for (int64_t x = 0; x < 16; ++x)
      EXPECT_EQ(s.apply(x), x);
    EXPECT_EQ(s.apply(n * 5 + 0x80), n * 5 + s.apply(int64_t(0x80)));
  }
  EXPECT_EQ(print(sw(0, 4, 3)), "Sw<0,4,3>");
  EXPECT_EQ(sw(0, 4, 3).code(), 0);
}

// CuTe's Swizzle<B,M,S>{}(x) for each offset x (values printed by CUTLASS).
TEST(Swizzle, ApplyMatchesCute) {
  struct Row {
    int b, m, s;
    std::vector<int64_t> offsets, expected;
  };
  // clang-format off
  const std::vector<Row> rows = {
      {0, 4, 3,
       {0, 1, 127, 231, 238, 231, 97, 94, 243, 95, 48, 228, 155, 72, 46, 21, 202, 231, 80, 7, 32, 30, 18, 97},
       {0, 1, 127, 231, 238, 231, 97, 94, 243, 95, 48, 228, 155, 72, 46, 21, 202, 231, 80, 7, 32, 30, 18, 97}},
      {1, 4, 3,
       {0, 1, 255, 128, 16, 144, 133, 128, 247, 30, 475, 334, 451, 200, 239, 301, 511, 4, 87, 468, 284, 416,
        85, 260},
       {0, 1, 239, 144, 16, 128, 149, 144, 231, 30, 459, 334, 467, 216, 255, 301, 495, 4, 87, 452, 284, 432,
        85, 260}},
      {2, 4, 3,
       {0, 1, 511, 384, 48, 432, 389, 128, 645, 470, 591, 60, 143, 221, 820, 220, 595, 791, 136, 34, 1, 437,
        429, 107},
       {0, 1, 463, 432, 48, 384, 437, 144, 661, 486, 591, 60, 159, 205, 788, 204, 595, 823, 152, 34, 1, 389,
        413, 107}},
      {3, 4, 3,
       {0, 1, 1023, 896, 112, 1008, 901, 128, 1925, 1537, 1627, 1719, 299, 813, 1105, 1379, 356, 1274, 1362,
        62, 1679, 483, 551, 1009},
       {0, 1, 911, 1008, 112, 896, 1013, 144, 2037, 1601, 1563, 1767, 267, 845, 1105, 1347, 324, 1258, 1394,
        62, 1759, 467, 615, 897}},
      {3, 3, 3,
       {0, 1, 511, 448, 56, 504, 453, 64, 206, 22, 122, 952, 997, 363, 385, 916, 390, 268, 858, 785, 238,
        808, 861, 435},
       {0, 1, 455, 504, 56, 448, 509, 72, 214, 22, 114, 904, 989, 323, 433, 932, 438, 300, 882, 817, 246,
        776, 885, 387}},
      {2, 3, -3,
       {0, 1, 255, 24, 192, 216, 29, 8, 0, 276, 311, 20, 215, 191, 403, 102, 43, 149, 218, 452, 264, 9, 336,
        303},
       {0, 1, 63, 216, 192, 24, 221, 72, 0, 404, 439, 148, 87, 127, 275, 102, 107, 21, 26, 452, 328, 73, 464,
        367}},
      {3, 4, -4,
       {0, 1, 2047, 112, 1792, 1904, 117, 16, 3163, 601, 608, 738, 1709, 1990, 127, 3020, 3044, 3712, 1042,
        3962, 1111, 3162, 1497, 1262},
       {0, 1, 255, 1904, 1792, 112, 1909, 272, 2395, 1881, 1120, 1250, 1197, 966, 1919, 4044, 3556, 3712,
        1298, 2170, 343, 2394, 217, 750}},
      {1, 0, 1,
       {0, 1, 3, 2, 1, 3, 7, 2, 4, 3, 3, 3, 2, 3, 6, 7, 1, 6, 0, 1, 1, 0, 4, 3},
       {0, 1, 2, 3, 1, 2, 6, 3, 4, 2, 2, 2, 3, 2, 7, 6, 1, 7, 0, 1, 1, 0, 4, 2}},
      {2, 1, 5,
       {0, 1, 255, 192, 6, 198, 197, 64, 401, 263, 430, 502, 300, 179, 70, 129, 233, 490, 75, 286, 217, 208,
        16, 70},
       {0, 1, 249, 198, 6, 192, 195, 66, 405, 263, 426, 496, 300, 183, 68, 133, 239, 492, 73, 286, 223, 214,
        16, 68}},
      {1, 2, -1,
       {0, 1, 15, 4, 8, 12, 5, 4, 17, 26, 28, 15, 3, 2, 11, 18, 23, 8, 5, 23, 8, 28, 21, 8},
       {0, 1, 7, 12, 8, 4, 13, 12, 17, 26, 20, 7, 3, 2, 11, 18, 31, 8, 13, 31, 8, 20, 29, 8}},
      {4, 2, 6,
       {0, 1, 4095, 3840, 60, 3900, 3845, 256, 574, 293, 7779, 5856, 5108, 549, 348, 1226, 7900, 1102, 5096,
        5224, 2238, 1186, 1233, 7423},
       {0, 1, 4035, 3900, 60, 3840, 3897, 260, 566, 289, 7771, 5880, 5112, 557, 344, 1242, 7908, 1118, 5092,
        5240, 2206, 1202, 1217, 7375}},
      {3, 0, -5,
       {0, 1, 255, 7, 224, 231, 7, 1, 376, 45, 132, 349, 360, 86, 484, 79, 427, 30, 511, 14, 391, 388, 12,
        73},
       {0, 33, 31, 231, 224, 7, 231, 33, 376, 141, 4, 509, 360, 150, 356, 175, 459, 222, 287, 206, 359, 260,
        140, 105}},
      {2, 5, 2,
       {0, 1, 511, 384, 96, 480, 389, 128, 164, 185, 236, 526, 852, 676, 795, 937, 902, 947, 171, 61, 635,
        179, 984, 45},
       {0, 1, 415, 480, 96, 384, 485, 160, 132, 153, 204, 526, 788, 644, 859, 969, 998, 979, 139, 61, 635,
        147, 952, 45}},
      {1, 27, 3,
       {0, 1, 2147483647, 1073741824, 134217728, 1207959552, 1073741829, 1073741824, 494397207, 2055991745,
        1499662318, 242418558, 1067837481, 1674921593, 1319635698, 1417621781, 1976681979, 1044315514,
        549391204, 1925043976, 24282043, 790169509, 646462677, 307563418},
       {0, 1, 2013265919, 1207959552, 134217728, 1073741824, 1207959557, 1207959552, 494397207, 1921774017,
        1365444590, 242418558, 1067837481, 1809139321, 1185417970, 1551839509, 2110899707, 1044315514,
        549391204, 2059261704, 24282043, 790169509, 646462677, 307563418}},
  };
  // clang-format on
  int checked = 0;
  for (const Row &row : rows) {
    Swizzle s = sw(row.b, row.m, row.s);
    ASSERT_EQ(row.offsets.size(), row.expected.size());
    for (size_t i = 0; i < row.offsets.size(); ++i, ++checked)
      EXPECT_EQ(s.apply(row.offsets[i]), row.expected[i]) << print(s) << " at " << row.offsets[i];
  }
  EXPECT_EQ(checked, 336);
}

// --- validation ---------------------------------------------------------------------------------

TEST(Swizzle, ValidationErrorsNameTheParameters) {
  // CuTe's static_asserts (and its 32-bit int masks) become errors, never asserts. A known
  // difference: CuTe compiles Sw<1,28,3> and Sw<3,26,3>, whose int masks reach the sign bit
  // (its arithmetic right shift then smears that bit over the zzz field and beyond); this
  // core keeps every field below bit 31. Sw<0,32,0> and Sw<3,29,3> CuTe rejects too.
  struct Bad {
    int64_t b, m, s;
    const char *says;
  };
  for (Bad bad : {Bad{-1, 4, 3, "B must not be negative"}, Bad{1, -1, 3, "M must not be negative"},
                  Bad{3, 4, 2, "|S| must be at least B"}, Bad{3, 4, -2, "|S| must be at least B"},
                  Bad{1, 0, 0, "|S| must be at least B"}, Bad{0, 32, 0, "at most 31"}, Bad{0, 0, 32, "at most 31"},
                  Bad{0, 0, -32, "at most 31"}, Bad{3, 26, 3, "at most 31"}, Bad{1, 28, 3, "at most 31"},
                  Bad{3, 4, 1000, "at most 31"}, Bad{3, INT64_MAX, 3, "at most 31"},
                  Bad{INT64_MAX, 0, INT64_MIN, "at most 31"}, Bad{40, 0, 35, "|S| must be at least B"},
                  Bad{4, 0, 40, "at most 31"}, Bad{40, 0, 3, "|S| must be at least B"}}) {
    Expected<Swizzle> r = makeSwizzle(bad.b, bad.m, bad.s);
    ASSERT_FALSE(r.ok()) << bad.b << "," << bad.m << "," << bad.s;
    EXPECT_NE(r.error().message.find(bad.says), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("Swizzle<" + std::to_string(bad.b) + "," + std::to_string(bad.m) + ","),
              std::string::npos)
        << r.error().message;
  }
  // The edges CuTe accepts: |S| == B, S == 0 with B == 0, and fields reaching bit 30.
  EXPECT_EQ(show(makeSwizzle(3, 4, -3)), "Sw<3,4,-3>");
  EXPECT_EQ(show(makeSwizzle(0, 0, 0)), "Sw<0,0,0>");
  EXPECT_EQ(show(makeSwizzle(0, 31, 0)), "Sw<0,31,0>");
  EXPECT_EQ(show(makeSwizzle(0, 0, 31)), "Sw<0,0,31>");
  EXPECT_EQ(show(makeSwizzle(1, 27, 3)), "Sw<1,27,3>");
  EXPECT_EQ(show(makeSwizzle(3, 25, 3)), "Sw<3,25,3>");
}

// --- make_swizzle<Y,Z> -------------------------------------------------------------------------

TEST(Swizzle, FromMasksMatchesCute) {
  struct Case {
    int64_t y, z;
    const char *expected; // CuTe's make_swizzle<Y,Z>(), or the reason it does not compile
  };
  const Case cases[] = {
      {0b1000, 0b0100, "Sw<1,2,1>"},
      {0b11000000, 0b110, "Sw<2,1,5>"},
      {0, 0, "Sw<0,0,0>"},
      {0x380, 0x70, "Sw<3,4,3>"},
      {0x70, 0x380, "Sw<3,4,-3>"},
      {0x30, 0x3, "Sw<2,0,4>"},
      {0x3, 0x30, "Sw<2,0,-4>"},
      {int64_t(1) << 30, 1, "Sw<1,0,30>"},
      {1, int64_t(1) << 30, "Sw<1,0,-30>"},
      {0x1c0, 0x38, "Sw<3,3,3>"},
      {0x8, 0x1, "Sw<1,0,3>"},
      {0x180, 0x60, "Sw<2,5,2>"},
      {0x180, 0x30, "Sw<2,4,3>"},
      // CuTe: "Number of bits in Y and Z don't match"
      {0b11, 0b100, "error: different numbers of bits"},
      {0x100, 0, "error: different numbers of bits"},
      // CuTe: "Something went wrong." (not two contiguous fields of one swizzle)
      {0b101000, 0b101, "error: not the two fields of one swizzle"},
      // CuTe: "abs(SShift) must be more than BBits." (the fields overlap)
      {0b110, 0b011, "error: |S| must be at least B"},
      // Masks past CuTe's uint32_t template parameters.
      {int64_t(1) << 32, 1, "error: 32-bit non-negative"},
      {-8, 4, "error: 32-bit non-negative"},
  };
  for (const Case &c : cases) {
    Expected<Swizzle> r = makeSwizzleFromMasks(c.y, c.z);
    std::string expected = c.expected;
    if (expected.rfind("error: ", 0) == 0) {
      ASSERT_FALSE(r.ok()) << c.y << "," << c.z << " gave " << show(r);
      EXPECT_NE(r.error().message.find(expected.substr(7)), std::string::npos) << r.error().message;
      EXPECT_EQ(r.error().message.rfind("make_swizzle<" + std::to_string(c.y) + "," + std::to_string(c.z) + ">", 0), 0u)
          << r.error().message;
    } else {
      EXPECT_EQ(show(r), expected) << c.y << "," << c.z;
      if (r.ok() && r->bits > 0) { // the masks are the swizzle's fields
        EXPECT_EQ(r->yyyMask(), c.y);
        EXPECT_EQ(r->zzzMask(), c.z);
      }
    }
  }
}

TEST(Swizzle, FromMasksRoundTripsEveryValidSwizzle) {
  int n = 0;
  for (int b = 1; b <= 5; ++b)
    for (int m = 0; m <= 6; ++m)
      for (int s = -10; s <= 10; ++s) {
        Expected<Swizzle> made = makeSwizzle(b, m, s);
        if (!made)
          continue;
        EXPECT_EQ(show(makeSwizzleFromMasks(made->yyyMask(), made->zzzMask())), print(*made));
        ++n;
      }
  EXPECT_GT(n, 300);
}

// --- composition of two swizzles --------------------------------------------------------------

TEST(Swizzle, CompositionMatchesCute) {
  struct Case {
    Swizzle a, b;
    const char *expected;
  };
  const Case cases[] = {
      {sw(1, 4, 3), sw(1, 5, 3), "Sw<2,4,3>"},
      {sw(2, 4, 3), sw(1, 6, 3), "Sw<3,4,3>"},
      {sw(1, 4, 3), sw(2, 5, 3), "Sw<3,4,3>"},
      {sw(2, 4, 3), sw(1, 4, 3), "Sw<1,5,3>"},
      {sw(3, 4, 3), sw(3, 4, 3), "Sw<0,0,0>"}, // a swizzle is its own inverse
      {sw(1, 4, 3), sw(1, 4, 3), "Sw<0,0,0>"},
      {sw(0, 4, 3), sw(3, 4, 3), "Sw<3,4,3>"},
      {sw(3, 4, 3), sw(0, 4, 3), "Sw<3,4,3>"},
      {sw(0, 4, 3), sw(0, 7, 3), "Sw<0,0,0>"},
      {sw(2, 3, -3), sw(1, 5, -3), "Sw<3,3,-3>"},
      // CuTe: "Something went wrong." (the merged fields are not contiguous)
      {sw(1, 4, 3), sw(1, 6, 3), "error: not the two fields of one swizzle"},
      {sw(1, 4, 3), sw(1, 7, 3), "error: not the two fields of one swizzle"},
      // CuTe: "Can only merge swizzles of the same shift."
      {sw(3, 4, 3), sw(2, 4, 2), "error: different shifts"},
      {sw(2, 3, -3), sw(2, 3, 3), "error: different shifts"},
  };
  for (const Case &c : cases) {
    Expected<Swizzle> r = composition(c.a, c.b);
    std::string expected = c.expected;
    if (expected.rfind("error: ", 0) == 0) {
      ASSERT_FALSE(r.ok()) << print(c.a) << " o " << print(c.b) << " gave " << show(r);
      EXPECT_NE(r.error().message.find(expected.substr(7)), std::string::npos) << r.error().message;
    } else {
      EXPECT_EQ(show(r), expected) << print(c.a) << " o " << print(c.b);
    }
  }
}

// Where two swizzles merge, the merged swizzle is the function a(b(x)).
TEST(Swizzle, CompositionIsFunctionComposition) {
  int merged = 0, tried = 0;
  for (int s : {-4, -3, 3, 4})
    for (int b0 = 0; b0 <= 3; ++b0)
      for (int m0 = 0; m0 <= 5; ++m0)
        for (int b1 = 0; b1 <= 3; ++b1)
          for (int m1 = 0; m1 <= 5; ++m1) {
            Expected<Swizzle> a = makeSwizzle(b0, m0, s), b = makeSwizzle(b1, m1, s);
            if (!a || !b)
              continue;
            ++tried;
            Expected<Swizzle> c = composition(*a, *b);
            if (!c)
              continue;
            ++merged;
            for (int64_t x = 0; x < 1 << 14; ++x)
              ASSERT_EQ(c->apply(x), a->apply(b->apply(x)))
                  << print(*a) << " o " << print(*b) << " = " << print(*c) << " at " << x;
          }
  EXPECT_GT(tried, 300);
  EXPECT_GT(merged, 100);
}

// --- upcast and downcast ------------------------------------------------------------------------

TEST(Swizzle, UpcastDowncastMatchCute) {
  struct Row {
    int b, m, s;
    const char *up;   // upcast<1>, upcast<2>, ..., upcast<256>
    const char *down; // downcast<1>, <2>, <4>, <16>, <128>
  };
  // clang-format off
  const Row rows[] = {
    {3, 4, 3, "Sw<3,4,3> Sw<3,3,3> Sw<3,2,3> Sw<3,1,3> Sw<3,0,3> Sw<2,0,3> Sw<1,0,3> Sw<0,0,3> Sw<0,0,3>",
     "Sw<3,4,3> Sw<3,5,3> Sw<3,6,3> Sw<3,8,3> Sw<3,11,3>"},
    {2, 4, 3, "Sw<2,4,3> Sw<2,3,3> Sw<2,2,3> Sw<2,1,3> Sw<2,0,3> Sw<1,0,3> Sw<0,0,3> Sw<0,0,3> Sw<0,0,3>",
     "Sw<2,4,3> Sw<2,5,3> Sw<2,6,3> Sw<2,8,3> Sw<2,11,3>"},
    {1, 4, 3, "Sw<1,4,3> Sw<1,3,3> Sw<1,2,3> Sw<1,1,3> Sw<1,0,3> Sw<0,0,3> Sw<0,0,3> Sw<0,0,3> Sw<0,0,3>",
     "Sw<1,4,3> Sw<1,5,3> Sw<1,6,3> Sw<1,8,3> Sw<1,11,3>"},
    {3, 3, 3, "Sw<3,3,3> Sw<3,2,3> Sw<3,1,3> Sw<3,0,3> Sw<2,0,3> Sw<1,0,3> Sw<0,0,3> Sw<0,0,3> Sw<0,0,3>",
     "Sw<3,3,3> Sw<3,4,3> Sw<3,5,3> Sw<3,7,3> Sw<3,10,3>"},
    {2, 3, -3, "Sw<2,3,-3> Sw<2,2,-3> Sw<2,1,-3> Sw<2,0,-3> Sw<1,0,-3> Sw<0,0,-3> Sw<0,0,-3> Sw<0,0,-3> Sw<0,0,-3>",
     "Sw<2,3,-3> Sw<2,4,-3> Sw<2,5,-3> Sw<2,7,-3> Sw<2,10,-3>"},
    {1, 0, 1, "Sw<1,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1> Sw<0,0,1>",
     "Sw<1,0,1> Sw<1,1,1> Sw<1,2,1> Sw<1,4,1> Sw<1,7,1>"},
    {3, 4, -4, "Sw<3,4,-4> Sw<3,3,-4> Sw<3,2,-4> Sw<3,1,-4> Sw<3,0,-4> Sw<2,0,-4> Sw<1,0,-4> Sw<0,0,-4> Sw<0,0,-4>",
     "Sw<3,4,-4> Sw<3,5,-4> Sw<3,6,-4> Sw<3,8,-4> Sw<3,11,-4>"},
  };
  // clang-format on
  for (const Row &row : rows) {
    Swizzle s = sw(row.b, row.m, row.s);
    std::string up, down;
    for (int64_t n = 1; n <= 256; n *= 2)
      up += (up.empty() ? "" : " ") + show(upcast(s, n));
    for (int64_t n : {1, 2, 4, 16, 128})
      down += (down.empty() ? "" : " ") + show(downcast(s, n));
    EXPECT_EQ(up, row.up) << print(s);
    EXPECT_EQ(down, row.down) << print(s);
  }
  EXPECT_EQ(show(upcast(sw(3, 4, 3), 32)), "Sw<2,0,3>");
  EXPECT_EQ(show(upcast(sw(3, 4, 3), 256)), "Sw<0,0,3>");
  EXPECT_EQ(show(upcast(sw(3, 4, 3), int64_t(1) << 30)), "Sw<0,0,3>");
  EXPECT_EQ(show(downcast(sw(3, 4, 3), int64_t(1) << 21)), "Sw<3,25,3>");
}

TEST(Swizzle, UpcastDowncastErrors) {
  // CuTe: "N must be a power of two"
  for (int64_t n : {0, 3, 6, -2, -4}) {
    Expected<Swizzle> up = upcast(sw(3, 4, 3), n), down = downcast(sw(3, 4, 3), n);
    ASSERT_FALSE(up.ok()) << n;
    ASSERT_FALSE(down.ok()) << n;
    EXPECT_NE(up.error().message.find("power of two"), std::string::npos) << up.error().message;
    EXPECT_NE(down.error().message.find("power of two"), std::string::npos) << down.error().message;
  }
  // downcast<2^25>(Sw<3,4,3>) = Sw<3,29,3>: its masks do not fit CuTe's int.
  Expected<Swizzle> big = downcast(sw(3, 4, 3), int64_t(1) << 25);
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("at most 31"), std::string::npos) << big.error().message;
  EXPECT_FALSE(downcast(sw(3, 4, 3), int64_t(1) << 62).ok());
}

// upcast<N> is the swizzle of N-element units where no swizzled bit is lost (M >= log2 N);
// downcast<N> the swizzle of elements N times narrower.
TEST(Swizzle, UpcastDowncastActOnScaledOffsets) {
  for (int b = 0; b <= 3; ++b)
    for (int m = 0; m <= 4; ++m)
      for (int s : {-5, -3, 3, 4}) {
        Expected<Swizzle> made = makeSwizzle(b, m, s);
        if (!made)
          continue;
        Swizzle w = *made;
        for (int k = 0; k <= 3; ++k) {
          int64_t n = int64_t(1) << k;
          Swizzle down = *downcast(w, n);
          for (int64_t x = 0; x < domain(down); ++x)
            ASSERT_EQ(down.apply(x), w.apply(x / n) * n + x % n) << print(w) << " downcast " << n << " at " << x;
          if (k > m)
            continue;
          Swizzle up = *upcast(w, n);
          for (int64_t x = 0; x < domain(up); ++x)
            ASSERT_EQ(up.apply(x) * n, w.apply(x * n)) << print(w) << " upcast " << n << " at " << x;
        }
      }
}

// --- properties over random swizzles --------------------------------------------------------------

TEST(Swizzle, RandomSwizzlesAreInvolutionsOfTheirDomain) {
  std::mt19937_64 rng(20240917);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  int made = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    int64_t b = pick(0, 5), m = pick(0, 8), s = pick(-12, 12);
    Expected<Swizzle> r = makeSwizzle(b, m, s);
    int64_t as = s < 0 ? -s : s;
    ASSERT_EQ(r.ok(), as >= b) << b << "," << m << "," << s;
    if (!r)
      continue;
    ++made;
    const Swizzle &w = *r;
    EXPECT_EQ(w.yyyMask() & w.zzzMask(), 0) << print(w);
    EXPECT_EQ(__builtin_popcountll(uint64_t(w.code())), 2 * b) << print(w);
    for (int i = 0; i < 64; ++i) {
      int64_t x = pick(0, domain(w) * 8 - 1);
      ASSERT_EQ(w.apply(w.apply(x)), x) << print(w) << " at " << x;
      ASSERT_EQ(w.apply(x), bitByBit(w, x)) << print(w) << " at " << x;
      ASSERT_EQ(w.apply(x) / domain(w), x / domain(w)) << "bits past the fields move: " << print(w);
      ASSERT_EQ(w.apply(x) % (int64_t(1) << m), x % (int64_t(1) << m)) << "low M bits move: " << print(w);
    }
  }
  EXPECT_GT(made, 2000);
}

TEST(Swizzle, Print) {
  EXPECT_EQ(print(sw(3, 4, 3)), "Sw<3,4,3>");
  EXPECT_EQ(print(sw(2, 3, -3)), "Sw<2,3,-3>");
  EXPECT_EQ(print(Swizzle{}), "Sw<0,0,0>");
  EXPECT_TRUE(sw(3, 4, 3) == sw(3, 4, 3));
  EXPECT_TRUE(sw(3, 4, 3) != sw(3, 4, -3));
}
