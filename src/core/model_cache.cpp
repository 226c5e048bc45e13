#include "model_cache.hpp"

#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <vector>

#include "runtime/file_read.hpp"
#include "ovcl/tensor.hpp"
#include "runtime/blob_format.hpp"

namespace ovcl {
namespace detail {

namespace fs = std::filesystem;

namespace {
uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
uint64_t fmix64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}
}  // namespace

void Hasher::mix(uint64_t word) {
    m_a = (m_a ^ word) * 0x100000001b3ull;  // FNV-1a's prime, a word at a time
    m_b = rotl(m_b ^ word, 31) * 0x87c37b91114253d5ull;
}

Hasher& Hasher::add(uint64_t value) {
    mix(value);
    m_size += 8;
    return *this;
}

Hasher& Hasher::add(std::string_view bytes) {
    add(static_cast<uint64_t>(bytes.size()));
    const char* p = bytes.data();
    size_t n = bytes.size();
    const auto word = [](const char* at) {
        uint64_t w;
        std::memcpy(&w, at, 8);  // host byte order: little-endian on every platform ovcl builds for
        return w;
    };
    // Weights are megabytes: four independent lanes let the multiplies overlap, folded in at the end. Local state,
    // not mix() per word: a member of an exported class is called through the PLT.
    if (n >= 64) {
        uint64_t lane[4] = {m_a, m_b, fmix64(m_a), fmix64(m_b)};
        for (; n >= 32; p += 32, n -= 32)
            for (int i = 0; i < 4; ++i)
                lane[i] = rotl(lane[i] ^ word(p + 8 * i), 29 + i) * 0x9ddfea08eb382d69ull;
        for (uint64_t v : lane)
            mix(v);
    }
    uint64_t a = m_a, b = m_b;
    for (; n >= 8; p += 8, n -= 8) {
        const uint64_t w = word(p);
        a = (a ^ w) * 0x100000001b3ull;
        b = rotl(b ^ w, 31) * 0x87c37b91114253d5ull;
    }
    m_a = a;
    m_b = b;
    if (n) {
        uint64_t w = 0;
        std::memcpy(&w, p, n);
        mix(w);
    }
    m_size += bytes.size();
    return *this;
}

std::string Hasher::hex() const {
    const uint64_t a = fmix64(m_a ^ m_size), b = fmix64(m_b ^ rotl(m_a, 17));
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(a),
                  static_cast<unsigned long long>(b));
    return buf;
}

namespace {
std::string any_text(const Any& v) {
    try {
        return v.to_string();
    } catch (const Exception&) {
        return "<?>";  // a value without a text form still counts by its key
    }
}
}  // namespace

