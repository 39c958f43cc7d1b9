// Counting heap allocations: the benchmark's allocs/op counter and the allocation test.
//
// A binary that links cutelayout_alloc_counter is linked with -Wl,--wrap=malloc (the
// library carries the flag), so every malloc of the code linked into it counts; --wrap does
// not reach into shared libraries, so the global operator new (which libstdc++'s own
// allocations, std::string's included, call) is replaced to allocate through malloc, and
// counts too. Not for the sanitizer builds, whose allocator the wrap would bypass.
//   size_t before = allocationCount(); f(); size_t made = allocationCount() - before;
#pragma once

#include <cstddef>

namespace cutelayout {

/// Allocations so far in this process (not thread-safe: the callers are single-threaded).
size_t allocationCount();

} // namespace cutelayout
