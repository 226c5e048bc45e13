// Model, Node and Output (a port), with OpenVINO's Python method names.
#include <sstream>

#include <nanobind/stl/set.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "py_common.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {

nb::object node_of(const Output<Node>& o) { return o.node ? nb::cast(o.node) : nb::none(); }

std::string port_repr(const Output<Node>& o, const char* kind) {
    std::ostringstream os;
    os << "<" << kind << ": names[";
    bool first = true;
    for (const auto& n : o.get_names()) {
        os << (first ? "" : ", ") << n;
        first = false;
    }
    os << "] shape" << o.get_partial_shape() << " type: " << o.get_element_type() << ">";
    return os.str();
}

nb::dict attributes(const Node& n) {
    nb::dict d;
    for (const auto& [k, v] : n.get_attributes())
        d[k.c_str()] = v;
    return d;
}

// Model.reshape's argument: one shape (a model of one input), or {key: shape} with keys by index, name or port.
void reshape(Model& model, nb::handle arg) {
    std::map<size_t, PartialShape> shapes;
    if (nb::isinstance<nb::dict>(arg)) {
        const OutputVector ports = model.inputs();
        for (auto [k, v] : nb::borrow<nb::dict>(arg)) {
            const Output<Node>& port = find_port(ports, k, "input");
            shapes[model.get_parameter_index(port)] = to_partial_shape(v);
        }
    } else {
        if (model.get_parameters().size() != 1)
            raise<InvalidArgument>("reshape with one shape needs a model of one input; this one has ",
                                   model.get_parameters().size(), ": pass {input: shape, ...}");
        shapes[0] = to_partial_shape(arg);
    }
    nb::gil_scoped_release release;
    model.reshape(shapes);
}

}  // namespace

void bind_model(nb::module_& m) {
    nb::class_<Output<Node>>(m, "Output", "A node's output port (ov.Output / ov.ConstOutput): names, shape, type.")
        .def("get_node", &node_of)
        .def_prop_ro("node", &node_of)
        .def("get_index", [](const Output<Node>& o) { return o.index; })
        .def_prop_ro("index", [](const Output<Node>& o) { return o.index; })
        .def("get_names", &Output<Node>::get_names)
        .def_prop_ro("names", &Output<Node>::get_names)
        .def("get_any_name", &Output<Node>::get_any_name)
        .def_prop_ro("any_name", &Output<Node>::get_any_name)
        .def("get_element_type", &Output<Node>::get_element_type)
        .def_prop_ro("element_type", &Output<Node>::get_element_type)
        .def("get_partial_shape", &Output<Node>::get_partial_shape)
        .def_prop_ro("partial_shape", &Output<Node>::get_partial_shape)
        .def("get_shape", &Output<Node>::get_shape)
        .def_prop_ro("shape", &Output<Node>::get_shape)
        .def("__eq__", [](const Output<Node>& a, const Output<Node>& b) { return a == b; })
        .def("__hash__", [](const Output<Node>& o) { return std::hash<const void*>()(o.node.get()) ^ (o.index * 0x9e3779b9u); })
        .def("__repr__", [](const Output<Node>& o) { return port_repr(o, "Output"); });

    nb::class_<Node>(m, "Node", "An op of a model (type, version, attributes as the IR's text).")
        .def("get_type_name", &Node::get_type_name)
        .def_prop_ro("type_name", &Node::get_type_name)
        .def("get_version", &Node::get_version)
        .def("get_friendly_name", &Node::get_friendly_name)
        .def("set_friendly_name", &Node::set_friendly_name)
        .def_prop_rw("friendly_name", &Node::get_friendly_name, &Node::set_friendly_name)
        .def("get_name", &Node::get_friendly_name)
        .def("get_input_size", &Node::get_input_size)
        .def("get_output_size", &Node::get_output_size)
        .def("input_value", &Node::input_value, nb::arg("index"))
        .def("output", [](Node& n, size_t i) { return n.output(i); }, nb::arg("index"))
        .def("outputs", [](Node& n) {
            OutputVector out;
            for (size_t i = 0; i < n.get_output_size(); ++i)
                out.push_back(n.output(i));
            return out;
        })
        .def("get_output_element_type", &Node::get_output_element_type)
        .def("get_output_partial_shape", &Node::get_output_partial_shape)
        .def("get_output_shape", &Node::get_output_shape)
        .def("get_attributes", &attributes, "Attributes as the IR writes them: {name: text}.")
        .def("get_data", [](const Node& n) -> nb::object {
            if (!n.get_constant_value())
                return nb::none();
            return tensor_copy(n.get_constant_value());
        }, "A Constant's value as a numpy array (None for other ops).")
        .def("__repr__", [](const Node& n) { return "<Node: " + n.describe() + ">"; });

    nb::class_<Model>(m, "Model", "A graph from Parameters to Results, as ov.Model (read with Core.read_model).")
        .def_prop_ro("inputs", &Model::inputs)
        .def_prop_ro("outputs", &Model::outputs)
        .def("input", [](const Model& md, nb::handle key) { return find_port(md.inputs(), key, "input"); },
             nb::arg("key") = 0)
        .def("output", [](const Model& md, nb::handle key) { return find_port(md.outputs(), key, "output"); },
             nb::arg("key") = 0)
        .def("get_parameters", &Model::get_parameters)
        .def("get_results", &Model::get_results)
        .def("get_sinks", &Model::get_sinks)
        .def("get_ops", &Model::get_ordered_ops)
        .def("get_ordered_ops", &Model::get_ordered_ops)
        .def("get_friendly_name", &Model::get_friendly_name)
        .def_prop_rw("friendly_name", &Model::get_friendly_name, &Model::set_friendly_name)
        .def("get_name", &Model::get_friendly_name)
        .def("is_dynamic", &Model::is_dynamic)
        .def("reshape", &reshape, nb::arg("shapes"),
             "New input shapes: one shape for a model of one input, or {index | name | port: shape}.")
        .def("clone", &Model::clone)
        .def("__repr__", [](const Model& md) {
            return "<Model: '" + md.get_friendly_name() + "' inputs " + std::to_string(md.inputs().size()) +
                   " outputs " + std::to_string(md.outputs().size()) + ">";
        });
}

}  // namespace ovcl_py
