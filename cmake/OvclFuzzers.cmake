# OVCL_BUILD_FUZZERS=ON: every target is compiled with libFuzzer's coverage instrumentation and
# ASan+UBSan (fuzzer-no-link), so the fuzzers see coverage inside ovcl_runtime and the plugins;
# fuzz/ links libFuzzer's main into its targets only. Clang is required.
if(OVCL_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "OVCL_BUILD_FUZZERS needs clang (CXX=clang++), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  if(OVCL_SANITIZE)
    message(FATAL_ERROR "OVCL_BUILD_FUZZERS brings its own sanitizers: leave OVCL_SANITIZE empty")
  endif()
  set(_flags "-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer")
  set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} ${_flags}")
  # The shared sanitizer runtime: the plugins link with --no-undefined, which clang's static ASan
  # runtime (resolved by the executable at run time) does not satisfy.
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
                  OUTPUT_VARIABLE _asan_so OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_filename_component(_rt_dir "${_asan_so}" DIRECTORY)
  set(_link "-fsanitize=address,undefined -shared-libsan -Wl,-rpath,${_rt_dir}")
  set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} ${_link}")
  set(CMAKE_SHARED_LINKER_FLAGS "${CMAKE_SHARED_LINKER_FLAGS} ${_link}")
  message(STATUS "ovcl: fuzzer build (libFuzzer + ASan + UBSan)")
endif()
