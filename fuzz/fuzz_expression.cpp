// libFuzzer target: custom-op expressions (work sizes, output dimensions, scalar arguments),
// parsed and evaluated. fuzz_extension_harness.hpp has what counts as a bug.
#include "fuzz_extension_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ovcl::fuzz::expression_input(data, size);
    return 0;
}
