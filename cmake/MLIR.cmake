# MLIR 22 from Debian, linked through the shared libMLIR.so and libLLVM.so only.
find_package(MLIR REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/mlir)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "cute needs MLIR 22, found ${LLVM_PACKAGE_VERSION}")
endif()
list(APPEND CMAKE_MODULE_PATH "${MLIR_CMAKE_DIR}" "${LLVM_CMAKE_DIR}")
include(TableGen)
include(AddLLVM)
include(AddMLIR)

# LLVM is built without exceptions and with RTTI; our MLIR code follows, with assertions
# on in Debug builds (Debian's LLVM has them off, so verifiers and tests are the net).
set(CUTE_MLIR_COMPILE_OPTIONS -fno-exceptions -Wall -Wextra -Wno-unused-parameter)
# Sanitizer builds: MLIR code is not ASan-instrumented. LLVM's allocators poison and
# unpoison memory from inline header code only when instrumented, and libMLIR.so is not,
# so instrumented dialect code sharing its allocators reports false use-after-poison.
# The core, which holds the algebra, stays instrumented; UBSan covers the dialect too.
if(CUTELAYOUT_SANITIZE OR CUTELAYOUT_FUZZ)
  list(APPEND CUTE_MLIR_COMPILE_OPTIONS -fno-sanitize=address)
endif()
set(CUTE_MLIR_INCLUDE_DIRS ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS}
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/include)
include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
include_directories(${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/include)
set(MLIR_TABLEGEN_EXE mlir-tblgen)
