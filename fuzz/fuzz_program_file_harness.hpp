// What fuzz_program_file does with one input, shared with the regression test that replays what
// it found (tests/hardening/test_fuzz_regressions.cpp). The input is a program-binary file from
// CACHE_DIR (src/gpu/ocl/program_file.hpp). Reading it must never go out of bounds, and what it trusts
// must be exactly what the writer wrote: a file that decodes re-encodes to the same bytes, and any
// bytes stored as a binary decode back unchanged. A broken property aborts (a finding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gpu/ocl/program_file.hpp"

namespace ovcl {
namespace fuzz {

/// The key the fuzzer's files are checked against; the seed corpus stores binaries under it.
inline const std::string kFuzzProgramKey = "fuzz device|driver 1|source 0123|-cl-std=CL1.2";

inline void program_file_input(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::string_view binary = gpu::decode_program_file(bytes, kFuzzProgramKey);
    if (!binary.empty() && gpu::encode_program_file(kFuzzProgramKey, binary) != bytes) {
        std::fprintf(stderr, "program file: accepted bytes the writer would not have written\n");
        std::abort();
    }
    if (!bytes.empty() && gpu::decode_program_file(gpu::encode_program_file(kFuzzProgramKey, bytes),
                                                   kFuzzProgramKey) != bytes) {
        std::fprintf(stderr, "program file: a stored binary does not read back\n");
        std::abort();
    }
}

}  // namespace fuzz
}  // namespace ovcl
