# ovcl_set_warnings(target): the project's warning set (clean under GCC 12 and Clang 14).
function(ovcl_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wnon-virtual-dtor -Wcast-align
                                           -Wunused -Woverloaded-virtual)
  if(OVCL_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
