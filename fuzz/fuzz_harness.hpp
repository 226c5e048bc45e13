// What the fuzz targets do with one input, shared with the regression test that replays the
// inputs they found (tests/ir/test_fuzz_regressions.cpp). Both return normally when the input
// was read or refused with an ovcl::Exception; anything else (a crash, a sanitizer report, a
// leak, another exception type) is a bug.
//
// fuzz_ir_reader's input is the IR's XML text, one NUL byte, then the weights (.bin) bytes. XML
// never holds a NUL, so the split is unambiguous and the mutator can change either part without
// a length field to keep consistent.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>

#include "ovcl/core.hpp"
#include "ovcl/except.hpp"
#include "ovcl/ir.hpp"

namespace ovcl {
namespace fuzz {

struct IrInput {
    std::string_view xml;
    std::string_view bin;  ///< empty when the input has no NUL
};

inline IrInput split_ir_input(const uint8_t* data, size_t size) {
    const auto* chars = reinterpret_cast<const char*>(data);
    const void* nul = size ? std::memchr(chars, '\0', size) : nullptr;
    if (!nul)
        return {std::string_view(chars, size), {}};
    const size_t xml_size = static_cast<size_t>(static_cast<const char*>(nul) - chars);
    return {std::string_view(chars, xml_size), std::string_view(chars + xml_size + 1, size - xml_size - 1)};
}

inline std::string join_ir_input(std::string_view xml, std::string_view bin) {
    std::string out(xml);
    out.push_back('\0');
    out.append(bin);
    return out;
}

/// Reads the IR and touches what a caller touches next (its ports and their shapes).
inline void read_ir_input(const uint8_t* data, size_t size) {
    const IrInput input = split_ir_input(data, size);
    Tensor weights;
    if (!input.bin.empty()) {
        weights = Tensor(element::u8, Shape{input.bin.size()});
        std::memcpy(weights.data(), input.bin.data(), input.bin.size());
    }
    try {
        auto model = ir::read_model_from_memory(std::string(input.xml), weights);
        for (const auto& in : model->inputs())
            (void)in.get_partial_shape();
        for (const auto& out : model->outputs())
            (void)out.get_partial_shape();
    } catch (const Exception&) {
    }
}

/// The blob's CRC-32 would make almost every mutation fail the checksum, so the import target
/// recomputes it over the mutated bytes first (fix_crc false fuzzes the check itself). Layout
/// (runtime/blob_format.hpp): "OVCLBLOB" | u32 version | u64 body size | body | u32 CRC-32 of
/// everything before it, little-endian; bytes after the CRC are left unread.
inline std::string blob_with_valid_crc(const uint8_t* data, size_t size) {
    std::string blob(reinterpret_cast<const char*>(data), size);
    constexpr size_t kPreamble = 8 + 4 + 8;
    if (blob.size() < kPreamble)
        return blob;
    uint64_t body = 0;
    for (size_t i = 0; i < 8; ++i)
        body |= static_cast<uint64_t>(static_cast<uint8_t>(blob[12 + i])) << (8 * i);
    if (body > blob.size() - kPreamble || blob.size() - kPreamble - body < 4)
        return blob;
    const size_t covered = kPreamble + static_cast<size_t>(body);
    const uLong crc = crc32_z(0L, reinterpret_cast<const Bytef*>(blob.data()), covered);
    for (size_t i = 0; i < 4; ++i)
        blob[covered + i] = static_cast<char>((crc >> (8 * i)) & 0xff);
    return blob;
}

/// Imports the blob on REF and touches the compiled model's ports.
inline void import_blob_input(Core& core, const uint8_t* data, size_t size, bool fix_crc = true) {
    std::istringstream in(fix_crc ? blob_with_valid_crc(data, size)
                                  : std::string(reinterpret_cast<const char*>(data), size));
    try {
        auto compiled = core.import_model(in, "REF");
        for (const auto& port : compiled.inputs())
            (void)port.get_partial_shape();
    } catch (const Exception&) {
    }
}

}  // namespace fuzz
}  // namespace ovcl
