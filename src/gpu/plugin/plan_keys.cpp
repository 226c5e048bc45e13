#include "plugin/plan_keys.hpp"

#include <algorithm>

namespace ovcl {
namespace gpu {

namespace {

// The dims of a key in order, inputs then held variables, each with whether it is a variable's.
struct FlatDim {
    Dimension dim;
    bool variable;
};
std::vector<FlatDim> flat(const PlanKey& k) {
    std::vector<FlatDim> out;
    for (const auto& s : k.inputs)
        for (const auto& d : s)
            out.push_back({d, false});
    for (const auto& v : k.variables)
        if (v)
            for (const auto& d : *v)
                out.push_back({d, true});
    return out;
}

// Same inputs and variables, with the same ranks, held or not alike.
bool same_structure(const PlanKey& a, const PlanKey& b) {
    if (a.inputs.size() != b.inputs.size() || a.variables.size() != b.variables.size())
        return false;
    for (size_t i = 0; i < a.inputs.size(); ++i)
        if (a.inputs[i].rank_is_dynamic() || b.inputs[i].rank_is_dynamic() || a.inputs[i].size() != b.inputs[i].size())
            return false;
    for (size_t i = 0; i < a.variables.size(); ++i) {
        if (a.variables[i].has_value() != b.variables[i].has_value())
            return false;
        if (a.variables[i] && (a.variables[i]->rank_is_dynamic() || b.variables[i]->rank_is_dynamic() ||
                               a.variables[i]->size() != b.variables[i]->size()))
            return false;
    }
    return true;
}

}  // namespace

bool PlanKey::serves(const PlanKey& exact) const {
    if (!same_structure(*this, exact))
        return false;
    const auto mine = flat(*this), theirs = flat(exact);
    for (size_t i = 0; i < mine.size(); ++i)
        if (!mine[i].dim.compatible(theirs[i].dim))
            return false;
    return true;
}

size_t PlanKey::dynamic_dims() const {
    const auto dims = flat(*this);
    return static_cast<size_t>(
        std::count_if(dims.begin(), dims.end(), [](const FlatDim& d) { return d.dim.is_dynamic(); }));
}

PlanKey KeyHistory::to_build(const PlanKey& key) {
    // A dim goes dynamic when it took three different values in the last three misses, every other dim kept its
    // value, and a variable's dim is among those that changed: a cache growing a token per inference. A prompt of
    // another length between decode steps changes dims that come back to earlier values: no plan serves them all.
    PlanKey out = key;
    if (m_misses.size() == 2 && same_structure(key, m_misses[0]) && same_structure(key, m_misses[1])) {
        const auto a = flat(key), b = flat(m_misses[0]), c = flat(m_misses[1]);
        std::vector<bool> changing(a.size(), false);
        bool alike = true, variable = false;
        for (size_t i = 0; i < a.size() && alike; ++i) {
            if (a[i].dim == b[i].dim && b[i].dim == c[i].dim)
                continue;
            changing[i] = a[i].dim != b[i].dim && b[i].dim != c[i].dim && a[i].dim != c[i].dim;
            alike = changing[i];
            variable = variable || (changing[i] && a[i].variable);
        }
        if (alike && variable) {
            size_t i = 0;
            auto generalise = [&](PartialShape& s) {
                for (size_t d = 0; d < s.size(); ++d, ++i)
                    if (changing[i])
                        s[d] = Dimension::dynamic();
            };
            for (auto& s : out.inputs)
                generalise(s);
            for (auto& v : out.variables)
                if (v)
                    generalise(*v);
        }
    }
    m_misses.push_front(key);
    if (m_misses.size() > 2)
        m_misses.pop_back();
    return out;
}

}  // namespace gpu
}  // namespace ovcl
