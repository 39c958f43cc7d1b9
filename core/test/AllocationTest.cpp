// No heap allocation per operation for values of up to 32 leaves (issue 9): every core
// operation, called on operands and with results of at most 32 leaves (nested, flat,
// static and dynamic), allocates nothing. Counted with AllocationCounter.h (malloc wrapped,
// operator new replaced); left out of the sanitizer builds, whose allocator that bypasses.
#include "AllocationCounter.h"

#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <string>

namespace cutelayout {
namespace {

/// The allocations of one call of f, after a first call (a failing call builds its
/// message, and the first call may warm lazily built tables).
size_t allocationsOf(const std::function<void()> &f) {
  f();
  size_t before = allocationCount();
  f();
  return allocationCount() - before;
}

std::string repeat(const std::string &item, int n, const std::string &sep = ",") {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += (i ? sep : "") + item;
  return s;
}

/// Layouts of 32 leaves (the fast domains' lists hold 32 modes; the exact domain's 32 inline):
/// sixteen pairs (49 nodes), eight groups of four, eight pairs of pairs (57 nodes, depth 3)
/// and a flat one; and the same shapes at 16 leaves; with injective
/// compact strides.
std::vector<std::string> layouts() {
  std::vector<std::string> out;
  auto strides = [](const std::string &shape) { // the column-major strides of a shape text
    std::string s;
    int64_t stride = 1;
    for (char c : shape) {
      if (c == '2') {
        s += std::to_string(stride);
        stride *= 2;
      } else {
        s += c;
      }
    }
    return s;
  };
  for (int n : {32, 16})
    for (std::string shape : {"(" + repeat("(2,2)", n / 2) + ")", "(" + repeat("(2,2,2,2)", n / 4) + ")",
                              "(" + repeat("((2,2),(2,2))", n / 4) + ")", "(" + repeat("2", n) + ")"})
      out.push_back(shape + ":" + strides(shape));
  return out;
}

/// An operation on a layout; it returns its result's leaf count (1 for an integer), or 0
/// when it fails.
struct Named {
  const char *name;
  std::function<uint32_t(const Layout &)> run;
  bool needsStaticStrides = false;
};

uint32_t leaves(const Layout &l) { return leafCount(l.shape.view()); }
uint32_t leaves(const Expected<Layout> &r) { return r ? leaves(*r) : 0; }
uint32_t leaves(const Expected<Int> &r) { return r ? 1 : 0; }

TEST(AllocationTest, NoOperationAllocatesUpTo32Leaves) {
  Layout small = *parseLayout("(4,4):(1,4)");
  IntTuple tileShape = *parseIntTuple("(4,4)");
  Tiler tile = tilerFromShape(tileShape);
  IntTuple coord = *parseIntTuple("1000");
  IntTuple bound(Int::fixed(int64_t(1) << 34));
  const Named ops[] = {
      {"coalesce", [](const Layout &l) { return leaves(coalesce(l)); }},
      {"filter", [](const Layout &l) { return leaves(filter(l)); }},
      {"composition", [&](const Layout &l) { return leaves(composition(l, small)); }},
      {"complement", [](const Layout &l) { return leaves(complement(l)); }, true},
      {"complement with a bound", [&](const Layout &l) { return leaves(complement(l, bound.view())); }, true},
      {"right_inverse", [](const Layout &l) { return leaves(rightInverse(l)); }, true},
      {"left_inverse", [](const Layout &l) { return leaves(leftInverse(l)); }, true},
      {"logical_divide", [&](const Layout &l) { return leaves(logicalDivide(l, tile)); }},
      {"zipped_divide", [&](const Layout &l) { return leaves(zippedDivide(l, tile)); }},
      {"tiled_divide", [&](const Layout &l) { return leaves(tiledDivide(l, tile)); }},
      {"flat_divide", [&](const Layout &l) { return leaves(flatDivide(l, tile)); }},
      {"logical_divide by a shape",
       [&](const Layout &l) {
         Layout r;
         return logicalDivide(l, tileShape.view(), r) ? leaves(r) : 0;
       }},
      {"logical_product", [&](const Layout &l) { return leaves(logicalProduct(l, tile)); }, true},
      {"zipped_product", [&](const Layout &l) { return leaves(zippedProduct(l, tile)); }, true},
      {"crd2idx", [&](const Layout &l) { return leaves(crd2idx(coord.view(), l)); }},
      {"size", [](const Layout &l) { return size(l).value > 0 ? 1 : 0; }},
      {"cosize", [](const Layout &l) { return cosize(l).value > 0 ? 1 : 0; }},
  };
  int checked = 0;
  for (const std::string &text : layouts()) {
    for (bool dynamic : {false, true}) {
      ParseOptions options;
      options.plainIsDynamic = dynamic;
      Expected<Layout> l = parseLayout(text, options);
      ASSERT_TRUE(l) << text;
      EXPECT_EQ(allocationsOf([&] { parseLayout(text, options); }), 0u) << "parse " << text;
      for (const Named &op : ops) {
        // Complement, so the products, and the inverses need static strides past one mode.
        if (dynamic && op.needsStaticStrides)
          continue;
        uint32_t n = op.run(*l);
        ASSERT_GT(n, 0u) << op.name << " fails on " << text;
        // A dynamic 1 is a mode (CuTe drops only static 1s): such results may pass 32 leaves.
        if (n > 32)
          continue;
        ++checked;
        EXPECT_EQ(allocationsOf([&] { op.run(*l); }), 0u) << op.name << " of " << text << (dynamic ? " (dynamic)" : "");
      }
    }
  }
  EXPECT_GE(checked, 140); // of the 8 x 17 static and 8 x 11 dynamic calls
}

/// A named call that returns whether it succeeded.
using Call = std::pair<const char *, std::function<bool()>>;

/// Every call succeeds, and a second run of it allocates nothing.
void expectNoAllocations(std::initializer_list<Call> calls) {
  for (const auto &[name, run] : calls) {
    ASSERT_TRUE(run()) << name;
    EXPECT_EQ(allocationsOf([&] { run(); }), 0u) << name;
  }
}

/// Every other layout and tuple operation of the core, one call each on the realistic
/// kernel layouts of bench/cases/operations.txt (at most 16 leaves): none allocates. (The
/// atoms' operations build their tiled layouts in vectors; Atom.h.)
TEST(AllocationTest, EveryOperationOnRealisticLayoutsAllocatesNothing) {
  auto L = [](const char *text) { return *parseLayout(text); };
  auto T = [](const char *text) { return *parseIntTuple(text); };
  const Layout tile128 = L("(128,128):(1,128)"), tv = L("((4,8),(2,2)):((64,1),(32,8))"),
               mma = L("((4,8),(2,2,2)):((32,1),(16,8,128))"), smem = L("((8,16),(64,2)):((64,512),(1,8192))"),
               atom = L("(8,64):(64,1)"), threads = L("(32,4):(4,1)"), block = L("(16,2):(1,16)"),
               tvZero = L("((4,8),(2,2)):((64,0),(32,8))");
  const IntTuple shape128 = T("(128,64)"), tileShape = T("(128,32)"), at = T("(1,2)"), five = T("5"),
                 slicer = T("(_,3)"), order = T("(1,0,2)"), shape3 = T("(8,64,2)"), window = T("(3,3)"),
                 one = T("(1,1)"), nested = T("(8,(16,2))"), coord = T("(3,(7,1))"), extents = T("(4,(8,2))"),
                 a2 = T("(128,64)"), b2 = T("(2,4)"), index = T("1000"), shape2 = T("((8,16),(64,2))"),
                 profile = T("(_,_)"), one1 = T("1");
  const Tiler byShape = tilerFromShape(tileShape.view()), byLayout = tilerFromLayout(block);
  const uint32_t path[] = {1, 0}, modes[] = {1, 0};
  expectNoAllocations({
      {"get", [&] { return bool(get(smem, path, 2)); }},
      {"take", [&] { return bool(take(mma, 0, 1)); }},
      {"select", [&] { return bool(select(mma, modes, 2)); }},
      {"group", [&] { return bool(group(smem, 0, 2)); }},
      {"flatten", [&] { return leafCount(flatten(smem).shape.view()) == 4; }},
      {"append", [&] { return appendTo(atom, 3).rank() == 3; }},
      {"prepend", [&] { return prependTo(atom, 3).rank() == 3; }},
      {"slice", [&] { return bool(slice(slicer.view(), tile128)); }},
      {"dice", [&] { return bool(dice(slicer.view(), tile128)); }},
      {"coalesce by profile", [&] { return bool(coalesce(mma, profile.view())); }},
      {"filter_zeros", [&] { return bool(filterZeros(tvZero)); }},
      {"filter by profile", [&] { return bool(filter(tvZero, profile.view())); }},
      {"max_common_layout", [&] { return bool(maxCommonLayout(tile128, tile128)); }},
      {"max_common_vector", [&] { return bool(maxCommonVector(atom, atom)); }},
      {"upcast", [&] { return bool(upcast(smem, 8)); }},
      {"downcast", [&] { return bool(downcast(atom, 2)); }},
      {"recast_layout", [&] { return bool(recastLayout(atom, 16, 32)); }},
      {"make_layout(shape)", [&] { return makeLayout(shape128.view()).rank() == 2; }},
      {"make_layout(shape, LayoutRight)", [&] { return makeLayoutRight(shape128.view()).rank() == 2; }},
      {"make_layout(A, B)", [&] { return concat(atom, block).rank() == 2; }},
      {"make_ordered_layout", [&] { return bool(makeOrderedLayout(shape3.view(), order.view())); }},
      {"make_layout_like", [&] { return bool(makeLayoutLike(tv)); }},
      {"make_fragment_like", [&] { return bool(makeFragmentLike(mma)); }},
      {"composition by a tile", [&] { return bool(composition(tile128, byShape)); }},
      {"logical_product by a layout", [&] { return bool(logicalProduct(atom, byLayout)); }},
      {"tiled_product", [&] { return bool(tiledProduct(atom, byShape)); }},
      {"flat_product", [&] { return bool(flatProduct(atom, byShape)); }},
      {"blocked_product", [&] { return bool(blockedProduct(atom, block)); }},
      {"raked_product", [&] { return bool(rakedProduct(atom, block)); }},
      {"tile_to_shape", [&] { return bool(tileToShape(atom, shape128.view(), nullptr)); }},
      {"local_tile", [&] { return bool(localTile(tile128, byShape, at.view(), nullptr)); }},
      {"local_partition", [&] { return bool(localPartition(tile128, threads, five.view(), nullptr)); }},
      {"stencil_divide", [&] { return bool(stencilDivide(tile128, window.view(), one.view(), one.view())); }},
      {"crd2idx", [&] { return bool(crd2idx(at.view(), tile128)); }},
      {"idx2crd", [&] { return bool(idx2crd(index.view(), shape2.view())); }},
      {"product_each", [&] { return productEach(shape2.view()).rank() == 2; }},
      {"compact_major", [&] { return bool(compactMajor(nested.view(), one1.view(), Major::Right)); }},
      {"compact_order", [&] { return bool(compactOrder(shape3.view(), order.view())); }},
      {"increment", [&] { return bool(increment(coord.view(), extents.view())); }},
      {"tuple_add", [&] { return bool(tupleArith(TupleOp::Add, a2.view(), b2.view())); }},
      {"ceil_div", [&] { return bool(ceilDiv(a2.view(), b2.view())); }},
      {"round_up", [&] { return bool(roundUp(a2.view(), b2.view())); }},
      {"shape_div", [&] { return bool(shapeDiv(a2.view(), b2.view())); }},
  });
}

/// The single-layout operations of the test above on a layout of 32 leaves (sixteen pairs,
/// compact strides): whichever domain answers, they allocate nothing either.
TEST(AllocationTest, LayoutOperationsAt32LeavesAllocateNothing) {
  std::string shapeText = "(", strideText = "(", profileText = "(", coordText = "(";
  int64_t stride = 1;
  for (int i = 0; i < 16; ++i, stride *= 4) {
    std::string sep = i ? "," : "";
    shapeText += sep + "(2,2)";
    strideText += sep + "(" + std::to_string(stride) + "," + std::to_string(2 * stride) + ")";
    profileText += sep + "_";
    coordText += sep + "(1,0)";
  }
  const Layout l = *parseLayout(shapeText + "):" + strideText + ")");
  const IntTuple profile = *parseIntTuple(profileText + ")"), coord = *parseIntTuple(coordText + ")"),
                 one = *parseIntTuple("1");
  const uint32_t path[] = {3, 1}, modes[] = {5, 2, 9};
  expectNoAllocations({
      {"get", [&] { return bool(get(l, path, 2)); }},
      {"take", [&] { return bool(take(l, 2, 9)); }},
      {"select", [&] { return bool(select(l, modes, 3)); }},
      {"group", [&] { return bool(group(l, 2, 9)); }},
      {"flatten", [&] { return flatten(l).rank() == 32; }},
      {"append", [&] { return appendTo(l, 17).rank() == 17; }},
      {"coalesce by profile", [&] { return bool(coalesce(l, profile.view())); }},
      {"filter_zeros", [&] { return bool(filterZeros(l)); }},
      {"filter by profile", [&] { return bool(filter(l, profile.view())); }},
      {"max_common_vector", [&] { return bool(maxCommonVector(l, l)); }},
      {"max_common_layout", [&] { return bool(maxCommonLayout(l, l)); }},
      {"upcast", [&] { return bool(upcast(l, 2)); }},
      {"downcast", [&] { return bool(downcast(l, 2)); }},
      {"make_layout_like", [&] { return bool(makeLayoutLike(l)); }},
      {"make_ordered_layout", [&] { return bool(makeOrderedLayout(l.shape.view(), l.stride.view())); }},
      {"make_fragment_like", [&] { return bool(makeFragmentLike(l)); }},
      {"slice", [&] { return bool(slice(coord.view(), l)); }},
      {"crd2idx", [&] { return bool(crd2idx(coord.view(), l)); }},
      {"increment", [&] { return bool(increment(coord.view(), l.shape.view())); }},
      {"product_each", [&] { return productEach(l.shape.view()).rank() == 16; }},
      {"compact_major", [&] { return bool(compactMajor(l.shape.view(), one.view(), Major::Right)); }},
      {"make_layout(shape)", [&] { return makeLayout(l.shape.view()).rank() == 16; }},
  });
}

/// The counter counts: a tuple past its inline nodes allocates.
TEST(AllocationTest, CounterSeesATupleOnTheHeap) {
  std::string big = "(" + repeat("(2,2)", 40) + ")"; // 121 nodes
  EXPECT_GT(allocationsOf([&] { parseIntTuple(big); }), 0u);
}

} // namespace
} // namespace cutelayout