std::string model_hash(const Model& model) {
    Hasher h;
    h.add("ovcl-model").add(model.get_friendly_name());
    const NodeVector ops = model.get_ordered_ops();
    std::unordered_map<const Node*, uint64_t> index;
    for (const auto& n : ops)
        index.emplace(n.get(), index.size());
    auto node_index = [&](const std::shared_ptr<Node>& n) {
        auto it = index.find(n.get());
        return it == index.end() ? ~uint64_t(0) : it->second;
    };
    // Constants' bytes (the weights: megabytes, first read from a mapped .bin here) are hashed on every core, each
    // to a digest that the walk below adds in order.
    std::vector<Tensor> values(ops.size());
    std::vector<std::string> digests(ops.size());
    for (size_t i = 0; i < ops.size(); ++i)
        if (ops[i]->is_constant()) {
            Tensor value = ops[i]->get_constant_value();
            if (value && !value.is_continuous()) {
                Tensor dense(value.get_element_type(), value.get_shape());
                value.copy_to(dense);
                value = dense;
            }
            values[i] = value;
        }
    tbb::parallel_for(size_t(0), ops.size(), [&](size_t i) {
        const Tensor& v = values[i];
        if (v)
            digests[i] = Hasher().add(std::string_view(static_cast<const char*>(v.data()), v.get_byte_size())).hex();
    });
    for (size_t op = 0; op < ops.size(); ++op) {
        const auto& n = ops[op];
        // A name the node made up itself (type + instance id) differs each time the same model is built.
        h.add(n->get_type_name()).add(static_cast<uint64_t>(n->get_version()));
        h.add(n->has_given_name() ? std::string_view(n->get_friendly_name()) : std::string_view("<auto>"));
        h.add(static_cast<uint64_t>(n->get_attributes().size()));
        for (const auto& [name, value] : n->get_attributes())
            h.add(name).add(value);
        h.add(static_cast<uint64_t>(n->get_rt_info().size()));
        for (const auto& [key, value] : n->get_rt_info())
            h.add(key).add(any_text(value));
        h.add(static_cast<uint64_t>(n->get_input_size()));
        for (const auto& in : n->input_values())
            h.add(node_index(in.node)).add(static_cast<uint64_t>(in.index));
        h.add(static_cast<uint64_t>(n->get_output_size()));
        for (size_t i = 0; i < n->get_output_size(); ++i) {
            h.add(n->get_output_element_type(i).get_type_name()).add(n->get_output_partial_shape(i).to_string());
            h.add(static_cast<uint64_t>(n->output_names(i).size()));
            for (const auto& name : n->output_names(i))
                h.add(name);
        }
        if (n->is_constant())
            h.add(digests[op]);
        h.add(static_cast<uint64_t>(n->get_bodies().size()));
        for (const Body& b : n->get_bodies()) {  // If / Loop / TensorIterator: the body and how it connects
            h.add(model_hash(*b.model));
            for (const auto& in : b.inputs)
                h.add(static_cast<uint64_t>(in.outer)).add(static_cast<uint64_t>(in.param)).add(in.sliced ? "s" : "-")
                    .add(static_cast<uint64_t>(in.axis)).add(static_cast<uint64_t>(in.start))
                    .add(static_cast<uint64_t>(in.stride)).add(static_cast<uint64_t>(in.part_size))
                    .add(static_cast<uint64_t>(in.end)).add(in.purpose);
            for (const auto& out : b.outputs)
                h.add(static_cast<uint64_t>(out.outer)).add(static_cast<uint64_t>(out.result))
                    .add(out.concatenated ? "c" : "-").add(static_cast<uint64_t>(out.axis))
                    .add(static_cast<uint64_t>(out.start)).add(static_cast<uint64_t>(out.stride))
                    .add(static_cast<uint64_t>(out.part_size)).add(static_cast<uint64_t>(out.end)).add(out.purpose);
            for (const auto& e : b.back_edges)
                h.add(static_cast<uint64_t>(e.result)).add(static_cast<uint64_t>(e.param));
        }
    }
    for (const NodeVector* list : {&model.get_parameters(), &model.get_results(), &model.get_sinks()}) {
        h.add(static_cast<uint64_t>(list->size()));
        for (const auto& n : *list)
            h.add(node_index(n));
    }
    h.add(static_cast<uint64_t>(model.get_rt_info().size()));
    for (const auto& [key, value] : model.get_rt_info())
        h.add(key).add(any_text(value));
    return h.hex();
}

namespace {
// Streams the file through the hasher (weights can be gigabytes); false when it cannot be opened.
bool hash_file(Hasher& h, const std::string& path, uint64_t max_bytes, const char* what) {
    FileHandle f;
    try {
        f = open_regular_file(path, max_bytes, what);
    } catch (const NotFound&) {
        return false;
    }
    h.add(f.size());
    std::vector<char> chunk(size_t(1) << 20);
    for (uint64_t left = f.size(); left > 0;) {
        const size_t n = static_cast<size_t>(std::min<uint64_t>(left, chunk.size()));
        read_exactly(f, chunk.data(), n, path, what);
        h.add(std::string_view(chunk.data(), n));
        left -= n;
    }
    return true;
}
}  // namespace

std::string ir_files_hash(const std::string& xml_path, const std::string& bin_path) {
    Hasher h;
    h.add("ovcl-ir-files");
    if (!hash_file(h, xml_path, kMaxModelXmlBytes, "model file"))
        raise<NotFound>("cannot read model file '", xml_path, "'");
    std::string bin = bin_path;
    if (bin.empty()) {
        const auto slash = xml_path.find_last_of('/');
        const auto dot = xml_path.find_last_of('.');
        bin = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? xml_path + ".bin"
                                                                                       : xml_path.substr(0, dot) + ".bin";
    }
    // A model without weights is not one with empty weights.
    const bool has_bin = hash_file(h, bin, std::numeric_limits<uint64_t>::max(), "weights file");
    h.add(has_bin ? uint64_t(1) : uint64_t(0));
    return h.hex();
}

