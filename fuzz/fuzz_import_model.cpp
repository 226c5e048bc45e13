// libFuzzer target: Core::import_model on the REF device with an arbitrary blob (checks of the
// blob, then the IR reader on the model inside). fuzz_harness.hpp has what counts as a bug; the
// blob's CRC-32 is made valid first unless OVCL_FUZZ_KEEP_CRC=1 (which fuzzes the check itself).
#include <cstdlib>
#include <string>

#include "fuzz_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static ovcl::Core core;  // plugins are loaded once, not per input
    static const bool keep_crc = [] {
        const char* v = std::getenv("OVCL_FUZZ_KEEP_CRC");
        return v && std::string(v) == "1";
    }();
    ovcl::fuzz::import_blob_input(core, data, size, !keep_crc);
    return 0;
}
