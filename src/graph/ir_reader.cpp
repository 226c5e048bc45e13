// The IR reader: parses <net> with pugixml, checks every id, port and edge, builds nodes in
// topological order, runs shape inference on each and checks it against the IR's ports.
// Every error names the file and, where it applies, the layer and port.
#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "runtime/file_read.hpp"
#include "extension/extension_registry.hpp"
#include "ir_internal.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace ir {

namespace {

using detail::parse_u64;

constexpr int64_t k_max_opset = 16;

struct PortDesc {
    uint64_t id = 0;
    std::set<std::string> names;
    pugi::xml_node rt_info;
};

struct Source {
    size_t layer = 0;
    size_t output = 0;
    bool connected = false;
};

struct Layer {
    size_t index = 0;  ///< document order
    uint64_t id = 0;
    std::string id_text, name, type, version;
    pugi::xml_node xml;
    std::vector<PortDesc> inputs, outputs;  ///< each sorted by port id
    std::vector<Source> sources;            ///< one per input
    std::shared_ptr<Node> node;
};

// A body of If / Loop / TensorIterator nests at most this deep (a hostile IR must not exhaust the stack).
constexpr int k_max_body_depth = 32;

class Reader {
public:
    Reader(std::string label, detail::WeightsSource& weights, int depth = 0)
        : m_label(std::move(label)), m_weights(weights), m_depth(depth) {}

    std::shared_ptr<Model> read(const char* data, size_t size) {
        pugi::xml_document doc;
        const auto parsed = doc.load_buffer(data, size);
        if (!parsed) {
            const size_t at = std::min(static_cast<size_t>(std::max<ptrdiff_t>(parsed.offset, 0)), size);
            fail("XML parse error at line ", 1 + std::count(data, data + at, '\n'), " (offset ", parsed.offset,
                 "): ", parsed.description());
        }
        const pugi::xml_node net = doc.child("net");
        if (!net)
            fail("no <net> element: not an OpenVINO IR");
        const std::string version = net.attribute("version").value();
        if (!net.attribute("version"))
            fail("<net> has no version attribute");
        if (version != "10" && version != "11")
            fail("unsupported IR version '", version, "' (versions 10 and 11 are read)");
        read_graph(net);
        return make_model(&net);
    }

private:
    template <typename... Args>
    [[noreturn]] void fail(const Args&... args) const {
        raise<ModelError>(m_label, ": ", args...);
    }
    template <typename... Args>
    [[noreturn]] void fail_at(const Layer& l, const Args&... args) const {
        raise<ModelError>(m_label, ": layer ", l.id_text, " '", l.name, "' (", l.type, "): ", args...);
    }
    // ovcl has no string element type: name the layer that needs one before any other error can hide it,
    // the string ops first (they say why the model has strings), then string Parameters and Constants.
    void refuse_string_tensors() const {
        for (const auto& l : m_layers)
            if (l.type == "StringTensorPack" || l.type == "StringTensorUnpack")
                fail_at(l, "operation ", l.type, " works on string tensors, which ovcl does not support (it has no "
                        "string element type)");
        for (const auto& l : m_layers)
            if (std::string(l.xml.child("data").attribute("element_type").value()) == "string")
                fail_at(l, "element type 'string': string tensors are not supported (ovcl has no string element type)");
    }

    static std::string port_text(const PortDesc& p, bool input) {
        return std::string(input ? "input" : "output") + " port " + std::to_string(p.id);
    }

