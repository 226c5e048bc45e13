// The IR v11 writer: one <layer> per node in a topological order that puts the Parameters
// first and the Results last (each in the model's order, so reading keeps the model's inputs
// and outputs in place), constant data appended to the .bin with identical blobs shared.
#include <cstring>
#include <fstream>
#include <unordered_map>
#include <unordered_set>

#include "extension/extension_registry.hpp"
#include "ir_internal.hpp"
#include "ovcl/ir.hpp"

namespace ovcl {
namespace ir {

namespace {

/// Appends constant data to the .bin; a blob equal to one already written is not written again.
class BinWriter {
public:
    explicit BinWriter(std::ostream& out) : m_out(out) {}

    uint64_t write(const Tensor& dense) {
        const char* data = static_cast<const char*>(dense.data());
        const size_t size = dense.get_byte_size();
        uint64_t hash = 1469598103934665603ull;  // FNV-1a
        for (size_t i = 0; i < size; ++i)
            hash = (hash ^ static_cast<unsigned char>(data[i])) * 1099511628211ull;
        auto& bucket = m_seen[hash ^ size];
        for (const auto& [offset, blob] : bucket)
            if (blob.get_byte_size() == size && std::memcmp(blob.data(), data, size) == 0)
                return offset;
        const uint64_t offset = m_pos;
        m_out.write(data, static_cast<std::streamsize>(size));
        if (!m_out)
            raise<Exception>("IR writer: failed to write ", size, " bytes of constant data");
        m_pos += size;
        bucket.emplace_back(offset, dense);  // keeps the bytes alive for later comparisons
        return offset;
    }
    uint64_t position() const { return m_pos; }

private:
    std::ostream& m_out;
    uint64_t m_pos = 0;
    std::unordered_map<uint64_t, std::vector<std::pair<uint64_t, Tensor>>> m_seen;
};

void set_attr(Attributes& attrs, const std::string& name, const std::string& value) {
    for (auto& a : attrs)
        if (a.first == name) {
            a.second = value;
            return;
        }
    attrs.emplace_back(name, value);
}

std::string shape_text(const Shape& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i)
        out += (i ? "," : "") + std::to_string(s[i]);
    return out;
}

/// The constant's attributes: its own text where it still describes the value, with offset
/// and size of the bytes just written.
Attributes constant_attrs(const Node& node, BinWriter& bin) {
    Tensor value = node.get_constant_value();
    if (!value)
        raise<Exception>("IR writer: ", node.describe(), " has no value");
    if (!value.is_continuous()) {
        Tensor dense(value.get_element_type(), value.get_shape());
        value.copy_to(dense);
        value = dense;
    }
    Attributes attrs = node.get_attributes();
    bool type_ok = false, shape_ok = false;
    // A u1 constant was unpacked into booleans on reading (load_constant); it goes back packed, so
    // OpenVINO, which has no boolean BinaryConvolution filter, reads what it wrote.
    const bool u1 = value.get_element_type() == element::boolean && node.has_attr("element_type") &&
                    detail::is_u1_text(node.get_attr_text("element_type"));
    try {
        type_ok = u1 || (node.has_attr("element_type") &&
                         element::Type(node.get_attr_text("element_type")) == value.get_element_type());
    } catch (const Exception&) {
    }
    try {
        shape_ok =
            node.has_attr("shape") && PartialShape(node.get_attr_text("shape")) == PartialShape(value.get_shape());
    } catch (const Exception&) {
    }
    if (!type_ok)
        set_attr(attrs, "element_type", value.get_element_type().get_type_name());
    if (!shape_ok)
        set_attr(attrs, "shape", shape_text(value.get_shape()));
    const Tensor bytes = u1 ? detail::pack_u1(value) : value;
    const uint64_t size = bytes.get_byte_size();
    const uint64_t offset = size ? bin.write(bytes) : bin.position();
    set_attr(attrs, "offset", std::to_string(offset));
    set_attr(attrs, "size", std::to_string(size));
    return attrs;
}

void write_port(pugi::xml_node parent, size_t id, element::Type type, const PartialShape& shape,
                const std::set<std::string>* names, const Any* rt_info) {
    auto port = parent.append_child("port");
    port.append_attribute("id").set_value(std::to_string(id).c_str());
    port.append_attribute("precision").set_value(detail::precision_name(type).c_str());
    if (names && !names->empty())
        port.append_attribute("names").set_value(detail::join_tensor_names(*names).c_str());
    if (shape.rank_is_static())  // a dynamic rank is written as no <dim> at all
        for (const auto& d : shape) {
            const bool any = d.get_min_length() == 0 && d.get_max_length() == Dimension::inf;
            port.append_child("dim").text().set(any ? "-1" : d.to_string().c_str());
        }
    if (rt_info)
        detail::write_attribute_rt_info(port, rt_info->as<AnyMap>());
}

/// Parameters (model order), then the rest in topological order, then the sinks nothing
/// consumes (model order) and the Results (model order).
NodeVector layer_order(const Model& model) {
    const NodeVector ops = model.get_ordered_ops();
    std::unordered_set<const Node*> consumed, tail;
    for (const auto& n : ops)
        for (const auto& in : n->input_values())
            consumed.insert(in.node.get());
    NodeVector order = model.get_parameters(), sinks;
    for (const auto& s : model.get_sinks())
        if (!consumed.count(s.get()) && tail.insert(s.get()).second)
            sinks.push_back(s);
    for (const auto& r : model.get_results())
        tail.insert(r.get());
    std::unordered_set<const Node*> params;
    for (const auto& p : model.get_parameters())
        params.insert(p.get());
    for (const auto& n : ops)
        if (!params.count(n.get()) && !tail.count(n.get()))
            order.push_back(n);
    order.insert(order.end(), sinks.begin(), sinks.end());
    for (const auto& r : model.get_results())
        order.push_back(r);
    return order;
}

}  // namespace

namespace {

void write_graph(const Model& model, pugi::xml_node graph, BinWriter& weights, int depth);

void write_port_map_entry(pugi::xml_node map, bool input, int64_t external, size_t internal_id, bool sliced,
                          int64_t axis, int64_t start, int64_t end, int64_t stride, int64_t part_size,
                          const std::string& purpose) {
    auto e = map.append_child(input ? "input" : "output");
    if (sliced) {
        e.append_attribute("axis").set_value(std::to_string(axis).c_str());
        e.append_attribute("start").set_value(std::to_string(start).c_str());
        e.append_attribute("end").set_value(std::to_string(end).c_str());
        e.append_attribute("stride").set_value(std::to_string(stride).c_str());
        e.append_attribute("part_size").set_value(std::to_string(part_size).c_str());
    }
    e.append_attribute("external_port_id").set_value(std::to_string(external).c_str());
    e.append_attribute("internal_layer_id").set_value(std::to_string(internal_id).c_str());
    if (!purpose.empty())
        e.append_attribute("purpose").set_value(purpose.c_str());
}

// The port maps, back edges and bodies of If / Loop / TensorIterator, as OpenVINO writes them. A body's
// layer ids are its own; the node's ports are numbered inputs first, then outputs.
void write_bodies(const Node& node, pugi::xml_node layer, BinWriter& weights, int depth) {
    const auto& bodies = node.get_bodies();
    const bool is_if = node.get_type_name() == "If";
    for (size_t b = 0; b < bodies.size(); ++b) {
        const Body& body = bodies[b];
        const std::string prefix = is_if ? (b == 0 ? "then_" : "else_") : "";
        const NodeVector order = layer_order(*body.model);
        std::unordered_map<const Node*, size_t> ids;
        for (size_t i = 0; i < order.size(); ++i)
            ids.emplace(order[i].get(), i);
        const auto id_of = [&](const NodeVector& v, size_t i) { return ids.at(v.at(i).get()); };
        const auto& params = body.model->get_parameters();
        const auto& results = body.model->get_results();
        auto map = layer.append_child((prefix + "port_map").c_str());
        for (const auto& in : body.inputs)
            write_port_map_entry(map, true, in.outer, id_of(params, in.param), in.sliced, in.axis, in.start, in.end,
                                 in.stride, in.part_size, in.purpose);
        const auto n_in = static_cast<int64_t>(node.get_input_size());
        for (const auto& out : body.outputs)
            write_port_map_entry(map, false, out.outer < 0 ? -1 : n_in + out.outer, id_of(results, out.result),
                                 out.concatenated, out.axis, out.start, out.end, out.stride, out.part_size, out.purpose);
        if (!is_if) {
            auto edges = layer.append_child("back_edges");
            for (const auto& e : body.back_edges) {
                auto edge = edges.append_child("edge");
                edge.append_attribute("from-layer").set_value(std::to_string(id_of(results, e.result)).c_str());
                edge.append_attribute("from-port").set_value("0");
                edge.append_attribute("to-layer").set_value(std::to_string(id_of(params, e.param)).c_str());
                edge.append_attribute("to-port").set_value("0");
            }
        }
        write_graph(*body.model, layer.append_child((prefix + "body").c_str()), weights, depth + 1);
    }
}

void write_graph(const Model& model, pugi::xml_node graph, BinWriter& weights, int depth) {
    if (depth > 32)
        raise<Exception>("IR writer: bodies nest more than 32 deep");
    const NodeVector order = layer_order(model);
    std::unordered_map<const Node*, size_t> ids;
    for (size_t i = 0; i < order.size(); ++i)
        ids.emplace(order[i].get(), i);
    auto layers = graph.append_child("layers");
    for (size_t id = 0; id < order.size(); ++id) {
        const Node& node = *order[id];
        auto layer = layers.append_child("layer");
        layer.append_attribute("id").set_value(std::to_string(id).c_str());
        layer.append_attribute("name").set_value(node.get_friendly_name().c_str());
        layer.append_attribute("type").set_value(detail::op_type_to_ir(node.get_type_name()).c_str());
        const auto ext_opset = ext::ir_opset_of(node);  // an extension op keeps its own opset name
        layer.append_attribute("version").set_value(
            (ext_opset ? *ext_opset : "opset" + std::to_string(node.get_version())).c_str());
        const Attributes attrs = node.is_constant() ? constant_attrs(node, weights) : node.get_attributes();
        if (!attrs.empty()) {
            auto data = layer.append_child("data");
            for (const auto& [name, value] : attrs)
                data.append_attribute(name.c_str()).set_value(value.c_str());
        }
        // Port rt_info travels in the node's rt_info under "input:<i>" / "output:<i>".
        AnyMap layer_rt;
        std::unordered_map<std::string, const Any*> port_rt;
        for (const auto& [key, value] : node.get_rt_info()) {
            bool input = false;
            size_t index = 0;
            if (detail::parse_port_rt_key(key, input, index) && value.is<AnyMap>() &&
                index < (input ? node.get_input_size() : node.get_output_size()))
                port_rt[key] = &value;
            else
                layer_rt[key] = value;
        }
        detail::write_attribute_rt_info(layer, layer_rt);
        auto rt_for = [&](bool input, size_t i) -> const Any* {
            auto it = port_rt.find(detail::port_rt_key(input, i));
            return it == port_rt.end() ? nullptr : it->second;
        };
        const size_t n_in = node.get_input_size();
        if (n_in) {
            auto inputs = layer.append_child("input");
            for (size_t i = 0; i < n_in; ++i)
                write_port(inputs, i, node.get_input_element_type(i), node.get_input_partial_shape(i), nullptr,
                           rt_for(true, i));
        }
        if (node.get_type_name() != "Result" && node.get_output_size()) {
            auto outputs = layer.append_child("output");
            for (size_t i = 0; i < node.get_output_size(); ++i)
                write_port(outputs, n_in + i, node.get_output_element_type(i), node.get_output_partial_shape(i),
                           &node.output_names(i), rt_for(false, i));
        }
        write_bodies(node, layer, weights, depth);
    }
    auto edges = graph.append_child("edges");
    for (size_t id = 0; id < order.size(); ++id) {
        const Node& node = *order[id];
        for (size_t i = 0; i < node.get_input_size(); ++i) {
            const Output<Node>& src = node.input_value(i);
            auto it = ids.find(src.node.get());
            if (it == ids.end())
                raise<Exception>("IR writer: ", node.describe(), " input ", i, " comes from a node outside the model");
            auto edge = edges.append_child("edge");
            edge.append_attribute("from-layer").set_value(std::to_string(it->second).c_str());
            edge.append_attribute("from-port")
                .set_value(std::to_string(src.node->get_input_size() + src.index).c_str());
            edge.append_attribute("to-layer").set_value(std::to_string(id).c_str());
            edge.append_attribute("to-port").set_value(std::to_string(i).c_str());
        }
    }
}

}  // namespace

void serialize(const Model& model, std::ostream& xml, std::ostream& bin) {
    pugi::xml_document doc;
    auto net = doc.append_child("net");
    net.append_attribute("name").set_value(model.get_friendly_name().c_str());
    net.append_attribute("version").set_value("11");
    BinWriter weights(bin);
    write_graph(model, net, weights, 0);
    detail::write_model_rt_info(net.append_child("rt_info"), model.get_rt_info());
    doc.save(xml, "\t", pugi::format_indent, pugi::encoding_utf8);
    if (!xml)
        raise<Exception>("IR writer: failed to write the XML");
    bin.flush();
    if (!bin)
        raise<Exception>("IR writer: failed to write the weights");
}

void write_model(const Model& model, const std::string& xml_path, const std::string& bin_path) {
    const std::string bin_file = bin_path.empty() ? detail::bin_path_for(xml_path) : bin_path;
    std::ofstream xml(xml_path, std::ios::binary | std::ios::trunc);
    if (!xml)
        raise<Exception>("cannot open '", xml_path, "' for writing");
    std::ofstream bin(bin_file, std::ios::binary | std::ios::trunc);
    if (!bin)
        raise<Exception>("cannot open '", bin_file, "' for writing");
    serialize(model, xml, bin);
    xml.close();
    bin.close();
    if (!xml || !bin)
        raise<Exception>("failed to finish writing '", xml_path, "' and '", bin_file, "'");
}

}  // namespace ir
}  // namespace ovcl
