#include "ovcl/infer_request.hpp"

#include "ovcl/compiled_model.hpp"

namespace ovcl {

void InferRequest::infer() { m_impl.get("InferRequest").infer(); }
void InferRequest::start_async() { m_impl.get("InferRequest").start_async(); }
void InferRequest::wait() { m_impl.get("InferRequest").wait(); }
bool InferRequest::wait_for(std::chrono::milliseconds timeout) { return m_impl.get("InferRequest").wait_for(timeout); }
void InferRequest::cancel() { m_impl.get("InferRequest").cancel(); }
void InferRequest::set_callback(std::function<void(std::exception_ptr)> callback) {
    m_impl.get("InferRequest").set_callback(std::move(callback));
}

Output<Node> InferRequest::port_by_name(const std::string& name) const {
    for (const auto& p : m_impl.get("InferRequest").get_inputs())
        if (p.get_names().count(name))
            return p;
    for (const auto& p : m_impl.get("InferRequest").get_outputs())
        if (p.get_names().count(name))
            return p;
    raise<NotFound>("infer request: no input or output tensor named '", name, "'");
}

Output<Node> InferRequest::only_port(const OutputVector& ports, const char* what) const {
    if (ports.size() != 1)
        raise<InvalidArgument>("infer request: the model has ", ports.size(), " ", what,
                               "s; name the one you mean");
    return ports[0];
}

Tensor InferRequest::get_tensor(const std::string& name) const { return get_tensor(port_by_name(name)); }
// The tensor keeps the plugin's library loaded: it may outlive the request, the compiled model and the Core.
Tensor InferRequest::get_tensor(const Output<Node>& port) const {
    return Tensor(keeping_library(m_impl.get("InferRequest").get_tensor(port).get_impl(), m_impl.so));
}
void InferRequest::set_tensor(const std::string& name, const Tensor& t) { m_impl.get("InferRequest").set_tensor(port_by_name(name), t); }
void InferRequest::set_tensor(const Output<Node>& port, const Tensor& t) { m_impl.get("InferRequest").set_tensor(port, t); }
void InferRequest::set_tensors(const std::string& name, const std::vector<Tensor>& t) {
    m_impl.get("InferRequest").set_tensors(port_by_name(name), t);
}
void InferRequest::set_tensors(const Output<Node>& port, const std::vector<Tensor>& t) { m_impl.get("InferRequest").set_tensors(port, t); }
// A compiled model's ports as OpenVINO hands them out: read-only, naming the same port.
Tensor InferRequest::get_tensor(const Output<const Node>& port) const { return get_tensor(writable(port)); }
void InferRequest::set_tensor(const Output<const Node>& port, const Tensor& t) { set_tensor(writable(port), t); }
void InferRequest::set_tensors(const Output<const Node>& port, const std::vector<Tensor>& t) {
    set_tensors(writable(port), t);
}

namespace {
const Output<Node>& port_at(const OutputVector& ports, size_t idx, const char* what) {
    if (idx >= ports.size())
        raise<NotFound>("infer request: no ", what, " ", idx, " (the model has ", ports.size(), ")");
    return ports[idx];
}
}  // namespace

Tensor InferRequest::get_input_tensor(size_t idx) const {
    return get_tensor(port_at(m_impl.get("InferRequest").get_inputs(), idx, "input"));
}
Tensor InferRequest::get_input_tensor() const { return get_tensor(only_port(m_impl.get("InferRequest").get_inputs(), "input")); }
Tensor InferRequest::get_output_tensor(size_t idx) const {
    return get_tensor(port_at(m_impl.get("InferRequest").get_outputs(), idx, "output"));
}
Tensor InferRequest::get_output_tensor() const {
    return get_tensor(only_port(m_impl.get("InferRequest").get_outputs(), "output"));
}
void InferRequest::set_input_tensor(size_t idx, const Tensor& t) {
    m_impl.get("InferRequest").set_tensor(port_at(m_impl.get("InferRequest").get_inputs(), idx, "input"), t);
}
void InferRequest::set_input_tensor(const Tensor& t) { m_impl.get("InferRequest").set_tensor(only_port(m_impl.get("InferRequest").get_inputs(), "input"), t); }
void InferRequest::set_output_tensor(size_t idx, const Tensor& t) {
    m_impl.get("InferRequest").set_tensor(port_at(m_impl.get("InferRequest").get_outputs(), idx, "output"), t);
}
void InferRequest::set_output_tensor(const Tensor& t) {
    m_impl.get("InferRequest").set_tensor(only_port(m_impl.get("InferRequest").get_outputs(), "output"), t);
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const { return m_impl.get("InferRequest").get_profiling_info(); }

std::vector<VariableState> InferRequest::query_state() const {
    std::vector<VariableState> out;
    for (auto& s : m_impl.get("InferRequest").query_state())
        out.emplace_back(SoPtr<IVariableState>{m_impl.so, s});
    return out;
}

void InferRequest::reset_state() {
    for (auto& s : query_state())
        s.reset();
}

CompiledModel InferRequest::get_compiled_model() const {
    auto cm = std::const_pointer_cast<ICompiledModel>(m_impl.get("InferRequest").get_compiled_model());
    return CompiledModel(SoPtr<ICompiledModel>{m_impl.so, cm});
}

std::string VariableState::get_name() const { return m_impl.get("VariableState").get_name(); }
void VariableState::reset() { m_impl.get("VariableState").reset(); }
void VariableState::set_state(const Tensor& state) { m_impl.get("VariableState").set_state(state); }
Tensor VariableState::get_state() const {
    return Tensor(keeping_library(m_impl.get("VariableState").get_state().get_impl(), m_impl.so));
}

}  // namespace ovcl