    void parse_layers(const pugi::xml_node& layers) {
        for (const auto& xml : layers.children("layer")) {
            Layer l;
            l.index = m_layers.size();
            l.xml = xml;
            l.id_text = xml.attribute("id").value();
            l.name = xml.attribute("name").value();
            l.type = xml.attribute("type").value();
            l.version = xml.attribute("version").value();
            if (!xml.attribute("id"))
                fail("layer #", l.index, " '", l.name, "' (", l.type, ") has no id attribute");
            const auto id = parse_u64(l.id_text);
            if (!id)
                fail_at(l, "the layer id is not a non-negative integer");
            l.id = *id;
            if (!m_by_id.emplace(l.id, l.index).second)
                fail_at(l, "duplicate layer id ", l.id, " (also used by layer '", m_layers[m_by_id[l.id]].name, "')");
            if (!xml.attribute("type") || l.type.empty())
                fail_at(l, "the layer has no type attribute");
            if (!xml.attribute("version"))
                fail_at(l, "the layer has no version attribute (e.g. version=\"opset1\")");
            parse_ports(l);
            m_layers.push_back(std::move(l));
        }
        if (m_layers.empty())
            fail("the IR has no layers");
    }

    void parse_ports(Layer& l) {
        std::unordered_set<uint64_t> ids;
        for (const bool input : {true, false}) {
            auto& ports = input ? l.inputs : l.outputs;
            for (const auto& xml : l.xml.child(input ? "input" : "output").children("port")) {
                PortDesc p = parse_port(l, xml, input);
                if (!ids.insert(p.id).second)
                    fail_at(l, "duplicate port id ", p.id);
                ports.push_back(std::move(p));
            }
            std::sort(ports.begin(), ports.end(), [](const PortDesc& a, const PortDesc& b) { return a.id < b.id; });
        }
        l.sources.resize(l.inputs.size());
    }

    PortDesc parse_port(const Layer& l, const pugi::xml_node& xml, bool input) {
        PortDesc p;
        const std::string where = std::string(input ? "input" : "output") + " port";
        const auto id = parse_u64(xml.attribute("id").value());
        if (!xml.attribute("id") || !id)
            fail_at(l, where, " with a missing or bad id '", xml.attribute("id").value(), "'");
        p.id = *id;
        for (const auto& dim : xml.children("dim")) {
            Dimension d;
            const std::string err = detail::parse_dim(dim.child_value(), d);
            if (!err.empty())
                fail_at(l, port_text(p, input), ": ", err);
        }
        if (!input)
            p.names = detail::split_tensor_names(xml.attribute("names").value());
        p.rt_info = xml.child("rt_info");
        return p;
    }

    void parse_edges(const pugi::xml_node& edges) {
        size_t k = 0;
        for (const auto& e : edges.children("edge")) {
            const char* keys[] = {"from-layer", "from-port", "to-layer", "to-port"};
            uint64_t v[4];
            for (int i = 0; i < 4; ++i) {
                const auto parsed = parse_u64(e.attribute(keys[i]).value());
                if (!e.attribute(keys[i]) || !parsed)
                    fail("edge #", k, ": missing or bad ", keys[i], " '", e.attribute(keys[i]).value(), "'");
                v[i] = *parsed;
            }
            const auto from = m_by_id.find(v[0]);
            const auto to = m_by_id.find(v[2]);
            if (from == m_by_id.end())
                fail("edge #", k, " (", v[0], ":", v[1], " -> ", v[2], ":", v[3], "): from-layer ", v[0],
                     " does not exist");
            if (to == m_by_id.end())
                fail("edge #", k, " (", v[0], ":", v[1], " -> ", v[2], ":", v[3], "): to-layer ", v[2],
                     " does not exist");
            const Layer& src = m_layers[from->second];
            Layer& dst = m_layers[to->second];
            const auto out = find_port(src.outputs, v[1]);
            if (!out)
                fail_at(src, "edge #", k, " leaves port ", v[1], ", which is not an output port of this layer");
            const auto in = find_port(dst.inputs, v[3]);
            if (!in)
                fail_at(dst, "edge #", k, " enters port ", v[3], ", which is not an input port of this layer");
            Source& s = dst.sources[*in];
            if (s.connected)
                fail_at(dst, "input port ", v[3], " has more than one incoming edge (from layer ", m_layers[s.layer].id,
                        " and layer ", src.id, ")");
            s = Source{src.index, *out, true};
            ++k;
        }
        for (const auto& l : m_layers)
            for (size_t i = 0; i < l.inputs.size(); ++i)
                if (!l.sources[i].connected)
                    fail_at(l, "input port ", l.inputs[i].id, " is not connected (no edge enters it)");
    }

