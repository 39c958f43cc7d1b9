// The kernels' state: whether the fast domains run, and how often they answered
// (kernels/NodeOut.h).
#include "kernels/NodeOut.h"

#include <cstdlib>
#include <cstring>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {
namespace {
/// CUTELAYOUT_FAST_PATHS=off (or 0) in the environment starts with the fast domains off:
/// the test command runs every corpus once more that way, so the exact domain answers
/// everything. (Not in the WebAssembly build: reading the environment would make the
/// module import WASI calls the page does not provide.)
bool initiallyEnabled() {
#ifdef __wasi__
  return true;
#else
  const char *v = std::getenv("CUTELAYOUT_FAST_PATHS");
  return !(v && (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0));
#endif
}
} // namespace
bool gFastPathsEnabled = initiallyEnabled();

__thread uint64_t tFastAnswers = 0;
uint64_t fastAnswers() { return tFastAnswers; }
void setFastPathsEnabled(bool on) { gFastPathsEnabled = on; }

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
