# Install rules and the CMake package: after `cmake --install build --prefix P`,
# find_package(noisefield CONFIG) with P on CMAKE_PREFIX_PATH gives noisefield::core and
# noisefield::scene, with their usage requirements (C++17, the exactness flags, the include path).
include(CMakePackageConfigHelpers)

set(NF_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/noisefield)
install(TARGETS noisefield_core noisefield_scene EXPORT noisefieldTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The headers keep their layout under include/noisefield/: #include "noise/field.h" as in the tree.
install(DIRECTORY ${NF_SRC}/cpp/noise ${NF_SRC}/cpp/scene
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/noisefield FILES_MATCHING PATTERN "*.h")
install(EXPORT noisefieldTargets NAMESPACE noisefield:: DESTINATION ${NF_CMAKE_DIR})

configure_package_config_file(${NF_SRC}/cmake/noisefieldConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/noisefieldConfig.cmake INSTALL_DESTINATION ${NF_CMAKE_DIR})
# 0.x: a minor release may change values or the API (CHANGELOG), so only the same minor matches.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/noisefieldConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/noisefieldConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/noisefieldConfigVersion.cmake
        DESTINATION ${NF_CMAKE_DIR})
