// Google Benchmark suite for the core algebra on realistic GPU layouts, static and
// dynamic, plus sweeps of cost against the number of leaves. Allocations per operation
// are counted (AllocationCounter.h: malloc wrapped, operator new replaced) and reported
// as the counter allocs/op. Results: docs/performance.md.
//
// `cutelayout_bench --cases FILE [--dynamic] [--cute] [--table]` instead times cute-layout
// expressions one by one (Cases.h).
#include "AllocationCounter.h"
#include "Cases.h"
#include "Evaluator.h"
#include "Operations.h"

#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace cutelayout;

namespace {

/// The operands of one benchmark, built once outside the timed loop.
struct Inputs {
  Layout a;         // the layout operated on
  Layout b;         // the second operand when it is a layout
  Tiler tiler;      // the second operand read as a tiler (a layout, a shape or a tile)
  IntTuple x;       // the second operand when it is an int tuple (bound, coordinate, shape)
  std::string text; // a's text in CuTe's print form (the parse benchmarks)
};

template <class T> bool succeeded(const Expected<T> &r) { return r.ok(); }
template <class T> bool succeeded(const T &) { return true; }

/// Keeps the result from being optimized away; false when the operation failed.
template <class T> bool keep(T &&r) {
  benchmark::DoNotOptimize(r);
  return succeeded(r);
}

using Operation = bool (*)(const Inputs &);

/// Runs op in the timing loop and reports heap allocations per call. The operation runs
/// once first: a benchmark of a failing operation would time its error path.
void measure(benchmark::State &state, Operation op, const Inputs &in) {
  if (!op(in)) {
    state.SkipWithError("the operation fails on these inputs");
    return;
  }
  size_t before = allocationCount();
  int64_t calls = 0;
  for (auto _ : state) {
    op(in);
    ++calls;
  }
  state.counters["allocs/op"] = calls ? double(allocationCount() - before) / double(calls) : 0;
}

/// An operand in cute-layout's notation, evaluated as the command line would.
cli::Value operand(const char *text, bool dynamic) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  Expected<cli::Value> v = cli::evaluate(text, o);
  if (!v) {
    std::fprintf(stderr, "bad benchmark operand %s: %s\n", text, v.error().message.c_str());
    std::abort();
  }
  return v.take();
}

// --- Realistic layouts ------------------------------------------------------------------
//
// Each case runs twice: static (plain integers are CuTe Int<N>) and dynamic (plain
// integers are runtime ints; `_N` stays static). Strides are written `_N` where CuTe needs
// them static (the complement of a multi-mode layout, so the products and the divides by
// a layout tiler, and the inverses): the same cases as bench/cases/realistic-dynamic.txt.

// A 128x128 tile, a 256x128 tile, a thread-value layout, an SM80 MMA accumulator layout,
// a shared-memory layout and its 8x64 atom.
#define TILE128 "(128,128):(1,128)"
#define TILE256 "(256,128):(1,256)"
#define TV "((4,8),(2,2)):((_64,_1),(_32,_8))"
#define MMA "((4,8),(2,2,2)):((32,1),(16,8,128))"
#define MMA_STATIC_STRIDES "((4,8),(2,2,2)):((_32,_1),(_16,_8,_128))"
#define SMEM "((8,16),(64,2)):((64,512),(1,8192))"
#define ATOM "(8,64):(_64,_1)"
// 16 leaves, depth 3: the parse and print benchmarks.
#define LEAVES16                                                                                                       \
  "(((2,2),(2,2)),((2,2),(2,2)),((2,2),(2,2)),((2,2),(2,2))):"                                                         \
  "(((1,2),(4,8)),((16,32),(64,128)),((256,512),(1024,2048)),((4096,8192),(16384,32768)))"

struct Case {
  const char *name;
  const char *a; // the layout operated on
  const char *b; // the second operand (a layout, int tuple or tile), or nullptr
  Operation run;
};

#define OP(expr) [](const Inputs &in) { return keep(expr); }

