// libFuzzer target: the IR reader on XML and weights together (fuzz_harness.hpp has the input
// layout and what counts as a bug).
#include "fuzz_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ovcl::fuzz::read_ir_input(data, size);
    return 0;
}