    static std::optional<size_t> find_port(const std::vector<PortDesc>& ports, uint64_t id) {
        for (size_t i = 0; i < ports.size(); ++i)
            if (ports[i].id == id)
                return i;
        return std::nullopt;
    }

    // Kahn's algorithm in document order; on a cycle, names a layer that lies on it.
    std::vector<size_t> topological_order() const {
        const size_t n = m_layers.size();
        std::vector<size_t> pending(n, 0);
        std::vector<std::vector<size_t>> consumers(n);
        for (const auto& l : m_layers)
            for (const auto& s : l.sources) {
                consumers[s.layer].push_back(l.index);
                ++pending[l.index];
            }
        std::deque<size_t> ready;
        for (size_t i = 0; i < n; ++i)
            if (pending[i] == 0)
                ready.push_back(i);
        std::vector<size_t> order;
        while (!ready.empty()) {
            const size_t i = ready.front();
            ready.pop_front();
            order.push_back(i);
            for (size_t c : consumers[i])
                if (--pending[c] == 0)
                    ready.push_back(c);
        }
        if (order.size() == n)
            return order;
        // Every layer still pending has a pending producer: walking producers must revisit one.
        size_t cur = 0;
        while (pending[cur] == 0)
            ++cur;
        std::vector<bool> seen(n, false);
        while (!seen[cur]) {
            seen[cur] = true;
            for (const auto& s : m_layers[cur].sources)
                if (pending[s.layer] != 0) {
                    cur = s.layer;
                    break;
                }
        }
        fail_at(m_layers[cur], "the graph has a cycle through this layer");
    }

    int64_t opset_of(const Layer& l) const {
        const std::string& v = l.version;
        const auto n = v.rfind("opset", 0) == 0 ? parse_u64(v.substr(5)) : std::nullopt;
        if (!n || v.size() <= 5 || v.find(' ') != std::string::npos || *n < 1 || *n > k_max_opset)
            fail_at(l, "unsupported operation set version '", v, "' (opset1 to opset", k_max_opset, " are read)");
        return static_cast<int64_t>(*n);
    }

    void build(Layer& l) {
        const std::string type = detail::op_type_from_ir(l.type);
        const OpSpec* spec = ext::find_ir_op(type, l.version);  // an extension's own opset name
        if (!spec && l.version.rfind("opset", 0) != 0) {
            if (const auto e = find_extension(type))
                fail_at(l, "operation ", type, " is registered by an extension for opset '", e->opset, "', not '",
                        l.version, "'");
            if (!OpRegistry::get().latest(type))
                fail_at(l, "unknown operation type '", l.type, "' of opset '", l.version,
                        "' (an extension op must be registered first, e.g. with Core::add_extension)");
        }
        if (!spec) {
            const int64_t opset = opset_of(l);
            spec = OpRegistry::get().find(type, opset);
            if (!spec && !OpRegistry::get().latest(type))
                fail_at(l, "unknown operation type '", l.type, "'");
            if (!spec)
                fail_at(l, "operation ", type, " has no version in opset", opset);
        }
        Attributes attrs;
        for (const auto& a : l.xml.child("data").attributes())
            attrs.emplace_back(a.name(), a.value());
        OutputVector inputs;
        for (size_t i = 0; i < l.sources.size(); ++i) {
            const Layer& src = m_layers[l.sources[i].layer];
            if (!src.node || l.sources[i].output >= src.node->get_output_size())
                fail_at(l, "input port ", l.inputs[i].id, ": layer ", src.id, " has no such output");
            inputs.emplace_back(src.node, l.sources[i].output);
        }
        auto node = std::make_shared<Node>(type, spec->version, inputs, std::move(attrs));
        if (l.xml.attribute("name"))
            node->set_friendly_name(l.name);
        detail::read_attribute_rt_info(l.xml.child("rt_info"), node->get_rt_info());
        for (const bool input : {true, false}) {
            const auto& ports = input ? l.inputs : l.outputs;
            for (size_t i = 0; i < ports.size(); ++i) {
                AnyMap port_rt;
                detail::read_attribute_rt_info(ports[i].rt_info, port_rt);
                if (!port_rt.empty())
                    node->get_rt_info()[detail::port_rt_key(input, i)] = std::move(port_rt);
            }
        }
        node->set_bodies(read_bodies(l));
        if (node->is_constant()) {
            try {
                node->set_constant_value(detail::load_constant(*node, m_weights));
            } catch (const Exception& e) {
                fail_at(l, e.what());
            }
        }
        try {
            node->validate_and_infer_types();
        } catch (const std::exception& e) {
            std::string msg = e.what();
            const std::string prefix = node->describe() + ": ";
            if (msg.rfind(prefix, 0) == 0)
                msg = msg.substr(prefix.size());
            fail_at(l, msg);
        }
        // OpenVINO lists every output port, except for sinks such as Result that it lists none for.
        if (!l.outputs.empty() && l.outputs.size() != node->get_output_size())
            fail_at(l, "the IR lists ", l.outputs.size(), " output ports but the operation has ",
                    node->get_output_size());
        // A port's precision and dims are informational, as in OpenVINO's reader: types and shapes come from
        // the producers and shape inference (dims must still parse).
        for (size_t i = 0; i < l.outputs.size(); ++i)
            node->output_names(i) = l.outputs[i].names;
        l.node = std::move(node);
    }

