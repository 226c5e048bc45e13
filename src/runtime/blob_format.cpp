#include "blob_format.hpp"

#include <tbb/parallel_for.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "ovcl/except.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/properties.hpp"
#include "ovcl/version.hpp"
#include "runtime/owned_view.hpp"
#include "runtime/plugin_config.hpp"

namespace ovcl {
namespace blob {

namespace {

constexpr char kMagic[8] = {'O', 'V', 'C', 'L', 'B', 'L', 'O', 'B'};
constexpr size_t kPreamble = 8 + 4 + 8;  // magic, format version, body size

void put_le(std::string& out, uint64_t v, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint64_t get_le(const char* p, size_t bytes) {
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i)
        v |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
}

// zlib's CRC-32 of data continuing `crc`; a large body (the weights) in chunks on every core, joined with
// crc32_combine: the same value as one pass.
uint32_t crc32_of(uint32_t crc, const char* data, size_t size) {
    constexpr size_t kChunk = size_t(8) << 20;
    if (size < 2 * kChunk)
        return static_cast<uint32_t>(crc32_z(crc, reinterpret_cast<const Bytef*>(data), size));
    std::vector<uint32_t> parts((size + kChunk - 1) / kChunk);
    tbb::parallel_for(size_t(0), parts.size(), [&](size_t i) {
        const size_t n = std::min(kChunk, size - i * kChunk);
        parts[i] = static_cast<uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(data + i * kChunk), n));
    });
    for (size_t i = 0; i < parts.size(); ++i)
        crc = static_cast<uint32_t>(
            crc32_combine(crc, parts[i], static_cast<z_off_t>(std::min(kChunk, size - i * kChunk))));
    return crc;
}

std::string header_json(const Header& h) {
    nlohmann::ordered_json j;
    j["library_version"] = h.library_version;
    j["plugin"] = h.plugin;
    j["device_name"] = h.device_name;
    j["architecture"] = h.architecture;
    j["driver_version"] = h.driver_version;
    j["model_name"] = h.model_name;
    j["config"] = h.config;
    return j.dump(1);
}

Header parse_header(std::string_view text, const std::string& who) {
    try {
        const auto j = nlohmann::json::parse(text.begin(), text.end());
        Header h;
        h.library_version = j.at("library_version").get<std::string>();
        h.plugin = j.at("plugin").get<std::string>();
        h.device_name = j.at("device_name").get<std::string>();
        h.architecture = j.at("architecture").get<std::string>();
        h.driver_version = j.at("driver_version").get<std::string>();
        h.model_name = j.at("model_name").get<std::string>();
        h.config = j.at("config").get<std::map<std::string, std::string>>();
        return h;
    } catch (const nlohmann::json::exception& e) {
        raise<InvalidArgument>(who, ": the blob's header section is not valid: ", e.what());
    }
}

}  // namespace

std::string library_version() { return get_version().build_number; }

namespace {
// Sections of this size or more (weights, program binaries) start 64-byte aligned within the body, behind a filler
// section, so the constants an import views in place are aligned for their type.
constexpr size_t kAlignFrom = 4096, kAlign = 64;
const std::string kFillerPrefix = "ovcl.align.";
}  // namespace

void Writer::add(const std::string& name, std::string data) {
    if (name.rfind(kFillerPrefix, 0) == 0)
        raise<Exception>("blob writer: section names starting '", kFillerPrefix, "' are the writer's own");
    for (const auto& s : m_sections)
        if (s.first == name)
            raise<Exception>("blob writer: section '", name, "' added twice");
    m_sections.emplace_back(name, std::move(data));
}

