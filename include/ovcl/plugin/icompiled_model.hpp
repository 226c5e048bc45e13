// A model compiled for a device (OpenVINO's ov::ICompiledModel).
#pragma once

#include <memory>
#include <ostream>

#include "ovcl/model.hpp"
#include "ovcl/plugin/iplugin.hpp"
#include "ovcl/plugin/itask_executor.hpp"

namespace ovcl {

class ISyncInferRequest;
class IAsyncInferRequest;
class IRemoteContext;

class ICompiledModel : public std::enable_shared_from_this<ICompiledModel> {
public:
    /// model: the model as the user gave it; its ports become the compiled model's inputs and
    /// outputs (a private copy is kept, so later changes to the user's model do not matter).
    ICompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                   std::shared_ptr<ITaskExecutor> task_executor = nullptr,
                   std::shared_ptr<ITaskExecutor> callback_executor = nullptr);
    virtual ~ICompiledModel() = default;

    const OutputVector& inputs() const { return m_inputs; }
    const OutputVector& outputs() const { return m_outputs; }
    /// The same ports as a compiled model hands them to its user (ovcl::CompiledModel, as OpenVINO's): read-only.
    const std::vector<Output<const Node>>& const_inputs() const { return m_const_inputs; }
    const std::vector<Output<const Node>>& const_outputs() const { return m_const_outputs; }

    /// An async request: by default the sync request's infer() as one stage on the task executor.
    virtual std::shared_ptr<IAsyncInferRequest> create_infer_request() const;
    virtual std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const = 0;
    virtual void export_model(std::ostream& model) const = 0;
    virtual std::shared_ptr<const Model> get_runtime_model() const = 0;
    virtual void set_property(const AnyMap& properties) = 0;
    virtual Any get_property(const std::string& name) const = 0;
    virtual std::shared_ptr<IRemoteContext> get_context() const;

    const std::shared_ptr<const IPlugin>& get_plugin() const { return m_plugin; }
    const std::shared_ptr<ITaskExecutor>& get_task_executor() const { return m_task_executor; }
    const std::shared_ptr<ITaskExecutor>& get_callback_executor() const { return m_callback_executor; }
    /// The private copy of the model that the ports belong to.
    const std::shared_ptr<const Model>& get_model_ports_owner() const { return m_ports_model; }

protected:
    void set_task_executor(std::shared_ptr<ITaskExecutor> e) { m_task_executor = std::move(e); }

private:
    std::shared_ptr<const Model> m_ports_model;
    OutputVector m_inputs, m_outputs;
    std::vector<Output<const Node>> m_const_inputs, m_const_outputs;
    std::shared_ptr<const IPlugin> m_plugin;
    std::shared_ptr<ITaskExecutor> m_task_executor;
    std::shared_ptr<ITaskExecutor> m_callback_executor;
};

}  // namespace ovcl