    // The model of the <net> or, with `net` null, of a body (which holds no variables: their state would
    // belong to no request).
    std::shared_ptr<Model> make_model(const pugi::xml_node* net) {
        NodeVector params, results, sinks;
        for (const auto& l : m_layers) {
            const std::string& t = l.node->get_type_name();
            if (t == "Parameter")
                params.push_back(l.node);
            else if (t == "Result")
                results.push_back(l.node);
            else if (!net && (t == "Assign" || t == "ReadValue"))
                fail_at(l, "a body cannot hold variables");
            else if (t == "Assign")
                sinks.push_back(l.node);
        }
        if (results.empty() && sinks.empty())
            fail(net ? "the IR has no Result layer" : "the body has no Result layer");
        std::shared_ptr<Model> model;
        try {
            model = std::make_shared<Model>(results, params, net ? net->attribute("name").value() : "body", sinks);
            if (net)
                model->get_rt_info() = detail::read_model_rt_info(net->child("rt_info"));
        } catch (const std::exception& e) {
            fail(e.what());
        }
        return model;
    }

    // <layers> and <edges> of a <net> or of a body: every layer built, in topological order.
    void read_graph(const pugi::xml_node& graph) {
        const pugi::xml_node layers = graph.child("layers");
        if (!layers)
            fail("no <layers> element");
        parse_layers(layers);
        parse_edges(graph.child("edges"));
        refuse_string_tensors();
        for (const size_t i : topological_order())
            build(m_layers[i]);
    }

