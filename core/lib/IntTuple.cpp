#include "cutelayout/IntTuple.h"

#include "Internal.h"

#include "cutelayout/Notation.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

TupleView TupleView::child(uint32_t i) const {
  Iterator it = begin();
  for (uint32_t k = 0; k < i; ++k)
    ++it;
  return *it;
}

IntTuple IntTuple::underscore() {
  IntTuple t(0);
  t.nodes_.push_back(Node{0, 1, NodeKind::Underscore, true});
  return t;
}

IntTuple IntTuple::makeTuple(std::initializer_list<TupleView> elements) {
  TupleBuilder b;
  b.open();
  for (TupleView e : elements)
    b.add(e);
  b.close();
  return b.finish();
}

bool operator==(TupleView a, TupleView b) {
  if (a.span() != b.span())
    return false;
  const Node *x = a.nodes();
  const Node *y = b.nodes();
  for (uint32_t i = 0; i < a.span(); ++i)
    if (x[i].kind != y[i].kind || x[i].value != y[i].value || x[i].span != y[i].span ||
        x[i].isStatic != y[i].isStatic || x[i].basis != y[i].basis)
      return false;
  return true;
}

uint64_t hashValue(TupleView v) {
  uint64_t h = 1469598103934665603ull;
  const Node *n = v.nodes();
  for (uint32_t i = 0; i < v.span(); ++i) {
    uint64_t word =
        uint64_t(n[i].value) * 31 + (uint64_t(n[i].kind) << 1) + n[i].isStatic + (uint64_t(n[i].basis) << 3);
    h = (h ^ word) * 1099511628211ull;
    h ^= h >> 29;
  }
  return h;
}

int depth(TupleView v) {
  if (!v.isTuple())
    return 0;
  int d = 0;
  for (TupleView c : v) {
    int cd = depth(c);
    d = cd > d ? cd : d;
  }
  return d + 1;
}

uint32_t leafCount(TupleView v) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < v.span(); ++i)
    n += v.nodes()[i].kind != NodeKind::Tuple;
  return n;
}

TupleView leafAt(TupleView v, uint32_t i) {
  const Node *n = v.nodes();
  for (uint32_t k = 0;; ++k) {
    if (n[k].kind != NodeKind::Tuple) {
      if (i == 0)
        return TupleView(n + k);
      --i;
    }
  }
}

namespace {
void addLeaves(TupleBuilder &b, TupleView v) {
  for (uint32_t i = 0; i < v.span(); ++i)
    if (v.nodes()[i].kind != NodeKind::Tuple)
      b.add(TupleView(v.nodes() + i));
}
} // namespace

IntTuple flattenToTuple(TupleView v) {
  TupleBuilder b;
  b.open();
  addLeaves(b, v);
  b.close();
  return b.finish();
}

IntTuple flatten(TupleView v) { return v.isTuple() ? flattenToTuple(v) : IntTuple(v); }

IntTuple wrap(TupleView v) { return v.isTuple() ? IntTuple(v) : IntTuple::makeTuple({v}); }

IntTuple unwrap(TupleView v) {
  while (v.isTuple() && v.rank() == 1)
    v = v.child(0);
  return IntTuple(v);
}

IntTuple append(TupleView t, TupleView x) {
  TupleBuilder b;
  b.open();
  for (TupleView c : t)
    b.add(c);
  b.add(x);
  b.close();
  return b.finish();
}

IntTuple prepend(TupleView t, TupleView x) {
  TupleBuilder b;
  b.open();
  b.add(x);
  for (TupleView c : t)
    b.add(c);
  b.close();
  return b.finish();
}

IntTuple appendTo(TupleView t, uint32_t n, TupleView x) {
  if (t.rank() >= n && (t.isTuple() || n == 1))
    return IntTuple(t);
  TupleBuilder b;
  b.open();
  for (TupleView c : t)
    b.add(c);
  for (uint32_t k = t.rank(); k < n; ++k)
    b.add(x);
  b.close();
  return b.finish();
}

