// Unit tests of Tiler.h's append, prepend, appendToRank and prependToRank (CuTe's tuple
// append of a tile), with CuTe's answers in its printed form (`_N` static).
#include "cutelayout/Tiler.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

using namespace cutelayout;

namespace {

Tiler lay(const char *text) {
  Expected<Layout> l = parseLayout(text);
  EXPECT_TRUE(l.ok()) << text;
  return tilerFromLayout(l.ok() ? *l : Layout{});
}

Tiler extent(int64_t n) { return tilerFromShape(IntTuple(Int::fixed(n))); }

Tiler tile(std::initializer_list<Tiler> ts) { return makeTile(ts.begin(), uint32_t(ts.size())); }

std::string show(const Tiler &t) { return print(t, Style::Cute); }
std::string show(const Expected<Tiler> &t) { return t.ok() ? show(*t) : "error: " + t.error().message; }

} // namespace

TEST(Tiler, AppendAndPrependMatchCute) {
  EXPECT_EQ(show(append(tile({lay("3:1"), extent(4)}), lay("(2,2):(1,2)"))), "(_3:_1,_4,(_2,_2):(_1,_2))");
  EXPECT_EQ(show(prepend(tile({lay("8:1")}), underscoreTiler())), "(_,_8:_1)");
  // A tiler that is no tuple is one element: its layout's modes stay together.
  EXPECT_EQ(show(append(lay("(2,3):(1,2)"), extent(4))), "((_2,_3):(_1,_2),_4)");
  Tiler r = append(tile({lay("3:1")}), tile({extent(2), underscoreTiler()}));
  EXPECT_EQ(r.rank(), 2u);
  EXPECT_EQ(show(r.child(1)), "(_2,_)");
}

TEST(Tiler, AppendToRankMatchesCute) {
  Tiler t = tile({lay("3:1"), extent(4)});
  EXPECT_EQ(show(appendToRank(t, 4, underscoreTiler())), "(_3:_1,_4,_,_)");
  EXPECT_EQ(show(prependToRank(t, 3, tile({lay("2:1"), underscoreTiler()}))), "((_2:_1,_),_3:_1,_4)");
  EXPECT_EQ(show(appendToRank(t, 2, underscoreTiler())), "(_3:_1,_4)");
  EXPECT_EQ(show(appendToRank(lay("(2,3):(1,2)"), 1, extent(4))), "(_2,_3):(_1,_2)"); // rank 1: itself
  EXPECT_EQ(show(appendToRank(t, 1, underscoreTiler())), "error: cannot pad (3:1,4) to rank 1: its rank is 2");
}
