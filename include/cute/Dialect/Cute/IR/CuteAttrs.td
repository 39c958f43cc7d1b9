#ifndef CUTE_ATTRS_TD
#define CUTE_ATTRS_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Cute_DescriptorAttr : AttrDef<Cute_Dialect, "Descriptor"> {
  let mnemonic = "descriptor";
  let summary = "a layout descriptor in the specification's N@dim grammar";
  let description = [{
    The stride tree of a coordinate layout written as scaled bases (the specification's "Descriptor
    Grammar"; docs/descriptor.md): `#cute.descriptor<(1@0, 1@1)>`, with rational counts
    (`1/2@0`), nested groups and multi-mode bases (`1@0@1`, CuTe's `E<1,0>`). The text may
    also be a string (`#cute.descriptor<"(1@0, 1@1)">`), so text the grammar rejects still
    reaches the parser and its diagnostic. Malformed text is an error at the attribute
    whose message starts with the spec's `failed to parse layout descriptor` or
    `unexpected trailing layout text`; a valid descriptor prints in canonical form and
    reads back equal.
  }];
  let parameters = (ins "::cutelayout::LayoutDescriptor":$value);
  let hasCustomAssemblyFormat = 1;
}

#endif // CUTE_ATTRS_TD
