// No heap allocation per operation for values of up to 32 leaves (issue 9): every core
// operation, called on operands and with results of at most 32 leaves (nested, flat,
// static and dynamic), allocates nothing. Counted with AllocationCounter.h (malloc wrapped,
// operator new replaced); left out of the sanitizer builds, whose allocator that bypasses.
#include "AllocationCounter.h"

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

#include <functional>
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

/// Layouts of 32 leaves (past the straight paths' 16, so the general algorithms run):
/// sixteen pairs (49 nodes), eight groups of four, eight pairs of pairs (57 nodes, depth 3)
/// and a flat one; and the same shapes at 16 leaves (the straight paths); with injective
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
      {"logical_divide by a shape", [&](const Layout &l) {
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
        EXPECT_EQ(allocationsOf([&] { op.run(*l); }), 0u) << op.name << " of " << text
                                                          << (dynamic ? " (dynamic)" : "");
      }
    }
  }
  EXPECT_GE(checked, 140); // of the 8 x 17 static and 8 x 11 dynamic calls
}

/// The counter counts: a tuple past its inline nodes allocates.
TEST(AllocationTest, CounterSeesATupleOnTheHeap) {
  std::string big = "(" + repeat("(2,2)", 40) + ")"; // 121 nodes
  EXPECT_GT(allocationsOf([&] { parseIntTuple(big); }), 0u);
}

} // namespace
} // namespace cutelayout
