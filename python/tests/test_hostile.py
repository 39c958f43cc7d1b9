"""Issue 41: no public function or method of the module crashes the interpreter.

Every public function of `cutelayout` (and of its pycute layer) and every public method of
its value types is called with hostile arguments, alone and in pairs: wrong types, ints
past int64, deep nesting, strings that do not parse, values of other kinds. Each call
must return or raise an ordinary exception; a crash would end this process (and the test
run) instead of failing one assertion.
"""
import inspect

import cutelayout as cl
import cutelayout.pycute as pycute


def deep(n):
    t = 1
    for _ in range(n):
        t = (t,)
    return t


HOSTILE = [None, 0, -1, 2**63, -(2**63) - 1, 2**200, 1.5, float("nan"), "", "(((", "8:1",
           "Sw<3,4,3> o _0 o (8,64):(64,1)", (), (0,), (4, 8), (2**64, 1), deep(100), deep(5000),
           [4, 8], {"a": 1}, object(), b"\x00", cl.Layout((4, 8)), cl.evaluate("Sw<3,4,3> o _0 o (8,64):(64,1)"),
           cl.evaluate("make_identity_tensor((4,8))")]


def calls(f):
    yield ()
    for a in HOSTILE:
        yield (a,)
    for a in HOSTILE:
        for b in HOSTILE[::3]:
            yield (a, b)
    for a in HOSTILE[::4]:
        yield (a, a, a)


def public_callables():
    for module in (cl, pycute):
        for name, f in sorted(vars(module).items()):
            if name.startswith("_") or not callable(f) or inspect.ismodule(f):
                continue
            if inspect.isclass(f):
                yield f"{module.__name__}.{name}", f
                for m, g in sorted(vars(f).items()):
                    if not m.startswith("_") and callable(g):
                        yield f"{module.__name__}.{name}.{m}", g
            else:
                yield f"{module.__name__}.{name}", f


def test_hostile_arguments_raise_and_never_crash():
    called = 0
    for name, f in public_callables():
        for args in calls(f):
            try:
                f(*args)
            except Exception:  # an ordinary exception is the expected answer
                pass
            called += 1
    assert called > 10000


def test_methods_of_every_value_kind_with_hostile_arguments():
    values = [cl.Layout((4, 8)), cl.evaluate("Sw<3,4,3> o _0 o (8,64):(64,1)"), cl.evaluate("Swizzle<3,4,3>{}"),
              cl.evaluate("make_identity_tensor((4,8))"),
              cl.evaluate("make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{})"),
              pycute.Layout((4, 8), (1, 4))]
    for v in values:
        for m in dir(v):
            if m.startswith("__") and m not in ("__call__", "__getitem__", "__eq__", "__lt__", "__add__",
                                                "__mul__", "__len__", "__iter__", "__hash__", "__str__", "__repr__"):
                continue
            try:
                g = getattr(v, m)
            except Exception:
                continue
            if not callable(g):
                continue
            for args in calls(g):
                try:
                    r = g(*args)
                    if m == "__iter__":
                        for _ in zip(range(100), r):
                            pass
                except Exception:
                    pass
