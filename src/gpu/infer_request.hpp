#pragma once

#include <array>
#include <atomic>
#include <chrono>

#include "compiled_model.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/plugin/isync_infer_request.hpp"

namespace ovcl {
namespace gpu {

/// One inference at a time on the device. Stages (the seeds' names): infer_preprocess
/// (gather batches, check tensors, pick the plan for the input shapes), upload, start_pipeline
/// (enqueue every step; host steps wait for their inputs), wait_pipeline, infer_postprocess
/// (outputs back into the bound tensors).
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;
    void cancel() override { m_cancel = true; }

    void infer_preprocess();
    void upload();
    void start_pipeline();
    void wait_pipeline();
    void infer_postprocess();

private:
    void prepare(const std::shared_ptr<const DevicePlan>& plan);
    cl::Buffer buffer_of(const Value& v) const;
    void run_host_step(const Step& step);

    enum Stage { PREPROCESS, UPLOAD, START, WAIT, POSTPROCESS, NUM_STAGES };
    std::shared_ptr<const CompiledModel> m_model;
    cl::CommandQueue m_queue;
    std::shared_ptr<const DevicePlan> m_plan;
    std::vector<cl::Buffer> m_slots;
    std::vector<std::vector<cl::Kernel>> m_kernels;  ///< per step
    std::vector<std::vector<cl::Event>> m_events;    ///< per step, when profiling
    std::vector<std::chrono::microseconds> m_host_times;  ///< per step
    std::vector<Tensor> m_staging;  ///< dense copies of strided inputs, alive until the upload is done
    std::shared_ptr<VariableStore> m_variables;
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::array<std::chrono::microseconds, NUM_STAGES> m_durations{};
    std::atomic<bool> m_cancel{false};
};

}  // namespace gpu
}  // namespace ovcl
