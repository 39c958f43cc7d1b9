// The operation table: every operation the library offers by name, with the facts that its
// front ends (the command line, Python, the web build, the dialect) share instead of each
// restating them.
//
// What it denotes: one entry per operation, under its CuTe name: the dialect op that
// computes it (the specification's mnemonic, or why there is none), and CuTe's overloads
// for a composed layout A o O o B and for a tensor in place of the operation's layout
// argument (layout_composed.hpp, swizzle_layout.hpp, tensor_impl.hpp):
//
//   OnComposed::Lifted   A o O o f(B, args...): f on the inner layout, composed again
//                        (composeFunctions, ComposedLayout.h)
//   OnComposed::OfInner  f(B, args...): a query the inner layout answers
//   OnComposed::Own      an overload of its own (ComposedLayout.h), or one that takes a
//                        composed layout or a swizzle in another argument too
//   OnTensor::KeepsIterator  f on the tensor's layout, a tensor over the same iterator
//   OnTensor::OfLayout       f on the tensor's layout alone (a query)
//   OnTensor::Own            a rule of its own (Tensor.h: crd2idx of a tensor is its
//                            element, local_tile moves the iterator, ...)
//   Refused (either)     CuTe has no such overload: front ends refuse the call and name
//                        the argument
//
// The dialect takes views where the specification says (its verifier diagnostics are the
// contract); the tensor rules here are the command line's and Python's, which follow CuTe.
//
// Representation invariant: names are unique and in ascending order; a non-empty irName
// is unique; noIR is non-empty exactly where irName is empty; liftFrom <= the arity.
//
// Examples: logical_divide -> irName "logical_divide", Lifted, KeepsIterator.
//   size -> irName "size", OfInner, OfLayout.  basis_value -> no dialect op ("a scaled
//   basis is an integer in IR"), Refused, Refused.
#pragma once

#include <cstdint>
#include <string_view>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// CuTe's overload of an operation for a composed layout as its layout argument.
enum class OnComposed : uint8_t { Refused, Lifted, OfInner, Own };
/// CuTe's overload of an operation for a tensor as its layout argument.
enum class OnTensor : uint8_t { Refused, KeepsIterator, OfLayout, Own };

/// One operation's shared facts.
struct OperationFacts {
  std::string_view name;   ///< CuTe's name (the command line's and Python's)
  std::string_view irName; ///< the dialect op's mnemonic without `cute.`; empty: none
  std::string_view noIR;   ///< why the dialect has no op for it (where irName is empty)
  OnComposed onComposed;   ///< a composed layout as argument layoutArg
  OnTensor onTensor;       ///< a tensor as argument layoutArg
  uint8_t layoutArg;       ///< the argument the two rules read (1 for crd2idx, slice, dice)
  uint8_t liftFrom;        ///< onComposed applies from this many arguments (filter: 2)
};

/// The entries, in ascending order of name. @post every entry meets the invariant
struct OperationList {
  const OperationFacts *first;
  uint32_t count;
  const OperationFacts *begin() const { return first; }
  const OperationFacts *end() const { return first + count; }
};
OperationList operationTable();

/// The entry of a CuTe name (not an alias). @post null for a name the table lacks
const OperationFacts *operationFacts(std::string_view name);
/// The entry whose dialect op has this mnemonic (without `cute.`). @post null where none
const OperationFacts *operationFactsByIR(std::string_view irName);

/// The composed rule of a call of `name` with `args` arguments: Refused past the table
/// and below liftFrom.
OnComposed composedRule(std::string_view name, uint32_t args);

CUTELAYOUT_ABI_END
} // namespace cutelayout
