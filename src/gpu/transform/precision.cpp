#include "transform/precision.hpp"

#include <map>
#include <vector>

#include "ovcl/ops.hpp"

namespace ovcl {
namespace gpu {

namespace {

// Ops whose output is a model-boundary value kept in f32 (a Convert to f16 follows).
bool f32_source(const Node& n) { return n.get_type_name() == "Parameter" || n.get_type_name() == "ReadValue"; }
// Ops whose inputs are boundary values kept in f32 (a Convert to f32 precedes).
bool f32_sink(const Node& n) {
    return n.get_type_name() == "Result" || n.get_type_name() == "Assign" || n.get_type_name() == "ReadValue";
}

bool is_convert_to(const Node& n, element::Type t) {
    return n.get_type_name() == "Convert" && n.has_attr("destination_type") &&
           n.get_attr<element::Type>("destination_type") == t;
}

Tensor to_f16(const Tensor& value) {
    Tensor dense = value;
    if (!value.is_continuous()) {
        dense = Tensor(value.get_element_type(), value.get_shape());
        value.copy_to(dense);
    }
    Tensor out(element::f16, dense.get_shape());
    const float* src = dense.data<float>();
    float16* dst = out.data<float16>();
    for (size_t i = 0; i < out.get_size(); ++i)
        dst[i] = float16(src[i]);
    return out;
}

std::shared_ptr<Node> convert(const Output<Node>& value, element::Type to, const std::string& name) {
    auto c = op::make("Convert", {value}, {{"destination_type", to.get_type_name()}});
    c->set_friendly_name(name);
    return c;
}

}  // namespace

size_t convert_precision(Model& model, element::Type precision) {
    if (precision != element::f16)
        return 0;
    const NodeVector order = model.get_ordered_ops();
    std::map<Output<Node>, std::vector<std::pair<std::shared_ptr<Node>, size_t>>> consumers;
    std::vector<std::pair<std::shared_ptr<Node>, size_t>> keep_f32;  // sink inputs that were f32
    for (const auto& n : order)
        for (size_t i = 0; i < n->get_input_size(); ++i) {
            consumers[n->input_value(i)].emplace_back(n, i);
            if (f32_sink(*n) && n->get_input_element_type(i) == element::f32)
                keep_f32.emplace_back(n, i);
        }

    auto only_feeds_sinks = [&](const std::shared_ptr<Node>& n) {
        bool any = false;
        for (size_t p = 0; p < n->get_output_size(); ++p)
            for (const auto& use : consumers[Output<Node>(n, p)]) {
                if (!f32_sink(*use.first))
                    return false;
                any = true;
            }
        return any;
    };

    // ReadValue and Assign validate their input against the variable's type, so the Convert back to f32 must be
    // in place before the graph is revalidated; those on inputs that stay f32 are taken out again below.
    std::vector<std::shared_ptr<Node>> early_back;
    for (const auto& [sink, index] : keep_f32)
        if (sink->get_type_name() != "Result") {
            const Output<Node> port = sink->input_value(index);
            early_back.push_back(convert(port, element::f32, port.node->get_friendly_name() + "/to_f32"));
            sink->set_argument(index, Output<Node>(early_back.back(), 0));
        }

    size_t changed = 0;
    for (const auto& n : order) {
        if (n->is_constant()) {
            if (n->get_constant_value().get_element_type() != element::f32)
                continue;
            n->set_constant_value(to_f16(n->get_constant_value()));
            n->set_attr("element_type", element::f16.get_type_name());
            ++changed;
            continue;
        }
        if (f32_source(*n)) {
            for (size_t p = 0; p < n->get_output_size(); ++p) {
                if (n->get_output_element_type(p) != element::f32)
                    continue;
                const Output<Node> port(n, p);
                std::vector<std::pair<std::shared_ptr<Node>, size_t>> inner;
                for (const auto& use : consumers[port])
                    if (!f32_sink(*use.first) && !is_convert_to(*use.first, element::f16))
                        inner.push_back(use);
                if (inner.empty())
                    continue;  // already converted, or read only by model outputs
                auto c = convert(port, element::f16, n->get_friendly_name() + "/to_f16");
                for (const auto& [user, index] : inner)
                    user->set_argument(index, Output<Node>(c, 0));
                ++changed;
            }
            continue;
        }
        if (f32_sink(*n) || only_feeds_sinks(n))
            continue;  // a Convert to f32 right before an output already is the output's Convert
        for (const char* attr : {"destination_type", "output_type"})
            if (n->has_attr(attr) && n->get_attr<element::Type>(attr) == element::f32) {
                n->set_attr(attr, element::f16.get_type_name());
                ++changed;
            }
    }
    model.validate_nodes_and_infer_types();
    for (const auto& c : early_back) {
        const Output<Node> in = c->input_value(0);
        if (in.get_element_type() != element::f32)
            ++changed;
        else
            for (const auto& [sink, index] : keep_f32)
                if (sink->input_value(index).node == c)
                    sink->set_argument(index, in);
    }
    if (!changed)
        return 0;

    std::map<Output<Node>, std::shared_ptr<Node>> back;  // one Convert to f32 per port, shared by its sinks
    for (const auto& [sink, index] : keep_f32) {
        const Output<Node> port = sink->input_value(index);
        if (port.get_element_type() == element::f32)
            continue;
        auto& c = back[port];
        if (!c) {
            c = convert(port, element::f32, port.node->get_friendly_name() + "/to_f32");
            ++changed;
        }
        if (sink->get_type_name() == "Result") {  // the output keeps its tensor names
            auto& names = port.node->output_names(port.index);
            c->output_names(0).insert(names.begin(), names.end());
            names.clear();
        }
        sink->set_argument(index, Output<Node>(c, 0));
    }
    model.validate_nodes_and_infer_types();
    return changed;
}

}  // namespace gpu
}  // namespace ovcl
