# lit configuration for the command-line (and later dialect) tests.
import os
import lit.formats

config.name = "cutelayout"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cutelayout_build_dir, "test")
# test/package is a ctest test of its own (the installed package); its .mlir is its input.
config.excludes = ["package"]
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# The general-path run of the suite (CMakeLists.txt: lit-general-path) turns the core's
# fast paths off in every tool the tests start, and writes its outputs apart: ctest runs it
# beside the plain run, and the two must not share temporary files.
if "CUTELAYOUT_FAST_PATHS" in os.environ:
    config.environment["CUTELAYOUT_FAST_PATHS"] = os.environ["CUTELAYOUT_FAST_PATHS"]
    config.test_exec_root = os.path.join(config.cutelayout_build_dir, "test-general-path")
config.substitutions.append(("%cute-layout", config.cute_layout_path))
if config.cute_opt_path:
    config.available_features.add("cute-opt")
    config.substitutions.append(("%cute-opt", config.cute_opt_path))
if config.cute_lsp_server_path:
    config.available_features.add("cute-lsp-server")
    config.substitutions.append(("%cute-lsp-server", config.cute_lsp_server_path))
if config.cutelayout_bench_path:
    config.available_features.add("cutelayout-bench")
    config.substitutions.append(("%cutelayout-bench", config.cutelayout_bench_path))
# The module imports into the plain interpreter only when it is not built with the
# sanitizers (their runtime must be loaded first). %pythonpath comes before %python, which
# would otherwise replace its first seven letters.
if config.python_module_dir and config.sanitized.upper() not in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("python-module")
    config.substitutions.append(("%pythonpath", config.python_module_dir))
# The JIT that runs lowered modules (docs/lowering.md), with MLIR's C runner utilities.
runner = os.path.join(config.llvm_tools_dir, "mlir-runner")
runner_utils = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib", "libmlir_c_runner_utils.so")
if os.path.exists(runner) and os.path.exists(runner_utils):
    config.available_features.add("mlir-runner")
    config.substitutions.append(
        ("%mlir-run", f"{runner} -e main -entry-point-result=void -shared-libs={runner_utils}"))
# MLIR's own mlir-opt, for the GPU lowering of examples/gpu (docs/gpu.md): NVPTX is in
# Debian's LLVM 22, so PTX is built here; only running it needs a GPU.
mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
if os.path.exists(mlir_opt):
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir-opt", mlir_opt))
import shutil
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))
config.substitutions.append(("%cutelayout-build", config.cutelayout_build_dir))
if config.wasm_cli:
    config.available_features.add("wasm")
    config.substitutions.append(("%wasm-cute-layout", config.wasm_cli))
config.substitutions.append(("%golden", config.golden_path))
config.substitutions.append(("%python", config.python_executable))