IntTuple prependTo(TupleView t, uint32_t n, TupleView x) {
  if (t.rank() >= n && (t.isTuple() || n == 1))
    return IntTuple(t);
  TupleBuilder b;
  b.open();
  for (uint32_t k = t.rank(); k < n; ++k)
    b.add(x);
  for (TupleView c : t)
    b.add(c);
  b.close();
  return b.finish();
}

Expected<IntTuple> appendToRank(TupleView t, uint32_t n, TupleView x) {
  CL_CHECK(checkPadding(t.rank(), t.span(), n, x.span(), [&] { return print(t); }));
  return appendTo(t, n, x);
}

Expected<IntTuple> prependToRank(TupleView t, uint32_t n, TupleView x) {
  CL_CHECK(checkPadding(t.rank(), t.span(), n, x.span(), [&] { return print(t); }));
  return prependTo(t, n, x);
}

IntTuple take(TupleView t, uint32_t first, uint32_t last) {
  TupleBuilder b;
  b.open();
  uint32_t i = 0;
  for (TupleView c : t) {
    if (i >= first && i < last)
      b.add(c);
    ++i;
  }
  b.close();
  return b.finish();
}

IntTuple removeAt(TupleView t, uint32_t at) {
  TupleBuilder b;
  b.open();
  uint32_t i = 0;
  for (TupleView c : t)
    if (i++ != at)
      b.add(c);
  b.close();
  return b.finish();
}

IntTuple replaceAt(TupleView t, uint32_t at, TupleView x) {
  if (!t.isTuple())
    return IntTuple(x);
  TupleBuilder b;
  b.open();
  uint32_t i = 0;
  for (TupleView c : t)
    b.add(i++ == at ? x : c);
  b.close();
  return b.finish();
}

Expected<IntTuple> replace(TupleView t, uint32_t i, TupleView x) {
  if (i >= t.rank())
    return makeError("replace: mode " + std::to_string(i) + " is past the rank of " + print(t) + ", which is " +
                     std::to_string(t.rank()));
  return replaceAt(t, i, x);
}

IntTuple replaceFront(TupleView t, TupleView x) { return replaceAt(t, 0, x); }
IntTuple replaceBack(TupleView t, TupleView x) { return replaceAt(t, t.rank() - 1, x); }

IntTuple group(TupleView t, uint32_t first, uint32_t last) {
  TupleBuilder b;
  b.open();
  uint32_t i = 0;
  for (TupleView c : t) {
    if (i == first && first < last)
      b.open();
    b.add(c);
    if (i + 1 == last && first < last)
      b.close();
    ++i;
  }
  b.close(); // CuTe inserts nothing when first == last
  return b.finish();
}

IntTuple repeatLike(TupleView t, TupleView x) {
  if (!t.isTuple())
    return IntTuple(x);
  TupleBuilder b;
  b.open();
  for (TupleView c : t)
    b.add(repeatLike(c, x));
  b.close();
  return b.finish();
}

IntTuple repeat(uint32_t n, TupleView x) {
  if (n == 1)
    return IntTuple(x);
  TupleBuilder b;
  b.open();
  for (uint32_t k = 0; k < n; ++k)
    b.add(x);
  b.close();
  return b.finish();
}

namespace {
/// CuTe's unflatten_impl: the elements of flat from `next` on, regrouped by profile (a leaf
/// of profile takes one element, whatever it is); next moves past the elements taken.
/// False where flat runs out of elements first.
bool unflattenFrom(TupleView flat, TupleView profile, TupleView::Iterator &next, TupleBuilder &b) {
  if (!profile.isTuple()) {
    if (!(next != flat.end()))
      return false;
    b.add(*next);
    ++next;
    return true;
  }
  b.open();
  for (TupleView c : profile)
    if (!unflattenFrom(flat, c, next, b))
      return false;
  b.close();
  return true;
}
} // namespace

Expected<IntTuple> unflatten(TupleView flat, TupleView profile) {
  TupleBuilder b;
  TupleView::Iterator next = flat.begin();
  bool complete = unflattenFrom(flat, profile, next, b);
  if (!complete || next != flat.end())
    return makeError("unflatten: the profile " + print(profile) + " has " + (complete ? "fewer" : "more") +
                     " leaves (" + std::to_string(leafCount(profile)) + ") than " + print(flat) + " has elements (" +
                     std::to_string(flat.rank()) + ")");
  return b.finish();
}

