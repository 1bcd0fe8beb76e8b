# The mocc package for programs built from generated C++ (`mocc emit-cpp`): install rules for
# the runtime (mocc::runtime: the model ABI mocc/model.h and the simulation runtime) and the
# simulator command line (mocc::simulator_cli: mocc_simulator_main), their headers, and
# mocc-config.cmake, both for `cmake --install build --prefix P` (find_package(mocc) with
# -Dmocc_DIR=P/lib/cmake/mocc or P on CMAKE_PREFIX_PATH) and for the build tree itself
# (-Dmocc_DIR=build/lib/cmake/mocc), which the tests use without installing.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(mocc_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/mocc)

# mocc_runtime names its headers by a path in the sources; installed ones live elsewhere.
set_property(TARGET mocc_runtime PROPERTY INTERFACE_INCLUDE_DIRECTORIES
  "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/runtime/include>"
  "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
set_target_properties(mocc_runtime PROPERTIES EXPORT_NAME runtime)
# Installed libraries find each other beside themselves.
set_target_properties(mocc_runtime mocc_simulator_cli PROPERTIES INSTALL_RPATH "$ORIGIN")

# mocc::compiler, the compiler as a library (tools/api): its one header beside the runtime's.
set_property(TARGET mocc_compiler APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES
  "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
set_target_properties(mocc_compiler PROPERTIES INSTALL_RPATH "$ORIGIN")

# What `mocc fmu` links into an FMU's shared object besides its model (runtime/fmi), with the
# version script that keeps everything but the FMI functions local to the FMU.
install(TARGETS mocc_fmu_runtime ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/mocc_fmu_exports.map
  DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The runtime's sources, which FMUs carry so that they build anywhere (`mocc fmu`, sources/).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/src ${PROJECT_SOURCE_DIR}/runtime/include
                  ${PROJECT_SOURCE_DIR}/runtime/fmi
  DESTINATION ${CMAKE_INSTALL_DATADIR}/mocc/runtime)

install(TARGETS mocc_runtime mocc_simulator_cli mocc_compiler EXPORT moccTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/ ${PROJECT_SOURCE_DIR}/runtime/cli/include/
                  ${PROJECT_SOURCE_DIR}/tools/api/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(EXPORT moccTargets NAMESPACE mocc:: FILE mocc-targets.cmake DESTINATION ${mocc_cmake_dir})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/mocc-config.cmake.in
  ${PROJECT_BINARY_DIR}/${mocc_cmake_dir}/mocc-config.cmake
  INSTALL_DESTINATION ${mocc_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/${mocc_cmake_dir}/mocc-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/${mocc_cmake_dir}/mocc-config.cmake
              ${PROJECT_BINARY_DIR}/${mocc_cmake_dir}/mocc-config-version.cmake
  DESTINATION ${mocc_cmake_dir})

# The build tree as a package: the same config file beside an export of the built targets.
export(EXPORT moccTargets NAMESPACE mocc::
  FILE ${PROJECT_BINARY_DIR}/${mocc_cmake_dir}/mocc-targets.cmake)

# The mocc command with the compiler's libraries beside the runtime (bin/, lib/), so that an
# installed `mocc build` finds the installed runtime around itself (tools/mocc/cpp_toolchain.cpp).
set(mocc_compiler_libraries mocc_support mocc_syntax mocc_frontend mocc_expr mocc_program
                            mocc_backend mocc_llvm mocc_cpp mocc_native mocc_driver)
set_target_properties(${mocc_compiler_libraries} PROPERTIES INSTALL_RPATH "$ORIGIN")
set_target_properties(mocc PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
install(TARGETS mocc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The project's standard library, found by an installed mocc beside itself (class_tree.cpp).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/stdlib/Modelica
  DESTINATION ${CMAKE_INSTALL_DATADIR}/mocc/stdlib)
install(TARGETS ${mocc_compiler_libraries} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
