// Unit and property tests of Tensor.h: tensors over counting, arithmetic-tuple and
// shared-memory pointer iterators (CuTe's counting_iterator, identity tensors and
// make_smem_ptr), over plain and swizzled layouts, their elements, slices, tiles and
// partitions. Expected values are CuTe's own answers (printed by CUTLASS for
// the same expressions with static integers).
#include "cutelayout/Tensor.h"

#include "cutelayout/Atom.h"
#include "cutelayout/Basis.h"
#include "cutelayout/IntTupleMath.h"

#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <string>

using namespace cutelayout;

namespace {

IntTuple tup(const char *text) { return *parseIntTuple(text); }
Layout lay(const char *text) { return *parseLayout(text); }
std::string show(const Expected<Tensor> &t) { return t.ok() ? print(*t, Style::Cute) : "error: " + t.error().message; }
std::string show(const Expected<IntTuple> &t) {
  return t.ok() ? print(*t, Style::Cute) : "error: " + t.error().message;
}
Tensor identity(const char *shape) { return *makeIdentityTensor(tup(shape)); }
Tensor counting(const char *layout) { return *makeCountingTensor(Int::dynamic(0), lay(layout)); }

TEST(Tensor, IdentityTensorPrintsAsCuTe) {
  EXPECT_EQ(print(identity("(4,2)"), Style::Cute), "ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)");
  EXPECT_EQ(print(identity("((2,2),3)"), Style::Cute), "ArithTuple((_0,_0),_0) o ((_2,_2),_3):((_1@0@0,_1@1@0),_1@1)");
  EXPECT_EQ(print(identity("8"), Style::Cute), "ArithTuple_0 o _8:_1");
  EXPECT_FALSE(makeIdentityTensor(tup("(4,_)")).ok());
}

TEST(Tensor, Elements) {
  EXPECT_EQ(show(elementAt(identity("(4,2)"), tup("5"))), "(_1,_1)");
  EXPECT_EQ(show(elementAt(identity("(4,2)"), tup("(3,1)"))), "(_3,_1)");
  EXPECT_EQ(show(elementAt(counting("(16,8):(1,16)"), tup("(3,1)"))), "19");
  EXPECT_FALSE(elementAt(identity("(4,2)"), tup("(_,1)")).ok());
}

TEST(Tensor, SlicesMoveTheIterator) {
  // CuTe: make_identity_tensor((4,2))(_,1) and the counting tensor's (_,1).
  EXPECT_EQ(show(slice(tup("(_,1)"), identity("(4,2)"))), "ArithTuple(_0,_1) o (_4):(_1@0)");
  EXPECT_EQ(show(slice(tup("(_,1)"), counting("(16,8):(1,16)"))), "counting_iter(16) o (_16):(_1)");
  EXPECT_EQ(show(slice(tup("(_,_)"), counting("(16,8):(1,16)"))), "counting_iter(0) o (_16,_8):(_1,_16)");
}

TEST(Tensor, TilesAndPartitions) {
  // CuTe: local_tile(make_identity_tensor((128,64)), (32,16), (1,2)) and
  // local_partition(make_tensor(counting_iterator<int>(0), (16,8)), (4,2), 3).
  EXPECT_EQ(show(localTile(identity("(128,64)"), tilerFromShape(tup("(32,16)")), tup("(1,2)"), nullptr)),
            "ArithTuple(_32,_32) o (_32,_16):(_1@0,_1@1)");
  EXPECT_EQ(show(localPartition(counting("(16,8):(1,16)"), lay("(4,2):(1,4)"), tup("3"), nullptr)),
            "counting_iter(3) o (_4,_4):(_4,_32)");
  EXPECT_EQ(show(localPartition(identity("(128,64)"), lay("(8,4):(1,8)"), tup("3"), nullptr)),
            "ArithTuple(_3,_0) o (_16,_16):(_8@0,_4@1)");
  // A projection drops a mode of the tiler and the coordinate (CuTe's Step<_1,X,_1>).
  IntTuple proj = tup("(1,_,1)");
  EXPECT_EQ(show(localTile(identity("(128,32)"), tilerFromShape(tup("(32,16,8)")), tup("(1,0,2)"), &proj)),
            "ArithTuple(_32,_16) o (_32,_8):(_1@0,_1@1)");
}

/// A tensor over make_smem_ptr<T>(nullptr) (bits-wide elements) and Sw o _0 o layout.
Tensor swizzledSmem(const Swizzle &sw, const char *layout, int64_t bits = 16, int64_t address = 0) {
  TensorIterator p = *makeSmemPtr(bits, Int::dynamic(address));
  return *makeTensor(p, composition(sw, lay(layout)));
}

TEST(SmemTensor, PointersPrintAsCuTe) {
  EXPECT_EQ(print(*makeSmemPtr(16, Int::dynamic(0)), Style::Cute), "smem_ptr[16b]((nil))");
  EXPECT_EQ(print(*makeSmemPtr(32, Int::dynamic(1024)), Style::Cute), "smem_ptr[32b](0x400)");
  EXPECT_EQ(print(swizzledSmem(Swizzle{3, 4, 3}, "(_64,_64):(_64,_1)"), Style::Cute),
            "smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o (_64,_64):(_64,_1)");
  // CuTe's composition with a no-op swizzle is the layout itself.
  EXPECT_EQ(print(swizzledSmem(Swizzle{0, 4, 3}, "(_8,_8):(_8,_1)"), Style::Cute),
            "smem_ptr[16b]((nil)) o (_8,_8):(_8,_1)");
}

TEST(SmemTensor, Preconditions) {
  EXPECT_EQ(makeSmemPtr(4, Int::dynamic(0)).error().message,
            "a shared-memory pointer's element type has a whole number of bytes, not 4 bits (CuTe's sub-byte "
            "pointers are a subbyte_iterator)");
  EXPECT_EQ(makeSmemPtr(16, Int::dynamic(-2)).error().message,
            "a shared-memory pointer's address is an integer >= 0, not -2");
  Tensor t = swizzledSmem(Swizzle{3, 4, 3}, "(_64,_64):(_64,_1)");
  EXPECT_EQ(show(elementAt(t, tup("5"))),
            "error: the element of smem_ptr[16b]((nil)) o Sw<3,4,3> o 0 o (64,64):(64,1) at 5 is a value in shared "
            "memory, which is not known here (crd2idx of its layout gives the offset)");
  Tensor identity4 = identity("(4,4)");
  EXPECT_EQ(makeTensor(identity4.iterator, composition(Swizzle{1, 0, 1}, lay("(_4,_4):(_1,_4)"))).error().message,
            "a coordinate (arithmetic-tuple) iterator takes a plain layout, not the composed Sw<1,0,1> o 0 o "
            "(4,4):(1,4) (a swizzle acts on integer offsets)");
}

// CuTe's slice_and_offset of a swizzled layout moves the pointer: decayed to a plain layout
// from the swizzled start, or kept composed with the fields' bits as the offset.
TEST(SmemTensor, SlicesMoveThePointer) {
  Tensor t = swizzledSmem(Swizzle{3, 4, 3}, "(_64,_64):(_64,_1)");
  EXPECT_EQ(show(slice(tup("(_2,_)"), t)), "smem_ptr[16b](0x120) o ((_16,_2,_2)):((_1,_-16,_32))");
  EXPECT_EQ(show(slice(tup("(_,_3)"), t)), "smem_ptr[16b](0x6) o Sw<3,4,3> o _0 o (_64):(_64)");
  EXPECT_EQ(show(slice(tup("(_,_16)"), t)), "smem_ptr[16b]((nil)) o Sw<3,4,3> o _16 o (_64):(_64)");
  // Tile coordinates and thread indices are runtime ints, as in CuTe's calls.
  IntTuple at32 = IntTuple::makeTuple({IntTuple(Int::dynamic(3)), IntTuple(Int::dynamic(2))});
  IntTuple at10 = IntTuple::makeTuple({IntTuple(Int::dynamic(1)), IntTuple(Int::dynamic(0))});
  EXPECT_EQ(show(localTile(t, tilerFromShape(tup("(_8,_8)")), at32, nullptr)),
            "smem_ptr[16b](0xca0) o ((_2,_2,_2),_8):((-64,112,288),_1)");
  // A tile whose rows keep both fields stays swizzled; the pointer moves by the rest.
  EXPECT_EQ(show(localTile(t, tilerFromShape(tup("(_16,_64)")), at10, nullptr)),
            "smem_ptr[16b](0x800) o Sw<3,4,3> o _0 o (_16,_64):(_64,_1)");
  EXPECT_EQ(show(localPartition(t, lay("(_16,_8):(_8,_1)"), IntTuple(Int::dynamic(19)), nullptr)),
            "smem_ptr[16b](0x126) o (_4,(_2,_2,_2)):(_1024,(_8,-16,32))");
  // The algebra acts on B and keeps Sw and O.
  Expected<Tensor> divided = withLayout(t, *zippedDivide(t.layout, tilerFromShape(tup("(_8,_8)"))));
  EXPECT_EQ(show(divided), "smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o ((_8,_8),(_8,_8)):((_64,_1),(_512,_8))");
}

// The case: a 128-thread tiled copy of 16-byte vectors of a Sw<3,4,3> 64x64 half
// tile; CuTe's answers.
TEST(SmemTensor, TiledCopyPartitions) {
  Tensor t = swizzledSmem(Swizzle{3, 4, 3}, "(_64,_64):(_64,_1)");
  TiledCopy c =
      *makeTiledCopy(*copyAtom("UniversalCopy<uint128_t>", 16), lay("(_16,_8):(_8,_1)"), makeLayout(tup("(_1,_8)")));
  const char *expected[][2] = {{"0", "smem_ptr[16b]((nil)) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)"},
                               {"5", "smem_ptr[16b](0x50) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)"},
                               {"16", "smem_ptr[16b](0x120) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)"},
                               {"127", "smem_ptr[16b](0x710) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)"}};
  for (auto &e : expected) {
    Int thread = Int::dynamic(tup(e[0]).asInt().value);
    EXPECT_EQ(show(partition(c, 'S', thread, t)), e[1]) << "thread " << e[0];
    EXPECT_EQ(show(partition(c, 'D', thread, t)), e[1]) << "thread " << e[0];
  }
  // ldmatrix of A for a (2,2,1) SM80 16x8x16 tiled MMA.
  TiledMma m = *makeTiledMma(*mmaAtom("SM80_16x8x16_F16F16F16F16_TN"), makeLayout(tup("(_2,_2,_1)")), nullptr);
  TiledCopy ldsm = *makeTiledCopyFor(*copyAtom("SM75_U32x4_LDSM_N", 16), m, 'A');
  EXPECT_EQ(show(partition(ldsm, 'S', Int::dynamic(37), t)),
            "smem_ptr[16b](0xac0) o ((_8,_1),_2,(_2,_2)):((_1,_0),_2048,(16,-32))");
  EXPECT_EQ(print(*partitionFragment(m, 'A', Int::dynamic(37), t), Style::Cute),
            "((_2,_2,_2),_2,(_2,_2)):((_1,_2,_4),_8,(_16,_32))");
}

// Property: a slice of a swizzled tensor is the same function from the moved pointer: for
// every coordinate, pointer + slice(c) equals the whole tensor's pointer + Sw(O + B(c')).
TEST(SmemTensorProperty, SlicesAreTheSameFunction) {
  Swizzle sws[] = {{3, 4, 3}, {3, 3, 3}, {2, 4, 3}, {2, 1, 3}, {1, 3, -2}};
  for (const Swizzle &sw : sws)
    for (int64_t row = 0; row < 32; ++row) {
      Tensor t = swizzledSmem(sw, "(_32,_64):(_64,_1)", 16, 4096);
      IntTuple c = IntTuple::makeTuple({IntTuple(Int::fixed(row)), IntTuple::underscore()});
      Expected<Tensor> s = slice(c, t);
      ASSERT_TRUE(s.ok()) << s.error().message;
      ComposedLayout whole{*t.outer, t.offset, t.layout};
      AnyLayout part = layoutOf(*s);
      for (int64_t col = 0; col < 64; ++col) {
        int64_t expected =
            4096 +
            2 * crd2idx(tup(("(" + std::to_string(row) + "," + std::to_string(col) + ")").c_str()), whole)->value;
        IntTuple k(Int::fixed(col));
        int64_t offset = std::holds_alternative<Layout>(part) ? crd2idx(k, std::get<Layout>(part))->value
                                                              : crd2idx(k, std::get<ComposedLayout>(part))->value;
        EXPECT_EQ(s->iterator.value.asInt().value + 2 * offset, expected)
            << print(sw) << " row " << row << " column " << col;
      }
    }
}

// Property: the identity tensor's element at every index is that index's coordinate, and
// a tile's element at c is the whole tensor's element at the tile's origin plus c.
TEST(TensorProperty, IdentityIsTheCoordinate) {
  test::LayoutGen gen(4242, true);
  for (int n = 0; n < 1500; ++n) {
    IntTuple shape = gen.shape(3, 64);
    Tensor t = *makeIdentityTensor(shape);
    for (int64_t i = 0; i < size(t.layout).value; ++i) {
      IntTuple index(Int::fixed(i));
      Expected<IntTuple> e = elementAt(t, index);
      ASSERT_TRUE(e.ok()) << print(t, Style::Cute) << " at " << i << ": " << e.error().message;
      Expected<IntTuple> c = idx2crd(index, shape);
      ASSERT_TRUE(c.ok());
      EXPECT_EQ(print(*e, Style::Plain), print(*c, Style::Plain)) << print(t, Style::Cute) << " at " << i;
    }
  }
}

} // namespace