Expected<IntTuple> zip(TupleView t) {
  if (!t.isTuple())
    return IntTuple(t);
  if (t.rank() == 0)
    return makeError("zip: () has no element 0 to take the rank from");
  if (!t.child(0).isTuple())
    return IntTuple::makeTuple({t});
  uint32_t inner = t.child(0).rank(), i = 0;
  for (TupleView c : t) {
    if (!c.isTuple())
      return makeError("zip: element " + std::to_string(i) + " of " + print(t) + " is " + print(c) +
                       ", not a tuple like element 0");
    if (c.rank() != inner)
      return makeError("zip: element " + std::to_string(i) + " of " + print(t) + " has rank " +
                       std::to_string(c.rank()) + ", not element 0's rank " + std::to_string(inner) +
                       " (CuTe: Mismatched Ranks)");
    ++i;
  }
  TupleBuilder b;
  b.open();
  for (uint32_t j = 0; j < inner; ++j) {
    b.open();
    for (TupleView c : t)
      b.add(c.child(j));
    b.close();
  }
  b.close();
  return b.finish();
}

Expected<IntTuple> zip2By(TupleView t, TupleView guide) {
  if (!guide.isTuple()) {
    if (t.rank() != 2 || !t.isTuple())
      return makeError("zip2_by expects a rank-2 mode but got " + print(t));
    return IntTuple(t);
  }
  if (!t.isTuple() || t.rank() < guide.rank())
    return makeError("zip2_by: " + print(t) + " has fewer modes than its guide " + print(guide));
  TupleBuilder first, second;
  first.open();
  second.open();
  uint32_t i = 0;
  for (TupleView c : t) {
    if (i < guide.rank()) {
      IntTuple split = CL_TRY(zip2By(c, guide.child(i)));
      first.add(split.child(0));
      second.add(split.child(1));
    } else {
      second.add(c);
    }
    ++i;
  }
  first.close();
  second.close();
  IntTuple a = first.finish(), b = second.finish();
  return IntTuple::makeTuple({a, b});
}

namespace {
// Appends the parts of b kept by coordinate a, flattened one level (CuTe's filter_tuple).
// keepUnderscore selects slice (keep `_` parts) or dice (keep integer parts).
Expected<bool> lift(TupleBuilder &out, TupleView a, TupleView b, bool keepUnderscore) {
  if (a.isTuple()) {
    if (!b.isTuple() || a.rank() != b.rank())
      return makeError("coordinate " + print(a) + " does not match the rank of " + print(b));
    TupleView::Iterator bi = b.begin();
    for (TupleView ac : a) {
      CL_TRY(lift(out, ac, *bi, keepUnderscore));
      ++bi;
    }
    return true;
  }
  if (a.isUnderscore() == keepUnderscore)
    out.add(b);
  return true;
}

Expected<IntTuple> sliceOrDice(TupleView a, TupleView b, bool keepUnderscore) {
  if (!a.isTuple()) {
    if (a.isUnderscore() == keepUnderscore)
      return IntTuple(b);
    TupleBuilder empty;
    empty.open();
    empty.close();
    return empty.finish();
  }
  if (!b.isTuple() || a.rank() != b.rank())
    return makeError("coordinate " + print(a) + " does not match the rank of " + print(b));
  TupleBuilder out;
  out.open();
  TupleView::Iterator bi = b.begin();
  for (TupleView ac : a) {
    CL_TRY(lift(out, ac, *bi, keepUnderscore)); // nested parts flatten (filter_tuple)
    ++bi;
  }
  out.close();
  return out.finish();
}
} // namespace

Expected<IntTuple> slice(TupleView a, TupleView b) { return sliceOrDice(a, b, true); }
Expected<IntTuple> dice(TupleView a, TupleView b) { return sliceOrDice(a, b, false); }

CUTELAYOUT_ABI_END
} // namespace cutelayout
