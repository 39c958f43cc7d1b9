#ifndef CUTE_ALGEBRA_OPS_TD
#define CUTE_ALGEBRA_OPS_TD

// Layout algebra, divide, product and tiling ops. Included by CuteOps.td, after Cute_Op.
// Operands are AnyType: the verifier checks their kinds in the spec's order, so its
// verbatim diagnostics come first (an ODS constraint would preempt them).

// The ops CuTe lifts to composed layouts (the input's inner layout is transformed and the
// swizzle or outer layout kept) return a layout or a composed layout.
def Cute_LayoutLike : AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType]>;

// --- canonicalizers ---------------------------------------------------------------------

def Cute_CoalesceOp : Cute_Op<"coalesce"> {
  let summary = "merge modes without changing the layout function (at the leaves of a profile)";
  let arguments = (ins AnyType:$input, Optional<AnyType>:$target_profile);
  let results = (outs Cute_LayoutLikeOrView:$result);
}
def Cute_FilterZerosOp : Cute_Op<"filter_zeros"> {
  let summary = "static-0-stride leaves (or the leaves a target profile marks with 0) get size 1";
  let arguments = (ins AnyType:$input, Optional<AnyType>:$target_profile);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_FilterOp : Cute_Op<"filter"> {
  let summary = "coalesce(filter_zeros(input))";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_ComplementOp : Cute_Op<"complement"> {
  let summary = "the layout of what the input does not reach, up to an optional bound";
  let description = [{
    The bound is an int tuple or an index (static when defined by a constant).
  }];
  let arguments = (ins AnyType:$input, Optional<AnyType>:$cotarget);
  let results = (outs Cute_LayoutType:$result);
}
def Cute_CompositionOp : Cute_Op<"composition"> {
  let summary = "lhs o rhs; rhs a layout (1-D), a tile or a shape (by mode)";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs Cute_LayoutLikeOrView:$result);
}
def Cute_RightInverseOp : Cute_Op<"right_inverse"> {
  let summary = "R with input(R(i)) == i";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutLike:$result);
}
def Cute_LeftInverseOp : Cute_Op<"left_inverse"> {
  let summary = "R with R(input(i)) == i for an injective input with static strides";
  let arguments = (ins AnyType:$input);
  let results = (outs Cute_LayoutLike:$result);
}
def Cute_RecastLayoutOp : Cute_Op<"recast_layout"> {
  let summary = "the layout for elements of `new_type` over the same bytes as `old_type` elements";
  let arguments = (ins AnyType:$src, TypeAttr:$old_type, TypeAttr:$new_type);
  let results = (outs Cute_LayoutLike:$result);
}

// --- divides and products ---------------------------------------------------------------

class Cute_DivideOrProduct<string mnemonic, string what> : Cute_Op<mnemonic> {
  let summary = what;
  let arguments = (ins AnyType:$input, AnyType:$tiler);
  let results = (outs Cute_LayoutLikeOrView:$result);
}
def Cute_LogicalDivideOp : Cute_DivideOrProduct<"logical_divide", "((tile, rest), ...): each divided mode keeps its place">;
def Cute_ZippedDivideOp : Cute_DivideOrProduct<"zipped_divide", "((tiles...), (rests..., untouched...))">;
def Cute_TiledDivideOp : Cute_DivideOrProduct<"tiled_divide", "((tiles...), rests..., untouched...)">;
def Cute_FlatDivideOp : Cute_DivideOrProduct<"flat_divide", "(tiles..., rests..., untouched...)">;
def Cute_LogicalProductOp : Cute_DivideOrProduct<"logical_product", "(input, complement(input) o tiler), by mode for a tile">;
def Cute_ZippedProductOp : Cute_DivideOrProduct<"zipped_product", "((input modes...), (tiler modes...))">;
def Cute_TiledProductOp : Cute_DivideOrProduct<"tiled_product", "((input modes...), tiler modes...)">;
def Cute_FlatProductOp : Cute_DivideOrProduct<"flat_product", "(input modes..., tiler modes...)">;
def Cute_BlockedProductOp : Cute_DivideOrProduct<"blocked_product", "input repeated as blocks over a layout, like modes joined">;
def Cute_RakedProductOp : Cute_DivideOrProduct<"raked_product", "input interleaved (raked) over a layout">;

