// The Python module's native part, `cutelayout._core`: the command line's values and its
// operation table (every operation by its CuTe name), with conversions between Python
// values and the core's. Python ints are static leaves (CuTe's Int<N>); instances of
// cutelayout.Dyn (an int subclass) are dynamic leaves (CuTe's int); tuples nest; None is
// CuTe's `_`; a str is a name (LayoutRight, uint8_t). Results convert back the same way;
// layouts, tiles, swizzles and composed layouts stay native objects.
#include "Banks.h"
#include "Evaluator.h"
#include "Operations.h"
#include "Svg.h"
#include "cutelayout/Basis.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <structmember.h>

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

/// The pybind11 type object of Value, to recognise its instances without a type lookup.
PyTypeObject *valueType = nullptr;

/// The Value inside a Python object, or null where it is not one.
const Value *nativeValue(PyObject *o) {
  if (Py_TYPE(o) != valueType)
    return nullptr;
  py::detail::value_and_holder vh = reinterpret_cast<py::detail::instance *>(o)->get_value_and_holder();
  return vh.holder_constructed() ? vh.value_ptr<Value>() : nullptr;
}

/// A Python argument as a value of the expression language.
Value toValue(py::handle h) {
  if (const Value *v = nativeValue(h.ptr()))
    return *v;
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

Value call(const cutelayout::cli::ResolvedOperation &op, cutelayout::cli::ValueRefs args) {
  cutelayout::Expected<Value> r = cutelayout::cli::callOperation(op, args);
  if (!r)
    raise(*op.key + ": " + r.error().message);
  return r.take();
}

cutelayout::cli::ResolvedOperation resolve(const std::string &name) {
  cutelayout::Expected<cutelayout::cli::ResolvedOperation> op = cutelayout::cli::findOperation(name);
  if (!op)
    raise(name + ": " + op.error().message);
  return *op;
}

/// A unary query of a value (size, shape, ...), without copying it.
Value call(const cutelayout::cli::ResolvedOperation &op, const Value &v) {
  const Value *p = &v;
  return call(op, cutelayout::cli::ValueRefs(&p, 1));
}

/// An operation of the command line as a Python callable (cutelayout.composition, ...):
/// looked up once, called through the vectorcall protocol, native arguments passed by
/// reference.
struct OperationObject {
  PyObject_HEAD vectorcallfunc vectorcall;
  PyObject *name; // str
  PyObject *doc;  // str
  cutelayout::cli::ResolvedOperation op;
};

PyObject *callOperationObject(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
  auto *o = reinterpret_cast<OperationObject *>(self);
  try {
    if (kwnames && PyTuple_GET_SIZE(kwnames) != 0)
      raise(*o->op.key + " takes no keyword arguments");
    size_t n = PyVectorcall_NARGS(nargsf);
    constexpr size_t kMaxArgs = 8;
    if (n > kMaxArgs)
      raise(*o->op.key + ": too many arguments");
    const Value *pointers[kMaxArgs];
    std::vector<Value> converted; // arguments that are not native values
    for (size_t i = 0; i < n; ++i) {
      if (!(pointers[i] = nativeValue(args[i]))) {
        if (converted.empty())
          converted.reserve(n);
        converted.push_back(toValue(args[i]));
        pointers[i] = &converted.back();
      }
    }
    return fromValue(call(o->op, cutelayout::cli::ValueRefs(pointers, n))).release().ptr();
  } catch (py::error_already_set &e) {
    e.restore();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

void deallocOperationObject(PyObject *self) {
  auto *o = reinterpret_cast<OperationObject *>(self);
  Py_XDECREF(o->name);
  Py_XDECREF(o->doc);
  Py_TYPE(self)->tp_free(self);
}

PyObject *reprOperationObject(PyObject *self) {
  return PyUnicode_FromFormat("<cutelayout operation %U>", reinterpret_cast<OperationObject *>(self)->name);
}

PyMemberDef operationMembers[] = {
    {"__name__", T_OBJECT, offsetof(OperationObject, name), READONLY, nullptr},
    {"__doc__", T_OBJECT, offsetof(OperationObject, doc), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr},
};

PyTypeObject operationType{}; // filled by readyOperationType

void readyOperationType() {
  PyTypeObject &t = operationType;
  Py_SET_REFCNT(&t, 1);
  t.tp_name = "cutelayout._core.Operation";
  t.tp_basicsize = sizeof(OperationObject);
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL;
  t.tp_vectorcall_offset = offsetof(OperationObject, vectorcall);
  t.tp_call = PyVectorcall_Call;
  t.tp_dealloc = deallocOperationObject;
  t.tp_repr = reprOperationObject;
  t.tp_members = operationMembers;
  t.tp_doc = "An operation of cute-layout, by its CuTe name.";
  if (PyType_Ready(&t) < 0)
    throw py::error_already_set();
}

/// The callable for operation `name`.
py::object makeOperation(const std::string &name) {
  cutelayout::cli::ResolvedOperation op = resolve(name);
  auto *o = PyObject_New(OperationObject, &operationType);
  if (!o)
    throw py::error_already_set();
  o->vectorcall = callOperationObject;
  o->op = op;
  o->name = PyUnicode_FromString(name.c_str());
  o->doc = PyUnicode_FromString(("CuTe's " + name + " (see `cute-layout --help`).").c_str());
  return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject *>(o));
}

py::object callPython(const std::string &name, py::args args) {
  std::vector<Value> converted;
  converted.reserve(args.size());
  std::vector<const Value *> pointers;
  for (py::handle a : args) {
    const Value *v = nativeValue(a.ptr());
    if (!v) {
      converted.push_back(toValue(a));
      v = &converted.back();
    }
    pointers.push_back(v);
  }
  return fromValue(call(resolve(name), pointers));
}

/// v's composed layout. @pre v is one (a Python error otherwise)
const cutelayout::ComposedLayout &composedOf(const Value &v) {
  if (v.kind != Value::Kind::Composed)
    raise("layout_a, offset and layout_b are the parts of a composed layout, not of " +
          std::string(cutelayout::cli::kindName(v.kind)));
  return *v.composed();
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
  case Value::Kind::MmaAtom:
    return "mma_atom";
  case Value::Kind::TiledMma:
    return "tiled_mma";
  case Value::Kind::CopyAtom:
    return "copy_atom";
  case Value::Kind::TiledCopy:
    return "tiled_copy";
  }
  return "value";
}

/// A value argument: a native value, or text evaluated as an expression.
Value valueOrText(py::handle h, bool dynamic) {
  if (const Value *v = nativeValue(h.ptr()))
    return *v;
  if (!py::isinstance<py::str>(h))
    raise("expected a cutelayout value or an expression (str), got " +
          py::str(py::type::of(h).attr("__name__")).cast<std::string>());
  cutelayout::ParseOptions options;
  options.plainIsDynamic = dynamic;
  cutelayout::Expected<Value> v = cutelayout::cli::evaluate(h.cast<std::string>(), options, /*nulTerminated=*/true);
  if (!v)
    raise(v.error().message);
  return v.take();
}

py::list intList(const std::vector<int64_t> &xs) {
  py::list out;
  for (int64_t x : xs)
    out.append(x);
  return out;
}

/// The bank options of cutelayout.bank_conflicts' arguments. access is "rows", "columns",
/// an expression ([SIDE:]EXPR) or a value (a thread-value layout, or with side a tiled
/// copy, copy atom or tiled MMA).
cutelayout::cli::BankOptions bankOptions(py::handle access, py::object side, int64_t elementBits, int64_t accessBits,
                                         bool dynamic) {
  namespace cli = cutelayout::cli;
  cutelayout::Expected<cli::BankOptions> o = cli::makeBankOptions(elementBits, accessBits, cli::kBankArgumentNames);
  if (!o)
    raise(o.error().message);
  std::string sideName = side.is_none() ? "" : py::str(side).cast<std::string>();
  cutelayout::Expected<bool> set = true;
  if (py::isinstance<py::str>(access) && sideName.empty()) {
    cutelayout::ParseOptions options;
    options.plainIsDynamic = dynamic;
    set = cli::setBankAccess(*o, access.cast<std::string>(), options);
  } else {
    std::string text = py::isinstance<py::str>(access) ? access.cast<std::string>() : "";
    if (text == "rows" || text == "columns")
      raise("side names a side of a tiled copy or a tiled MMA, not of the " + text + " pattern");
    set = cli::setBankAccess(*o, valueOrText(access, dynamic), sideName);
  }
  if (!set)
    raise(set.error().message);
  return o.take();
}

/// cutelayout.bank_conflicts' native part: the report (Banks.h) as a dict, read by
/// cutelayout.BankConflicts.
py::dict bankConflicts(py::handle layout, py::handle access, py::object side, int64_t elementBits, int64_t accessBits,
                       bool dynamic) {
  namespace cli = cutelayout::cli;
  cli::BankOptions o = bankOptions(access, side, elementBits, accessBits, dynamic);
  Value v = valueOrText(layout, dynamic);
  cutelayout::Expected<cli::BankReport> r = cli::bankConflicts(v, o, cutelayout::Style::Cute);
  if (!r)
    raise(r.error().message);
  py::list waves;
  for (const cli::BankWave &w : r->waves) {
    py::list conflicts;
    for (const cli::BankConflict &c : w.conflicts)
      conflicts.append(py::make_tuple(c.bank, c.ways, intList(c.threads)));
    py::dict d;
    d["what"] = w.what;
    d["first_thread"] = w.firstThread;
    d["offsets"] = intList(w.offsets);
    d["elements"] = intList(w.elements);
    d["banks"] = intList(w.banks);
    d["ways"] = w.ways;
    d["conflicts"] = conflicts;
    waves.append(d);
  }
  py::dict out;
  out["layout"] = r->layout;
  out["model"] = r->model;
  out["element_bits"] = r->elementBits;
  out["access_bits"] = r->accessBits;
  out["phase"] = r->phase;
  out["worst"] = r->worst;
  out["average"] = r->average();
  out["wavefronts"] = r->wavefronts;
  out["conflicting"] = r->conflicting;
  out["waves"] = waves;
  out["text"] = cli::printBanks(*r);
  return out;
}

} // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "cutelayout's native part: CuTe layout algebra values and operations";

  // The one native class: layouts, tiles, swizzles and composed layouts (cutelayout's
  // Layout, Tile, Swizzle and ComposedLayout are views of it by kind, with no wrapper).
  // Each method's operation is looked up once, here.
  auto query = [](const char *name) { return [op = resolve(name)](const Value &v) { return fromValue(call(op, v)); }; };
  static const cutelayout::cli::ResolvedOperation getOp = resolve("get"), rankOp = resolve("rank");
  py::class_<Value>(m, "Value")
      .def_property_readonly("kind", &kindOf)
      .def("__call__",
           [](const Value &v, py::args coord) -> py::object {
             if (v.kind == Value::Kind::Swizzle) { // a swizzle maps an offset
               if (coord.size() != 1 || !PyLong_Check(coord[0].ptr()))
                 raise("a swizzle takes one integer offset");
               return py::int_(v.swizzle.apply(coord[0].cast<int64_t>()));
             }
             Value c = coord.size() == 1 ? toValue(coord[0]) : toValue(py::tuple(coord));
             bool slicing = c.kind == Value::Kind::Tuple && cutelayout::hasUnderscore(c.tuple);
             static const cutelayout::cli::ResolvedOperation slice = resolve("slice"), crd2idx = resolve("crd2idx");
             const Value *pair[] = {&c, &v};
             return fromValue(call(slicing ? slice : crd2idx, cutelayout::cli::ValueRefs(pair, 2)));
           })
      .def("__getitem__",
           [](const Value &v, int64_t i) {
             Value index = Value::ofInt(Int::fixed(i));
             const Value *pair[] = {&v, &index};
             return fromValue(call(getOp, cutelayout::cli::ValueRefs(pair, 2)));
           })
      .def("__len__", [](const Value &v) { return call(rankOp, v).tuple.asInt().value; })
      // A composed layout's parts, by CuTe's names: A o O o B is layout_a, offset, layout_b.
      .def_property_readonly("layout_a",
                             [](const Value &v) -> py::object {
                               const cutelayout::OuterFunction &a = composedOf(v).outer;
                               switch (a.kind) {
                               case cutelayout::OuterFunction::Kind::Swizzle:
                                 return fromValue(Value::ofSwizzle(a.swizzle));
                               case cutelayout::OuterFunction::Kind::Layout:
                                 return fromValue(Value::ofLayout(a.layout));
                               case cutelayout::OuterFunction::Kind::Composed:
                                 break;
                               }
                               return fromValue(Value::ofComposed(*a.composed));
                             })
      .def_property_readonly("offset", [](const Value &v) { return fromValue(Value::ofTuple(composedOf(v).offset)); })
      .def_property_readonly("layout_b", [](const Value &v) { return fromValue(Value::ofLayout(composedOf(v).inner)); })
      .def("size", query("size"))
      .def("cosize", query("cosize"))
      .def_property_readonly("shape", query("shape"))
      .def_property_readonly("stride", query("stride"))
      .def_property_readonly("rank", query("rank"))
      .def_property_readonly("depth", query("depth"))
      .def("__repr__", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Cute); })
      .def("__str__", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Plain); })
      .def(
          "cute", [](const Value &v) { return cutelayout::cli::printValue(v, cutelayout::Style::Cute); },
          "CuTe's print(): _N for static integers")
      .def("__eq__",
           [](const Value &a, py::object b) {
             if (!py::isinstance<Value>(b))
               return false;
             const Value &o = b.cast<const Value &>();
             return a.kind == o.kind && cutelayout::cli::printValue(a, cutelayout::Style::Cute) ==
                                            cutelayout::cli::printValue(o, cutelayout::Style::Cute);
           })
      .def("__hash__",
           [](const Value &v) { return py::hash(py::str(cutelayout::cli::printValue(v, cutelayout::Style::Cute))); });

  m.def(
      "parse",
      [](const std::string &text, bool dynamic) {
        cutelayout::ParseOptions options;
        options.plainIsDynamic = dynamic;
        // A std::string ends in a NUL: the parser reads it in place.
        cutelayout::Expected<Value> v = cutelayout::cli::evaluate(text, options, /*nulTerminated=*/true);
        if (!v)
          raise(v.error().message);
        return fromValue(v.take());
      },
      py::arg("text"), py::arg("dynamic") = false, "Evaluates a cute-layout expression.");
  m.def("call", &callPython, py::arg("name"), "Calls an operation by its CuTe name.");
  // The pictures: a string, or the reason as an Error.
  auto picture = [](cutelayout::Expected<std::string> (*draw)(const Value &)) {
    return [draw](const Value &v) {
      cutelayout::Expected<std::string> s = draw(v);
      if (!s)
        raise(s.error().message);
      return s.take();
    };
  };
  m.def(
      "svg",
      [](const Value &v) {
        cutelayout::Expected<std::string> s = cutelayout::cli::printSvg(v);
        if (!s)
          raise(s.error().message);
        return s.take();
      },
      py::arg("value"), "The SVG picture of a layout, a tiled MMA or a tiled copy (cute-layout --svg).");
  m.def(
      "bank_svg",
      [](py::handle layout, py::handle access, py::object side, int64_t elementBits, int64_t accessBits, bool dynamic) {
        cutelayout::cli::BankOptions o = bankOptions(access, side, elementBits, accessBits, dynamic);
        cutelayout::Expected<std::string> s = cutelayout::cli::printSvg(valueOrText(layout, dynamic), &o);
        if (!s)
          raise(s.error().message);
        return s.take();
      },
      py::arg("layout"), py::arg("access"), py::arg("side"), py::arg("element_bits"), py::arg("access_bits"),
      py::arg("dynamic"), "The picture coloured by bank, the worst wave outlined (cute-layout --banks --svg).");
  m.def("latex", picture(&cutelayout::cli::printLatex), py::arg("value"),
        "The same picture as a LaTeX/TikZ document (cute-layout --latex).");
  m.def("bank_conflicts", &bankConflicts, py::arg("layout"), py::arg("access"), py::arg("side"),
        py::arg("element_bits"), py::arg("access_bits"), py::arg("dynamic"),
        "The bank report of a layout under an access (cute-layout --banks), as a dict.");
  readyOperationType();
  m.def("operation", &makeOperation, py::arg("name"), "The operation `name` as a callable.");
  m.def("operations", [] {
    std::vector<std::string> names;
    for (const std::string &line : cutelayout::cli::operationNames())
      names.push_back(line);
    return names;
  });
  valueType = reinterpret_cast<PyTypeObject *>(py::type::of<Value>().ptr());
  // No Value without its C++ value (issue 41, F13): Value.__new__ refuses, so Python code
  // cannot make an instance that the methods would read uninitialised. The module makes
  // its values through pybind11's casts, which allocate without tp_new.
  valueType->tp_new = [](PyTypeObject *, PyObject *, PyObject *) -> PyObject * {
    PyErr_SetString(PyExc_TypeError, "cutelayout.Value cannot be made directly: use cutelayout.evaluate, "
                                     "Layout(...) or another of the module's functions");
    return nullptr;
  };
  m.def("_set_types", [](py::object dyn, py::object error) {
    dynType = dyn.release().ptr();
    errorType = error.release().ptr();
  });
}
