# Install: headers, the runtime and plugins, plugins.xml next to the runtime, and a package
# config so that find_package(ovcl) gives ovcl::runtime.
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ovcl DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ovcl_runtime EXPORT ovclTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${OVCL_PLUGIN_TARGETS} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${OVCL_PLUGINS_XML} DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(TARGET ovcl_cli)
  install(TARGETS ovcl_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT ovclTargets NAMESPACE ovcl:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ovclConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/ovclConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ovclConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ovclConfig.cmake ${PROJECT_BINARY_DIR}/ovclConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ovcl)
