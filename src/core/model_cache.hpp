// Core-side model caching (CACHE_DIR), as OpenVINO's: compile_model looks up a blob named by a
// hash of the model, the device's caching properties and the compile configuration; a hit is
// imported, a miss compiled and exported into the cache. Entries are written to a private
// temporary file and renamed into place, so concurrent processes and crashes never leave half
// an entry under a key's name.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "ovcl/model.hpp"

namespace ovcl {
namespace detail {

/// A 128-bit hash (64-bit multiply-xor lanes over 8-byte words, four over long inputs; murmur3's finaliser), as 32
/// hex digits: stable across runs and little-endian platforms, fast enough to run over weights.
/// Not cryptographic: it names cache entries, whose contents are checked on import anyway.
class Hasher {
public:
    /// Size-prefixed, so add("ab").add("c") differs from add("a").add("bc").
    Hasher& add(std::string_view bytes);
    Hasher& add(uint64_t value);
    std::string hex() const;

private:
    void mix(uint64_t word);
    uint64_t m_a = 0x9e3779b97f4a7c15ull;
    uint64_t m_b = 0xc2b2ae3d27d4eb4full;
    uint64_t m_size = 0;
};

/// Hashes what defines the computation of a model: its name, every node (type, version, name,
/// attributes, rt_info, inputs, output types, shapes and tensor names), constant bytes, and the
/// order of parameters, results and sinks.
std::string model_hash(const Model& model);

/// Hashes an IR by the bytes of its files (the .xml and, when it exists, the .bin), so a cache
/// hit for compile_model(path) need not even read the model. Throws NotFound for a missing .xml.
std::string ir_files_hash(const std::string& xml_path, const std::string& bin_path = "");

class ModelCache {
public:
    /// Creates `dir` when missing; throws InvalidArgument naming CACHE_DIR when it cannot.
    explicit ModelCache(std::string dir);

    const std::string& dir() const { return m_dir; }
    std::string path(const std::string& key) const;
    /// The entry's stream, or null when there is none.
    std::unique_ptr<std::istream> open(const std::string& key) const;
    /// Writes an entry through `write` into a temporary file, then renames it to the key's name.
    /// Returns false (leaving nothing behind) when the file cannot be written: a cache that
    /// cannot be filled only costs the next start a compile.
    bool store(const std::string& key, const std::function<void(std::ostream&)>& write) const;
    void remove(const std::string& key) const;

private:
    std::string m_dir;
};

}  // namespace detail
}  // namespace ovcl
