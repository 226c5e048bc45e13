// The compiled-model blob that export_model writes and import_model reads, shared by the plugins: self-describing
// and checked before anything in it is used.
//   "OVCLBLOB" | u32 format version | u64 body size | body | u32 CRC-32 (zlib's) of everything before it
//   body = u32 section count, then per section: u64 name size, name, u64 data size, data
// Little-endian; the JSON "header" section and the plugins' sections: docs/model_cache.md, "The blob".
#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace blob {

/// Version of the layout above and of the sections' contents; a blob of another version is refused.
inline constexpr uint32_t kFormatVersion = 1;

struct Header {
    std::string library_version;  ///< the ovcl runtime that wrote it
    std::string plugin;           ///< "GPU", "REF"
    std::string device_name;      ///< FULL_DEVICE_NAME
    std::string architecture;     ///< DEVICE_ARCHITECTURE
    std::string driver_version;   ///< the device driver's version ("" where there is none)
    std::string model_name;
    std::map<std::string, std::string> config;  ///< compile configuration, key -> value text
};

class Writer {
public:
    explicit Writer(Header header) : m_header(std::move(header)) {}
    /// Adds a section; names are unique within a blob.
    void add(const std::string& name, std::string data);
    /// Writes the whole blob; throws Exception when the stream fails.
    void write(std::ostream& out) const;

private:
    Header m_header;
    std::vector<std::pair<std::string, std::string>> m_sections;
};

/// A stream over bytes in memory that a Reader shares instead of copying (the model cache hands its entries out as
/// one): a blob's weights are read once from the file and never copied again.
class SharedBytesStream : public std::istream {
public:
    /// A stream over `bytes` from `offset` on; `owner` keeps them alive (a std::string, a detail::MappedFile).
    SharedBytesStream(std::shared_ptr<const void> owner, std::string_view bytes, size_t offset);
    /// The bytes not read yet, and their owner.
    std::string_view unread() const;
    const std::shared_ptr<const void>& owner() const { return m_owner; }
    /// Marks n more bytes as read.
    void skip(size_t n);

private:
    struct Buffer : std::streambuf {
        void view(const char* begin, const char* end);
        std::string_view unread() const { return {gptr(), static_cast<size_t>(egptr() - gptr())}; }
        void skip(size_t n) { setg(eback(), gptr() + n, egptr()); }
    };
    std::shared_ptr<const void> m_owner;
    Buffer m_buf;
};

class Reader {
public:
    /// Reads one blob from the stream's current position (bytes after it are left unread) and
    /// checks magic, format version, size and checksum. `who` prefixes every error message
    /// ("GPU import_model"). Errors are InvalidArgument naming what is wrong.
    Reader(std::istream& in, std::string who);
    Reader(const Reader&) = delete;  // sections view the reader's own bytes
    Reader& operator=(const Reader&) = delete;

    const Header& header() const { return m_header; }
    bool has(const std::string& name) const { return m_sections.count(name) != 0; }
    /// A section's bytes (valid while the reader lives); throws when the blob lacks it.
    std::string_view section(const std::string& name) const;
    const std::string& who() const { return m_who; }
    /// What keeps the sections' bytes alive: a Tensor that views them holds it.
    std::shared_ptr<const void> owner() const { return m_owner; }

    /// Throws InvalidArgument "<who>: the blob was compiled for <what> '<in_blob>', this is '<here>'"
    /// when the two differ.
    void expect(const char* what, const std::string& in_blob, const std::string& here) const;

private:
    std::string m_who;
    std::shared_ptr<const void> m_owner;  ///< the body's bytes: the reader's own copy, or a SharedBytesStream's
    std::string_view m_body;
    Header m_header;
    std::map<std::string, std::string_view> m_sections;
};

/// The runtime library's version as blobs record it.
std::string library_version();

/// Adds `model` as IR (the project's own writer): sections "model.xml" and "model.bin".
void add_model(Writer& blob, const Model& model);
/// The model add_model stored; InvalidArgument prefixed with the reader's who() when it cannot be read.
std::shared_ptr<Model> read_model(const Reader& blob);
/// Core's model cache marks an import with LOADED_FROM_CACHE: removes it from `properties` (it is no
/// plugin setting) and returns its value, false when absent.
bool take_loaded_from_cache(AnyMap& properties);

/// Little-endian scalars and size-prefixed byte strings, for section payloads.
class ByteWriter {
public:
    void u32(uint32_t v);
    void u64(uint64_t v);
    void bytes(std::string_view data);  ///< u64 size + data
    std::string take() { return std::move(m_out); }
    size_t size() const { return m_out.size(); }

private:
    std::string m_out;
};

/// Reads what ByteWriter wrote; reading past the end throws InvalidArgument naming the section.
class ByteReader {
public:
    ByteReader(std::string_view data, std::string what) : m_data(data), m_what(std::move(what)) {}
    uint32_t u32();
    uint64_t u64();
    std::string_view bytes();
    /// A count of items each at least `min_item_bytes` long: refused when the rest cannot hold them.
    uint64_t count(size_t min_item_bytes);
    bool at_end() const { return m_pos == m_data.size(); }

private:
    const char* take(size_t n);
    std::string_view m_data;
    std::string m_what;
    size_t m_pos = 0;
};

}  // namespace blob
}  // namespace ovcl