ModelCache::ModelCache(std::string dir) : m_dir(std::move(dir)) {
    std::error_code ec;
    fs::create_directories(m_dir, ec);
    if (ec || !fs::is_directory(m_dir))
        raise<InvalidArgument>("property CACHE_DIR: cannot create the cache directory '", m_dir, "'",
                               ec ? ": " + ec.message() : std::string());
}

std::string ModelCache::path(const std::string& key) const { return m_dir + "/ovcl_model_" + key + ".blob"; }

namespace {
// Each entry starts with the key it was stored under, so a file copied, swapped or renamed into
// another key's name is told apart from the entry for that key; the plugin's blob (with its own
// CRC-32) follows. Layout: magic | key as blob::ByteWriter::bytes (u64 size, bytes) | zeros | blob.
constexpr std::string_view kEntryMagic{"OVCLMC02", 8};

// The head's length: magic, key and zeros up to where the blob's 20-byte preamble ends on a 16-byte boundary, so
// that a blob body read into memory starts aligned as its large sections are (blob_format.hpp).
size_t head_size(size_t key_size) {
    const size_t used = kEntryMagic.size() + 8 + key_size + 20;
    return kEntryMagic.size() + 8 + key_size + (16 - used % 16) % 16;
}

// The key an entry was stored under, or "" for a file of another layout.
std::string_view stored_key(std::string_view bytes) {
    if (bytes.substr(0, kEntryMagic.size()) != kEntryMagic)
        return {};
    try {
        return blob::ByteReader(bytes.substr(kEntryMagic.size()), "model cache entry").bytes();
    } catch (const InvalidArgument&) {
        return {};
    }
}
}  // namespace

std::unique_ptr<std::istream> ModelCache::open(const std::string& key) const {
    std::shared_ptr<const MappedFile> file;
    try {
        file = std::make_shared<const MappedFile>(path(key), kMaxBlobFileBytes, "model cache entry");
    } catch (const NotFound&) {
        return nullptr;
    } catch (const Exception&) {  // a FIFO, a device, a directory or an oversized file: never trusted
        remove(key);
        return nullptr;
    }
    const std::string_view bytes(file->data(), file->size());
    if (stored_key(bytes) != key) {  // another key's entry, an older layout or garbage
        remove(key);
        return nullptr;
    }
    // Mapped, not read: the plugin's blob::Reader and then the model's constants view these bytes (entries are
    // replaced by rename, never rewritten in place). The head is skipped; a file that ends inside it: truncated.
    return std::make_unique<blob::SharedBytesStream>(file, bytes, head_size(key.size()));
}

bool ModelCache::store(const std::string& key, const std::function<void(std::ostream&)>& write) const {
    // A name no other thread or process uses: the pid (forked processes share thread ids and
    // addresses), the thread and a counter.
    static std::atomic<uint64_t> counter{0};
    std::ostringstream tmp;
    tmp << path(key) << ".tmp." << ::getpid() << "." << std::hash<std::thread::id>()(std::this_thread::get_id())
        << "." << counter++;
    const std::string tmp_path = tmp.str();
    bool ok = false;
    try {
        std::ofstream out(tmp_path, std::ios::binary | std::ios::trunc);
        if (out) {
            blob::ByteWriter head;
            head.bytes(key);
            std::string head_bytes = std::string(kEntryMagic) + head.take();
            head_bytes.resize(head_size(key.size()), '\0');
            out.write(head_bytes.data(), static_cast<std::streamsize>(head_bytes.size()));
            write(out);
            out.flush();
            ok = static_cast<bool>(out);
        }
    } catch (...) {  // the plugin's export failed: leave no temporary file behind
        std::remove(tmp_path.c_str());
        throw;
    }
    if (ok)
        ok = std::rename(tmp_path.c_str(), path(key).c_str()) == 0;
    if (!ok)
        std::remove(tmp_path.c_str());
    return ok;
}

void ModelCache::remove(const std::string& key) const { std::remove(path(key).c_str()); }

}  // namespace detail
}  // namespace ovcl
