#include "ovcl/plugin/isync_infer_request.hpp"

#include <cstring>

namespace ovcl {

namespace {
std::string port_text(const Output<Node>& port) {
    std::string s = port.node ? port.node->describe() : "null port";
    if (port.node && !port.get_names().empty())
        s += " (tensor '" + *port.get_names().begin() + "')";
    return s;
}
bool share_name(const Output<Node>& a, const Output<Node>& b) {
    for (const auto& n : a.get_names())
        if (b.get_names().count(n))
            return true;
    return false;
}
}  // namespace

ISyncInferRequest::ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model)
    : m_compiled_model(compiled_model) {
    if (!compiled_model)
        raise<InvalidArgument>("infer request: the compiled model is null");
    // A port's tensor that cannot be allocated is named: "input 0 'x': out of host memory ...".
    const auto allocate = [](const Output<Node>& port, const char* kind, size_t index) {
        try {
            return Tensor(port.get_element_type(), initial_shape(port));
        } catch (const Exception& e) {
            const auto& names = port.get_names();
            raise<InvalidArgument>("infer request: ", kind, " ", index,
                                   names.empty() ? std::string() : " '" + *names.begin() + "'", ": ", e.what());
        }
    };
    for (size_t i = 0; i < get_inputs().size(); ++i)
        m_input_tensors.push_back(allocate(get_inputs()[i], "input", i));
    for (size_t i = 0; i < get_outputs().size(); ++i)
        m_output_tensors.push_back(allocate(get_outputs()[i], "output", i));
}

Shape ISyncInferRequest::initial_shape(const Output<Node>& port) {
    const PartialShape& ps = port.get_partial_shape();
    return ps.is_static() ? ps.to_shape() : Shape{0};
}

ISyncInferRequest::FoundPort ISyncInferRequest::find_port(const Output<Node>& port) const {
    if (!port.node)
        return {};
    const auto& ins = get_inputs();
    const auto& outs = get_outputs();
    for (size_t i = 0; i < ins.size(); ++i)
        if (ins[i] == port)
            return {FoundPort::Kind::INPUT, i};
    for (size_t i = 0; i < outs.size(); ++i)
        if (outs[i] == port)
            return {FoundPort::Kind::OUTPUT, i};
    // A port of the user's own model: match by tensor name, then by Parameter/Result name.
    const bool is_param = port.node->get_type_name() == "Parameter";
    const bool is_result = port.node->get_type_name() == "Result";
    for (size_t i = 0; i < ins.size(); ++i)
        if ((is_param || !is_result) && share_name(ins[i], port))
            return {FoundPort::Kind::INPUT, i};
    for (size_t i = 0; i < outs.size(); ++i)
        if (!is_param && share_name(outs[i], port))
            return {FoundPort::Kind::OUTPUT, i};
    if (is_param)
        for (size_t i = 0; i < ins.size(); ++i)
            if (ins[i].node->get_friendly_name() == port.node->get_friendly_name())
                return {FoundPort::Kind::INPUT, i};
    if (is_result)
        for (size_t i = 0; i < outs.size(); ++i)
            if (outs[i].node->get_friendly_name() == port.node->get_friendly_name())
                return {FoundPort::Kind::OUTPUT, i};
    return {};
}

ISyncInferRequest::FoundPort ISyncInferRequest::find_port_or_throw(const Output<Node>& port) const {
    const FoundPort found = find_port(port);
    if (!found.found())
        raise<NotFound>("infer request: ", port_text(port), " is not an input or output of the compiled model");
    return found;
}

Tensor ISyncInferRequest::get_tensor(const Output<Node>& port) const {
    const FoundPort p = find_port_or_throw(port);
    if (p.is_input()) {
        auto it = m_batched_tensors.find(p.idx);
        if (it != m_batched_tensors.end())
            raise<InvalidArgument>("infer request: input ", port_text(port),
                                   " was set with set_tensors; use get_tensors");
        return m_input_tensors[p.idx];
    }
    return m_output_tensors[p.idx];
}

std::vector<Tensor> ISyncInferRequest::get_tensors(const Output<Node>& port) const {
    const FoundPort p = find_port_or_throw(port);
    if (p.is_input()) {
        auto it = m_batched_tensors.find(p.idx);
        if (it != m_batched_tensors.end())
            return it->second;
    }
    return {};
}