void Writer::write(std::ostream& out) const {
    ByteWriter body;
    const size_t fillers = static_cast<size_t>(
        std::count_if(m_sections.begin(), m_sections.end(), [](const auto& s) { return s.second.size() >= kAlignFrom; }));
    body.u32(static_cast<uint32_t>(m_sections.size() + fillers + 1));
    const std::string header = header_json(m_header);
    body.bytes("header");  // names are size-prefixed like data, with a u64 size
    body.bytes(header);
    size_t filler = 0;
    for (const auto& [name, data] : m_sections) {
        if (data.size() >= kAlignFrom) {
            const std::string filler_name = kFillerPrefix + std::to_string(filler++);
            // Where the data would start behind the filler's name and size, and this section's name and size.
            const size_t at = body.size() + 8 + filler_name.size() + 8 + 8 + name.size() + 8;
            body.bytes(filler_name);
            body.bytes(std::string((kAlign - at % kAlign) % kAlign, '\0'));
        }
        body.bytes(name);
        body.bytes(data);
    }
    const std::string bytes = body.take();
    std::string preamble(kMagic, sizeof kMagic);
    put_le(preamble, kFormatVersion, 4);
    put_le(preamble, bytes.size(), 8);
    uint32_t crc = crc32_of(0, preamble.data(), preamble.size());
    crc = crc32_of(crc, bytes.data(), bytes.size());
    std::string trailer;
    put_le(trailer, crc, 4);
    out.write(preamble.data(), static_cast<std::streamsize>(preamble.size()));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.write(trailer.data(), static_cast<std::streamsize>(trailer.size()));
    if (!out)
        raise<Exception>("export_model: failed to write the ", kPreamble + bytes.size() + 4, "-byte blob to the stream");
}

Reader::Reader(std::istream& in, std::string who) : m_who(std::move(who)) {
    char preamble[kPreamble];
    in.read(preamble, sizeof preamble);
    const size_t got = static_cast<size_t>(in.gcount());
    if (got >= 8 && std::memcmp(preamble, kMagic, 8) != 0)
        raise<InvalidArgument>(m_who, ": the stream is not an ovcl compiled-model blob (wrong magic: expected "
                                      "'OVCLBLOB' at its start)");
    if (got < sizeof preamble)
        raise<InvalidArgument>(m_who, ": the blob is truncated: the stream ended after ", got, " bytes, inside the ",
                               sizeof preamble, "-byte preamble");
    const uint64_t version = get_le(preamble + 8, 4);
    if (version != kFormatVersion)
        raise<InvalidArgument>(m_who, ": the blob has format version ", version, ", this library reads version ",
                               kFormatVersion, " (export it again with this library)");
    const uint64_t size = get_le(preamble + 12, 8);
    const auto truncated = [&](uint64_t got) {
        raise<InvalidArgument>(m_who, ": the blob is truncated: its preamble promises ", size,
                               " bytes of body, the stream ended after ", got);
    };
    char trailer[4];
    if (auto* shared = dynamic_cast<SharedBytesStream*>(&in)) {  // bytes in memory: shared, not copied
        const std::string_view rest = shared->unread();
        if (rest.size() < size)
            truncated(rest.size());
        if (rest.size() - size < sizeof trailer)
            raise<InvalidArgument>(m_who, ": the blob is truncated: its 4-byte checksum is missing");
        m_owner = shared->owner();
        m_body = rest.substr(0, static_cast<size_t>(size));
        std::memcpy(trailer, rest.data() + size, sizeof trailer);
        shared->skip(static_cast<size_t>(size) + sizeof trailer);
    } else {
        // Read in chunks so that a corrupt size costs no huge allocation before the stream runs out.
        auto body = std::make_shared<std::string>();
        constexpr size_t kChunk = size_t(1) << 22;
        body->reserve(static_cast<size_t>(std::min<uint64_t>(size, kChunk)));
        while (body->size() < size) {
            const size_t n = static_cast<size_t>(std::min<uint64_t>(kChunk, size - body->size()));
            const size_t at = body->size();
            body->resize(at + n);
            in.read(&(*body)[at], static_cast<std::streamsize>(n));
            if (static_cast<size_t>(in.gcount()) != n)
                truncated(at + static_cast<size_t>(in.gcount()));
        }
        in.read(trailer, sizeof trailer);
        if (in.gcount() != sizeof trailer)
            raise<InvalidArgument>(m_who, ": the blob is truncated: its 4-byte checksum is missing");
        m_body = *body;
        m_owner = std::move(body);
    }
    uint32_t crc = crc32_of(0, preamble, sizeof preamble);
    crc = crc32_of(crc, m_body.data(), m_body.size());
    if (crc != get_le(trailer, 4))
        raise<InvalidArgument>(m_who, ": the blob is corrupt: its CRC-32 checksum does not match its contents");

    ByteReader body(m_body, m_who + ": the blob's section table");
    const uint64_t count = body.count(16);
    for (uint64_t i = 0; i < count; ++i) {
        const std::string name(body.bytes());
        const std::string_view data = body.bytes();
        if (!m_sections.emplace(name, data).second)
            raise<InvalidArgument>(m_who, ": the blob has section '", name, "' twice");
    }
    if (!body.at_end())
        raise<InvalidArgument>(m_who, ": the blob has bytes after its last section");
    m_header = parse_header(section("header"), m_who);
}

