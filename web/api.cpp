// The core and the command line's evaluator as WebAssembly (docs/web.md): a small C
// interface for JavaScript. JavaScript writes an expression into the input buffer
// (cl_input, at most cl_input_capacity bytes), calls cl_eval with flags, and reads the
// answer from cl_output (cl_output_size bytes): what `cute-layout` prints for that
// expression, or an SVG picture with CL_SVG. cl_eval returns 0 on success, 1 on an error
// (the output is then "error: ...").
#include "Evaluator.h"
#include "Render.h"

#include <string>

namespace {
constexpr int kCute = 1, kDynamic = 2, kTable = 4, kSvg = 8, kBanks = 16;
std::string input(1 << 16, '\0');
std::string output;
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
  // --banks with its defaults: 16-bit elements, 128-bit accesses along rows.
  static const Expected<BankOptions> banks = makeBankOptions("16", "128", "rows", ParseOptions{});
  View view = (flags & kSvg)     ? View::Svg
              : (flags & kBanks) ? View::Banks
              : (flags & kTable) ? View::Table
                                 : View::Print;
  Expected<std::string> text = render(*v, view, style, *banks);
  output = text ? *text : "error: " + text.error().message;
  return text ? 0 : 1;
}

} // extern "C"
