// What the device decides about each op, kept across the plans of one compiled model. A dynamic model is planned
// again for each new set of shapes (a KV cache grows a token per inference), and most of its ops see the same
// shapes and weights in every plan: their validation and configuration (kernel choice, tuning, packed weights)
// are taken from here, and their op constants are the same tensors, which the compiled model uploads once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

class OpCache {
public:
    /// When the op constants of its entries (packed weights per shape) pass `max_constant_bytes`, or it holds
    /// `max_entries`, the half of the entries used longest ago go: a KV cache's attention takes a new signature
    /// every token, while the projections are used every token and keep their packed weights.
    explicit OpCache(size_t max_constant_bytes, size_t max_entries = 4096)
        : m_max_constant_bytes(max_constant_bytes), m_max_entries(max_entries) {}

    /// Whether the device runs `node` (device_runs), computed on first use of its key (key_of(node), which the
    /// caller computes once for both calls).
    Validation validation(const Node& node, const std::optional<std::string>& key, const DeviceInfo& device,
                          const std::set<std::string>& host_ops);
    /// Its configuration (tuning::configure), computed on first use of its key.
    OpConfig configuration(const Node& node, const std::optional<std::string>& key, const DeviceInfo& device);

    /// What validation and configuration read: type, version, attributes, each input's producer type, element
    /// type and shape, and a Constant input's data (a small one by its bytes, a big one by address: the entry
    /// keeps that tensor, so the address is not reused); none for an op with bodies (If, Loop), never cached.
    static std::optional<std::string> key_of(const Node& node);

private:
    struct Entry {
        std::optional<Validation> validation;
        std::optional<OpConfig> config;
        std::vector<Tensor> inputs;  ///< the Constant inputs the key names by address
        uint64_t used = 0;           ///< m_clock at the last lookup
        size_t constant_bytes = 0;   ///< of config's constants
    };
    Entry* entry(const Node& node, const std::optional<std::string>& key);
    void evict_older_half();

    std::mutex m_mutex;
    std::map<std::string, Entry> m_entries;
    uint64_t m_clock = 0;
    size_t m_constant_bytes = 0;
    size_t m_max_constant_bytes;
    size_t m_max_entries;
};

}  // namespace gpu
}  // namespace ovcl
