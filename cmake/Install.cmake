# Install rules and the CMake package `cutelayout`:
#   cmake --install build --prefix P
#   find_package(cutelayout) with CMAKE_PREFIX_PATH=P gives cutelayout::core and, when the
#   dialect was built (component Dialect), cutelayout::CuteDialect and cutelayout::CuteTransforms.
include(CMakePackageConfigHelpers)
set(CUTELAYOUT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/cutelayout"
    CACHE STRING "where cutelayoutConfig.cmake is installed, relative to the prefix")

install(TARGETS cutelayout_core cutelayout_core_traced EXPORT cutelayoutTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/cutelayout DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(TARGETS cute-layout RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(CUTELAYOUT_DIALECT)
  install(TARGETS CuteDialect CuteNvgpu CuteTransforms EXPORT cutelayoutTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # The headers and ODS files, and the headers TableGen generated next to them.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/cute DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/include/cute DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h.inc" PATTERN "CMakeFiles" EXCLUDE)
  # The tools find libMLIR.so and libLLVM.so where they were linked (Debian keeps them in
  # /usr/lib/llvm-22/lib, off the loader's path).
  set_target_properties(cute-opt cute-lsp-server PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS cute-opt cute-lsp-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # For cutelayoutConfig.cmake: MLIR 22.1 accepts any 22.1.x.
  set(CUTELAYOUT_MLIR_VERSION "${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}")
  set(CUTELAYOUT_DIALECT_COMPONENT " and Dialect")
endif()

install(EXPORT cutelayoutTargets NAMESPACE cutelayout:: DESTINATION ${CUTELAYOUT_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/cutelayoutConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cutelayoutConfig.cmake
                              INSTALL_DESTINATION ${CUTELAYOUT_INSTALL_CMAKEDIR})
# 0.x: a minor release may change the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cutelayoutConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cutelayoutConfig.cmake ${PROJECT_BINARY_DIR}/cutelayoutConfigVersion.cmake
        DESTINATION ${CUTELAYOUT_INSTALL_CMAKEDIR})

# The Python module: the package cutelayout under lib/pythonX.Y/site-packages of the
# prefix (PYTHONPATH=P/lib/python3.11/site-packages imports it).
if(CUTELAYOUT_PYTHON)
  if(NOT CUTELAYOUT_INSTALL_PYTHONDIR) # relative to the prefix
    set(CUTELAYOUT_INSTALL_PYTHONDIR "${CMAKE_INSTALL_LIBDIR}/python${CUTELAYOUT_PYTHON_VERSION}/site-packages")
  endif()
  install(TARGETS cutelayout_python_core LIBRARY DESTINATION ${CUTELAYOUT_INSTALL_PYTHONDIR}/cutelayout)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/cutelayout/ DESTINATION ${CUTELAYOUT_INSTALL_PYTHONDIR}/cutelayout
          FILES_MATCHING PATTERN "*.py")
  install(FILES ${PROJECT_BINARY_DIR}/python/cutelayout/_version.py DESTINATION ${CUTELAYOUT_INSTALL_PYTHONDIR}/cutelayout)
endif()

# Last, after every library is installed: `cmake --install build --strip` strips the tools
# (CMake does) and, here, the static libraries' debug information and LTO sections (consumers
# link their machine code): 422 MB installed become 27 MB (test/package installs so).
install(CODE "
  if(CMAKE_INSTALL_DO_STRIP)
    file(GLOB _cutelayout_archives \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/lib*.a\")
    foreach(_archive IN LISTS _cutelayout_archives)
      execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug --wildcard -R .gnu.lto_* -R .gnu.debuglto_*
                              \"\${_archive}\")
    endforeach()
  endif()")
