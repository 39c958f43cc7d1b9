// Registration for tools that embed the cute dialect (cute-opt, an LSP server, a
// compiler driver): call registerCuteDialect on a registry (cute and its target dialect
// cute_nvgpu) and registerCutePasses once.
#ifndef CUTE_INITCUTE_H
#define CUTE_INITCUTE_H

namespace mlir {
class DialectRegistry;
namespace cute {
void registerCuteDialect(DialectRegistry &registry);
void registerCutePasses();
} // namespace cute
} // namespace mlir

#endif // CUTE_INITCUTE_H