def Cute_StencilDivideOp : Cute_Op<"stencil_divide"> {
  let summary = "sliding-window divide (docs/semantics.md, R9): mode i becomes (window, outputs)";
  let description = [{
    `tiler` holds the windows (an extent per divided mode; modes past them pass through); `stride`
    and `dilation` (default 1 per mode) give the step between outputs and between window
    elements. Mode i of size n becomes composition(mode, (w, n'):(d, s)) with
    n' = 1 + (n - ((w-1)*d + 1)) / s.
  }];
  let arguments = (ins AnyType:$input, AnyType:$tiler,
                       OptionalAttr<DenseI64ArrayAttr>:$stride, OptionalAttr<DenseI64ArrayAttr>:$dilation);
  let results = (outs Cute_LayoutType:$result);
}

// --- tiling -----------------------------------------------------------------------------

def Cute_LocalTileOp : Cute_Op<"local_tile"> {
  let summary = "the tile at `coord` of the rest modes (CuTe's local_tile; docs/semantics.md, R10)";
  let description = [{
    `coord` may hold `_` (every tile along that mode stays, as in CuTe). The optional
    `projection` is CuTe's `Step`: a coordinate whose `_` leaves are CuTe's `X` (the mode is
    dropped from the tiler and the coordinate) and whose integers keep the mode, so
    `local_tile(mA, cta_tiler, (bm,bn,_), Step<_1,X,_1>{})` is
    `cute.local_tile(%mA, %tiler, %coord, %step) : (..., !cute.coord<(1,_,1)>)`.
  }];
  let arguments = (ins AnyType:$input, AnyType:$tiler, AnyType:$coord, Optional<AnyType>:$projection);
  let results = (outs Cute_LayoutLikeOrView:$result);
}
def Cute_LocalPartitionOp : Cute_Op<"local_partition"> {
  let summary = "what thread `index` of a static thread layout owns (docs/semantics.md, R10)";
  let arguments = (ins AnyType:$input, AnyType:$tiler, Index:$index,
                       Optional<AnyType>:$target_profile);
  let results = (outs Cute_LayoutLikeOrView:$result);
}
def Cute_TileToShapeOp : Cute_Op<"tile_to_shape"> {
  let summary = "repeat a block until it covers a target shape, in an optional static order";
  let description = [{
    The `lower_padding`, `upper_padding` and `traversal_stride` attributes are checked for
    congruence (one entry per target mode); only zero padding and unit stride are
    supported so far.
  }];
  let arguments = (ins AnyType:$block, AnyType:$target, Optional<AnyType>:$order,
                       OptionalAttr<DenseI64ArrayAttr>:$lower_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$upper_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$traversal_stride);
  let results = (outs Cute_LayoutLike:$result);
}
def Cute_SliceOp : Cute_Op<"slice"> {
  let summary = "the modes of a layout or int tuple where the coordinate has `_`";
  let arguments = (ins AnyType:$coord, AnyType:$input);
  let results = (outs Cute_AnyOrView:$result);
}
def Cute_DiceOp : Cute_Op<"dice"> {
  let summary = "the modes of a layout or int tuple where the coordinate has integers";
  let arguments = (ins AnyType:$coord, AnyType:$input);
  let results = (outs Cute_AnyOrView:$result);
}
def Cute_MakeFragmentLikeOp : Cute_Op<"make_fragment_like",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>], /*isPure=*/0> {
  let summary = "a compact register-fragment layout like the input, or a register view like a view "
                "(allocated; CuTe's make_fragment_like, make_fragment_like<T> with `element_type`)";
  let arguments = (ins AnyType:$input, OptionalAttr<TypeAttr>:$element_type);
  let results = (outs Cute_LayoutLikeOrView:$result);
}

#endif // CUTE_ALGEBRA_OPS_TD
