#include "ovcl/node.hpp"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <limits>

#include "ovcl/op_registry.hpp"

namespace ovcl {

// ---- Output -------------------------------------------------------------------------------

template <typename NodeType>
element::Type Output<NodeType>::get_element_type() const {
    return node->get_output_element_type(index);
}
template <typename NodeType>
const PartialShape& Output<NodeType>::get_partial_shape() const {
    return node->get_output_partial_shape(index);
}
template <typename NodeType>
Shape Output<NodeType>::get_shape() const {
    return node->get_output_shape(index);
}

template <typename NodeType>
const std::set<std::string>& Output<NodeType>::get_names() const {
    if (node->get_type_name() == "Result" && node->get_input_size() == 1)
        return node->input_value(0).get_names();
    return node->output_names(index);
}

template <typename NodeType>
std::string Output<NodeType>::get_any_name() const {
    const auto& names = get_names();
    if (names.empty())
        raise<NotFound>("port ", index, " of ", node->describe(), " has no tensor name");
    return *names.begin();
}

template struct Output<Node>;
template struct Output<const Node>;

// ---- Node ---------------------------------------------------------------------------------

namespace {
std::atomic<uint64_t> g_next_id{1};

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (c != ' ' && c != '\t' && c != '\n') {
            cur += c;
        }
    }
    if (!cur.empty() || !out.empty())
        out.push_back(cur);
    return out;
}

template <typename T>
T parse_scalar(const std::string& text, const Node& n, const std::string& name) {
    auto bad = [&]() -> T {
        raise<ModelError>(n.describe(), ": attribute ", name, "='", text, "' is not a valid ",
                          std::is_integral_v<T> ? "integer" : "number");
    };
    const char* b = text.c_str();
    while (*b == ' ')
        ++b;
    if (!*b)
        return bad();
    char* e = nullptr;
    errno = 0;
    T v;
    if constexpr (std::is_integral_v<T>) {
        const long long r = std::strtoll(b, &e, 10);
        v = static_cast<T>(r);
        if (std::is_unsigned_v<T> && r < 0)
            return bad();
    } else {
        v = static_cast<T>(std::strtod(b, &e));
    }
    while (e && *e == ' ')
        ++e;
    if (errno == ERANGE || !e || *e)
        return bad();
    return v;
}
}  // namespace

Node::Node(std::string type, int64_t version, OutputVector inputs, Attributes attrs)
    : m_type(std::move(type)),
      m_version(version),
      m_id(g_next_id++),
      m_inputs(std::move(inputs)),
      m_attrs(std::move(attrs)) {
    m_name = m_type + "_" + std::to_string(m_id);
}

const Output<Node>& Node::input_value(size_t i) const {
    if (i >= m_inputs.size())
        raise<NotFound>(describe(), " has no input ", i, " (it has ", m_inputs.size(), ")");
    return m_inputs[i];
}

void Node::set_argument(size_t i, const Output<Node>& value) {
    if (i >= m_inputs.size())
        raise<NotFound>(describe(), " has no input ", i);
    m_inputs[i] = value;
}

Output<Node> Node::output(size_t i) {
    if (i >= m_outputs.size())
        raise<NotFound>(describe(), " has no output ", i, " (it has ", m_outputs.size(), ")");
    return Output<Node>(shared_from_this(), i);
}

OutputVector Node::outputs() {
    OutputVector v;
    for (size_t i = 0; i < m_outputs.size(); ++i)
        v.emplace_back(shared_from_this(), i);
    return v;
}

#define OVCL_PORT(i)                                                                   \
    if ((i) >= m_outputs.size())                                                       \
        raise<NotFound>(describe(), " has no output ", (i), " (it has ", m_outputs.size(), ")");

element::Type Node::get_output_element_type(size_t i) const {
    OVCL_PORT(i)
    return m_outputs[i].type;
}
const PartialShape& Node::get_output_partial_shape(size_t i) const {
    OVCL_PORT(i)
    return m_outputs[i].shape;
}
Shape Node::get_output_shape(size_t i) const {
    OVCL_PORT(i)
    if (m_outputs[i].shape.is_dynamic())
        raise<Exception>("output ", i, " of ", describe(), " has a dynamic shape ", m_outputs[i].shape);
    return m_outputs[i].shape.to_shape();
}
std::set<std::string>& Node::output_names(size_t i) {
    OVCL_PORT(i)
    return m_outputs[i].names;
}
const std::set<std::string>& Node::output_names(size_t i) const {
    OVCL_PORT(i)
    return m_outputs[i].names;
}
void Node::set_output_type(size_t i, element::Type type, const PartialShape& shape) {
    if (i >= m_outputs.size())
        m_outputs.resize(i + 1);
    m_outputs[i].type = type;
    m_outputs[i].shape = shape;
    m_outputs[i].shape_value.reset();
}
const std::shared_ptr<const ShapeValue>& Node::get_output_shape_value(size_t i) const {
    OVCL_PORT(i)
    return m_outputs[i].shape_value;
}
void Node::set_output_shape_value(size_t i, std::shared_ptr<const ShapeValue> value) {
    OVCL_PORT(i)
    m_outputs[i].shape_value = std::move(value);
}
void Node::set_output_size(size_t n) { m_outputs.resize(n); }
#undef OVCL_PORT

bool Node::has_attr(const std::string& name) const {
    for (const auto& a : m_attrs)
        if (a.first == name)
            return true;
    return false;
}

