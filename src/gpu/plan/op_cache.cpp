#include "plan/op_cache.hpp"

#include <algorithm>
#include <cstdio>

#include "plan/plan.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

namespace {

// Constants up to this size are named by their bytes (the scalars and axes a plan folds anew), bigger ones (weights,
// which every specialised copy of the model shares) by address.
constexpr size_t kBytesInKey = 256;

void constant_key(std::string& key, const Tensor& value) {
    if (value.get_byte_size() > kBytesInKey) {
        char address[32];
        std::snprintf(address, sizeof(address), " @%p", value.data());
        key += address;
        return;
    }
    static const char* hex = "0123456789abcdef";
    key += " =";
    const auto* p = static_cast<const unsigned char*>(value.data());
    for (size_t i = 0; i < value.get_byte_size(); ++i) {
        key += hex[p[i] >> 4];
        key += hex[p[i] & 15];
    }
}

void shape_key(std::string& key, const PartialShape& shape) {
    if (!shape.is_static()) {
        key += 'd';
        key += shape.to_string();
        return;
    }
    key += 's';
    for (const Dimension& d : shape) {
        key += std::to_string(d.get_length());
        key += ',';
    }
}

}  // namespace

// Built by appending (a plan per KV-cache length computes one per op per token).
std::optional<std::string> OpCache::key_of(const Node& node) {
    if (!node.get_bodies().empty())
        return std::nullopt;
    std::string key;
    key.reserve(256);
    key += node.get_type_name();
    key += '-';
    key += std::to_string(node.get_version());
    for (const auto& [name, value] : node.get_attributes()) {
        key += '|';
        key += name;
        key += '=';
        key += value;
    }
    for (const auto& in : node.input_values()) {
        key += "|<";
        key += in.node->get_type_name();
        key += ':';
        key += std::to_string(in.index);
        key += ' ';
        key += in.get_element_type().get_type_name();
        key += ' ';
        shape_key(key, in.get_partial_shape());
        if (in.node->is_constant())
            constant_key(key, in.node->get_constant_value());
    }
    return key;
}

OpCache::Entry* OpCache::entry(const Node& node, const std::optional<std::string>& key) {
    if (!key)
        return nullptr;
    auto it = m_entries.find(*key);
    if (it != m_entries.end()) {
        it->second.used = ++m_clock;
        return &it->second;
    }
    if (m_entries.size() >= m_max_entries || m_constant_bytes > m_max_constant_bytes)
        evict_older_half();
    Entry e;
    e.used = ++m_clock;
    for (const auto& in : node.input_values())
        if (in.node->is_constant() && in.node->get_constant_value().get_byte_size() > kBytesInKey)
            e.inputs.push_back(in.node->get_constant_value());
    return &m_entries.emplace(*key, std::move(e)).first->second;
}

void OpCache::evict_older_half() {
    std::vector<uint64_t> uses;
    uses.reserve(m_entries.size());
    for (const auto& [key, e] : m_entries)
        uses.push_back(e.used);
    const auto middle = uses.begin() + static_cast<long>(uses.size() / 2);
    std::nth_element(uses.begin(), middle, uses.end());
    const uint64_t kept_from = middle == uses.end() ? 0 : *middle;  // each lookup has its own tick
    m_constant_bytes = 0;
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (it->second.used < kept_from) {
            it = m_entries.erase(it);
        } else {
            m_constant_bytes += it->second.constant_bytes;
            ++it;
        }
    }
}

Validation OpCache::validation(const Node& node, const std::optional<std::string>& key, const DeviceInfo& device,
                               const std::set<std::string>& host_ops) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Entry* e = entry(node, key);
    if (!e)
        return device_runs(node, device, host_ops);
    if (!e->validation)
        e->validation = device_runs(node, device, host_ops);
    return *e->validation;
}

OpConfig OpCache::configuration(const Node& node, const std::optional<std::string>& key, const DeviceInfo& device) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Entry* e = entry(node, key);
    if (!e)
        return tuning::configure(*find_gpu_op(node), node, device);
    if (!e->config) {
        e->config = tuning::configure(*find_gpu_op(node), node, device);
        for (const Tensor& c : e->config->constants)
            e->constant_bytes += c.get_byte_size();
        m_constant_bytes += e->constant_bytes;
    }
    return *e->config;
}

}  // namespace gpu
}  // namespace ovcl
