// The core and the command line's evaluator as WebAssembly (docs/web.md): a small C
// interface for JavaScript. JavaScript writes an expression into the input buffer
// (cl_input, at most cl_input_capacity bytes), calls cl_eval with flags, and reads the
// answer from cl_output (cl_output_size bytes): what `cute-layout` prints for that
// expression, its table, bank report, SVG picture or LaTeX document with the view flags
// (kBanks with kSvg: the picture coloured by bank, as `--banks --svg`; kBanks with kJson:
// the bank report as JSON, for the playground's bank view).
// cl_eval returns 0 on success, 1 on an error (the output is then "error: ..."). cl_banks
// sets --banks' options from the input buffer; cl_version writes the version.
#include "Evaluator.h"
#include "Render.h"

#include <string>

namespace {
constexpr int kCute = 1, kDynamic = 2, kTable = 4, kSvg = 8, kBanks = 16, kLatex = 32, kJson = 64;
std::string input(1 << 16, '\0');
std::string output;
/// --banks' options: 16-bit elements, 128-bit accesses along rows unless cl_banks sets others.
cutelayout::Expected<cutelayout::cli::BankOptions> bankOptions =
    cutelayout::cli::makeBankOptions("16", "128", "rows", cutelayout::ParseOptions{});
} // namespace

extern "C" {

/// wasm32-wasip1 has no threads: a thread_local object is a global one whose destructor
/// need not be registered (the module lives as long as the page or the process).
int __cxa_thread_atexit(void (*)(void *), void *, void *) { return 0; }

__attribute__((export_name("cl_input"))) char *cl_input() { return input.data(); }
__attribute__((export_name("cl_input_capacity"))) int cl_input_capacity() { return int(input.size()); }
__attribute__((export_name("cl_output"))) const char *cl_output() { return output.data(); }
__attribute__((export_name("cl_output_size"))) int cl_output_size() { return int(output.size()); }

/// Evaluates the first `length` bytes of the input buffer.
__attribute__((export_name("cl_eval"))) int cl_eval(int length, int flags) {
  using namespace cutelayout;
  using namespace cutelayout::cli;
  if (length < 0 || length > int(input.size())) {
    output = "error: the expression is longer than the input buffer";
    return 1;
  }
  ParseOptions options;
  options.plainIsDynamic = (flags & kDynamic) != 0;
  Style style = (flags & kCute) ? Style::Cute : Style::Plain;
  Expected<Value> v = evaluate(std::string_view(input.data(), size_t(length)), options);
  if (!v) {
    output = "error: " + v.error().message;
    return 1;
  }
  bool banks = (flags & kBanks) != 0;
  View view = (flags & kLatex)           ? View::Latex
              : (flags & kSvg)           ? (banks ? View::BankSvg : View::Svg)
              : banks && (flags & kJson) ? View::BankJson
              : banks                    ? View::Banks
              : (flags & kTable)         ? View::Table
                                         : View::Print;
  Expected<std::string> text = render(*v, view, style, *bankOptions);
  output = text ? *text : "error: " + text.error().message;
  return text ? 0 : 1;
}

/// --banks' options from the first `length` bytes of the input buffer: the element bits, the
/// access bits and the access (rows, columns, a thread-value layout or SIDE:EXPR of a tiled
/// copy or MMA), one per line, as the command line's --element-bits, --access-bits and
/// --access take them. On an error the
/// options are unchanged and the output holds "error: ...".
__attribute__((export_name("cl_banks"))) int cl_banks(int length, int flags) {
  using namespace cutelayout;
  if (length < 0 || length > int(input.size())) {
    output = "error: the options are longer than the input buffer";
    return 1;
  }
  std::string_view text(input.data(), size_t(length)), part[3];
  for (int i = 0; i < 3; ++i) {
    size_t end = i < 2 ? text.find('\n') : text.size();
    if (end == std::string_view::npos) {
      output = "error: --banks takes the element bits, the access bits and the access";
      return 1;
    }
    part[i] = text.substr(0, end);
    text.remove_prefix(i < 2 ? end + 1 : end);
  }
  ParseOptions options;
  options.plainIsDynamic = (flags & kDynamic) != 0;
  Expected<cli::BankOptions> b = cli::makeBankOptions(part[0], part[1], part[2], options);
  if (!b) {
    output = "error: " + b.error().message;
    return 1;
  }
  bankOptions = std::move(b);
  output.clear();
  return 0;
}

/// The version, as `cute-layout --version` prints it.
__attribute__((export_name("cl_version"))) int cl_version() {
  output = "cute-layout (cutelayout) " CUTELAYOUT_VERSION " (WebAssembly)\n";
  return 0;
}

} // extern "C"