std::string_view Reader::section(const std::string& name) const {
    auto it = m_sections.find(name);
    if (it == m_sections.end())
        raise<InvalidArgument>(m_who, ": the blob has no '", name, "' section");
    return it->second;
}

void Reader::expect(const char* what, const std::string& in_blob, const std::string& here) const {
    if (in_blob != here)
        raise<InvalidArgument>(m_who, ": the blob was compiled for ", what, " '", in_blob, "', this is '", here,
                               "'");
}

void ByteWriter::u32(uint32_t v) { put_le(m_out, v, 4); }
void ByteWriter::u64(uint64_t v) { put_le(m_out, v, 8); }
void ByteWriter::bytes(std::string_view data) {
    u64(data.size());
    m_out.append(data.data(), data.size());
}

const char* ByteReader::take(size_t n) {
    if (n > m_data.size() - m_pos)
        raise<InvalidArgument>(m_what, ": needs ", n, " more bytes at offset ", m_pos, " of ", m_data.size());
    const char* p = m_data.data() + m_pos;
    m_pos += n;
    return p;
}

uint32_t ByteReader::u32() { return static_cast<uint32_t>(get_le(take(4), 4)); }
uint64_t ByteReader::u64() { return get_le(take(8), 8); }

std::string_view ByteReader::bytes() {
    const uint64_t n = u64();
    if (n > m_data.size() - m_pos)
        raise<InvalidArgument>(m_what, ": an item of ", n, " bytes at offset ", m_pos, " runs past the end (",
                               m_data.size(), " bytes)");
    return {take(static_cast<size_t>(n)), static_cast<size_t>(n)};
}

uint64_t ByteReader::count(size_t min_item_bytes) {
    const uint64_t n = u32();
    if (min_item_bytes && n > (m_data.size() - m_pos) / min_item_bytes)
        raise<InvalidArgument>(m_what, ": a count of ", n, " items does not fit in the ", m_data.size() - m_pos,
                               " bytes left");
    return n;
}

void add_model(Writer& blob, const Model& model) {
    std::ostringstream xml, bin;
    ir::serialize(model, xml, bin);
    blob.add("model.xml", xml.str());
    blob.add("model.bin", bin.str());
}

SharedBytesStream::SharedBytesStream(std::shared_ptr<const void> owner, std::string_view bytes, size_t offset)
    : std::istream(nullptr), m_owner(std::move(owner)) {
    m_buf.view(bytes.data() + std::min(offset, bytes.size()), bytes.data() + bytes.size());
    rdbuf(&m_buf);
}

std::string_view SharedBytesStream::unread() const { return m_buf.unread(); }

void SharedBytesStream::skip(size_t n) { m_buf.skip(std::min(n, unread().size())); }

void SharedBytesStream::Buffer::view(const char* begin, const char* end) {
    setg(const_cast<char*>(begin), const_cast<char*>(begin), const_cast<char*>(end));  // a get area is only read
}

std::shared_ptr<Model> read_model(const Reader& blob) {
    const std::string_view bin = blob.section("model.bin");
    Tensor weights;
    if (!bin.empty())
        weights =
            Tensor(std::make_shared<detail::OwnedView>(blob.owner(), bin.data(), element::u8, Shape{bin.size()}));
    try {
        return ir::read_model_from_memory(std::string(blob.section("model.xml")), weights);
    } catch (const Exception& e) {
        raise<InvalidArgument>(blob.who(), ": the blob's model cannot be read: ", e.what());
    }
}

bool take_loaded_from_cache(AnyMap& properties) {
    auto it = properties.find(loaded_from_cache.key);
    if (it == properties.end())
        return false;
    const bool value = read_property<bool>(it->first, it->second);
    properties.erase(it);
    return value;
}

}  // namespace blob
}  // namespace ovcl
