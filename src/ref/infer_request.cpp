#include "infer_request.hpp"

#include "runtime/host_variable_state.hpp"
#include "runtime/stage_profiling.hpp"

namespace ovcl {
namespace ref {

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_model(compiled_model), m_variables(std::make_shared<VariableStore>()) {
    for (const auto& id : m_model->evaluator().get_model()->get_variable_ids())
        m_states.push_back(std::make_shared<HostVariableState>(id, m_variables));
}

void InferRequest::infer_preprocess() {
    convert_batched_tensors();
    check_tensors();
}

void InferRequest::run() {
    EvalContext ctx{m_variables.get(), &m_cancel};
    m_profile.clear();
    m_results =
        m_model->evaluator().evaluate(m_input_tensors, ctx, m_model->config().common.perf_count ? &m_profile : nullptr);
}

void InferRequest::infer_postprocess() {
    for (size_t i = 0; i < m_results.size(); ++i) {
        Tensor& dst = m_output_tensors[i];
        const Tensor& src = m_results[i];
        if (dst.get_shape() != src.get_shape() && !get_outputs()[i].get_partial_shape().is_dynamic())
            raise<InvalidArgument>("output ", i, " tensor has shape ", dst.get_shape(), ", the result has ",
                                   src.get_shape());
        src.copy_to(dst);  // a dynamic output's tensor takes the result's shape
    }
    m_results.clear();
}

void InferRequest::infer() {
    m_cancel = false;
    auto t0 = StageClock::now();
    infer_preprocess();
    m_durations[PREPROCESS] = since(t0);
    t0 = StageClock::now();
    run();
    m_durations[RUN] = since(t0);
    t0 = StageClock::now();
    infer_postprocess();
    m_durations[POSTPROCESS] = since(t0);
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_model->config().common.perf_count)
        return {};
    std::vector<ProfilingInfo> out = m_profile;
    static const char* const names[NUM_STAGES] = {"Preprocess", "Run", "Postprocess"};
    append_stage_times(out, names, m_durations);
    return out;
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_states; }

}  // namespace ref
}  // namespace ovcl
