// The core from an installed package: composition((6,2):(8,2), (4,3):(3,1)).
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <cstdio>

int main() {
  cutelayout::Expected<cutelayout::Layout> a = cutelayout::parseLayout("(6,2):(8,2)");
  cutelayout::Expected<cutelayout::Layout> b = cutelayout::parseLayout("(4,3):(3,1)");
  if (!a || !b)
    return 1;
  cutelayout::Expected<cutelayout::Layout> c = cutelayout::composition(*a, *b);
  if (!c) {
    std::fprintf(stderr, "error: %s\n", c.error().message.c_str());
    return 1;
  }
  std::printf("%s\n", cutelayout::print(*c).c_str());
  return 0;
}
