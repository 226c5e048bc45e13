// Text conventions of OpenVINO IR shared by the reader and the writer.
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "ir_internal.hpp"

namespace ovcl {
namespace ir {
namespace detail {

namespace {
// Legacy IR names of ops that OpenVINO's serializer still writes (and v10 files use).
const std::pair<const char*, const char*> k_legacy_names[] = {
    {"Const", "Constant"}, {"ReLU", "Relu"}, {"SoftMax", "Softmax"}, {"PReLU", "PRelu"}};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

bool is_xml_name(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    if (s.size() >= 3 && (s[0] == 'x' || s[0] == 'X') && (s[1] == 'm' || s[1] == 'M') && (s[2] == 'l' || s[2] == 'L'))
        return false;  // names starting with "xml" are reserved
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
            return false;
    return true;
}
}  // namespace

std::string op_type_from_ir(const std::string& ir_type) {
    for (const auto& [legacy, name] : k_legacy_names)
        if (ir_type == legacy)
            return name;
    return ir_type;
}

std::string op_type_to_ir(const std::string& type) {
    for (const auto& [legacy, name] : k_legacy_names)
        if (type == name)
            return legacy;
    return type;
}

std::string precision_name(element::Type type) {
    switch (static_cast<element::Type_t>(type)) {
    case element::Type_t::boolean: return "BOOL";
    case element::Type_t::u8: return "U8";
    case element::Type_t::i8: return "I8";
    case element::Type_t::u16: return "U16";
    case element::Type_t::i16: return "I16";
    case element::Type_t::u32: return "U32";
    case element::Type_t::i32: return "I32";
    case element::Type_t::u64: return "U64";
    case element::Type_t::i64: return "I64";
    case element::Type_t::f16: return "FP16";
    case element::Type_t::f32: return "FP32";
    case element::Type_t::f64: return "FP64";
    default: return "UNSPECIFIED";
    }
}

std::set<std::string> split_tensor_names(const std::string& text) {
    std::set<std::string> names;
    std::string cur;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ',') {
            cur += ',';
            ++i;
        } else if (text[i] == ',') {
            if (!cur.empty())
                names.insert(cur);
            cur.clear();
        } else {
            cur += text[i];
        }
    }
    if (!cur.empty())
        names.insert(cur);
    return names;
}

std::string join_tensor_names(const std::set<std::string>& names) {
    std::string out;
    for (const auto& name : names) {
        if (!out.empty())
            out += ',';
        for (char c : name) {
            if (c == ',')
                out += '\\';
            out += c;
        }
    }
    return out;
}

std::string port_rt_key(bool input, size_t index) {
    return std::string(input ? "input:" : "output:") + std::to_string(index);
}

bool parse_port_rt_key(const std::string& key, bool& input, size_t& index) {
    std::string rest;
    if (key.rfind("input:", 0) == 0) {
        input = true;
        rest = key.substr(6);
    } else if (key.rfind("output:", 0) == 0) {
        input = false;
        rest = key.substr(7);
    } else {
        return false;
    }
    if (rest.empty() || rest.find_first_not_of("0123456789") != std::string::npos)
        return false;
    const auto v = parse_u64(rest);
    if (!v || *v > std::numeric_limits<size_t>::max())
        return false;
    index = static_cast<size_t>(*v);
    return true;
}

void read_attribute_rt_info(const pugi::xml_node& rt_info, AnyMap& out) {
    for (const auto& item : rt_info.children()) {
        if (item.type() != pugi::node_element)
            continue;
        const auto name_attr = item.attribute("name");
        const std::string key = name_attr ? name_attr.value() : item.name();
        AnyMap fields;
        for (const auto& a : item.attributes())
            if (std::strcmp(a.name(), "name") != 0)
                fields[a.name()] = std::string(a.value());
        out[key] = std::move(fields);
    }
}

void write_attribute_rt_info(pugi::xml_node parent, const AnyMap& entries) {
    if (entries.empty())
        return;
    auto rt = parent.append_child("rt_info");
    for (const auto& [key, value] : entries) {
        auto item = rt.append_child("attribute");
        item.append_attribute("name").set_value(key.c_str());
        if (!value.is<AnyMap>()) {
            item.append_attribute("value").set_value(value.as<std::string>().c_str());
            continue;
        }
        const auto& fields = value.as<AnyMap>();
        // OpenVINO's order: name, version, then the payload.
        auto version = fields.find("version");
        if (version != fields.end())
            item.append_attribute("version").set_value(version->second.as<std::string>().c_str());
        for (const auto& [field, v] : fields)
            if (field != "version" && field != "name")
                item.append_attribute(field.c_str()).set_value(v.as<std::string>().c_str());
    }
}

namespace {
AnyMap read_nested_rt_info(const pugi::xml_node& node, int depth) {
    // Deep nesting is legal XML; a bound keeps hostile files from exhausting the stack.
    if (depth > 64)
        raise<Exception>("<rt_info> is nested more than 64 levels deep");
    AnyMap out;
    for (const auto& item : node.children()) {
        if (item.type() != pugi::node_element)
            continue;
        const auto name_attr = item.attribute("name");
        const std::string key = name_attr ? name_attr.value() : item.name();
        const auto value = item.attribute("value");
        if (value)
            out[key] = std::string(value.value());
        else
            out[key] = read_nested_rt_info(item, depth + 1);
    }
    return out;
}
}  // namespace

AnyMap read_model_rt_info(const pugi::xml_node& rt_info) { return read_nested_rt_info(rt_info, 0); }

void write_model_rt_info(pugi::xml_node rt_info, const AnyMap& entries) {
    for (const auto& [key, value] : entries) {
        // Keys that are not XML names go into <info name="..."> as newer OpenVINO writes them.
        pugi::xml_node item =
            is_xml_name(key) && key != "info" ? rt_info.append_child(key.c_str()) : rt_info.append_child("info");
        if (std::strcmp(item.name(), "info") == 0)
            item.append_attribute("name").set_value(key.c_str());
        if (value.is<AnyMap>())
            write_model_rt_info(item, value.as<AnyMap>());
        else
            item.append_attribute("value").set_value(value.as<std::string>().c_str());
    }
}

std::string bin_path_for(const std::string& xml_path) {
    const auto slash = xml_path.find_last_of('/');
    const auto dot = xml_path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return xml_path + ".bin";
    return xml_path.substr(0, dot) + ".bin";
}

std::string parse_dim(const std::string& raw, Dimension& out) {
    const std::string text = trim(raw);
    constexpr uint64_t max = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (text == "-1" || text == "?") {
        out = Dimension();
        return {};
    }
    const auto dots = text.find("..");
    if (dots != std::string::npos) {
        const std::string lo = text.substr(0, dots), hi = text.substr(dots + 2);
        const auto l = lo.empty() ? std::optional<uint64_t>(0) : parse_u64(lo);
        const auto h = hi.empty() || hi == "-1" ? std::optional<uint64_t>(max) : parse_u64(hi);
        if (!l || !h || *l > max || *h > max || *l > *h)
            return "bad dimension range '" + text + "'";
        out = Dimension(static_cast<int64_t>(*l), *h == max ? Dimension::inf : static_cast<int64_t>(*h));
        return {};
    }
    const auto v = parse_i64(text);
    if (!v)
        return "dimension '" + text + "' is not a number";
    if (*v < 0)
        return "negative dimension " + text + " (only -1 means dynamic)";
    out = Dimension(*v);
    return {};
}

std::optional<uint64_t> parse_u64(const std::string& text) {
    const std::string s = trim(text);
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (errno == ERANGE || !end || *end)
        return std::nullopt;
    return static_cast<uint64_t>(v);
}

std::optional<int64_t> parse_i64(const std::string& text) {
    const std::string s = trim(text);
    const size_t digits = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    if (s.size() == digits || s.find_first_not_of("0123456789", digits) != std::string::npos)
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno == ERANGE || !end || *end)
        return std::nullopt;
    return static_cast<int64_t>(v);
}

}  // namespace detail
}  // namespace ir
}  // namespace ovcl
