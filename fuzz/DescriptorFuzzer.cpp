// libFuzzer target: any bytes given to the descriptor parser parse, or fail with a message
// under one of the spec's two diagnostics, never crash, hang, leak or hit undefined
// behaviour; a parsed descriptor prints to text that parses back to an equal descriptor
// (parse -> normalize -> print -> parse), and that text prints unchanged; where the
// descriptor has an integral stride, that stride prints as the descriptor does.
#include "cutelayout/Descriptor.h"
#include "cutelayout/Notation.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void fail(const char *what, std::string_view text) {
  std::fprintf(stderr, "descriptor fuzzer: %s for input of %zu bytes\n", what, text.size());
  std::abort();
}

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0; // long inputs only slow the search; the parser bounds nesting anyway
  std::string_view text(reinterpret_cast<const char *>(data), size);
  cutelayout::Expected<cutelayout::LayoutDescriptor> d = cutelayout::parseDescriptor(text);
  if (!d) {
    const std::string &m = d.error().message;
    if (!startsWith(m, "unexpected trailing layout text at column ") &&
        !startsWith(m, "failed to parse layout descriptor at column "))
      fail("a message under neither of the spec's diagnostics", text);
    return 0;
  }
  if (!d->checkInvariants().empty())
    fail("a parsed descriptor breaks its invariant", text);
  std::string printed = cutelayout::print(*d);
  cutelayout::Expected<cutelayout::LayoutDescriptor> again = cutelayout::parseDescriptor(printed);
  if (!again)
    fail("the printed text does not parse", text);
  if (!(*again == *d) || again->identity() != d->identity())
    fail("the printed text parses to another descriptor", text);
  if (cutelayout::print(*again) != printed)
    fail("the canonical text is not a fixed point of print", text);
  cutelayout::Expected<cutelayout::IntTuple> stride = cutelayout::integralStride(*d);
  if (stride) {
    std::string compact;
    for (size_t i = 0; i < printed.size(); ++i)
      if (!(printed[i] == ' ' && i > 0 && printed[i - 1] == ','))
        compact += printed[i];
    if (cutelayout::print(*stride, cutelayout::Style::Plain) != compact)
      fail("the integral stride prints unlike the descriptor", text);
  } else if (!startsWith(stride.error().message, "basis ")) {
    fail("an integral-stride error that names no basis", text);
  }
  return 0;
}
