// cute_bench: times CUTLASS CuTe itself on the cases of bench/cases/realistic.txt, so the
// docs can show cutelayout's time beside CuTe's. Development only: it needs the CUTLASS and
// CCCL headers (run.sh extracts them from the fetched mirrors) and CI never builds it.
//
// Every case has two variants:
//   dynamic  the integers are runtime `int`s, as `cute-layout --dynamic` reads plain
//            integers. CuTe rejects runtime strides in some operations (complement of more
//            than one mode, and what is built on it); there the strides are static Int<N>
//            and the shapes and bounds stay runtime. Such a case says so in its note, and
//            its `dynForm` is the cute-layout expression of what is timed (_N = static).
//   static   every integer is Int<N>; CuTe computes most of it at compile time, so these
//            times are near zero and only a reference.
// Runtime values pass through benchmark::DoNotOptimize when they are made, and the inputs
// once more on every iteration, so the compiler can neither fold the operation nor hoist
// it out of the timed loop; the result goes to benchmark::DoNotOptimize.
//
//   cute_bench [benchmark flags]   time every case; benchmarks are named
//                                  cute/<index>_<name>/<dynamic|static>
//   cute_bench --list              print `<index> TAB <expression> TAB <dynamic form>`
//   cute_bench --print             print `<index> TAB <variant> TAB <cute::print of result>`
// <index> counts the expression lines of realistic.txt from 1, in file order.
#include <cute/layout.hpp>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>

