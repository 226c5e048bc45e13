// What a plan of a dynamic model is for, and when one plan serves every length of a KV cache.
//
// A plan is specialised for its input shapes and the shapes its dynamic variables hold. A stateful decoder brings a
// new KV length every inference, so an exact plan per length re-plans every token. When the last three plans built
// differ only in dims that took a new value each time, a variable's among them (a cache growing a token at a time),
// the next plan keeps exactly those dims dynamic: what depends on them runs as steps configured per run (the
// data-dependent steps of plan.hpp, RuntimeKernels), the rest of the model as an ordinary static plan.
#pragma once

#include <deque>
#include <optional>
#include <vector>

#include "ovcl/shape.hpp"

namespace ovcl {
namespace gpu {

struct PlanKey {
    std::vector<PartialShape> inputs;
    /// One per dynamic variable: the shape of the value it holds; none when it holds none (its init value is read).
    std::vector<std::optional<PartialShape>> variables;

    bool operator==(const PlanKey& o) const { return inputs == o.inputs && variables == o.variables; }
    /// Whether a plan for this key runs inputs of the static key `exact`: same ranks, same held/not held, and every
    /// static dim equal.
    bool serves(const PlanKey& exact) const;
    size_t dynamic_dims() const;
};

/// The plans built last, to find dims that change at every new plan.
class KeyHistory {
public:
    /// The key to build a plan for after `key` (static) missed every plan kept: `key` itself, or `key` with the dims
    /// that took three different values in the last three misses made dynamic, when all others kept theirs and a
    /// variable's dim is among them.
    PlanKey to_build(const PlanKey& key);

private:
    std::deque<PlanKey> m_misses;  ///< the last two, most recent first
};

}  // namespace gpu
}  // namespace ovcl
