// The op table: every src/op_table/<family>.def row becomes one registry entry.
// Row format: OVCL_OP(Type, version, shape_infer fn, host_ref fn, gpu::HostClass); the GPU column is
// the GPU plugin's (src/gpu/ops/gpu_op_registry.cpp).
#include "ovcl/op_registry.hpp"

#include <mutex>

#include "op_functions.hpp"

namespace ovcl {

namespace {
void register_table(OpRegistry& r) {
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) r.add(OpSpec{#TYPE, VERSION, shape_infer::INFER, host_ref::REF});
#include "op_table.def"
#undef OVCL_OP
}
}  // namespace

OpRegistry& OpRegistry::get() {
    static OpRegistry* registry = [] {
        auto* r = new OpRegistry();  // never destroyed: nodes may outlive static destruction
        register_table(*r);
        return r;
    }();
    return *registry;
}

void OpRegistry::add(OpSpec spec) {
    if (spec.type.empty() || spec.version < 0 || !spec.infer)
        raise<InvalidArgument>("op registry: an entry needs a type, a version >= 0 and an infer function");
    const std::string type = spec.type;
    const int64_t version = spec.version;
    m_ops[type][version] = std::move(spec);
}

const OpSpec* OpRegistry::find(const std::string& type, int64_t opset) const {
    auto it = m_ops.find(type);
    if (it == m_ops.end())
        return nullptr;
    auto v = it->second.upper_bound(opset);
    if (v == it->second.begin())
        return nullptr;
    return &std::prev(v)->second;
}

const OpSpec* OpRegistry::find_exact(const std::string& type, int64_t version) const {
    auto it = m_ops.find(type);
    if (it == m_ops.end())
        return nullptr;
    auto v = it->second.find(version);
    return v == it->second.end() ? nullptr : &v->second;
}

const OpSpec* OpRegistry::latest(const std::string& type) const {
    auto it = m_ops.find(type);
    if (it == m_ops.end() || it->second.empty())
        return nullptr;
    return &it->second.rbegin()->second;
}

std::vector<const OpSpec*> OpRegistry::all() const {
    std::vector<const OpSpec*> v;
    for (const auto& [type, versions] : m_ops)
        for (const auto& [version, spec] : versions)
            v.push_back(&spec);
    return v;
}

}  // namespace ovcl
