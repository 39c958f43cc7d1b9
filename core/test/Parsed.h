// Test helper: a layout or an int tuple from CuTe's notation, plain numbers static (or
// dynamic when asked); a text that does not parse fails the test and gives an empty value.
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace test {

inline Layout L(const char *text, bool dynamic = false) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  Expected<Layout> l = parseLayout(text, o);
  EXPECT_TRUE(l.ok()) << text << ": " << (l.ok() ? "" : l.error().message);
  return l.ok() ? *l : Layout{};
}

inline IntTuple T(const char *text, bool dynamic = false) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  Expected<IntTuple> t = parseIntTuple(text, o);
  EXPECT_TRUE(t.ok()) << text << ": " << (t.ok() ? "" : t.error().message);
  return t.ok() ? *t : IntTuple();
}

} // namespace test
CUTELAYOUT_ABI_END
} // namespace cutelayout
