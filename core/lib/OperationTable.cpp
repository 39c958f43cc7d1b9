#include "cutelayout/OperationTable.h"

#include <algorithm>

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

namespace {

using C = OnComposed;
using T = OnTensor;

/// An operation the dialect computes under the mnemonic ir.
constexpr OperationFacts op(std::string_view name, std::string_view ir, OnComposed c = C::Refused,
                            OnTensor t = T::Refused, uint8_t layoutArg = 0, uint8_t liftFrom = 0) {
  return OperationFacts{name, ir, {}, c, t, layoutArg, liftFrom};
}
/// An operation of the command line and Python alone, and why the dialect has none.
constexpr OperationFacts cliOnly(std::string_view name, std::string_view why, OnComposed c = C::Refused,
                                 OnTensor t = T::Refused, uint8_t layoutArg = 0, uint8_t liftFrom = 0) {
  return OperationFacts{name, {}, why, c, t, layoutArg, liftFrom};
}

constexpr std::string_view kAtomQuery = "a tiled atom's layouts are the atom ops' business in IR (docs/atoms.md)";
constexpr std::string_view kPartition = "IR partitions with cute.tiled_partition and builds fragments with "
                                        "cute.mma.make_fragment";
constexpr std::string_view kBasis = "IR carries scaled bases in its types, not as values";
constexpr std::string_view kLinearLayout = "Triton's LinearLayout is not yet in IR (issue 47 item 2)";
constexpr std::string_view kNotYet = "not yet in IR (issue 45 item 5)";
constexpr std::string_view kPad = "IR pads to a rank with cute.append_to_rank and cute.prepend_to_rank (with _1) "
                                  "and builds other tuples with cute.make_tuple and cute.make_layout";

// In ascending order of name (checked by the table's test).
constexpr OperationFacts kTable[] = {
    cliOnly("append", kPad, C::Lifted, T::Refused, 0, 3), // append<N>(A o O o B, x) only
    cliOnly("basis_get", kBasis),
    cliOnly("basis_value", kBasis),
    op("blocked_product", "blocked_product", C::Lifted),
    op("ceil_div", "ceil_div"),
    op("coalesce", "coalesce", C::Lifted, T::KeepsIterator),
    op("compact_col_major", "compact_col_major"),
    op("compact_major", "compact_major"),
    op("compact_row_major", "compact_row_major"),
    cliOnly("compatible", kNotYet),
    op("complement", "complement", C::OfInner),
    op("composition", "composition", C::Own, T::KeepsIterator),
    cliOnly("coshape", kNotYet),
    op("cosize", "cosize", C::OfInner, T::OfLayout),
    cliOnly("counting_iterator", "IR's iterators are cute.make_ptr and coordinate tuples"),
    op("crd2idx", "crd2idx", C::Own, T::Own, 1),
    op("depth", "depth", C::OfInner, T::OfLayout),
    op("dice", "dice", C::Refused, T::Refused, 1),
    cliOnly("domain_offset", kNotYet, C::Own, T::Own, 1),
    op("downcast", "downcast", C::Own),
    cliOnly("evenly_divides", kNotYet),
    op("filter", "filter", C::Lifted, T::KeepsIterator, 0, 2),
    op("filter_zeros", "filter_zeros", C::Refused, T::KeepsIterator),
    op("flat_divide", "flat_divide", C::Lifted, T::KeepsIterator),
    op("flat_product", "flat_product", C::Lifted),
    op("flatten", "flatten", C::Lifted, T::KeepsIterator),
    op("get", "get", C::Lifted),
    cliOnly("get_layoutA_TV", kAtomQuery),
    cliOnly("get_layoutB_TV", kAtomQuery),
    cliOnly("get_layoutC_TV", kAtomQuery),
    cliOnly("get_layoutD_TV", kAtomQuery),
    cliOnly("get_layoutS_TV", kAtomQuery),
    op("get_nonswizzle_portion", "get_nonswizzle_portion", C::Own),
    op("get_swizzle_portion", "get_swizzle_portion", C::Own),
    op("group", "group_modes", C::Lifted, T::KeepsIterator),
    op("idx2crd", "idx2crd"),
    op("increment", "increment_coord"),
    cliOnly("inner_partition", kNotYet, C::Refused, T::Own),
    op("layout", "get_layout", C::Lifted, T::OfLayout),
    op("left_inverse", "left_inverse", C::Own),
    op("local_partition", "local_partition", C::Refused, T::Own),
    op("local_tile", "local_tile", C::Refused, T::Own),
    op("logical_divide", "logical_divide", C::Lifted, T::KeepsIterator),
    op("logical_product", "logical_product", C::Lifted),
    cliOnly("make_basis_like", kBasis),
    op("make_composed_layout", "make_composed_layout", C::Own),
    op("make_fragment_like", "make_fragment_like"),
    op("make_identity_layout", "make_identity_layout"),
    op("make_identity_tensor", "make_identity_tensor"),
    op("make_layout", "make_layout", C::Own),
    op("make_layout_like", "make_layout_like"),
    op("make_ordered_layout", "make_ordered_layout"),
    op("make_shape", "make_shape"),
    cliOnly("make_smem_ptr", "IR's iterators are cute.make_ptr and coordinate tuples"),
    op("make_swizzle", "make_swizzle"),
    op("make_tensor", "make_view", C::Refused, T::Own),
    cliOnly("make_tensor_like", kNotYet, C::Refused, T::Own),
    op("make_tile", "make_tile"),
    op("make_tiled_copy", "make_tiled_copy"),
    cliOnly("make_tiled_copy_A", kAtomQuery),
    cliOnly("make_tiled_copy_B", kAtomQuery),
    cliOnly("make_tiled_copy_C", kAtomQuery),
    op("make_tiled_mma", "make_tiled_mma"),
    cliOnly("max_alignment", kNotYet, C::Own, T::Own),
    op("max_common_layout", "max_common_layout", C::Own),
    op("max_common_vector", "max_common_vector", C::Own),
    cliOnly("nullspace", kNotYet, C::Own),
    cliOnly("outer_partition", kNotYet, C::Refused, T::Own),
    cliOnly("partition_A", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_B", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_C", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_D", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_S", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_fragment_A", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_fragment_B", kPartition, C::Refused, T::Own, 2),
    cliOnly("partition_fragment_C", kPartition, C::Refused, T::Own, 2),
    cliOnly("prepend", kPad),
    op("product_each", "product_each"),
    op("raked_product", "raked_product", C::Lifted),
    op("rank", "rank", C::OfInner, T::OfLayout),
    cliOnly("recast", kNotYet, C::Refused, T::Own),
    op("recast_layout", "recast_layout", C::Own),
    cliOnly("replace", kPad),
    op("right_inverse", "right_inverse", C::Own),
    op("round_up", "round_up"),
    op("select", "select"),
    op("shape", "get_shape", C::OfInner, T::OfLayout),
    op("shape_div", "shape_div"),
    op("size", "size", C::OfInner, T::OfLayout),
    op("slice", "slice", C::Own, T::Own, 1),
    op("stencil_divide", "stencil_divide"),
    op("stride", "get_stride", C::Refused, T::OfLayout),
    cliOnly("synthesize_swizzle", "a search judged by the bank model, not an algebra op (IR: issue 47)"),
    op("take", "take", C::Lifted, T::KeepsIterator),
    cliOnly("tile_size", kAtomQuery),
    op("tile_to_shape", "tile_to_shape", C::Lifted),
    op("tiled_divide", "tiled_divide", C::Lifted, T::KeepsIterator),
    op("tiled_product", "tiled_product", C::Lifted),
    cliOnly("to_linear_layout", kLinearLayout, C::Own),
    cliOnly("to_linear_layout_tv", kLinearLayout, C::Own),
    cliOnly("transform_layout", kNotYet),
    op("tuple_add", "tuple_add"),
    op("tuple_div", "tuple_div"),
    op("tuple_mod", "tuple_mod"),
    op("tuple_mul", "tuple_mul"),
    op("tuple_sub", "tuple_sub"),
    cliOnly("unflatten", kNotYet),
    op("upcast", "upcast", C::Own),
    cliOnly("weakly_congruent", kNotYet),
    cliOnly("zip", kNotYet, C::Own),
    op("zipped_divide", "zipped_divide", C::Lifted, T::KeepsIterator),
    op("zipped_product", "zipped_product", C::Lifted),
};

} // namespace

OperationList operationTable() { return {kTable, uint32_t(sizeof(kTable) / sizeof(kTable[0]))}; }

const OperationFacts *operationFacts(std::string_view name) {
  OperationList all = operationTable();
  const OperationFacts *it = std::lower_bound(all.begin(), all.end(), name,
                                              [](const OperationFacts &f, std::string_view n) { return f.name < n; });
  return it != all.end() && it->name == name ? it : nullptr;
}

const OperationFacts *operationFactsByIR(std::string_view irName) {
  if (irName.empty())
    return nullptr;
  for (const OperationFacts &f : operationTable())
    if (f.irName == irName)
      return &f;
  return nullptr;
}

OnComposed composedRule(std::string_view name, uint32_t args) {
  const OperationFacts *f = operationFacts(name);
  return f && args >= f->liftFrom ? f->onComposed : OnComposed::Refused;
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
