// Support types for the core library: the error value every operation returns,
// Expected<T>, and a small inline-capacity vector that keeps short tuples off the heap.
//
// The core never throws, aborts or asserts on user input: a failing operation returns
// an Error whose message names the operands and the condition that failed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// What failed and why, in lowercase with the actual values and no final period.
struct Error {
  std::string message;
};

/// Either a value or an Error. Minimal on purpose: the core throws no exceptions (the web
/// build compiles it with -fno-exceptions).
/// The error lives on the heap, so the success path carries one null pointer and never
/// touches a string.
template <class T> class Expected {
public:
  Expected(T &&value) : value_(std::move(value)) {}
  /// A success holding a default T, to be filled in place (saves moving a large T).
  explicit Expected(std::in_place_t) {}
  Expected(const T &value) : value_(value) {}
  Expected(Error error) : error_(new Error(std::move(error))) {}
  Expected(const Expected &o) : value_(o.value_), error_(o.error_ ? new Error(*o.error_) : nullptr) {}
  Expected(Expected &&o) noexcept : value_(std::move(o.value_)), error_(o.error_) { o.error_ = nullptr; }
  Expected &operator=(const Expected &o) {
    if (this != &o) {
      value_ = o.value_;
      dropError();
      error_ = o.error_ ? new Error(*o.error_) : nullptr;
    }
    return *this;
  }
  Expected &operator=(Expected &&o) noexcept {
    if (this != &o) {
      value_ = std::move(o.value_);
      dropError();
      error_ = o.error_;
      o.error_ = nullptr;
    }
    return *this;
  }
  ~Expected() { dropError(); }

  explicit operator bool() const { return !error_; }
  bool ok() const { return !error_; }
  T &operator*() { return value_; }
  const T &operator*() const { return value_; }
  T *operator->() { return &value_; }
  const T *operator->() const { return &value_; }
  /// @pre !ok()
  const Error &error() const { return *error_; }
  T take() { return std::move(value_); }

private:
  // A success (the common case) destroys nothing: one inline test, the delete out of line.
  void dropError() {
    if (__builtin_expect(error_ != nullptr, 0))
      deleteError(error_);
  }
  [[gnu::cold, gnu::noinline]] static void deleteError(Error *e) { delete e; }

  T value_{};
  Error *error_ = nullptr;
};

inline Error makeError(std::string message) { return Error{std::move(message)}; }

/// Evaluates an Expected expression; on error returns it from the enclosing function,
/// otherwise yields the value. Uses a GNU statement expression (g++ and clang).
#define CL_TRY(expr)                                                                                                   \
  ({                                                                                                                   \
    auto clTryValue_ = (expr);                                                                                         \
    if (!clTryValue_.ok())                                                                                             \
      return clTryValue_.error();                                                                                      \
    clTryValue_.take();                                                                                                \
  })

/// A vector of trivially copyable T with N elements stored inline. Grows onto the heap
/// only past N, so values up to N elements never allocate. data_ always points at the
/// elements (inline or heap), so access costs one load.
template <class T, unsigned N> class SmallVec {
  static_assert(std::is_trivially_copyable<T>::value, "SmallVec holds POD only");

public:
  SmallVec() = default;
  SmallVec(const SmallVec &o) { append(o.data_, o.size_); }
  SmallVec(SmallVec &&o) noexcept { moveFrom(o); }
  SmallVec &operator=(const SmallVec &o) {
    if (this != &o) {
      size_ = 0;
      append(o.data_, o.size_);
    }
    return *this;
  }
  SmallVec &operator=(SmallVec &&o) noexcept {
    if (this != &o) {
      release();
      moveFrom(o);
    }
    return *this;
  }
  ~SmallVec() {
    if (__builtin_expect(!isInline(), 0)) // nothing else to undo: the object ends here
      std::free(data_);
  }

  T *data() { return data_; }
  const T *data() const { return data_; }
  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T &operator[](uint32_t i) { return data_[i]; }
  const T &operator[](uint32_t i) const { return data_[i]; }
  T &back() { return data_[size_ - 1]; }
  const T &back() const { return data_[size_ - 1]; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }

  void push_back(const T &v) {
    if (__builtin_expect(size_ == capacity_, 0))
      grow(size_ + 1);
    data_[size_++] = v;
  }
  /// Makes room for n more elements, so that many pushUnchecked calls are safe.
  void reserveMore(uint32_t n) {
    if (__builtin_expect(size_ + n > capacity_, 0))
      grow(size_ + n);
  }
  /// push_back without the capacity test. @pre reserveMore covered it
  void pushUnchecked(const T &v) { data_[size_++] = v; }
  void resize(uint32_t n) {
    reserveMore(n > size_ ? n - size_ : 0);
    size_ = n;
  }
  /// resize without the capacity test, for a writer that wrote the elements in place.
  /// @pre n <= N (a SmallVec's capacity is never below its inline N)
  void resizeWithinInline(uint32_t n) { size_ = n; }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  void append(const T *first, uint32_t count) {
    reserveMore(count);
    // Small copies inline: most appends are one to a few dozen elements.
    T *to = data_ + size_;
    if (count <= 4)
      for (uint32_t i = 0; i < count; ++i)
        to[i] = first[i];
    else
      std::memcpy(static_cast<void *>(to), first, count * sizeof(T));
    size_ += count;
  }

private:
  bool isInline() const { return data_ == inlineData(); }
  [[gnu::noinline]] void grow(uint32_t need) {
    uint32_t cap = capacity_ * 2 > need ? capacity_ * 2 : need;
    T *fresh = static_cast<T *>(std::malloc(sizeof(T) * cap));
    if (!fresh)
      std::abort(); // out of memory is not user input; there is nothing to report
    std::memcpy(static_cast<void *>(fresh), data_, size_ * sizeof(T));
    if (!isInline())
      std::free(data_);
    data_ = fresh;
    capacity_ = cap;
  }
  void release() {
    if (!isInline())
      std::free(data_);
    data_ = inlineData();
    capacity_ = N;
    size_ = 0;
  }
  void moveFrom(SmallVec &o) {
    if (!o.isInline()) {
      data_ = o.data_;
      capacity_ = o.capacity_;
      size_ = o.size_;
      o.data_ = o.inlineData();
      o.capacity_ = N;
      o.size_ = 0;
    } else {
      size_ = 0;
      append(o.data_, o.size_);
      o.size_ = 0;
    }
  }

  T *inlineData() { return reinterpret_cast<T *>(inline_); }
  const T *inlineData() const { return reinterpret_cast<const T *>(inline_); }

  T *data_ = inlineData();
  uint32_t size_ = 0;
  uint32_t capacity_ = N;
  // Raw storage: elements are only ever written by push_back/append, so nothing is
  // initialized up front (T may have default member initializers).
  alignas(T) unsigned char inline_[N * sizeof(T)];
};

CUTELAYOUT_ABI_END
} // namespace cutelayout
