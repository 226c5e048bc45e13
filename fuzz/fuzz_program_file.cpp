// libFuzzer target: program-binary files of the GPU plugin's CACHE_DIR (src/gpu/ocl/program_file.*),
// as read back before anything reaches the OpenCL driver. fuzz_program_file_harness.hpp has the
// properties checked.
#include "fuzz_program_file_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ovcl::fuzz::program_file_input(data, size);
    return 0;
}
