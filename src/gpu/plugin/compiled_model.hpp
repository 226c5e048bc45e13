#pragma once

#include <list>
#include <map>
#include <mutex>
#include <optional>

#include "exec/streams.hpp"
#include "exec/wait_executor.hpp"
#include "ocl/device_context.hpp"
#include "ovcl/plugin/icompiled_model.hpp"
#include "plan/plan.hpp"
#include "plugin/config.hpp"
#include "plugin/plan_keys.hpp"
#include "plugin/runtime_kernels.hpp"
#include "transform/transformations.hpp"

namespace ovcl {
namespace gpu {

class Plugin;

/// A plan with its constants on the device: shared by every request that runs it.
struct DevicePlan {
    std::shared_ptr<const Plan> plan;
    std::vector<cl::Buffer> constants;  ///< one per Plan::constants (uploaded once)
};

class CompiledModel : public ICompiledModel {
public:
    CompiledModel(const std::shared_ptr<const Model>& model, std::shared_ptr<Model> transformed,
                  const std::shared_ptr<const Plugin>& plugin, std::shared_ptr<DeviceContext> device,
                  const Config& config);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// The multi-stage pipeline of async_infer_request.hpp on this model's executors.
    std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const Model> get_runtime_model() const override;
    void set_property(const AnyMap& properties) override;
    Any get_property(const std::string& name) const override;

    /// The plan for these input shapes and, for each of dynamic_variables(), the shape of the value the variable
    /// holds (none: not set, its ReadValue yields the init value; an empty list: none holds a value): built (and
    /// its programs compiled) on first use, kept in a bounded cache of specialisations for dynamic models.
    std::shared_ptr<const DevicePlan> plan_for(const std::vector<Shape>& input_shapes,
                                               const std::vector<std::optional<Shape>>& variables = {}) const;
    /// Variables in device buffers whose ReadValue has no static shape (a KV cache growing a token per inference):
    /// a plan is specialised for the shapes of their values, so that ReadValue and all after it run on the device.
    const std::vector<std::string>& dynamic_variables() const { return m_dynamic_variables; }
    /// Plans plan_for has built so far (a static model: one).
    size_t plans_built() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_plans_built;
    }
    const DeviceContext& device() const { return *m_device; }
    const Config& config() const { return m_config; }
    /// Kernels configured at run time for the host steps whose shapes only the run knows (Step::kernels_at_run_time).
    RuntimeKernels& runtime_kernels() const { return *m_runtime_kernels; }
    /// The stream a new request runs on (round-robin over NUM_STREAMS).
    const Stream& assign_stream() const { return m_streams->assign(); }
    /// Set by import_model when Core's model cache (CACHE_DIR) supplied the blob.
    void set_loaded_from_cache(bool v) { m_loaded_from_cache = v; }
    /// Runs one inference on zeros (a static model), so that drivers that build each kernel's code at its first
    /// launch (PoCL: the work-group functions) do it inside compile_model, not at the user's first inference.
    /// Best effort: a model that cannot run on zeros is simply not warmed; nor is a dynamic model, or one on a
    /// context made from the application's queue. OVCL_GPU_WARMUP=0 turns it off.
    /// Callers hold a ProgramCache::Deferral over construction and warm-up, so CACHE_DIR binaries carry that code.
    void warm_up() const;
    /// The remote context the model was compiled for; without one, the plugin's default context of the device.
    std::shared_ptr<IRemoteContext> get_context() const override;
    void set_context(std::shared_ptr<IRemoteContext> context) { m_context = std::move(context); }

private:
    /// The model's own RO keys; SUPPORTED_PROPERTIES is these, then Config::table() as RO.
    static const PropertyTable<CompiledModel>& table();
    /// A gpu_memory figure of the latest plan; NotImplemented for a dynamic model not run yet.
    uint64_t memory_figure(const std::string& name, size_t Plan::*field) const;
    std::shared_ptr<const DevicePlan> build(const PlanKey& key) const;
    /// Streams, task, wait and callback executors from the config (compiled_model_executors.cpp).
    void setup_executors();

    std::shared_ptr<Model> m_model;  ///< transformed; may have dynamic shapes
    bool m_dynamic = false;          ///< m_model has a dynamic shape: each plan specialises a copy
    std::shared_ptr<DeviceContext> m_device;
    Config m_config;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_dynamic_variables;
    /// Validation and configuration of ops shared by the plans of a dynamic model (a plan per KV-cache length
    /// reuses them); none for a static model.
    mutable std::unique_ptr<OpCache> m_ops;
    mutable FusionHistory m_fusion_history;  ///< what the specialisations' fusion passes found (plan_for's lock)
    /// Constants on the device by host address, shared by the plans while their host tensor lives: a graph
    /// Constant, or an op's constant (packed weights) that OpCache kept, is uploaded once, not once per plan.
    struct DeviceConstant {
        std::weak_ptr<ITensor> host;
        size_t bytes = 0;
        cl::Buffer buffer;
        /// On a device that computes in host memory the buffer uses the host bytes in place (CL_MEM_USE_HOST_PTR),
        /// which must then live as long as it does.
        std::shared_ptr<ITensor> in_place;
    };
    mutable std::map<const void*, DeviceConstant> m_device_constants;
    mutable size_t m_device_constants_swept = 0;  ///< entries left by the last sweep of expired ones
    cl::Buffer device_constant(const Tensor& host) const;
    std::unique_ptr<RuntimeKernels> m_runtime_kernels;
    mutable std::list<std::pair<PlanKey, std::shared_ptr<const DevicePlan>>> m_plans;  ///< most recent first
    static constexpr size_t kMaxPlans = 8;
    mutable KeyHistory m_key_history;  ///< the plans built last (plan_for's lock)
    mutable size_t m_plans_built = 0;
    mutable bool m_general_plans = true;  ///< false once a plan with dynamic dims could not be built
    std::shared_ptr<GpuStreams> m_streams;          ///< per model, or per device when EXCLUSIVE_ASYNC_REQUESTS
    std::shared_ptr<WaitExecutor> m_wait_executor;  ///< per device
    std::shared_ptr<ITaskExecutor> m_callback_executor;
    bool m_loaded_from_cache = false;
    mutable std::shared_ptr<IRemoteContext> m_context;  ///< made on first get_context() when not set
};

}  // namespace gpu
}  // namespace ovcl
