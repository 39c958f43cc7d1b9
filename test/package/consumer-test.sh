#!/usr/bin/env bash
# The installed package, as a user sees it: install the build tree into a scratch prefix,
# build test/package/consumer against it with find_package(cutelayout), run what it built
# and the installed tools.
#   consumer-test.sh BUILD_DIR WORK_DIR
# The environment names the tools (set by test/package/CMakeLists.txt): CMAKE, GENERATOR,
# MAKE_PROGRAM, CXX, FILECHECK, DIALECT (ON or OFF); JOBS (default 2), CCACHE, PYTHON
# (the module's interpreter, when the module is built) and NODE (when the page is) optional.
set -euo pipefail
build="$1"
work="$2"
consumer="$(cd "$(dirname "$0")/consumer" && pwd)"
prefix="$work/prefix"

fail() {
  echo "package: $*" >&2
  exit 1
}

# A fixed scratch directory, emptied first: the same paths each run let ccache hit.
rm -rf "$work"
mkdir -p "$work"
# Stripped, as docs recommend (cmake/Install.cmake strips the static libraries too).
"$CMAKE" --install "$build" --prefix "$prefix" --strip >"$work/install.log"

launcher=()
[ -n "${CCACHE:-}" ] && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$CCACHE")
"$CMAKE" -S "$consumer" -B "$work/build" -G "$GENERATOR" -DCMAKE_MAKE_PROGRAM="$MAKE_PROGRAM" \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  "${launcher[@]}" >"$work/configure.log" || { cat "$work/configure.log"; fail "the consumer does not configure"; }
"$CMAKE" --build "$work/build" -j "${JOBS:-2}" >"$work/build.log" || { cat "$work/build.log"; fail "the consumer does not build"; }

# (a) The core.
got="$("$work/build/compose")"
[ "$got" = "((2,2),3):((24,2),8)" ] || fail "compose printed '$got'"
got="$("$prefix/bin/cute-layout" 'composition((6,2):(8,2), (4,3):(3,1))')"
[ "$got" = "((2,2),3):((24,2),8)" ] || fail "the installed cute-layout printed '$got'"
[ -f "$prefix/share/doc/cutelayout/LICENSE" ] || fail "LICENSE is not installed"
# The Python module, from the prefix alone.
if [ -n "${PYTHON:-}" ]; then
  site="$(echo "$prefix"/lib*/python3*/site-packages)"
  got="$(cd "$work" && PYTHONPATH="$site" "$PYTHON" -c \
    "import cutelayout as cl; print(cl.composition(cl.Layout('(6,2):(8,2)'), cl.Layout('(4,3):(3,1)')))")" ||
    fail "the installed Python module does not import"
  [ "$got" = "((2,2),3):((24,2),8)" ] || fail "the installed Python module printed '$got'"
fi

# The page and the Node command line, where the WebAssembly build was made.
if [ -n "${NODE:-}" ]; then
  web="$prefix/share/cutelayout/web"
  for f in index.html app.js cutelayout-wasm.js cute-layout.mjs cutelayout.wasm; do
    [ -f "$web/$f" ] || fail "the page's $f is not installed"
  done
  got="$("$NODE" --no-warnings "$web/cute-layout.mjs" 'composition((6,2):(8,2), (4,3):(3,1))')"
  [ "$got" = "((2,2),3):((24,2),8)" ] || fail "the installed Node command line printed '$got'"
fi

# (b) The dialect, through the consumer's own opt tool and the installed tools.
if [ "$DIALECT" = ON ]; then
  [ -x "$work/build/consumer-opt" ] || fail "the consumer found no Dialect component"
  "$work/build/consumer-opt" --canonicalize "$consumer/fold.mlir" | "$FILECHECK" "$consumer/fold.mlir"
  "$work/build/consumer-opt" --cute-static-fold "$consumer/fold.mlir" | "$FILECHECK" "$consumer/fold.mlir"
  "$prefix/bin/cute-opt" --canonicalize "$consumer/fold.mlir" | "$FILECHECK" "$consumer/fold.mlir"
  "$prefix/bin/cute-lsp-server" --version | grep -q "cute-lsp-server (cutelayout)" ||
    fail "the installed cute-lsp-server does not run"
else
  [ ! -e "$work/build/consumer-opt" ] || fail "a core-only install offered the Dialect component"
fi
echo "package: installed, consumer built and run (dialect $DIALECT)"