namespace {

using cute::Int;

/// A leaf of a case's inputs: a runtime int the optimizer cannot see through, or Int<N>.
template <bool Static, int N> auto leaf() {
  if constexpr (Static) {
    return Int<N>{};
  } else {
    int v = N;
    benchmark::DoNotOptimize(v);
    return v;
  }
}

// Inside a case's inputs: V(n) follows the variant, K(n) is static in both (used only where
// CuTe requires static strides).
#define V(n) leaf<S, n>()
#define K(n)                                                                                                           \
  Int<n> {}

// The named inputs of realistic.txt, with runtime-or-static leaves.
#define TILE128 cute::make_layout(cute::make_shape(V(128), V(128)), cute::make_stride(V(1), V(128)))
#define TILE256 cute::make_layout(cute::make_shape(V(256), V(128)), cute::make_stride(V(1), V(256)))
#define SMEM_SHAPE cute::make_shape(cute::make_shape(V(8), V(16)), cute::make_shape(V(64), V(2)))
#define SMEM                                                                                                           \
  cute::make_layout(SMEM_SHAPE, cute::make_stride(cute::make_stride(V(64), V(512)), cute::make_stride(V(1), V(8192))))
#define TV_SHAPE cute::make_shape(cute::make_shape(V(4), V(8)), cute::make_shape(V(2), V(2)))
#define TV                                                                                                             \
  cute::make_layout(TV_SHAPE, cute::make_stride(cute::make_stride(V(64), V(1)), cute::make_stride(V(32), V(8))))
#define TV_K                                                                                                           \
  cute::make_layout(TV_SHAPE, cute::make_stride(cute::make_stride(K(64), K(1)), cute::make_stride(K(32), K(8))))
#define MMA_SHAPE cute::make_shape(cute::make_shape(V(4), V(8)), cute::make_shape(V(2), V(2), V(2)))
#define MMA                                                                                                            \
  cute::make_layout(MMA_SHAPE,                                                                                         \
                    cute::make_stride(cute::make_stride(V(32), V(1)), cute::make_stride(V(16), V(8), V(128))))
#define MMA_K                                                                                                          \
  cute::make_layout(MMA_SHAPE,                                                                                         \
                    cute::make_stride(cute::make_stride(K(32), K(1)), cute::make_stride(K(16), K(8), K(128))))
#define ATOM8x64 cute::make_layout(cute::make_shape(V(8), V(64)), cute::make_stride(V(64), V(1)))
#define ATOM8x64_K cute::make_layout(cute::make_shape(V(8), V(64)), cute::make_stride(K(64), K(1)))
#define LAYOUT2(s0, s1, d0, d1) cute::make_layout(cute::make_shape(V(s0), V(s1)), cute::make_stride(V(d0), V(d1)))
#define LAYOUT2_K(s0, s1, d0, d1) cute::make_layout(cute::make_shape(V(s0), V(s1)), cute::make_stride(K(d0), K(d1)))
#define SHAPE2(s0, s1) cute::make_shape(V(s0), V(s1))

// One case: Name, its line of realistic.txt, the cute-layout form of the dynamic variant
// ("" when it is the line itself), the CuTe function (a name or a lambda) and its inputs.
#define CUTE_CASE(Name, Expr, DynForm, Fn, ...)                                                                        \
  struct Name {                                                                                                        \
    static constexpr const char *name = #Name;                                                                         \
    static constexpr const char *expr = Expr;                                                                          \
    static constexpr const char *dynForm = DynForm;                                                                    \
    template <bool S> static auto inputs() { return std::make_tuple(__VA_ARGS__); }                                    \
    template <class... A> static auto op(A const &...a) { return Fn(a...); }                                           \
  };

// CuTe's forms of cute-layout's calls that are not one CuTe function of the same arguments.
template <class C, class L> auto crd2idxOfLayout(C const &c, L const &l) {
  return cute::crd2idx(c, l.shape(), l.stride());
}

// ---- composition ----
CUTE_CASE(composition_smem, "composition(((8,16),(64,2)):((64,512),(1,8192)), (32,32):(32,1))", "", cute::composition,
          SMEM, LAYOUT2(32, 32, 32, 1))
CUTE_CASE(composition_tile, "composition((128,128):(1,128), (64,64):(1,64))", "", cute::composition, TILE128,
          LAYOUT2(64, 64, 1, 64))
CUTE_CASE(composition_mma, "composition(((4,8),(2,2,2)):((32,1),(16,8,128)), (8,4):(4,1))", "", cute::composition, MMA,
          LAYOUT2(8, 4, 4, 1))
// ---- complement: CuTe takes runtime strides only for a rank-1 layout, so all three are
// timed with static strides (runtime shapes and bounds) ----
CUTE_CASE(complement_tv, "complement(((4,8),(2,2)):((64,1),(32,8)), 16384)",
          "complement(((4,8),(2,2)):((_64,_1),(_32,_8)), 16384)", cute::complement, TV_K, V(16384))
CUTE_CASE(complement_atom, "complement((8,64):(64,1), 4096)", "complement((8,64):(_64,_1), 4096)", cute::complement,
          ATOM8x64_K, V(4096))
CUTE_CASE(complement_mma, "complement(((4,8),(2,2,2)):((32,1),(16,8,128)))",
          "complement(((4,8),(2,2,2)):((_32,_1),(_16,_8,_128)))", cute::complement, MMA_K)
// ---- divides ----
CUTE_CASE(logical_divide_shape, "logical_divide((128,128):(1,128), (64,64))", "", cute::logical_divide, TILE128,
          SHAPE2(64, 64))
// A layout tiler is complemented (rank 2): static tiler strides.
CUTE_CASE(logical_divide_layout, "logical_divide((128,128):(1,128), (64,64):(1,64))",
          "logical_divide((128,128):(1,128), (64,64):(_1,_64))", cute::logical_divide, TILE128,
          LAYOUT2_K(64, 64, 1, 64))
CUTE_CASE(logical_divide_256, "logical_divide((256,128):(1,256), (128,32))", "", cute::logical_divide, TILE256,
          SHAPE2(128, 32))
CUTE_CASE(zipped_divide_shape, "zipped_divide((128,128):(1,128), (64,64))", "", cute::zipped_divide, TILE128,
          SHAPE2(64, 64))
CUTE_CASE(tiled_divide_256, "tiled_divide((256,128):(1,256), (128,32))", "", cute::tiled_divide, TILE256,
          SHAPE2(128, 32))
CUTE_CASE(flat_divide_shape, "flat_divide((128,128):(1,128), (64,64))", "", cute::flat_divide, TILE128, SHAPE2(64, 64))
CUTE_CASE(logical_divide_tile, "logical_divide((128,128):(1,128), <64:1, 64:1>)", "", cute::logical_divide, TILE128,
          cute::make_tile(cute::make_layout(V(64), V(1)), cute::make_layout(V(64), V(1))))
// ---- products: a layout tiler complements A (rank 2), so A has static strides ----
CUTE_CASE(logical_product_4x8, "logical_product((4,8):(8,1), (2,2):(1,2))",
          "logical_product((4,8):(_8,_1), (2,2):(1,2))", cute::logical_product, LAYOUT2_K(4, 8, 8, 1),
          LAYOUT2(2, 2, 1, 2))
// A shape tiler works mode by mode on rank-1 layouts: runtime strides are fine.
CUTE_CASE(zipped_product_atom, "zipped_product((8,64):(64,1), (16,2))", "", cute::zipped_product, ATOM8x64,
          SHAPE2(16, 2))
CUTE_CASE(tiled_product_atom, "tiled_product((8,64):(64,1), (16,2))", "", cute::tiled_product, ATOM8x64, SHAPE2(16, 2))
CUTE_CASE(flat_product_atom, "flat_product((8,64):(64,1), (16,2))", "", cute::flat_product, ATOM8x64, SHAPE2(16, 2))
CUTE_CASE(blocked_product_2x5, "blocked_product((2,5):(5,1), (3,4):(1,3))",
          "blocked_product((2,5):(_5,_1), (3,4):(1,3))", cute::blocked_product, LAYOUT2_K(2, 5, 5, 1),
          LAYOUT2(3, 4, 1, 3))
CUTE_CASE(blocked_product_atom, "blocked_product((8,64):(64,1), (16,2):(1,16))",
          "blocked_product((8,64):(_64,_1), (16,2):(1,16))", cute::blocked_product, ATOM8x64_K, LAYOUT2(16, 2, 1, 16))
CUTE_CASE(raked_product_4x8, "raked_product((4,8):(8,1), (2,2):(1,2))", "raked_product((4,8):(_8,_1), (2,2):(1,2))",
          cute::raked_product, LAYOUT2_K(4, 8, 8, 1), LAYOUT2(2, 2, 1, 2))
// tile_to_shape is a blocked_product: static strides in the block.
CUTE_CASE(tile_to_shape_128x64, "tile_to_shape((8,64):(64,1), (128,64))", "tile_to_shape((8,64):(_64,_1), (128,64))",
          cute::tile_to_shape, ATOM8x64_K, SHAPE2(128, 64))
CUTE_CASE(tile_to_shape_256x128, "tile_to_shape((8,64):(64,1), (256,128))", "tile_to_shape((8,64):(_64,_1), (256,128))",
          cute::tile_to_shape, ATOM8x64_K, SHAPE2(256, 128))
// ---- simplification: runtime modes are kept as they are (CuTe merges static ones only) ----
CUTE_CASE(coalesce_mma, "coalesce(((4,8),(2,2,2)):((32,1),(16,8,128)))", "", cute::coalesce, MMA)
CUTE_CASE(coalesce_tile, "coalesce((128,128):(1,128))", "", cute::coalesce, TILE128)
CUTE_CASE(filter_tv0, "filter(((4,8),(2,2)):((64,0),(32,8)))", "", cute::filter,
          cute::make_layout(TV_SHAPE,
                            cute::make_stride(cute::make_stride(V(64), V(0)), cute::make_stride(V(32), V(8)))))
// ---- inverses ----
// right_inverse accepts runtime strides but finds no mode by a runtime stride: the result is
// _1:_0, as with `cute-layout --dynamic`. It is timed so, not with static strides.
CUTE_CASE(right_inverse_tv, "right_inverse(((4,8),(2,2)):((64,1),(32,8)))", "", cute::right_inverse, TV)
// left_inverse static_asserts static strides (it complements the layout).
CUTE_CASE(left_inverse_tv, "left_inverse(((4,8),(2,2)):((64,1),(32,8)))",
          "left_inverse(((4,8),(2,2)):((_64,_1),(_32,_8)))", cute::left_inverse, TV_K)
CUTE_CASE(right_inverse_mma, "right_inverse(((4,8),(2,2,2)):((32,1),(16,8,128)))", "", cute::right_inverse, MMA)
// ---- coordinates and sizes ----
CUTE_CASE(crd2idx_smem, "crd2idx(1000, ((8,16),(64,2)):((64,512),(1,8192)))", "", crd2idxOfLayout, V(1000), SMEM)
CUTE_CASE(crd2idx_tile, "crd2idx((3,5), (128,128):(1,128))", "", crd2idxOfLayout, cute::make_coord(V(3), V(5)), TILE128)
CUTE_CASE(crd2idx_shape_stride, "crd2idx((3,5), (128,128), (1,128))", "", cute::crd2idx, cute::make_coord(V(3), V(5)),
          SHAPE2(128, 128), cute::make_stride(V(1), V(128)))
CUTE_CASE(idx2crd_smem, "idx2crd(1000, ((8,16),(64,2)))", "", cute::idx2crd, V(1000), SMEM_SHAPE)
CUTE_CASE(size_smem, "size(((8,16),(64,2)):((64,512),(1,8192)))", "", cute::size, SMEM)
CUTE_CASE(cosize_smem, "cosize(((8,16),(64,2)):((64,512),(1,8192)))", "", cute::cosize, SMEM)

template <class... Cases> struct CaseList {};
template <class T> struct Tag {
  using type = T;
};
using AllCases =
    CaseList<composition_smem, composition_tile, composition_mma, complement_tv, complement_atom, complement_mma,
             logical_divide_shape, logical_divide_layout, logical_divide_256, zipped_divide_shape, tiled_divide_256,
             flat_divide_shape, logical_divide_tile, logical_product_4x8, zipped_product_atom, tiled_product_atom,
             flat_product_atom, blocked_product_2x5, blocked_product_atom, raked_product_4x8, tile_to_shape_128x64,
             tile_to_shape_256x128, coalesce_mma, coalesce_tile, filter_tv0, right_inverse_tv, left_inverse_tv,
             right_inverse_mma, crd2idx_smem, crd2idx_tile, crd2idx_shape_stride, idx2crd_smem, size_smem, cosize_smem>;

template <class Case, bool S> auto evaluate(decltype(Case::template inputs<S>()) const &in) {
  return std::apply([](auto const &...a) { return Case::op(a...); }, in);
}

template <class Case, bool S> void timeCase(benchmark::State &state) {
  auto in = Case::template inputs<S>();
  for (auto _ : state) {
    benchmark::DoNotOptimize(in); // the inputs may have changed: nothing is hoisted or folded
    auto r = evaluate<Case, S>(in);
    benchmark::DoNotOptimize(r);
  }
}

template <class Case, bool S> void printCase(int index) {
  std::printf("%d\t%s\t", index, S ? "static" : "dynamic");
  cute::print(evaluate<Case, S>(Case::template inputs<S>()));
  std::printf("\n");
}

std::string benchName(int index, const char *name, const char *variant) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "cute/%02d_%s/%s", index, name, variant);
  return buf;
}

template <class... Cases> void forEach(CaseList<Cases...>, const char *mode) {
  int index = 0;
  auto one = [&](auto tag) {
    using Case = typename decltype(tag)::type;
    ++index;
    if (!std::strcmp(mode, "list")) {
      std::printf("%d\t%s\t%s\n", index, Case::expr, *Case::dynForm ? Case::dynForm : Case::expr);
    } else if (!std::strcmp(mode, "print")) {
      printCase<Case, false>(index);
      printCase<Case, true>(index);
    } else {
      benchmark::RegisterBenchmark(benchName(index, Case::name, "dynamic").c_str(), timeCase<Case, false>);
      benchmark::RegisterBenchmark(benchName(index, Case::name, "static").c_str(), timeCase<Case, true>);
    }
  };
  (one(Tag<Cases>{}), ...);
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && (!std::strcmp(argv[1], "--list") || !std::strcmp(argv[1], "--print"))) {
    forEach(AllCases{}, argv[1] + 2);
    return 0;
  }
  forEach(AllCases{}, "bench");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