void ISyncInferRequest::check_tensor(const Output<Node>& port, const Tensor& tensor) const {
    if (!tensor)
        raise<InvalidArgument>("infer request: the tensor for ", port_text(port), " is empty");
    if (tensor.get_element_type() != port.get_element_type())
        raise<InvalidArgument>("infer request: tensor for ", port_text(port), " has element type ",
                               tensor.get_element_type(), ", the port expects ", port.get_element_type());
    const PartialShape& ps = port.get_partial_shape();
    const bool is_output = find_port(port).kind == FoundPort::Kind::OUTPUT;
    // A dynamic output's tensor is reshaped by the inference; an empty one is fine too.
    if (is_output && ps.is_dynamic())
        return;
    if (!ps.contains(tensor.get_shape()))
        raise<InvalidArgument>("infer request: tensor for ", port_text(port), " has shape ", tensor.get_shape(),
                               ", the port expects ", ps);
}

void ISyncInferRequest::set_tensor(const Output<Node>& port, const Tensor& tensor) {
    const FoundPort p = find_port_or_throw(port);
    const Output<Node>& own = p.is_input() ? get_inputs()[p.idx] : get_outputs()[p.idx];
    check_tensor(own, tensor);
    if (p.is_input()) {
        m_input_tensors[p.idx] = tensor;
        m_batched_tensors.erase(p.idx);
    } else {
        m_output_tensors[p.idx] = tensor;
    }
}

void ISyncInferRequest::set_tensors(const Output<Node>& port, const std::vector<Tensor>& tensors) {
    const FoundPort p = find_port_or_throw(port);
    if (!p.is_input())
        raise<InvalidArgument>("set_tensors: ", port_text(port), " is an output; only inputs take several tensors");
    if (tensors.empty())
        raise<InvalidArgument>("set_tensors: no tensors given for ", port_text(port));
    if (tensors.size() == 1) {
        set_tensor(port, tensors[0]);
        return;
    }
    const Output<Node>& own = get_inputs()[p.idx];
    const PartialShape& ps = own.get_partial_shape();
    if (ps.rank_is_static() && ps.size() == 0)
        raise<InvalidArgument>("set_tensors: ", port_text(port), " is a scalar and has no batch axis");
    const Shape first = tensors[0] ? tensors[0].get_shape() : Shape{};
    for (size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        if (!t)
            raise<InvalidArgument>("set_tensors: tensor ", i, " for ", port_text(port), " is empty");
        if (t.get_element_type() != own.get_element_type())
            raise<InvalidArgument>("set_tensors: tensor ", i, " has element type ", t.get_element_type(), ", ",
                                   port_text(port), " expects ", own.get_element_type());
        if (t.get_shape().empty() || t.get_shape()[0] != 1 || t.get_shape() != first)
            raise<InvalidArgument>("set_tensors: tensor ", i, " has shape ", t.get_shape(),
                                   "; every tensor must have batch 1 and the same shape");
    }
    Shape batched = first;
    batched[0] = tensors.size();
    if (!ps.contains(batched))
        raise<InvalidArgument>("set_tensors: ", tensors.size(), " tensors of shape ", first, " make ", batched,
                               ", which ", port_text(port), " (", ps, ") does not accept");
    m_batched_tensors[p.idx] = tensors;
}

void ISyncInferRequest::convert_batched_tensors() {
    for (const auto& [idx, tensors] : m_batched_tensors) {
        Shape batched = tensors[0].get_shape();
        batched[0] = tensors.size();
        Tensor& dst = m_input_tensors[idx];
        if (!dst || dst.get_shape() != batched || !dst.is_continuous() ||
            dst.get_element_type() != tensors[0].get_element_type())
            dst = Tensor(tensors[0].get_element_type(), batched);
        const size_t item = dst.get_byte_size() / tensors.size();
        for (size_t b = 0; b < tensors.size(); ++b) {
            Tensor slot(dst.get_element_type(), tensors[b].get_shape(), static_cast<char*>(dst.data()) + b * item);
            tensors[b].copy_to(slot);
        }
    }
}

void ISyncInferRequest::check_tensors() const {
    for (size_t i = 0; i < m_input_tensors.size(); ++i)
        if (!m_batched_tensors.count(i))
            check_tensor(get_inputs()[i], m_input_tensors[i]);
    for (size_t i = 0; i < m_output_tensors.size(); ++i)
        check_tensor(get_outputs()[i], m_output_tensors[i]);
}

}  // namespace ovcl
