// Trace.h: an operation run on symbols records a program that, replayed on the inputs'
// values, gives exactly what the operation computes on those values, with the same
// structure and the same static leaves. Checked over thousands of seeded random layouts
// for every operation the lowering uses.
#include "cutelayout/Trace.h"
#include "cutelayout/RuntimeForm.h"

#include "RandomLayouts.h"
#include "cutelayout/ComposedLayout.h"
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

#include <functional>

using namespace cutelayout;
using namespace cutelayout::test;

namespace {

/// t with each dynamic leaf replaced by the next input symbol of the trace; the values go
/// to `values` in the same order.
IntTuple symbolize(TupleView t, Trace &trace, std::vector<int64_t> &values) {
  return mapLeaves(t, [&](Int x) {
    if (x.isStatic)
      return x;
    values.push_back(x.value);
    Int s = trace.input(uint32_t(values.size() - 1));
    s.basis = x.basis;
    return s;
  });
}

Layout symbolize(const Layout &l, Trace &trace, std::vector<int64_t> &values) {
  IntTuple shape = symbolize(l.shape, trace, values);
  return Layout{shape, symbolize(l.stride, trace, values)};
}

/// Empty when `traced` (leaves symbols of trace) replays to `direct` on `values`; else why.
std::string divergence(TupleView direct, TupleView traced, const Trace &trace, const std::vector<int64_t> &values) {
  if (!congruent(direct, traced) || hasUnderscore(direct) != hasUnderscore(traced))
    return "structure differs: " + show(direct) + " vs " + show(traced);
  for (uint32_t i = 0; i < leafCount(direct); ++i) {
    TupleView d = leafAt(direct, i), s = leafAt(traced, i);
    if (d.isUnderscore() || s.isUnderscore()) {
      if (d.isUnderscore() != s.isUnderscore())
        return "leaf " + std::to_string(i) + ": underscore differs";
      continue;
    }
    Int x = d.asInt(), y = s.asInt();
    if (x.isStatic != y.isStatic || x.basis != y.basis)
      return "leaf " + std::to_string(i) + ": staticness or basis differs: " + show(direct) + " vs " + show(traced);
    if (x.isStatic) {
      if (x.value != y.value)
        return "static leaf " + std::to_string(i) + " differs";
      continue;
    }
    if (!trace.isSymbol(y.value))
      return "leaf " + std::to_string(i) + " was computed without recording";
    Expected<int64_t> v = trace.evaluate(trace.node(y.value), values);
    if (!v)
      return "replay failed: " + v.error().message;
    if (*v != x.value)
      return "leaf " + std::to_string(i) + ": replay gives " + std::to_string(*v) + ", the operation " +
             std::to_string(x.value);
  }
  return "";
}

std::string divergence(const Layout &direct, const Layout &traced, const Trace &trace,
                       const std::vector<int64_t> &values) {
  std::string m = divergence(direct.shape, traced.shape, trace, values);
  return m.empty() ? divergence(direct.stride, traced.stride, trace, values) : m;
}

using LayoutOp = std::function<Expected<Layout>(const Layout &, const Layout &)>;

/// f run on a and b with a symbol of `trace` for each runtime leaf; their values go to
/// `values` (slot order).
Expected<Layout> onSymbols(const LayoutOp &f, const Layout &a, const Layout &b, Trace &trace,
                           std::vector<int64_t> &values) {
  Layout sa = symbolize(a, trace, values), sb = symbolize(b, trace, values);
  TraceScope on(trace);
  return f(sa, sb);
}

/// An operation of layouts, run directly and on symbols: counts the cases that agree and
/// fails on the first that does not.

int checkOp(const char *name, const LayoutOp &f, uint64_t seed, bool secondStaticStrides,
            bool firstStaticStrides = false) {
  LayoutGen gen(seed, /*powersOfTwo=*/true);
  int agreed = 0;
  for (int i = 0; i < 1500; ++i) {
    Layout a = gen.anyLayout(256);
    Layout b = gen.anyLayout(64);
    if (firstStaticStrides)
      a = Layout{withStaticUnitModes(a).shape, allStatic(a).stride};
    if (secondStaticStrides)
      b = Layout{withStaticUnitModes(b).shape, allStatic(b).stride};
    Expected<Layout> direct = f(a, b);
    if (!direct)
      continue;
    Trace trace;
    std::vector<int64_t> values;
    Expected<Layout> traced = onSymbols(f, a, b, trace, values);
    if (!traced) {
      ADD_FAILURE() << name << "(" << show(a) << ", " << show(b) << ") = " << show(*direct)
                    << " directly, but on symbols: " << traced.error().message;
      return agreed;
    }
    std::string m = divergence(*direct, *traced, trace, values);
    if (!m.empty()) {
      ADD_FAILURE() << name << "(" << show(a) << ", " << show(b) << "): " << m;
      return agreed;
    }
    ++agreed;
  }
  return agreed;
}

/// R18 and R19: the conditions a traced operation records for run time fail on the inputs'
/// values exactly when the operation itself, run on those values, reports or notes one.
int checkRuntimeConditions(const char *name, const LayoutOp &f, uint64_t seed, bool secondStaticStrides,
                           bool firstStaticStrides) {
  LayoutGen gen(seed, /*powersOfTwo=*/false);
  int violated = 0;
  for (int i = 0; i < 1500; ++i) {
    Layout a = gen.anyLayout(256), b = gen.anyLayout(64);
    if (firstStaticStrides)
      a = Layout{withStaticUnitModes(a).shape, allStatic(a).stride};
    if (secondStaticStrides)
      b = Layout{withStaticUnitModes(b).shape, allStatic(b).stride};
    bool runtimeLeaves = !isStatic(a.shape) || !isStatic(a.stride) || !isStatic(b.shape) || !isStatic(b.stride);
    RuntimeFormScope runtimeForm;
    Expected<Layout> direct = f(a, b);
    // R18's conditions reported, or R19's noted (where CuTe's runtime path may leave the
    // static form's function) in an operation with runtime leaves: the lowered code checks both.
    bool reported = (!direct && direct.error().message.find("CuTe does not check this for runtime integers") !=
                                    std::string::npos) ||
                    (direct && runtimeForm.note() && runtimeLeaves);
    if (!direct && !reported)
      continue; // rejected for another reason
    Trace trace;
    std::vector<int64_t> values;
    Expected<Layout> traced = onSymbols(f, a, b, trace, values);
    if (!traced) {
      // A condition on static leaves met after a runtime one (CuTe would not compile it).
      if (!direct)
        continue;
      ADD_FAILURE() << name << "(" << show(a) << ", " << show(b) << ") on symbols: " << traced.error().message;
      return violated;
    }
    // The lowered code checks in this order and stops at the first failure, before the
    // values a failed condition makes meaningless (a later divisor may be 0) are used.
    bool failed = false;
    for (const Trace::Check &c : trace.checks()) {
      Expected<int64_t> v =
          c.holds.isStatic ? Expected<int64_t>(c.holds.value) : trace.evaluate(trace.node(c.holds.value), values);
      if (!v) {
        ADD_FAILURE() << name << "(" << show(a) << ", " << show(b)
                      << "): replaying a check failed: " << v.error().message;
        return violated;
      }
      if (*v == 0) {
        failed = true;
        break;
      }
    }
    if (failed != reported) {
      ADD_FAILURE() << name << "(" << show(a) << ", " << show(b) << "): the operation "
                    << (reported ? "reports " + direct.error().message : std::string("succeeds"))
                    << ", the recorded checks " << (failed ? "fail" : "hold");
      return violated;
    }
    violated += reported;
  }
  return violated;
}

TEST(Trace, RuntimeChecksAgreeWithTheCheckedValues) {
  // Each family must meet violations, so the property is not vacuous.
  EXPECT_GT(checkRuntimeConditions(
                "composition", [](const Layout &a, const Layout &b) { return composition(a, b); }, 201, false, false),
            20);
  EXPECT_GT(checkRuntimeConditions(
                "complement", [](const Layout &a, const Layout &b) { return complement(a, IntTuple(size(b))); }, 202,
                false, true),
            5);
  EXPECT_GT(
      checkRuntimeConditions(
          "blocked_product", [](const Layout &a, const Layout &b) { return blockedProduct(a, b); }, 203, true, true),
      5);
  EXPECT_GT(checkRuntimeConditions(
                "tile_to_shape",
                [](const Layout &a, const Layout &b) {
                  IntTuple target = mapLeaves(a.shape, [&](Int x) { return add(x, size(b)); });
                  return tileToShape(a, target, nullptr);
                },
                204, false, true),
            5);
}

/// Divisibility facts: with every runtime leaf a random multiple of a random divisor, the
/// divisor the trace infers for each result leaf divides its value, and a condition the
/// facts decide has that truth value.
TEST(Trace, DivisibilityFactsAreSound) {
  LayoutGen gen(301, /*powersOfTwo=*/true);
  const std::vector<LayoutOp> ops = {
      [](const Layout &a, const Layout &b) { return composition(a, b); },
      [](const Layout &a, const Layout &b) { return logicalDivide(a, tilerFromShape(b.shape)); },
      [](const Layout &a, const Layout &b) { return zippedDivide(a, tilerFromLayout(b)); },
      [](const Layout &a, const Layout &b) { return complement(a, IntTuple(mul(size(a), size(b)))); },
      [](const Layout &a, const Layout &b) { return blockedProduct(a, b); },
      [](const Layout &a, const Layout &) { return Expected<Layout>(coalesce(a)); },
      [](const Layout &a, const Layout &b) {
        IntTuple c = IntTuple::makeTuple({IntTuple(size(a)), IntTuple(cosize(a)), IntTuple(size(b))});
        return Expected<Layout>(Layout{c, c});
      },
  };
  int checkedLeaves = 0, decided = 0;
  for (int i = 0; i < 3000; ++i) {
    auto &f = ops[size_t(i) % ops.size()];
    // Leaves: a divisor (1..64, a power of two or 3) times a random factor (0..4).
    std::vector<int64_t> facts;
    auto multiple = [&](Int x) {
      if (x.isStatic)
        return x;
      int64_t d = gen.coin(20) ? 3 : int64_t(1) << gen.pick(0, 6);
      facts.push_back(d);
      return Int::dynamic(d * gen.pick(0, 4));
    };
    Layout a = gen.anyLayout(256), b = gen.anyLayout(64);
    a = Layout{mapLeaves(a.shape, multiple), mapLeaves(a.stride, multiple)};
    b = Layout{mapLeaves(b.shape, multiple), mapLeaves(b.stride, multiple)};
    Expected<Layout> direct = f(a, b);
    Trace trace;
    std::vector<int64_t> values;
    Expected<Layout> traced = onSymbols(f, a, b, trace, values);
    if (!traced)
      continue;
    std::vector<int64_t> d = trace.divisors(facts);
    for (const Trace::Check &c : trace.checks()) {
      if (c.holds.isStatic)
        continue;
      uint32_t n = trace.node(c.holds.value);
      Trace::Verdict v = trace.decide(n, d);
      if (v == Trace::Verdict::Unknown)
        continue;
      Expected<int64_t> x = trace.evaluate(n, values);
      if (!x)
        break; // an earlier check failed: later values mean nothing
      ++decided;
      ASSERT_EQ(*x, v == Trace::Verdict::Holds ? 1 : 0) << show(a) << ", " << show(b);
    }
    if (!direct)
      continue;
    std::vector<Int> want = leaves(direct->shape), got = leaves(traced->shape);
    for (Int x : leaves(direct->stride))
      want.push_back(x);
    for (Int x : leaves(traced->stride))
      got.push_back(x);
    ASSERT_EQ(want.size(), got.size());
    for (size_t k = 0; k < got.size(); ++k) {
      if (got[k].isStatic || !trace.isSymbol(got[k].value))
        continue;
      int64_t div = d[trace.node(got[k].value)];
      ++checkedLeaves;
      if (div == 0)
        ASSERT_EQ(want[k].value, 0) << show(a) << ", " << show(b) << " leaf " << k;
      else
        ASSERT_EQ(want[k].value % div, 0) << show(a) << ", " << show(b) << " leaf " << k << ": divisor " << div;
    }
  }
  EXPECT_GT(checkedLeaves, 2000);
  EXPECT_GT(decided, 20);
}

TEST(Trace, DivisibilityFactsOfKnownShapes) {
  // ?{div=16} * 8 is a multiple of 128; ceil_div(?{div=128}, 128) stays exact.
  Trace t;
  Int m = t.input(0);
  Int p, q, r;
  {
    TraceScope on(t);
    p = mul(m, Int::fixed(8));
    q = mod(p, Int::fixed(128));
    r = ceilDiv(p, Int::fixed(64));
  }
  std::vector<int64_t> d = t.divisors({16});
  EXPECT_EQ(d[t.node(p.value)], 128);
  EXPECT_EQ(d[t.node(q.value)], 0); // known to be 0
  EXPECT_EQ(d[t.node(r.value)], 2); // ceil_div(p, 64) is p / 64 exactly: a multiple of 2
  uint32_t x;
  EXPECT_TRUE(t.exactCeilDiv(t.node(r.value), d, x));
  EXPECT_EQ(x, t.node(p.value));
}

TEST(Trace, SymbolsAreInputsAndNodesAreShared) {
  Trace t;
  Int m = t.input(0), n = t.input(1);
  EXPECT_FALSE(m.isStatic);
  EXPECT_TRUE(t.isSymbol(m.value));
  EXPECT_EQ(t.input(0), m);
  TraceScope on(t);
  Int p = mul(m, n), q = mul(m, n);
  EXPECT_EQ(p, q);                     // one node for one computation
  EXPECT_EQ(mul(m, Int::fixed(1)), m); // CuTe: m * _1 is the dynamic m itself
  EXPECT_EQ(add(Int::fixed(0), m), m);
  EXPECT_EQ(mul(m, Int::fixed(0)), Int::fixed(0));              // the static rule still decides
  EXPECT_EQ(mul(Int::fixed(3), Int::fixed(4)), Int::fixed(12)); // static arithmetic computes
  Int r = ceilDiv(p, Int::fixed(16));
  ASSERT_TRUE(t.isSymbol(r.value));
  Expected<int64_t> v = t.evaluate(t.node(r.value), {5, 7});
  ASSERT_TRUE(bool(v));
  EXPECT_EQ(*v, 3); // ceil(35 / 16)
}

TEST(Trace, ArithmeticWithoutRecordingIsDetected) {
  Trace t;
  Int m = t.input(0);
  EXPECT_FALSE(t.isSymbol(m.value + 1));
  EXPECT_FALSE(t.isSymbol(m.value * 2));
  EXPECT_FALSE(t.isSymbol(m.value - 16)); // not a node of this trace
}

TEST(Trace, ReplayReportsArithmeticFailures) {
  Trace t;
  Int m = t.input(0), n = t.input(1);
  Int q;
  {
    TraceScope on(t);
    q = div(m, n);
  }
  Expected<int64_t> v = t.evaluate(t.node(q.value), {5, 0});
  ASSERT_FALSE(bool(v));
  EXPECT_NE(v.error().message.find("division by zero"), std::string::npos) << v.error().message;
}

TEST(Trace, InsideAScopeDynamicValuesAreUnknown) {
  Trace t;
  EXPECT_FALSE(dynamicValuesAreUnknown());
  {
    TraceScope on(t);
    EXPECT_TRUE(dynamicValuesAreUnknown());
  }
  EXPECT_FALSE(dynamicValuesAreUnknown());
}

TEST(Trace, SwizzleOfADynamicOffset) {
  Trace t;
  Swizzle s{3, 4, 3};
  Int x = t.input(0), y;
  {
    TraceScope on(t);
    y = s.apply(x);
  }
  for (int64_t v : {0, 0x80, 0x3ff, 12345}) {
    Expected<int64_t> r = t.evaluate(t.node(y.value), {v});
    ASSERT_TRUE(bool(r));
    EXPECT_EQ(*r, s.apply(v));
  }
}

TEST(Trace, Composition) {
  EXPECT_GT(
      checkOp("composition", [](const Layout &a, const Layout &b) { return composition(a, b); }, 101, false), 300);
}

TEST(Trace, Complement) {
  EXPECT_GT(checkOp(
                "complement", [](const Layout &a, const Layout &b) { return complement(a, IntTuple(size(b))); }, 102,
                false, true),
            300);
}

TEST(Trace, Divides) {
  auto tiler = [](const Layout &b) { return tilerFromLayout(b); };
  EXPECT_GT(
      checkOp(
          "logical_divide", [&](const Layout &a, const Layout &b) { return logicalDivide(a, tiler(b)); }, 103, true),
      200);
  EXPECT_GT(checkOp(
                "zipped_divide",
                [&](const Layout &a, const Layout &b) { return zippedDivide(a, tilerFromShape(b.shape)); }, 104, false),
            200);
  EXPECT_GT(checkOp(
                "flat_divide", [&](const Layout &a, const Layout &b) { return flatDivide(a, tilerFromShape(b.shape)); },
                105, false),
            200);
}

TEST(Trace, Products) {
  EXPECT_GT(checkOp(
                "logical_product",
                [](const Layout &a, const Layout &b) { return logicalProduct(a, tilerFromLayout(b)); }, 106, false,
                true),
            200);
  EXPECT_GT(
      checkOp(
          "blocked_product", [](const Layout &a, const Layout &b) { return blockedProduct(a, b); }, 107, false, true),
      200);
  EXPECT_GT(checkOp(
                "raked_product", [](const Layout &a, const Layout &b) { return rakedProduct(a, b); }, 108, false, true),
            200);
}

TEST(Trace, CoalesceFilterInverses) {
  EXPECT_GT(checkOp(
                "coalesce", [](const Layout &a, const Layout &) { return Expected<Layout>(coalesce(a)); }, 109, false),
            1000);
  EXPECT_GT(
      checkOp("filter", [](const Layout &a, const Layout &) { return Expected<Layout>(filter(a)); }, 110, false), 1000);
  EXPECT_GT(
      checkOp("right_inverse", [](const Layout &a, const Layout &) { return rightInverse(a); }, 111, false, true), 300);
  EXPECT_GT(
      checkOp("left_inverse", [](const Layout &a, const Layout &) { return leftInverse(a); }, 112, false, true), 300);
}

TEST(Trace, TileToShape) {
  EXPECT_GT(checkOp(
                "tile_to_shape",
                [](const Layout &a, const Layout &b) {
                  IntTuple target = mapLeaves(a.shape, [&](Int x) { return mul(x, size(b)); });
                  return tileToShape(a, target, nullptr);
                },
                113, false, true),
            200);
}

/// Scalar results: the 1-D index into the layout, the layout's size and cosize, and the
/// coordinate of an index.
TEST(Trace, Crd2idxSizeCosizeIdx2crd) {
  LayoutGen gen(114, true);
  int agreed = 0;
  for (int i = 0; i < 2000; ++i) {
    Layout a = gen.anyLayout(256);
    int64_t index = gen.pick(0, size(a).value - 1);
    Int coord = gen.coin(50) ? Int::dynamic(index) : Int::fixed(index);
    Trace trace;
    std::vector<int64_t> values;
    Layout sa = symbolize(a, trace, values);
    IntTuple sc = symbolize(IntTuple(coord), trace, values);
    Expected<Int> direct = crd2idx(IntTuple(coord), a);
    Expected<IntTuple> directCoord = idx2crd(IntTuple(coord), a.shape);
    ASSERT_TRUE(direct && directCoord);
    IntTuple traced, tracedCoord;
    {
      TraceScope on(trace);
      Expected<Int> r = crd2idx(sc, sa);
      ASSERT_TRUE(bool(r)) << r.error().message;
      traced = IntTuple::makeTuple({IntTuple(*r), IntTuple(size(sa)), IntTuple(cosize(sa))});
      Expected<IntTuple> c = idx2crd(sc, sa.shape);
      ASSERT_TRUE(bool(c)) << c.error().message;
      tracedCoord = *c;
    }
    IntTuple want = IntTuple::makeTuple({IntTuple(*direct), IntTuple(size(a)), IntTuple(cosize(a))});
    std::string m = divergence(want, traced, trace, values);
    ASSERT_EQ(m, "") << show(a) << " at " << index;
    m = divergence(*directCoord, tracedCoord, trace, values);
    ASSERT_EQ(m, "") << "idx2crd " << index << " in " << show(a.shape);
    ++agreed;
  }
  EXPECT_EQ(agreed, 2000);
}

TEST(Trace, LocalTileAndPartition) {
  LayoutGen gen(115, true);
  int agreed = 0;
  for (int i = 0; i < 1500; ++i) {
    Layout a = gen.withLeaves(gen.layout(Strides::Compact, 256, 2), gen.anyLeaves());
    if (a.shape.isInt())
      continue;
    // A tile of each mode's extent divided by 1, 2 or 4, at a random tile coordinate.
    TupleBuilder tile, coord;
    tile.open();
    coord.open();
    for (uint32_t k = 0; k < a.shape.rank(); ++k) {
      int64_t e = size(a.mode(k)).value, d = int64_t(1) << gen.pick(0, 2);
      int64_t t = e % d == 0 ? e / d : e;
      tile.leaf(Int::fixed(t));
      coord.leaf(Int::dynamic(gen.pick(0, e / t - 1)));
    }
    tile.close();
    coord.close();
    IntTuple tileShape = tile.finish(), c = coord.finish();
    Expected<Layout> direct = localTile(a, tilerFromShape(tileShape), c, nullptr);
    if (!direct)
      continue;
    Trace trace;
    std::vector<int64_t> values;
    Layout sa = symbolize(a, trace, values);
    IntTuple sc = symbolize(c, trace, values);
    Expected<Layout> traced = [&] {
      TraceScope on(trace);
      return localTile(sa, tilerFromShape(tileShape), sc, nullptr);
    }();
    ASSERT_TRUE(bool(traced)) << traced.error().message;
    ASSERT_EQ(divergence(*direct, *traced, trace, values), "") << show(a);
    ++agreed;
  }
  EXPECT_GT(agreed, 500);
}

// A thread's part of a swizzled tile at a runtime thread index (the dialect's
// cute.local_partition of a shared-memory view): CuTe's slice_and_offset on the runtime
// index is the static index's function (R19), and on a symbol it records the program that
// gives the same layout leaves and the same pointer offset (the lowering's addresses).
TEST(Trace, SwizzledPartitionsAtRuntimeThreads) {
  LayoutGen gen(117, true);
  const std::vector<Swizzle> swizzles{{3, 4, 3}, {3, 3, 3}, {2, 4, 3}, {1, 4, 3}, {2, 3, 3}, {3, 2, 3}};
  const std::vector<Layout> tiles{*parseLayout("(_64,_64):(_64,_1)"), *parseLayout("(_32,_64):(_1,_32)"),
                                  *parseLayout("(_8,_64):(_64,_1)"),
                                  *parseLayout("((_8,_2),(_32,_2)):((_32,_512),(_1,_256))")};
  int agreed = 0, decayed = 0;
  for (int i = 0; i < 3000; ++i) {
    const Swizzle &sw = gen.oneOf(swizzles);
    const Layout &tile = gen.oneOf(tiles);
    // Threads: rows x columns, row- or column-major, dividing the tile.
    int64_t rows = int64_t(1) << gen.pick(0, 3), cols = int64_t(1) << gen.pick(0, 4);
    bool rowMajor = gen.coin(50);
    std::string r = "_" + std::to_string(rows), c = "_" + std::to_string(cols);
    Layout threads = *parseLayout("(" + r + "," + c + "):" + (rowMajor ? "(" + c + ",_1)" : "(_1," + r + ")"));
    int64_t tid = gen.pick(0, rows * cols - 1);
    Expected<Tensor> t = makeTensor(TensorIterator{TensorIterator::Kind::Counting, IntTuple(Int::fixed(0))},
                                    AnyLayout(ComposedLayout{OuterFunction::of(sw), IntTuple(Int::fixed(0)), tile}));
    ASSERT_TRUE(bool(t)) << t.error().message;
    Expected<Tensor> fixed = localPartition(*t, threads, IntTuple(Int::fixed(tid)), nullptr);
    Expected<Tensor> runtime = localPartition(*t, threads, IntTuple(Int::dynamic(tid)), nullptr);
    if (!fixed)
      continue;
    if (!runtime) { // only CuTe's MixedBits composed result is refused
      EXPECT_NE(runtime.error().message.find("MixedBits"), std::string::npos) << runtime.error().message;
      continue;
    }
    // The same function: element k of the part is at iterator + layout(k), both ways.
    Int n = size(fixed->layout); // a composed layout's size is its inner layout's
    ASSERT_EQ(n.value, size(runtime->layout).value);
    for (int64_t k = 0; k < n.value; ++k) {
      Expected<IntTuple> ef = elementAt(*fixed, IntTuple(Int::fixed(k)));
      Expected<IntTuple> er = elementAt(*runtime, IntTuple(Int::fixed(k)));
      ASSERT_TRUE(ef && er);
      ASSERT_EQ(ef->asInt().value, er->asInt().value)
          << print(tile) << " " << print(threads) << " thread " << tid << " element " << k;
    }
    // On a symbol: the same leaves and offset after replay.
    Trace trace;
    std::vector<int64_t> values{tid};
    Int symbol = trace.input(0);
    Expected<Tensor> traced = [&] {
      TraceScope on(trace);
      return localPartition(*t, threads, IntTuple(symbol), nullptr);
    }();
    ASSERT_TRUE(bool(traced)) << traced.error().message;
    ASSERT_EQ(traced->isComposed(), runtime->isComposed());
    decayed += !runtime->isComposed();
    ASSERT_EQ(divergence(runtime->layout, traced->layout, trace, values), "") << print(tile) << " " << print(threads);
    ASSERT_EQ(divergence(runtime->iterator.value, traced->iterator.value, trace, values), "");
    ASSERT_EQ(divergence(runtime->offset, traced->offset, trace, values), "");
    ++agreed;
  }
  EXPECT_GT(agreed, 1500);
  EXPECT_GT(decayed, 500);
}

} // namespace
