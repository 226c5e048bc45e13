#include "ocl/program_file.hpp"

#include "runtime/file_read.hpp"
#include "core/model_cache.hpp"
#include "ovcl/except.hpp"
#include "runtime/blob_format.hpp"

namespace ovcl {
namespace gpu {

namespace {
// magic | key | binary | 32 hex digits of the hash of everything before them, key and binary as
// blob::ByteWriter::bytes (u64 size, bytes). The checksum keeps flipped or truncated bytes away
// from the driver, which may crash on them; the key keeps another device's or option set's binary
// (a swapped file) away from this one.
constexpr std::string_view kMagic{"OVCLBIN2", 8};
constexpr size_t kChecksumSize = 32;

std::string checksum(std::string_view bytes) { return ovcl::detail::Hasher().add(bytes).hex(); }
}  // namespace

size_t max_program_file_bytes(const std::string& key) {
    return kMagic.size() + 16 + key.size() + ovcl::detail::kMaxProgramBinaryBytes + kChecksumSize;
}

std::string encode_program_file(const std::string& key, std::string_view binary) {
    blob::ByteWriter body;
    body.bytes(key);
    body.bytes(binary);
    std::string bytes = std::string(kMagic) + body.take();
    bytes += checksum(bytes);
    return bytes;
}

std::string_view decode_program_file(std::string_view bytes, const std::string& key) {
    if (bytes.size() < kMagic.size() + kChecksumSize || bytes.substr(0, kMagic.size()) != kMagic)
        return {};
    const std::string_view body = bytes.substr(0, bytes.size() - kChecksumSize);
    if (bytes.substr(body.size()) != checksum(body))
        return {};
    try {
        blob::ByteReader r(body.substr(kMagic.size()), "program binary");
        if (r.bytes() != key)
            return {};
        const std::string_view binary = r.bytes();
        return r.at_end() ? binary : std::string_view();
    } catch (const InvalidArgument&) {
        return {};
    }
}

}  // namespace gpu
}  // namespace ovcl