const Case kCases[] = {
    {"composition/smem_o_32x32", SMEM, "(32,32):(32,1)", OP(composition(in.a, in.b))},
    {"composition/tile128_o_64x64", TILE128, "(64,64):(1,64)", OP(composition(in.a, in.b))},
    {"complement/tv_16384", TV, "16384", OP(complement(in.a, in.x))},
    {"complement/atom_4096", ATOM, "4096", OP(complement(in.a, in.x))},
    {"complement/mma", MMA_STATIC_STRIDES, nullptr, OP(complement(in.a))},
    {"logical_divide/tile128_by_shape", TILE128, "(64,64)", OP(logicalDivide(in.a, in.tiler))},
    {"logical_divide/tile128_by_layout", TILE128, "(64,64):(_1,_64)", OP(logicalDivide(in.a, in.b))},
    {"logical_divide/tile128_by_tile", TILE128, "<64:1, 64:1>", OP(logicalDivide(in.a, in.tiler))},
    {"zipped_divide/tile128_by_shape", TILE128, "(64,64)", OP(zippedDivide(in.a, in.tiler))},
    {"tiled_divide/tile256_by_shape", TILE256, "(128,32)", OP(tiledDivide(in.a, in.tiler))},
    {"flat_divide/tile128_by_shape", TILE128, "(64,64)", OP(flatDivide(in.a, in.tiler))},
    {"logical_product/4x8_by_2x2", "(4,8):(_8,_1)", "(2,2):(1,2)", OP(logicalProduct(in.a, in.b))},
    {"zipped_product/atom_by_shape", "(8,64):(64,1)", "(16,2)", OP(zippedProduct(in.a, in.tiler))},
    {"tiled_product/atom_by_shape", "(8,64):(64,1)", "(16,2)", OP(tiledProduct(in.a, in.tiler))},
    {"flat_product/atom_by_shape", "(8,64):(64,1)", "(16,2)", OP(flatProduct(in.a, in.tiler))},
    {"blocked_product/2x5_by_3x4", "(2,5):(_5,_1)", "(3,4):(1,3)", OP(blockedProduct(in.a, in.b))},
    {"blocked_product/atom_by_16x2", ATOM, "(16,2):(1,16)", OP(blockedProduct(in.a, in.b))},
    {"raked_product/4x8_by_2x2", "(4,8):(_8,_1)", "(2,2):(1,2)", OP(rakedProduct(in.a, in.b))},
    {"tile_to_shape/atom_to_128x64", ATOM, "(128,64)", OP(tileToShape(in.a, in.x, nullptr))},
    {"coalesce/mma", MMA, nullptr, OP(coalesce(in.a))},
    {"filter/tv_with_zero_stride", "((4,8),(2,2)):((64,0),(32,8))", nullptr, OP(filter(in.a))},
    {"right_inverse/tv", TV, nullptr, OP(rightInverse(in.a))},
    {"left_inverse/tv", TV, nullptr, OP(leftInverse(in.a))},
    {"crd2idx/1d_into_smem", SMEM, "1000", OP(crd2idx(in.x, in.a))},
    {"crd2idx/2d_into_tile128", TILE128, "(3,5)", OP(crd2idx(in.x, in.a))},
    {"size/smem", SMEM, nullptr, OP(size(in.a))},
    {"cosize/smem", SMEM, nullptr, OP(cosize(in.a))},
    {"parse/16_leaves", LEAVES16, nullptr, OP(parseLayout(in.text))},
    {"print/16_leaves", LEAVES16, nullptr, OP(print(in.a, Style::Cute))},
};

void runCase(benchmark::State &state, const Case &c) {
  bool dynamic = state.range(0);
  Inputs in;
  in.a = operand(c.a, dynamic).layout;
  in.text = print(in.a, Style::Cute);
  if (c.b) {
    cli::Value b = operand(c.b, dynamic);
    if (b.kind == cli::Value::Kind::Layout)
      in.b = b.layout;
    if (b.kind == cli::Value::Kind::Tuple)
      in.x = b.tuple;
    in.tiler = *cli::asTiler(b);
  }
  measure(state, c.run, in);
}

// --- Cost against the number of leaves --------------------------------------------------

/// A flat layout with n leaves whose values stay small: extent 2 (stride the product so
/// far) every 32nd leaf, up to 48 of them so that no value passes 2^48; elsewhere 1:0.
Layout sweepLayout(int64_t n) {
  TupleBuilder s, d;
  s.open();
  d.open();
  int64_t stride = 1, twos = 0;
  for (int64_t i = 0; i < n; ++i) {
    bool two = i % 32 == 0 && twos < 48;
    s.leaf(Int::fixed(two ? 2 : 1));
    d.leaf(Int::fixed(two ? stride : 0));
    if (two) {
      stride *= 2;
      ++twos;
    }
  }
  s.close();
  d.close();
  return Layout{s.finish(), d.finish()};
}

struct SweepCase {
  const char *name;
  Operation run;
};

const SweepCase kSweeps[] = {
    {"sweep/coalesce", OP(coalesce(in.a))},     {"sweep/composition", OP(composition(in.a, in.b))}, // with 4:1
    {"sweep/complement", OP(complement(in.a))}, {"sweep/print", OP(print(in.a, Style::Cute))},
    {"sweep/parse", OP(parseLayout(in.text))},
};

void runSweep(benchmark::State &state, const SweepCase &c) {
  Inputs in;
  in.a = sweepLayout(state.range(0));
  in.b = makeLayout(IntTuple(Int::fixed(4)));
  in.text = print(in.a, Style::Cute);
  measure(state, c.run, in);
  state.SetComplexityN(state.range(0));
}

void registerBenchmarks() {
  for (const Case &c : kCases)
    benchmark::RegisterBenchmark(c.name, runCase, c)->ArgName("dynamic")->Arg(0)->Arg(1);
  for (const SweepCase &c : kSweeps)
    benchmark::RegisterBenchmark(c.name, runSweep, c)->RangeMultiplier(4)->Range(4, 16384)->Complexity();
}

} // namespace

int main(int argc, char **argv) {
  if (cutelayout::bench::wantsCases(argc, argv))
    return cutelayout::bench::runCases(argc, argv);
  registerBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
