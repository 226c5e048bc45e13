#pragma once

#include <array>
#include <atomic>
#include <chrono>

#include "compiled_model.hpp"
#include "ovcl/plugin/isync_infer_request.hpp"

namespace ovcl {
namespace ref {

/// One inference at a time on the host. Stages: preprocess (gather batched inputs, check
/// tensors), run (evaluate the model), postprocess (outputs into the bound tensors).
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;
    void cancel() override { m_cancel = true; }

    void infer_preprocess();
    void run();
    void infer_postprocess();

private:
    enum Stage { PREPROCESS, RUN, POSTPROCESS, NUM_STAGES };
    std::shared_ptr<const CompiledModel> m_model;
    std::shared_ptr<VariableStore> m_variables;
    std::vector<std::shared_ptr<IVariableState>> m_states;
    TensorVector m_results;
    std::vector<ProfilingInfo> m_profile;
    std::array<std::chrono::microseconds, NUM_STAGES> m_durations{};
    std::atomic<bool> m_cancel{false};
};

}  // namespace ref
}  // namespace ovcl
