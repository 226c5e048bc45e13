// libFuzzer target: the custom-kernel config reader, then the checks and expressions of each op
// it declares. The config is read as if it lay in a private temporary folder holding the kernel
// sources it may name (kFuzzKernelSources); names outside it must be refused.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_extension_harness.hpp"

namespace {
std::string make_kernel_config_folder() {
    char tmpl[] = "/tmp/ovcl_fuzz_config_XXXXXX";
    if (!mkdtemp(tmpl))
        std::abort();
    static const std::string dir = tmpl;
    std::atexit([] {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    });
    for (const char* name : ovcl::fuzz::kFuzzKernelSources)
        std::ofstream(dir + "/" + name) << "__kernel void k(__global float* x) { x[get_global_id(0)] = 0.f; }\n";
    return dir;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::string config = make_kernel_config_folder() + "/fuzz.xml";
    ovcl::fuzz::kernel_config_input(data, size, config);
    return 0;
}
