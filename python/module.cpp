// The Python module's native part, `cutelayout._core`: the command line's values and its
// operation table (every operation by its CuTe name), with conversions between Python
// values and the core's. Python ints are static leaves (CuTe's Int<N>); instances of
// cutelayout.Dyn (an int subclass) are dynamic leaves (CuTe's int); tuples nest; None is
// CuTe's `_`; a str is a name (LayoutRight, uint8_t). Results convert back the same way;
// layouts, tiles, swizzles and composed layouts stay native objects.
#include "Evaluator.h"
#include "Operations.h"
#include "cutelayout/Basis.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

namespace py = pybind11;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::TupleBuilder;
using cutelayout::TupleView;
using cutelayout::cli::Value;

namespace {

/// The Python type of dynamic leaves, set by cutelayout/__init__.py.
PyObject *dynType = nullptr;

/// What the core reports becomes a Python exception: cutelayout.Error, a ValueError.
PyObject *errorType = nullptr;

[[noreturn]] void raise(const std::string &message) {
  PyErr_SetString(errorType ? errorType : PyExc_ValueError, message.c_str());
  throw py::error_already_set();
}

void addTuple(py::handle h, TupleBuilder &b, int depth) {
  if (depth > 64)
    raise("a tuple nested deeper than 64 levels");
  if (h.is_none()) {
    b.underscore();
  } else if (PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr())) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow)
      raise("integer " + py::str(h).cast<std::string>() + " is out of the int64 range");
    bool dynamic = dynType && PyObject_TypeCheck(h.ptr(), reinterpret_cast<PyTypeObject *>(dynType));
    b.leaf(Int{v, !dynamic});
  } else if (py::isinstance<py::tuple>(h) || py::isinstance<py::list>(h)) {
    b.open();
    for (py::handle item : h)
      addTuple(item, b, depth + 1);
    b.close();
  } else {
    raise("expected an int, a tuple of ints or None (CuTe's _), got " +
          py::str(py::type::of(h).attr("__name__")).cast<std::string>());
  }
}

/// A Python argument as a value of the expression language.
Value toValue(py::handle h) {
  if (py::isinstance<Value>(h))
    return h.cast<Value>();
  if (py::isinstance<py::str>(h)) {
    Value v;
    v.kind = Value::Kind::Name;
    v.name = h.cast<std::string>();
    return v;
  }
  TupleBuilder b;
  addTuple(h, b, 0);
  return Value::ofTuple(b.finish());
}

py::object fromTuple(TupleView t) {
  if (t.isUnderscore())
    return py::none();
  if (t.isInt()) {
    Int x = t.asInt();
    py::int_ v(x.value);
    return x.isStatic || !dynType ? py::object(v) : py::reinterpret_borrow<py::object>(dynType)(v);
  }
  py::tuple out(t.rank());
  uint32_t i = 0;
  for (TupleView c : t)
    out[i++] = fromTuple(c);
  return std::move(out);
}

/// A result as a Python value: int tuples become ints and tuples, the rest stay native.
py::object fromValue(Value v) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    if (cutelayout::hasBasis(v.tuple)) // a stride or coordinate with scaled bases stays native
      return py::cast(std::move(v));
    return fromTuple(v.tuple);
  case Value::Kind::Name:
    return py::str(v.name);
  default:
    return py::cast(std::move(v));
  }
}

Value call(const std::string &name, const std::vector<Value> &args) {
  cutelayout::Expected<Value> r = cutelayout::cli::callOperation(name, args);
  if (!r)
    raise(name + ": " + r.error().message);
  return r.take();
}

py::object callPython(const std::string &name, py::args args) {
  std::vector<Value> values;
  values.reserve(args.size());
  for (py::handle a : args) {
    if (py::isinstance<Value>(a))
      values.push_back(a.cast<const Value &>()); // one copy, no temporary
    else
      values.push_back(toValue(a));
  }
  return fromValue(call(name, values));
}

std::string kindOf(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    return "int_tuple";
  case Value::Kind::Layout:
    return "layout";
  case Value::Kind::Tile:
    return "tile";
  case Value::Kind::Name:
    return "name";
  case Value::Kind::Swizzle:
    return "swizzle";
  case Value::Kind::Composed:
    return "composed_layout";
  case Value::Kind::Tensor:
    return "tensor";
  case Value::Kind::Iterator:
    return "iterator";
  }
  return "value";
}

} // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "cutelayout's native part: CuTe layout algebra values and operations";

  // The one native class: layouts, tiles, swizzles and composed layouts (cutelayout's
  // Layout, Tile, Swizzle and ComposedLayout are views of it by kind, with no wrapper).
  auto query = [](const char *name) {
    return [name](const Value &v) { return fromValue(call(name, std::vector<Value>{v})); };
  };
  py::class_<Value>(m, "Value")
      .def_property_readonly("kind", &kindOf)
      .def("__call__", [](const Value &v, py::args coord) -> py::object {
        if (v.kind == Value::Kind::Swizzle) { // a swizzle maps an offset
          if (coord.size() != 1 || !PyLong_Check(coord[0].ptr()))
            raise("a swizzle takes one integer offset");
          return py::int_(v.swizzle.apply(coord[0].cast<int64_t>()));
        }
        Value c = coord.size() == 1 ? toValue(coord[0]) : toValue(py::tuple(coord));
        bool slicing = c.kind == Value::Kind::Tuple && cutelayout::hasUnderscore(c.tuple);
        return fromValue(call(slicing ? "slice" : "crd2idx", {c, v}));
      })
      .def("__getitem__", [](const Value &v, int64_t i) { return fromValue(call("get", {v, Value::ofInt(Int::fixed(i))})); })
      .def("__len__", [](const Value &v) { return call("rank", {v}).tuple.asInt().value; })
      .def("size", query("size"))
      .def("cosize", query("cosize"))
      .def_property_readonly("shape", query("shape"))
      .def_property_readonly("stride", query("stride"))
      .def_property_readonly("rank", query("rank"))
      .def_property_readonly("depth", query("depth"))
      .def("__repr__", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Cute); })
      .def("__str__", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Plain); })
      .def("cute", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Cute); },
           "CuTe's print(): _N for static integers")
      .def("__eq__", [](const Value &a, py::object b) {
        if (!py::isinstance<Value>(b))
          return false;
        const Value &o = b.cast<const Value &>();
        return a.kind == o.kind && cutelayout::cli::printValue(a, cutelayout::Style::Cute) ==
                                       cutelayout::cli::printValue(o, cutelayout::Style::Cute);
      })
      .def("__hash__", [](const Value &v) {
        return py::hash(py::str(cutelayout::cli::printValue(v, cutelayout::Style::Cute)));
      });

  m.def("parse", [](const std::string &text, bool dynamic) {
        cutelayout::ParseOptions options;
        options.plainIsDynamic = dynamic;
        cutelayout::Expected<Value> v = cutelayout::cli::evaluate(text, options);
        if (!v)
          raise(v.error().message);
        return fromValue(v.take());
      },
      py::arg("text"), py::arg("dynamic") = false, "Evaluates a cute-layout expression.");
  m.def("call", &callPython, py::arg("name"), "Calls an operation by its CuTe name.");
  m.def("operations", [] {
    std::vector<std::string> names;
    for (const std::string &line : cutelayout::cli::operationNames())
      names.push_back(line);
    return names;
  });
  m.def("_set_types", [](py::object dyn, py::object error) {
    dynType = dyn.release().ptr();
    errorType = error.release().ptr();
  });
}
