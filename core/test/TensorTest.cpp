// Unit and property tests of Tensor.h: tensors over counting and arithmetic-tuple
// iterators (CuTe's counting_iterator and identity tensors), their elements, slices,
// tiles and partitions. Expected values are CuTe's own answers (printed by CUTLASS for
// the same expressions with static integers).
#include "cutelayout/Tensor.h"

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
