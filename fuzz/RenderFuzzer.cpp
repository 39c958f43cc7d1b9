// libFuzzer target: the pictures and reports of any value (issue 41). The input's first
// byte picks the bank options (element and access widths, rows, columns or a thread-value
// access given by the text after the first line break); the rest is an expression whose
// value is rendered as --table, --banks (text and JSON), --svg (plain and by bank) and
// --latex in plain and CuTe styles. Each must give its text or an Error: never crash, hang,
// wrap a size or write without bound.
#include "Banks.h"
#include "Evaluator.h"
#include "Render.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096)
    return 0;
  uint8_t pick = data[0];
  std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
  std::string_view access = (pick & 3) == 0 ? "rows" : (pick & 3) == 1 ? "columns" : "";
  if (access.empty()) { // a thread-value access: the text after the first line break
    size_t nl = text.find('\n');
    if (nl == std::string_view::npos)
      return 0;
    access = text.substr(nl + 1);
    text = text.substr(0, nl);
  }
  static const char *const kBits[] = {"8", "16", "32", "64", "128"};
  const char *element = kBits[(pick >> 2) % 5], *width = kBits[(pick >> 5) % 5];
  cutelayout::ParseOptions parse;
  parse.plainIsDynamic = (pick & 0x80) != 0;
  cutelayout::Expected<cutelayout::cli::Value> v = cutelayout::cli::evaluate(text, parse);
  if (!v)
    return 0;
  cutelayout::Expected<cutelayout::cli::BankOptions> banks =
      cutelayout::cli::makeBankOptions(element, width, access, parse);
  cutelayout::cli::BankOptions options = banks ? banks.take() : cutelayout::cli::BankOptions();
  for (cutelayout::Style style : {cutelayout::Style::Plain, cutelayout::Style::Cute})
    for (cutelayout::cli::View view :
         {cutelayout::cli::View::Table, cutelayout::cli::View::Banks, cutelayout::cli::View::BankJson,
          cutelayout::cli::View::Svg, cutelayout::cli::View::BankSvg, cutelayout::cli::View::Latex})
      (void)cutelayout::cli::render(*v, view, style, options);
  return 0;
}
