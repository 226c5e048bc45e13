#include "ovcl/plugin/icompiled_model.hpp"

#include "ovcl/plugin/iasync_infer_request.hpp"
#include "ovcl/plugin/iremote_context.hpp"
#include "ovcl/plugin/isync_infer_request.hpp"

namespace ovcl {

ICompiledModel::ICompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                               std::shared_ptr<ITaskExecutor> task_executor,
                               std::shared_ptr<ITaskExecutor> callback_executor)
    : m_plugin(plugin), m_task_executor(std::move(task_executor)), m_callback_executor(std::move(callback_executor)) {
    if (!model)
        raise<InvalidArgument>("compile_model: the model is null");
    m_ports_model = model->clone();
    m_inputs = m_ports_model->inputs();
    m_outputs = m_ports_model->outputs();
    m_const_inputs.assign(m_inputs.begin(), m_inputs.end());
    m_const_outputs.assign(m_outputs.begin(), m_outputs.end());
    if (!m_task_executor)
        m_task_executor = get_shared_executor((plugin ? plugin->get_device_name() : std::string("ovcl")) + "_tasks");
}

std::shared_ptr<IAsyncInferRequest> ICompiledModel::create_infer_request() const {
    return std::make_shared<IAsyncInferRequest>(create_sync_infer_request(), m_task_executor, m_callback_executor);
}

std::shared_ptr<IRemoteContext> ICompiledModel::get_context() const {
    raise<NotImplemented>("compiled model on ", m_plugin ? m_plugin->get_device_name() : "?",
                          " has no remote context");
}

}  // namespace ovcl
