#!/usr/bin/env bash
# `pip install .` of the Python module, as docs/python.md gives it: into a fresh virtual
# environment that sees Debian's setuptools and wheel, with no package index and no build
# isolation; then the wheel, built the same way, into a fresh environment without the
# system's packages. Each environment imports cutelayout and checks a few answers.
#   pip-install-test.sh SOURCE_DIR WORK_DIR
# The environment: PYTHON (the interpreter that makes the environments; default python3),
# VERSION (the project's, which the package must report; optional), and setup.py's
# CUTELAYOUT_BUILD_BASE, CUTELAYOUT_CMAKE_ARGS and CMAKE_BUILD_PARALLEL_LEVEL.
set -euo pipefail
src="$(cd "$1" && pwd)"
work="$2"
python="${PYTHON:-python3}"

fail() {
  echo "pip-install: $*" >&2
  exit 1
}
rm -rf "$work/venv" "$work/venv-clean" "$work/dist"
mkdir -p "$work"
cd "$work" # not the source tree: cutelayout must come from the environment

"$python" -c "import ensurepip, wheel" 2>/dev/null ||
  fail "$python cannot make environments with pip or lacks wheel (Debian: python3-venv, python3-wheel; scripts/setup.sh)"

check='
import importlib.metadata, os, sys
import cutelayout as cl
import cutelayout.pycute as pycute
where = os.path.realpath(cl.__file__)
assert where.startswith(os.path.realpath(sys.prefix) + os.sep), f"cutelayout came from {where}, not {sys.prefix}"
got = str(cl.composition(cl.Layout("(6,2):(8,2)"), cl.Layout("(4,3):(3,1)")))
assert got == "((2,2),3):((24,2),8)", got
got = str(cl.evaluate("logical_divide((4,8):(1,4), (2,4))"))
assert got == "((2,2),(4,2)):((1,2),(4,16))", got
L = pycute.composition(pycute.Layout((6, 2), (8, 2)), pycute.Layout((4, 3), (3, 1)))
assert (L.shape, L.stride) == (((2, 2), 3), ((24, 2), 8)), L
version = importlib.metadata.version("cutelayout")
assert cl.__version__ == version, (cl.__version__, version)
expected = os.environ.get("VERSION")
assert not expected or version == expected, (version, expected)
print(f"cutelayout {version} from {os.path.dirname(where)}: ok")
'

# 1. pip install . (docs/python.md).
"$python" -m venv --system-site-packages "$work/venv"
start=$SECONDS
"$work/venv/bin/pip" install --no-build-isolation --no-index --no-deps "$src" ||
  fail "pip install --no-build-isolation $src failed"
echo "pip-install: pip install . took $((SECONDS - start)) s"
"$work/venv/bin/python" -c "$check" || fail "the module pip installed does not work"

# 2. The wheel, into an environment with nothing but pip and setuptools.
start=$SECONDS
"$work/venv/bin/pip" wheel --no-build-isolation --no-index --no-deps -w "$work/dist" "$src" ||
  fail "pip wheel --no-build-isolation $src failed"
echo "pip-install: pip wheel took $((SECONDS - start)) s"
wheels=("$work"/dist/cutelayout-*.whl)
[ -f "${wheels[0]}" ] || fail "pip wheel made no cutelayout wheel in $work/dist"
"$python" -m venv "$work/venv-clean"
"$work/venv-clean/bin/pip" install --no-index --no-deps "${wheels[0]}" || fail "pip install ${wheels[0]} failed"
"$work/venv-clean/bin/python" -c "$check" || fail "the module installed from ${wheels[0]##*/} does not work"
