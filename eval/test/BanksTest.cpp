// Unit and property tests of Banks.h: the bank report's postconditions over a sweep of
// small layouts and accesses; the laws that the rows and columns patterns are thread-value
// accesses (the identity-row and identity-column layouts) and that a tiled copy over one
// tile is its thread-value layout; the ldmatrix reads of the 8x64 half tile, swizzled and
// not; the JSON form; and each new error's message.
#include "Banks.h"
#include "Evaluator.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace cutelayout;
using namespace cutelayout::cli;

namespace {

const char *kLdmatrixB = "make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, "
                         "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}, "
                         "Tile<_16,_8,_32>{}))";

Value eval(const std::string &text) {
  Expected<Value> v = evaluate(text, ParseOptions{});
  EXPECT_TRUE(v.ok()) << text << ": " << (v.ok() ? "" : v.error().message);
  return v.ok() ? v.take() : Value();
}

BankOptions options(int64_t elementBits, int64_t accessBits, const std::string &access) {
  Expected<BankOptions> o =
      makeBankOptions(std::to_string(elementBits), std::to_string(accessBits), access, ParseOptions{});
  EXPECT_TRUE(o.ok()) << access << ": " << (o.ok() ? "" : o.error().message);
  return o.ok() ? o.take() : BankOptions();
}

/// The report, after asserting every @post of bankConflicts.
BankReport checkBanks(const std::string &layout, const BankOptions &o) {
  Expected<BankReport> r = bankConflicts(eval(layout), o, Style::Plain);
  EXPECT_TRUE(r.ok()) << layout << ": " << (r.ok() ? "" : r.error().message);
  if (!r.ok())
    return BankReport();
  int64_t phase = o.accessBits > 32 ? 32 * 4 / (o.accessBits / 8) : 32, worst = 1, sum = 0, conflicting = 0;
  EXPECT_EQ(r->phase, phase);
  for (const BankWave &w : r->waves) {
    EXPECT_GE(w.offsets.size(), 1u) << layout;
    EXPECT_LE(int64_t(w.offsets.size()), phase) << layout;
    EXPECT_EQ(w.elements.size(), w.offsets.size() * size_t(r->vector)) << layout;
    EXPECT_GE(w.ways, 1) << layout;
    EXPECT_TRUE(std::is_sorted(w.banks.begin(), w.banks.end()));
    int64_t most = 1;
    for (const BankConflict &c : w.conflicts) {
      EXPECT_GE(c.ways, 2);
      EXPECT_TRUE(std::binary_search(w.banks.begin(), w.banks.end(), c.bank));
      EXPECT_GE(int64_t(c.threads.size()), 2) << "a bank serving two words to one thread is a 128-bit access "
                                                 "wrapping past bank 31: impossible when aligned";
      for (int64_t t : c.threads)
        EXPECT_TRUE(t >= w.firstThread && t < w.firstThread + int64_t(w.offsets.size()));
      most = std::max(most, c.ways);
    }
    EXPECT_EQ(most, w.ways) << "the ways are the conflicts' largest";
    worst = std::max(worst, w.ways);
    sum += w.ways;
    conflicting += w.ways > 1;
  }
  EXPECT_EQ(r->worst, worst);
  EXPECT_EQ(r->wavefronts, sum);
  EXPECT_EQ(r->conflicting, conflicting);
  EXPECT_DOUBLE_EQ(r->average(), r->waves.empty() ? 1.0 : double(sum) / double(r->waves.size()));
  return r.take();
}

/// The waves of two reports agree in everything but their names.
void expectSameWaves(const BankReport &a, const BankReport &b, const std::string &what) {
  ASSERT_EQ(a.waves.size(), b.waves.size()) << what;
  for (size_t i = 0; i < a.waves.size(); ++i) {
    const BankWave &x = a.waves[i], &y = b.waves[i];
    EXPECT_EQ(x.firstThread, y.firstThread) << what << " wave " << i;
    EXPECT_EQ(x.offsets, y.offsets) << what << " wave " << i;
    EXPECT_EQ(x.elements, y.elements) << what << " wave " << i;
    EXPECT_EQ(x.banks, y.banks) << what << " wave " << i;
    EXPECT_EQ(x.ways, y.ways) << what << " wave " << i;
    ASSERT_EQ(x.conflicts.size(), y.conflicts.size()) << what << " wave " << i;
    for (size_t j = 0; j < x.conflicts.size(); ++j)
      EXPECT_EQ(x.conflicts[j].threads, y.conflicts[j].threads) << what << " wave " << i;
  }
  EXPECT_EQ(a.worst, b.worst) << what;
  EXPECT_EQ(a.wavefronts, b.wavefronts) << what;
}

std::string error(const std::string &layout, const BankOptions &o) {
  Expected<BankReport> r = bankConflicts(eval(layout), o, Style::Plain);
  return r.ok() ? "no error" : r.error().message;
}

std::string optionError(const std::string &access, const char *elementBits = "16", const char *accessBits = "128") {
  Expected<BankOptions> o = makeBankOptions(elementBits, accessBits, access, ParseOptions{});
  return o.ok() ? "no error" : o.error().message;
}

/// A random layout whose rows are whole, aligned vectors of v elements: (R, C):(s, 1),
/// C = v * vectors, s a multiple of v, sometimes swizzled above the vector's bits.
std::string randomRowLayout(std::mt19937 &rng, int64_t v, int64_t rows, int64_t vectors) {
  int64_t stride = v * int64_t(rng() % 17);
  std::string l =
      "(" + std::to_string(rows) + "," + std::to_string(v * vectors) + "):(" + std::to_string(stride) + ",1)";
  if (rng() % 2 == 0)
    return l;
  int logV = 0;
  while ((int64_t(1) << logV) < v)
    ++logV;
  int b = 1 + int(rng() % 3), m = logV + int(rng() % 2), s = b + int(rng() % 3);
  return "Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + "> o _0 o " + l;
}

TEST(BanksTest, RowsAreTheIdentityRowThreadValueLayout) {
  // Reading by rows is the thread-value layout (threads, (v, R)):(R v, (R, 1)): thread t's
  // access g is row g, columns [t v, t v + v) (element r + R c), one warp for <= 32 threads.
  std::mt19937 rng(44);
  const int64_t widths[][2] = {{8, 32}, {16, 32}, {16, 64}, {16, 128}, {32, 64}, {32, 128}, {8, 128}, {32, 32}};
  for (int trial = 0; trial < 200; ++trial) {
    auto [eb, ab] = widths[rng() % 8];
    int64_t v = ab / eb, rows = 1 + int64_t(rng() % 8), threads = 1 + int64_t(rng() % 32);
    std::string l = randomRowLayout(rng, v, rows, threads);
    std::string tv = "(" + std::to_string(threads) + ",(" + std::to_string(v) + "," + std::to_string(rows) + ")):(" +
                     std::to_string(rows * v) + ",(" + std::to_string(rows) + ",1))";
    std::string what = l + " eb " + std::to_string(eb) + " ab " + std::to_string(ab);
    expectSameWaves(checkBanks(l, options(eb, ab, "rows")), checkBanks(l, options(eb, ab, tv)), what);
  }
}

TEST(BanksTest, ColumnsAreTheIdentityColumnThreadValueLayout) {
  // Reading by columns is (R, (v, C/v)):(1, (R, R v)): thread t reads row t, access g
  // vector column g (element t + R (g v + k)).
  std::mt19937 rng(4404);
  const int64_t widths[][2] = {{16, 128}, {32, 64}, {8, 32}, {16, 16}, {32, 32}};
  for (int trial = 0; trial < 200; ++trial) {
    auto [eb, ab] = widths[rng() % 5];
    int64_t v = ab / eb, rows = 1 + int64_t(rng() % 32), vectors = 1 + int64_t(rng() % 8);
    std::string l = randomRowLayout(rng, v, rows, vectors);
    std::string tv = "(" + std::to_string(rows) + ",(" + std::to_string(v) + "," + std::to_string(vectors) + ")):(1,(" +
                     std::to_string(rows) + "," + std::to_string(rows * v) + "))";
    expectSameWaves(checkBanks(l, options(eb, ab, "columns")), checkBanks(l, options(eb, ab, tv)), l);
  }
}

TEST(BanksTest, ATiledCopyOverOneTileIsItsThreadValueLayout) {
  // get_layoutS_TV of the ldmatrix copy is ((8,4),(8,1)):((1,64),(8,0)) (CuTe's answer)
  // over its 8x32 tile; on an 8x32 layout the tiled access and that layout agree.
  BankOptions tiled = options(16, 128, std::string("src:") + kLdmatrixB);
  EXPECT_TRUE(tiled.tiled);
  EXPECT_EQ(print(tiled.threadValue), "((8,4),(8,1)):((1,64),(8,0))");
  EXPECT_EQ(print(tiled.tile), "(8,32)");
  BankOptions plain = options(16, 128, "((8,4),(8,1)):((1,64),(8,0))");
  for (const char *l : {"(8,32):(32,1)", "Sw<2,3,3> o _0 o (8,32):(32,1)", "(8,32):(64,1)"})
    expectSameWaves(checkBanks(l, tiled), checkBanks(l, plain), l);
}

TEST(BanksTest, LdmatrixReadsOfTheHalfTile) {
  // Thread t names row t%8, columns 8(t/8).. of each 8x32 tile: a phase is 8 rows of one
  // 16-byte column. Unswizzled they share four banks (8-way); Sw<3,3,3> moves row r's
  // chunk c to c ^ r: all 32 banks.
  BankOptions o = options(16, 128, std::string("src:") + kLdmatrixB);
  BankReport plain = checkBanks("(8,64):(64,1)", o);
  EXPECT_EQ(plain.worst, 8);
  EXPECT_EQ(plain.waves.size(), 8u);
  EXPECT_EQ(plain.wavefronts, 64);
  EXPECT_DOUBLE_EQ(plain.average(), 8.0);
  EXPECT_EQ(plain.waves[0].what, "tile (0,0), values 0-7");
  EXPECT_EQ(plain.waves[4].what, "tile (0,1), values 0-7");
  ASSERT_EQ(plain.waves[0].conflicts.size(), 4u);
  EXPECT_EQ(plain.waves[0].conflicts[0].threads, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(plain.waves[1].conflicts[0].threads, (std::vector<int64_t>{8, 9, 10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(plain.waves[1].banks, (std::vector<int64_t>{4, 5, 6, 7}));
  BankReport swizzled = checkBanks("composition(Swizzle<3,3,3>{}, (8,64):(64,1))", o);
  EXPECT_EQ(swizzled.worst, 1);
  EXPECT_EQ(swizzled.wavefronts, 8);
  EXPECT_TRUE(swizzled.waves[0].conflicts.empty());
  EXPECT_EQ(swizzled.waves[0].banks.size(), 32u);
  // The A operand's read (make_tiled_copy_A; 16x16 tiles, thread t row t%16, columns
  // 8(t/16)..) of the 16x64 tile built from the 8x64 atom: the same two answers.
  std::string a = "src:make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, "
                  "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}))";
  EXPECT_EQ(checkBanks("(16,64):(64,1)", options(16, 128, a)).worst, 8);
  EXPECT_EQ(
      checkBanks("tile_to_shape(composition(Swizzle<3,3,3>{}, (8,64):(64,1)), (16,64))", options(16, 128, a)).worst, 1);
}

TEST(BanksTest, LdmatrixX1AndX2ReadOnlyTheirMatrices) {
  // CuTe's source layouts of .x2 and .x1 repeat threads 0-15 and 0-7 (stride 0) in the
  // threads whose addresses the instruction ignores: their phases are no waves. A plain
  // thread-value layout with the same repeats keeps them (a broadcast load reads them).
  std::string b = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{})";
  for (const char *atom : {"SM75_U32x2_LDSM_N", "SM75_U32x1_LDSM_N"}) {
    BankOptions o =
        options(16, 128, std::string("src:make_tiled_copy_B(Copy_Atom<") + atom + ", half_t>{}, " + b + ")");
    EXPECT_TRUE(o.copySide);
    BankReport r = checkBanks("(8,64):(64,1)", o);
    EXPECT_EQ(r.waves.size(), 8u) << atom;
    EXPECT_EQ(r.wavefronts, 64) << atom;
    EXPECT_EQ(checkBanks("Sw<3,3,3> o _0 o (8,64):(64,1)", o).wavefronts, 8) << atom;
  }
  BankOptions plain = options(16, 128, "((8,2,2),(8,1)):((1,64,0),(8,0))");
  EXPECT_FALSE(plain.copySide);
  EXPECT_EQ(checkBanks("(8,16):(64,1)", plain).waves.size(), 4u);
}

TEST(BanksTest, SidesOfCopiesAndMmas) {
  // A store through a tiled copy's destination side: threads along rows (8,8):(8,1) write
  // whole rows, conflict-free; threads down columns (8,8):(1,8) write 8 rows of a chunk.
  std::string copy = "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_8,_8>,Stride<_";
  EXPECT_EQ(checkBanks("(8,64):(64,1)", options(16, 128, "dst:" + copy + "8,_1>>{}, Layout<Shape<_1,_8>>{})")).worst,
            1);
  EXPECT_EQ(checkBanks("(8,64):(64,1)", options(16, 128, "dst:" + copy + "1,_8>>{}, Layout<Shape<_1,_8>>{})")).worst,
            8);
  // An MMA's A operand read with 32-bit accesses from a K-major 16x16 tile: rows of 32
  // bytes put rows r and r+4 on the same banks.
  std::string mma = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{})";
  BankReport direct = checkBanks("(16,16):(16,1)", options(16, 32, "A:" + mma));
  EXPECT_EQ(direct.worst, 2);
  expectSameWaves(direct, checkBanks("(16,16):(16,1)", options(16, 32, "A:SM80_16x8x16_F16F16F16F16_TN{}")),
                  "an MMA atom is the tiled MMA of one atom");
  // A copy atom alone indexes the layout's elements: (32,8):(8,1) reads 8 consecutive
  // elements a thread.
  BankOptions atom = options(16, 128, "src:Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}");
  EXPECT_FALSE(atom.tiled);
  EXPECT_EQ(print(atom.threadValue), "(32,8):(8,1)");
  EXPECT_EQ(checkBanks("(64,8):(1,64)", atom).worst, 1);
}

TEST(BanksTest, TheReportAsTextAndJson) {
  BankReport r = checkBanks("Sw<3,4,3> o _0 o (8,64):(64,1)", options(16, 128, "columns"));
  std::string text = printBanks(r);
  EXPECT_NE(text.find("worst: 2-way in waves 0-7; conflicting waves: 8 of 8\n"
                      "wavefronts: 16 for 8 waves (average 2-way)\n"
                      "colliding in wave 0: threads 0-1 in banks 0-3, threads 2-3 in banks 8-11, threads 4-5 in "
                      "banks 16-19, threads 6-7 in banks 24-27\n"),
            std::string::npos)
      << text;
  std::string json = printBankJson(r);
  EXPECT_EQ(json.rfind("{\"layout\":\"Sw<3,4,3> o 0 o (8,64):(64,1)\",\"model\":\"16-bit elements, ", 0), 0u) << json;
  for (const char *part : {"\"worst\":2,\"average\":2,\"wavefronts\":16,\"conflicting\":8,\"waves\":[",
                           "{\"what\":\"columns 0-7\",\"first_thread\":0,\"threads\":8,\"offsets\":[0,64,144,208,",
                           "\"conflicts\":[{\"bank\":0,\"ways\":2,\"threads\":[0,1]},",
                           "\"text\":\"Sw<3,4,3> o 0 o (8,64):(64,1)\\n16-bit elements"})
    EXPECT_NE(json.find(part), std::string::npos) << part << " in " << json;
  EXPECT_EQ(printRuns({0, 1, 2, 3, 8, 10, 11}), "0-3,8,10-11");
  // A fractional average: one 2-way wave and one conflict-free wave.
  BankReport mixed = checkBanks("((3,16),1):((1,4),0)", options(32, 32, "columns"));
  EXPECT_NE(printBanks(mixed).find("wavefronts: 3 for 2 waves (average 1.5-way)"), std::string::npos);
}

TEST(BanksTest, AccessErrors) {
  std::string ld = kLdmatrixB;
  EXPECT_EQ(optionError(ld), "--access: TiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, 16b>, "
                             "((4,8),((2,2),(1,2))):((16,1),((8,64),(0,128)))> has several sides: name one, src:EXPR "
                             "or dst:EXPR");
  EXPECT_EQ(optionError("A:" + ld), "--access: the side of TiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, 16b>, "
                                    "((4,8),((2,2),(1,2))):((16,1),((8,64),(0,128)))> is src or dst, not 'A'");
  EXPECT_EQ(optionError("src:make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, (1,1,1))"),
            "--access: the side of TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (32,1,1,1):(1,0,0,0)> is A, B or "
            "C, not 'src'");
  EXPECT_EQ(optionError("SM80_16x8x16_F16F16F16F16_TN{}"),
            "--access: MMA_Atom<SM80_16x8x16_F16F16F16F16_TN> has several sides: name one, A:EXPR, B:EXPR or C:EXPR");
  EXPECT_EQ(optionError("src:(8,64):(1,8)"),
            "--access: src: names a side of a tiled copy or a tiled MMA, but (8,64):(1,8) is a thread-value layout");
  EXPECT_EQ(optionError("src:Swizzle<3,3,3>{}"),
            "--access takes rows, columns, a thread-value layout, a tiled copy or a tiled MMA but Sw<3,3,3> is a "
            "swizzle");
  // The column of a syntax error counts from the start of the text, side included.
  EXPECT_EQ(optionError("src:(4,8"), "--access: column 9: expected ',' or ')' but found end of input");
  // The B operand of one 16x8x16 MMA has 4 values a thread: not a 128-bit access of halves.
  EXPECT_EQ(optionError("B:make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, (1,1,1))"),
            "--access: the thread-value layout ((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0))) of operand B of "
            "TiledMMA<MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (32,1,1,1):(1,0,0,0)> gives each thread 4 values, not "
            "a multiple of the 8 16-bit elements of a 128-bit access");
  // Python's names.
  Expected<BankOptions> p = makeBankOptions(16, 256, kBankArgumentNames);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().message,
            "access_bits takes 8, 16, 32, 64 or 128 (the widths of a shared-memory access) but got 256");
  p = makeBankOptions(0, 128, kBankArgumentNames);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().message, "element_bits takes a positive number of bits but got 0");
  p = makeBankOptions(16, 128, kBankArgumentNames);
  ASSERT_TRUE(p.ok());
  Expected<bool> set = setBankAccess(*p, eval(ld), "");
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("has several sides: name one, side=\"src\" or side=\"dst\""), std::string::npos);
  EXPECT_EQ(error("(8,64):(64,1)", options(16, 128, "rows")), "no error");
  p->names = &kBankArgumentNames;
  EXPECT_EQ(error("(8,60):(60,1)", *p),
            "bank_conflicts: a row of (8,60):(60,1) has 60 elements, not a multiple of the 8 16-bit elements of a "
            "128-bit access");
}

TEST(BanksTest, TileErrors) {
  BankOptions o = options(16, 128, std::string("src:") + kLdmatrixB);
  std::string copy = "the source side of TiledCopy<Copy_Atom<SM75_U32x4_LDSM_N, 16b>, "
                     "((4,8),((2,2),(1,2))):((16,1),((8,64),(0,128)))>";
  EXPECT_EQ(error("(16,60):(60,1)", o), "--banks: the tile (8,32) of " + copy +
                                            " does not divide (16,60):(60,1): mode 1 has 60 elements, not a "
                                            "multiple of 32");
  EXPECT_EQ(error("(8,64,2):(64,1,512)", o),
            "--banks: the tile (8,32) of " + copy + " has rank 2 but (8,64,2):(64,1,512) has rank 3");
  EXPECT_EQ(error("(64,65536):(65536,1)", o),
            "--banks: 16384 tiles of (64,65536):(65536,1) read by 256 (thread, value) pairs each: more than 2^20 "
            "reads");
  EXPECT_EQ(error("(8,64):(1,8)", o), "--banks: thread 0 reads values 0-7 of tile (0,0) in one 128-bit access, but "
                                      "their offsets are not consecutive: 0 then 8");
}

} // namespace
