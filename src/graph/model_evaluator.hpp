// Runs a whole model on the host with the op registry's reference functions: the REF
// device's engine, the oracle of the tests, and the GPU plugin's fallback for whole models.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "ovcl/model.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/profiling_info.hpp"

namespace ovcl {

class ModelEvaluator {
public:
    /// Plans the evaluation order and when each intermediate value can be released.
    explicit ModelEvaluator(std::shared_ptr<const Model> model);

    /// inputs: one tensor per parameter, in order. Returns one tensor per result, in order
    /// (they may share memory with inputs or constants: copy before changing them).
    /// profile, when given, receives one entry per executed op; cancel (else ctx.cancel), when given, is
    /// checked between ops and stops the evaluation with Cancelled.
    TensorVector evaluate(const TensorVector& inputs, EvalContext& ctx, std::vector<ProfilingInfo>* profile = nullptr,
                          const std::atomic<bool>* cancel = nullptr) const;

    const std::shared_ptr<const Model>& get_model() const { return m_model; }

private:
    struct Step {
        std::shared_ptr<Node> node;
        std::vector<size_t> input_slots;
        size_t first_output_slot = 0;
        std::vector<size_t> release_after;  ///< slots whose last reader is this step
    };
    std::shared_ptr<const Model> m_model;
    std::vector<Step> m_steps;
    std::vector<size_t> m_param_slots;
    std::vector<size_t> m_result_slots;
    size_t m_slot_count = 0;
};

}  // namespace ovcl
