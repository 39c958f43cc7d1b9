#include "AllocationCounter.h"

#include <cstdlib>
#include <new>

namespace {
size_t gAllocations = 0;
} // namespace

extern "C" {
void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size) {
  ++gAllocations;
  return __real_malloc(size);
}
}

// Through malloc, so through the counter above.
void *operator new(size_t size) {
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void *operator new[](size_t size) { return ::operator new(size); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }

namespace cutelayout {
size_t allocationCount() { return gAllocations; }
} // namespace cutelayout
