// The bytes of a program binary in CACHE_DIR: what the program cache writes and what it trusts
// when it reads one back. Plain bytes in, bytes out, no OpenCL: the fuzzer (fuzz/) drives it.
#pragma once

#include <string>
#include <string_view>

namespace ovcl {
namespace gpu {

/// The largest file that can hold a binary of at most kMaxProgramBinaryBytes stored under `key`.
size_t max_program_file_bytes(const std::string& key);

/// The file's bytes for a device's program binary stored under `key` (device, driver, source hash,
/// options).
std::string encode_program_file(const std::string& key, std::string_view binary);

/// The binary stored under `key` in a file's bytes (a view into them); empty when the file is not
/// that, intact: another key, another layout, truncated or altered bytes.
std::string_view decode_program_file(std::string_view bytes, const std::string& key);

}  // namespace gpu
}  // namespace ovcl
