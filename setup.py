"""`pip install .`: the Python module cutelayout as a wheel (pyproject.toml, docs/python.md).

The build is the project's own CMake, configured without the dialect (no MLIR), the tests,
the benchmarks or the install rules, of which only the module's target
(cutelayout_python_core, python/CMakeLists.txt) is built: the core, the evaluator and the
native module `cutelayout._core`, in Release (with LTO under GCC, the project's default).
The version is project(VERSION) in CMakeLists.txt, which CMake also writes into
cutelayout/_version.py.

On Debian, with no package index: `pip install --no-build-isolation .` in a virtual
environment made with --system-site-packages, which has pip and setuptools of its own and
sees Debian's python3-wheel (scripts/setup.sh installs it, python3-venv, cmake, ninja-build,
python3-dev and pybind11-dev).

The environment may set
  CUTELAYOUT_BUILD_BASE  setuptools' build folder, the CMake build inside it (default:
                         build-pip/ in the source tree; kept, so the next build is incremental)
  CUTELAYOUT_CMAKE_ARGS  more CMake arguments, after (and over) these, e.g. -DCUTELAYOUT_LTO=OFF
                         (a faster build of a slightly slower module)
  CMAKE_BUILD_PARALLEL_LEVEL  compile jobs (default: every core)
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILD_BASE = Path(os.environ.get("CUTELAYOUT_BUILD_BASE") or ROOT / "build-pip").resolve()


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*cutelayout\s+VERSION\s+([0-9][0-9.]*)", text)
    if not match:
        sys.exit("setup.py: no project(cutelayout VERSION x.y.z) in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """Builds the native module with CMake and copies it, with _version.py, into the package."""

    def build_extension(self, ext):
        cmake = shutil.which("cmake")
        if not cmake:
            sys.exit("setup.py: cmake is not on the PATH (Debian: apt-get install cmake, or scripts/setup.sh)")
        build = Path(self.build_temp).resolve() / "cmake"
        args = [
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DCUTELAYOUT_PYTHON=ON",
            "-DCUTELAYOUT_DIALECT=OFF",
            "-DCUTELAYOUT_TESTS=OFF",
            "-DCUTELAYOUT_BENCHMARKS=OFF",
            "-DCUTELAYOUT_INSTALL=OFF",
        ]
        try:  # pybind11 from the build environment (an isolated build); else CMake finds pybind11-dev's
            import pybind11

            args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        if not (build / "CMakeCache.txt").exists() and shutil.which("ninja"):
            args += ["-G", "Ninja"]
        args += shlex.split(os.environ.get("CUTELAYOUT_CMAKE_ARGS", ""))
        jobs = self.parallel or os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or os.cpu_count() or 1
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), *args], check=True)
        subprocess.run([cmake, "--build", str(build), "--target", "cutelayout_python_core", "-j", str(jobs)],
                       check=True)

        built = build / "python" / "cutelayout"
        native = built / self.get_ext_filename("_core")  # _core.cpython-311-x86_64-linux-gnu.so
        if not native.exists():
            sys.exit(f"setup.py: CMake built no {native}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(native, target)
        shutil.copymode(native, target)
        shutil.copyfile(built / "_version.py", target.parent / "_version.py")

    def copy_extensions_to_source(self):  # pip install -e: _version.py too, beside the sources
        super().copy_extensions_to_source()
        package = Path(self.get_finalized_command("build_py").get_package_dir("cutelayout"))
        shutil.copyfile(Path(self.build_lib) / "cutelayout" / "_version.py", package / "_version.py")


BUILD_BASE.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    package_dir={"": "python"},
    packages=["cutelayout"],
    ext_modules=[Extension("cutelayout._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(BUILD_BASE)}, "egg_info": {"egg_base": str(BUILD_BASE)}},
    zip_safe=False,
)
