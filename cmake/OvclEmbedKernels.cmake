# Embeds kernels_cl/*.cl into the GPU plugin: one generated .cpp in the build tree maps
# each file's stem to its source. Regenerated whenever a .cl file changes.
#   ovcl_embed_kernels(<output.cpp> <source files...>)
function(ovcl_embed_kernels out)
  set(srcs ${ARGN})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} "-DSOURCES=${srcs}" -P ${PROJECT_SOURCE_DIR}/cmake/OvclEmbedKernelsScript.cmake
    DEPENDS ${srcs} ${PROJECT_SOURCE_DIR}/cmake/OvclEmbedKernelsScript.cmake
    COMMENT "Embedding ${CMAKE_CURRENT_LIST_DIR} OpenCL kernels"
    VERBATIM)
endfunction()
