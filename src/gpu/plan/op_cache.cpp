#include "plan/op_cache.hpp"

#include <sstream>

#include "plan/plan.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {

namespace {

// Constants up to this size are named by their bytes (the scalars and axes a plan folds anew), bigger ones (weights,
// which every specialised copy of the model shares) by address.
constexpr size_t kBytesInKey = 256;

void constant_key(std::ostringstream& key, const Tensor& value) {
    if (value.get_byte_size() > kBytesInKey) {
        key << " @" << value.data();
        return;
    }
    static const char* hex = "0123456789abcdef";
    key << " =";
    const auto* p = static_cast<const unsigned char*>(value.data());
    for (size_t i = 0; i < value.get_byte_size(); ++i)
        key << hex[p[i] >> 4] << hex[p[i] & 15];
}

}  // namespace

std::optional<std::string> OpCache::key_of(const Node& node) {
    if (!node.get_bodies().empty())
        return std::nullopt;
    std::ostringstream key;
    key << node.get_type_name() << '-' << node.get_version();
    for (const auto& [name, value] : node.get_attributes())
        key << '|' << name << '=' << value;
    for (const auto& in : node.input_values()) {
        key << "|<" << in.node->get_type_name() << ':' << in.index << ' ' << in.get_element_type() << ' '
            << in.get_partial_shape();
        if (in.node->is_constant())
            constant_key(key, in.node->get_constant_value());
    }
    return key.str();
}

OpCache::Entry* OpCache::entry(const Node& node) {
    const auto key = key_of(node);
    if (!key)
        return nullptr;
    auto it = m_entries.find(*key);
    if (it != m_entries.end())
        return &it->second;
    if (m_entries.size() >= kMaxEntries || m_constant_bytes > m_max_constant_bytes) {
        m_entries.clear();
        m_constant_bytes = 0;
    }
    Entry e;
    for (const auto& in : node.input_values())
        if (in.node->is_constant() && in.node->get_constant_value().get_byte_size() > kBytesInKey)
            e.inputs.push_back(in.node->get_constant_value());
    return &m_entries.emplace(*key, std::move(e)).first->second;
}

Validation OpCache::validation(const Node& node, const DeviceInfo& device, const std::set<std::string>& host_ops) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Entry* e = entry(node);
    if (!e)
        return device_runs(node, device, host_ops);
    if (!e->validation)
        e->validation = device_runs(node, device, host_ops);
    return *e->validation;
}

OpConfig OpCache::configuration(const Node& node, const DeviceInfo& device) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Entry* e = entry(node);
    if (!e)
        return tuning::configure(*find_gpu_op(node), node, device);
    if (!e->config) {
        e->config = tuning::configure(*find_gpu_op(node), node, device);
        for (const Tensor& c : e->config->constants)
            m_constant_bytes += c.get_byte_size();
    }
    return *e->config;
}

}  // namespace gpu
}  // namespace ovcl