const std::string& Node::get_attr_text(const std::string& name) const {
    for (const auto& a : m_attrs)
        if (a.first == name)
            return a.second;
    raise<ModelError>(describe(), ": missing attribute '", name, "'");
}

void Node::set_attr(const std::string& name, const std::string& value) {
    for (auto& a : m_attrs)
        if (a.first == name) {
            a.second = value;
            return;
        }
    m_attrs.emplace_back(name, value);
}

template <typename T>
T Node::get_attr(const std::string& name) const {
    const std::string& text = get_attr_text(name);
    if constexpr (std::is_same_v<T, std::string>) {
        return text;
    } else if constexpr (std::is_same_v<T, bool>) {
        if (text == "true" || text == "1" || text == "True")
            return true;
        if (text == "false" || text == "0" || text == "False")
            return false;
        raise<ModelError>(describe(), ": attribute ", name, "='", text, "' is not a boolean");
    } else if constexpr (std::is_same_v<T, element::Type>) {
        try {
            return element::Type(text);
        } catch (const Exception& e) {
            raise<ModelError>(describe(), ": attribute ", name, ": ", e.what());
        }
    } else if constexpr (std::is_same_v<T, PartialShape>) {
        try {
            return PartialShape(text);
        } catch (const Exception& e) {
            raise<ModelError>(describe(), ": attribute ", name, ": ", e.what());
        }
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        return text.empty() ? T{} : split_list(text);
    } else if constexpr (detail::is_vector<T>::value) {
        T out;
        if (text.find_first_not_of(" ") == std::string::npos)
            return out;
        for (const auto& tok : split_list(text))
            out.push_back(parse_scalar<typename T::value_type>(tok, *this, name));
        return out;
    } else {
        return parse_scalar<T>(text, *this, name);
    }
}

template int64_t Node::get_attr<int64_t>(const std::string&) const;
template int32_t Node::get_attr<int32_t>(const std::string&) const;
template size_t Node::get_attr<size_t>(const std::string&) const;
template double Node::get_attr<double>(const std::string&) const;
template float Node::get_attr<float>(const std::string&) const;
template bool Node::get_attr<bool>(const std::string&) const;
template std::string Node::get_attr<std::string>(const std::string&) const;
template element::Type Node::get_attr<element::Type>(const std::string&) const;
template PartialShape Node::get_attr<PartialShape>(const std::string&) const;
template std::vector<int64_t> Node::get_attr<std::vector<int64_t>>(const std::string&) const;
template std::vector<size_t> Node::get_attr<std::vector<size_t>>(const std::string&) const;
template std::vector<double> Node::get_attr<std::vector<double>>(const std::string&) const;
template std::vector<float> Node::get_attr<std::vector<float>>(const std::string&) const;
template std::vector<std::string> Node::get_attr<std::vector<std::string>>(const std::string&) const;

void Node::copy_spec_from(const Node& other) {
    if (other.m_type == m_type && other.m_version == m_version)
        m_spec = other.m_spec;
    spec();
}

const OpSpec& Node::spec() const {
    if (!m_spec) {
        m_spec = OpRegistry::get().find_exact(m_type, m_version);
        if (!m_spec)
            raise<ModelError>(describe(), ": operation ", m_type, " version opset", m_version, " is not supported");
    }
    return *m_spec;
}

namespace {
// A shape whose known extents already multiply past INT64_MAX can never be allocated or indexed:
// refused here, naming the node, rather than wrapping in a size computed later.
void check_element_count(const Node& node, size_t port, const PartialShape& shape) {
    if (shape.rank_is_dynamic())
        return;
    uint64_t n = 1;
    bool overflow = false;
    for (size_t i = 0; i < shape.size(); ++i) {
        const Dimension& d = shape[i];
        if (d.get_max_length() == 0)
            return;  // an empty tensor, whatever the other extents
        const auto lo = static_cast<uint64_t>(d.get_min_length());
        overflow = overflow || __builtin_mul_overflow(n, lo, &n) ||
                   n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    }
    if (overflow)
        raise<ModelError>(node.describe(), ": output ", port, " has the shape ", shape,
                          ", more elements than a tensor can hold (at most 2^63-1)");
}
}  // namespace

void Node::validate_and_infer_types() {
    std::vector<InputInfo> in;
    in.reserve(m_inputs.size());
    for (size_t i = 0; i < m_inputs.size(); ++i) {
        const Output<Node>& src = m_inputs[i];
        if (!src.node)
            raise<ModelError>(describe(), ": input ", i, " is not connected");
        InputInfo info{src.get_element_type(), src.get_partial_shape(), nullptr, nullptr};
        if (src.node->is_constant() && src.node->get_constant_value())
            info.value = &src.node->get_constant_value();
        else
            info.shape_value = src.node->get_output_shape_value(src.index);
        in.push_back(std::move(info));
    }
    std::vector<OutputInfo> out;
    try {
        out = spec().infer(*this, in);
    } catch (const ModelError& e) {
        const std::string msg = e.what();
        if (msg.find(describe()) != std::string::npos)
            throw;
        raise<ModelError>(describe(), ": ", msg);
    } catch (const std::exception& e) {
        raise<ModelError>(describe(), ": ", e.what());
    }
    m_outputs.resize(out.size());
    for (size_t i = 0; i < out.size(); ++i) {
        check_element_count(*this, i, out[i].shape);
        m_outputs[i].type = out[i].type;
        m_outputs[i].shape = out[i].shape;
        m_outputs[i].shape_value = out[i].shape_value;
    }
}

std::string Node::describe() const { return m_type + " '" + m_name + "'"; }

}  // namespace ovcl
