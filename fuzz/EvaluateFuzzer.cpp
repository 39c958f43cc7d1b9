// libFuzzer target: any text given to cute-layout must evaluate or fail with an Error,
// never crash, hang, leak or hit undefined behaviour.
#include "Evaluator.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0; // long inputs only slow the search; the parser bounds nesting anyway
  std::string_view text(reinterpret_cast<const char *>(data), size);
  for (bool dynamic : {false, true}) {
    cutelayout::ParseOptions options;
    options.plainIsDynamic = dynamic;
    cutelayout::Expected<cutelayout::cli::Value> v = cutelayout::cli::evaluate(text, options);
    if (v)
      (void)cutelayout::cli::printValue(*v, cutelayout::Style::Cute);
  }
  return 0;
}
