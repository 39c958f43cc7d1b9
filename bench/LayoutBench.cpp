// Google Benchmark suite for the core algebra on realistic GPU layouts, static and
// dynamic, plus a sweep of cost against the number of leaves. Allocations per operation
// are counted by wrapping malloc (the link uses -Wl,--wrap=malloc) and reported as the
// counter allocs/op. Results: docs/performance.md.
#include "Cases.h"

#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

extern "C" {
void *__real_malloc(size_t size);
// Counts every malloc in the process; operator new goes through malloc in libstdc++.
static size_t gMallocs = 0;
void *__wrap_malloc(size_t size) {
  ++gMallocs;
  return __real_malloc(size);
}
}

using namespace cutelayout;

namespace {

Layout parse(const char *text, bool dynamic) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  Expected<Layout> l = parseLayout(text, o);
  if (!l) {
    std::fprintf(stderr, "bad benchmark layout %s: %s\n", text, l.error().message.c_str());
    std::abort();
  }
  return *l;
}

/// Runs f in the timing loop and reports heap allocations per call.
template <class F> void measure(benchmark::State &state, F f) {
  size_t before = gMallocs;
  int64_t calls = 0;
  for (auto _ : state) {
    auto r = f();
    benchmark::DoNotOptimize(r);
    ++calls;
  }
  state.counters["allocs/op"] = calls ? double(gMallocs - before) / double(calls) : 0;
}

// The fixed inputs: a 128x128 tile, 64x64 tilers, a thread-value layout, an SM80 MMA
// layout and a shared-memory layout.
const char *kTile = "(128,128):(1,128)";
const char *kTiler = "(64,64):(1,64)";
const char *kThreadValue = "((4,8),(2,2)):((64,1),(32,8))";
const char *kMma = "((4,8),(2,2,2)):((32,1),(16,8,128))";
const char *kSmem = "((8,16),(64,2)):((64,512),(1,8192))";

void BM_Composition(benchmark::State &state) {
  bool dynamic = state.range(0);
  Layout a = parse(kSmem, dynamic), b = parse("(32,32):(32,1)", dynamic);
  measure(state, [&] { return composition(a, b); });
}

void BM_Complement(benchmark::State &state) {
  bool dynamic = state.range(0);
  Layout a = parse(kThreadValue, false); // CuTe: complement needs static strides
  IntTuple bound(dynamic ? Int::dynamic(16384) : Int::fixed(16384));
  measure(state, [&] { return complement(a, bound); });
}

void BM_LogicalDivide(benchmark::State &state) {
  bool dynamic = state.range(0);
  Layout a = parse(kTile, dynamic);
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  Tiler t = tilerFromShape(*parseIntTuple("(64,64)", o));
  measure(state, [&] { return logicalDivide(a, t); });
}

void BM_LogicalDivideLayoutTiler(benchmark::State &state) {
  Layout a = parse(kTile, state.range(0)), t = parse(kTiler, false);
  Tiler tl = tilerFromLayout(t);
  measure(state, [&] { return logicalDivide(a, tl); });
}

void BM_LogicalProduct(benchmark::State &state) {
  Layout a = parse("(4,8):(8,1)", false), b = parse("(2,2):(1,2)", state.range(0));
  Tiler t = tilerFromLayout(b);
  measure(state, [&] { return logicalProduct(a, t); });
}

void BM_BlockedProduct(benchmark::State &state) {
  Layout a = parse("(2,5):(5,1)", false), b = parse("(3,4):(1,3)", state.range(0));
  measure(state, [&] { return blockedProduct(a, b); });
}

void BM_Coalesce(benchmark::State &state) {
  Layout a = parse(kMma, state.range(0));
  measure(state, [&] { return coalesce(a); });
}

void BM_RightInverse(benchmark::State &state) {
  Layout a = parse(kThreadValue, state.range(0));
  measure(state, [&] { return rightInverse(a); });
}

void BM_Crd2Idx(benchmark::State &state) {
  bool dynamic = state.range(0);
  Layout a = parse(kSmem, dynamic);
  IntTuple c(dynamic ? Int::dynamic(1000) : Int::fixed(1000));
  measure(state, [&] { return crd2idx(c, a); });
}

void BM_ParsePrint(benchmark::State &state) {
  ParseOptions o;
  o.plainIsDynamic = state.range(0);
  std::string text = kSmem;
  measure(state, [&] { return print(*parseLayout(text, o), Style::Cute); });
}

/// A flat layout with n leaves whose values stay small: shapes 1 and 2 alternate.
Layout sweepLayout(int64_t n) {
  TupleBuilder s, d;
  s.open();
  d.open();
  int64_t stride = 1;
  for (int64_t i = 0; i < n; ++i) {
    int64_t extent = (i % 32 == 0) ? 2 : 1; // at most 128 factors of 2 in 4096 leaves
    s.leaf(Int::fixed(extent));
    d.leaf(Int::fixed(extent == 1 ? 0 : stride));
    stride *= extent;
  }
  s.close();
  d.close();
  return Layout{s.finish(), d.finish()};
}

void BM_SweepCoalesce(benchmark::State &state) {
  Layout a = sweepLayout(state.range(0));
  measure(state, [&] { return coalesce(a); });
  state.SetComplexityN(state.range(0));
}

void BM_SweepComposition(benchmark::State &state) {
  Layout a = sweepLayout(state.range(0));
  Layout b = makeLayout(IntTuple(Int::fixed(4)));
  measure(state, [&] { return composition(a, b); });
  state.SetComplexityN(state.range(0));
}

void BM_SweepPrintParse(benchmark::State &state) {
  std::string text = print(sweepLayout(state.range(0)), Style::Cute);
  measure(state, [&] { return parseLayout(text); });
  state.SetComplexityN(state.range(0));
}

} // namespace

#define STATIC_AND_DYNAMIC(fn) BENCHMARK(fn)->ArgName("dynamic")->Arg(0)->Arg(1)
STATIC_AND_DYNAMIC(BM_Composition);
STATIC_AND_DYNAMIC(BM_Complement);
STATIC_AND_DYNAMIC(BM_LogicalDivide);
STATIC_AND_DYNAMIC(BM_LogicalDivideLayoutTiler);
STATIC_AND_DYNAMIC(BM_LogicalProduct);
STATIC_AND_DYNAMIC(BM_BlockedProduct);
STATIC_AND_DYNAMIC(BM_Coalesce);
STATIC_AND_DYNAMIC(BM_RightInverse);
STATIC_AND_DYNAMIC(BM_Crd2Idx);
STATIC_AND_DYNAMIC(BM_ParsePrint);
BENCHMARK(BM_SweepCoalesce)->RangeMultiplier(4)->Range(4, 4096)->Complexity();
BENCHMARK(BM_SweepComposition)->RangeMultiplier(4)->Range(4, 4096)->Complexity();
BENCHMARK(BM_SweepPrintParse)->RangeMultiplier(4)->Range(4, 4096)->Complexity();

int main(int argc, char **argv) {
  if (cutelayout::bench::wantsCases(argc, argv))
    return cutelayout::bench::runCases(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
