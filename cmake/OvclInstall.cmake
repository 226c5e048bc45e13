# Install: headers, the runtime and plugins, plugins.xml next to the runtime, a package config so
# that find_package(ovcl) gives ovcl::runtime (and ovcl::ocl where OpenCL is found), and ovcl.pc
# for pkg-config.
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ovcl DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ovcl_runtime EXPORT ovclTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${OVCL_PLUGIN_TARGETS} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${OVCL_PLUGINS_XML} DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/ovcl)
if(TARGET ovcl_cli)
  install(TARGETS ovcl_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT ovclTargets NAMESPACE ovcl:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)
# A file of its own, which ovclConfig.cmake includes only where OpenCL is found (it names OpenCL::OpenCL).
install(TARGETS ovcl_ocl EXPORT ovclOclTargets)
install(EXPORT ovclOclTargets NAMESPACE ovcl:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)

# pkg-config: relocatable (the prefix is found from the .pc file's own place), as `cmake --install --prefix` moves it.
file(RELATIVE_PATH OVCL_PC_PREFIX_FROM_PCDIR ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig
     ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" OVCL_PC_PREFIX_FROM_PCDIR "${OVCL_PC_PREFIX_FROM_PCDIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/ovcl.pc.in ${PROJECT_BINARY_DIR}/ovcl.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ovcl.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ovclConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/ovclConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ovclConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ovclConfig.cmake ${PROJECT_BINARY_DIR}/ovclConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)
