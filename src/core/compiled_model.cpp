#include "ovcl/compiled_model.hpp"

#include "ovcl/plugin/iasync_infer_request.hpp"
#include "ovcl/plugin/iremote_context.hpp"

namespace ovcl {

namespace {
using Ports = std::vector<Output<const Node>>;
const Output<const Node>& only(const Ports& ports, const char* what) {
    if (ports.size() != 1)
        raise<InvalidArgument>("compiled model has ", ports.size(), " ", what, "s; name the one you mean");
    return ports[0];
}
const Output<const Node>& at(const Ports& ports, size_t i, const char* what) {
    if (i >= ports.size())
        raise<NotFound>("compiled model has no ", what, " ", i, " (it has ", ports.size(), ")");
    return ports[i];
}
const Output<const Node>& named(const Ports& ports, const std::string& name, const char* what) {
    for (const auto& p : ports)
        if (p.get_names().count(name))
            return p;
    raise<NotFound>("compiled model has no ", what, " tensor named '", name, "'");
}
}  // namespace

const Ports& CompiledModel::inputs() const { return m_impl.get("CompiledModel").const_inputs(); }
const Ports& CompiledModel::outputs() const { return m_impl.get("CompiledModel").const_outputs(); }
const Output<const Node>& CompiledModel::input() const { return only(inputs(), "input"); }
const Output<const Node>& CompiledModel::input(size_t i) const { return at(inputs(), i, "input"); }
const Output<const Node>& CompiledModel::input(const std::string& name) const { return named(inputs(), name, "input"); }
const Output<const Node>& CompiledModel::output() const { return only(outputs(), "output"); }
const Output<const Node>& CompiledModel::output(size_t i) const { return at(outputs(), i, "output"); }
const Output<const Node>& CompiledModel::output(const std::string& name) const {
    return named(outputs(), name, "output");
}

InferRequest CompiledModel::create_infer_request() {
    return InferRequest(SoPtr<IAsyncInferRequest>{m_impl.so, m_impl.get("CompiledModel").create_infer_request()});
}
void CompiledModel::export_model(std::ostream& model) const { m_impl.get("CompiledModel").export_model(model); }
std::shared_ptr<const Model> CompiledModel::get_runtime_model() const { return m_impl.get("CompiledModel").get_runtime_model(); }
void CompiledModel::set_property(const AnyMap& properties) { m_impl.get("CompiledModel").set_property(properties); }
Any CompiledModel::get_property(const std::string& name) const { return m_impl.get("CompiledModel").get_property(name); }
RemoteContext CompiledModel::get_context() const {
    return RemoteContext(SoPtr<IRemoteContext>{m_impl.so, m_impl.get("CompiledModel").get_context()});
}

const AnyMap& RemoteTensor::get_params() const {
    auto impl = std::dynamic_pointer_cast<IRemoteTensor>(get_impl());
    if (!impl)
        raise<Exception>("the tensor is not a remote tensor");
    return impl->get_properties();
}

std::string RemoteTensor::get_device_name() const {
    auto impl = std::dynamic_pointer_cast<IRemoteTensor>(get_impl());
    if (!impl)
        raise<Exception>("the tensor is not a remote tensor");
    return impl->get_device_name();
}

std::string RemoteContext::get_device_name() const {
    if (!m_impl)
        raise<Exception>("RemoteContext is empty");
    return m_impl->get_device_name();
}
const AnyMap& RemoteContext::get_params() const {
    if (!m_impl)
        raise<Exception>("RemoteContext is empty");
    return m_impl->get_property();
}

RemoteTensor RemoteContext::create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params) {
    if (!m_impl)
        raise<Exception>("RemoteContext is empty");
    return RemoteTensor(keeping_library(m_impl->create_tensor(type, shape, params), m_impl.so));
}
Tensor RemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
    if (!m_impl)
        raise<Exception>("RemoteContext is empty");
    return Tensor(keeping_library(m_impl->create_host_tensor(type, shape), m_impl.so));
}

}  // namespace ovcl