    // The bodies of a multi-graph layer with their port maps (If: then, else; Loop, TensorIterator: body).
    std::vector<Body> read_bodies(const Layer& l) {
        static const char* const kinds[][2] = {{"then_body", "then_port_map"}, {"else_body", "else_port_map"},
                                               {"body", "port_map"}};
        std::vector<Body> bodies;
        for (const auto& kind : kinds) {
            const pugi::xml_node xml = l.xml.child(kind[0]);
            if (!xml)
                continue;
            if (m_depth + 1 > k_max_body_depth)
                fail_at(l, "bodies nest more than ", k_max_body_depth, " deep");
            Reader inner(m_label + ": layer " + l.id_text + " '" + l.name + "' (" + l.type + ") " + kind[0], m_weights,
                         m_depth + 1);
            inner.read_graph(xml);
            Body body;
            body.model = inner.make_model(nullptr);
            const pugi::xml_node map = l.xml.child(kind[1]);
            for (const auto& e : map.children()) {
                const std::string tag = e.name();
                if (tag != "input" && tag != "output")
                    fail_at(l, "<", kind[1], "> has an unknown entry <", tag, ">");
                const bool input = tag == "input";
                const int64_t outer = external_port(l, e, input);
                const size_t inner_index = inner.body_port(e.attribute("internal_layer_id"), input ? "Parameter" : "Result");
                const bool sliced = static_cast<bool>(e.attribute("axis"));
                const int64_t axis = port_attr(l, e, "axis", 0), start = port_attr(l, e, "start", 0),
                              stride = port_attr(l, e, "stride", 1), part = port_attr(l, e, "part_size", 1),
                              end = port_attr(l, e, "end", -1);
                const std::string purpose = e.attribute("purpose").value();
                if (input)
                    body.inputs.push_back(BodyInput{outer, inner_index, sliced, axis, start, stride, part, end, purpose});
                else
                    body.outputs.push_back(BodyOutput{outer, inner_index, sliced, axis, start, stride, part, end, purpose});
            }
            if (std::string(kind[0]) == "body")
                for (const auto& e : l.xml.child("back_edges").children("edge"))
                    body.back_edges.push_back(BackEdge{inner.body_port(e.attribute("from-layer"), "Result"),
                                                       inner.body_port(e.attribute("to-layer"), "Parameter")});
            bodies.push_back(std::move(body));
        }
        return bodies;
    }

    // external_port_id: a port of the layer (-1: none, for Loop's special body ports).
    int64_t external_port(const Layer& l, const pugi::xml_node& e, bool input) const {
        const std::string text = e.attribute("external_port_id").value();
        if (text == "-1")
            return -1;
        const auto id = parse_u64(text);
        const auto index = id ? find_port(input ? l.inputs : l.outputs, *id) : std::nullopt;
        if (!index)
            fail_at(l, "port map entry with external_port_id '", text, "', which is not an ", input ? "input" : "output",
                    " port of this layer");
        return static_cast<int64_t>(*index);
    }

    int64_t port_attr(const Layer& l, const pugi::xml_node& e, const char* name, int64_t fallback) const {
        const auto a = e.attribute(name);
        if (!a)
            return fallback;
        const auto v = detail::parse_i64(a.value());
        if (!v)
            fail_at(l, "port map attribute ", name, "='", a.value(), "' is not an integer");
        return *v;
    }

    // The index among the body's Parameters (or Results) of the layer with this id.
    size_t body_port(const pugi::xml_attribute& id_attr, const char* type) const {
        const auto id = parse_u64(id_attr.value());
        const auto it = id ? m_by_id.find(*id) : m_by_id.end();
        if (!id_attr || it == m_by_id.end() || m_layers[it->second].node->get_type_name() != type)
            fail("a port map or back edge names layer '", id_attr.value(), "', which is not a ", type, " of the body");
        size_t index = 0;
        for (size_t i = 0; i < it->second; ++i)
            index += m_layers[i].node->get_type_name() == type;
        return index;
    }

    std::string m_label;
    detail::WeightsSource& m_weights;
    int m_depth = 0;
    std::vector<Layer> m_layers;
    std::unordered_map<uint64_t, size_t> m_by_id;
};

}  // namespace

std::shared_ptr<Model> read_model(const std::string& xml_path, const std::string& bin_path) {
    std::string xml;
    try {
        xml = ovcl::detail::read_regular_file(xml_path, ovcl::detail::kMaxModelXmlBytes, "model file");
    } catch (const Exception& e) {
        raise<ModelError>(e.what());
    }
    const std::string bin = bin_path.empty() ? detail::bin_path_for(xml_path) : bin_path;
    auto weights = detail::WeightsSource::from_file(bin);
    return Reader(xml_path, weights).read(xml.data(), xml.size());
}

std::shared_ptr<Model> read_model_from_memory(const std::string& xml_text, const Tensor& weights) {
    detail::WeightsSource source;
    try {
        source = detail::WeightsSource::from_tensor(weights);
    } catch (const Exception& e) {
        raise<ModelError>("<memory>: ", e.what());
    }
    return Reader("<memory>", source).read(xml_text.data(), xml_text.size());
}

}  // namespace ir
}  // namespace ovcl
