// The process-wide table of extensions, the op-registry entries made from them (shape
// inference by rule or by the user's function, the host function) and attribute reading.
#include "extension_registry.hpp"

#include <cerrno>
#include <cstdlib>
#include <map>
#include <mutex>

#include "ovcl/except.hpp"

namespace ovcl {
namespace ext {

namespace {

struct Table {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const Registered>> by_type;
};
Table& table() {
    static Table* t = new Table();  // never destroyed: nodes and plugins may look up during static destruction
    return *t;
}

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos)
        return "";
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

const AttributeDecl* declared(const OpExtension& ext, const std::string& name) {
    for (const auto& a : ext.attributes)
        if (a.name == name)
            return &a;
    return nullptr;
}

// The layer's attributes against the declaration: no unknown names, required ones present,
// every value readable as its kind.
void check_attributes(const Registered& r, const Node& node) {
    const OpExtension& ext = *r.ext;
    for (const auto& [name, value] : node.get_attributes()) {
        const AttributeDecl* d = declared(ext, name);
        if (!d) {
            std::string known;
            for (const auto& a : ext.attributes)
                known += (known.empty() ? "" : ", ") + a.name;
            raise<ModelError>("unknown attribute '", name, "' (", ext.type, " declares ",
                              known.empty() ? "none" : known, ")");
        }
        try {
            check_attribute_value(*d, value);
        } catch (const Exception& e) {
            raise<ModelError>("attribute '", name, "': ", e.what());
        }
    }
    for (const auto& a : ext.attributes)
        if (!a.default_value && !node.has_attr(a.name))
            raise<ModelError>("the required attribute '", a.name, "' is missing");
}

std::vector<OutputInfo> infer_by_rules(const Registered& r, const Node& node, const std::vector<InputInfo>& in) {
    std::vector<PartialShape> shapes;
    for (const auto& i : in)
        shapes.push_back(i.shape);
    const auto lookup = node_lookup(node, shapes, {});
    std::vector<OutputInfo> out;
    for (size_t k = 0; k < r.outputs.size(); ++k) {
        const Registered::Port& rule = r.outputs[k];
        OutputInfo o;
        o.type = rule.fixed_type ? *rule.fixed_type : in.at(rule.type_input).type;
        if (!rule.dims) {
            o.shape = in.at(rule.like_input).shape;
        } else {
            std::vector<Dimension> dims;
            for (const auto& e : *rule.dims) {
                const auto v = e.evaluate(lookup);
                if (v && *v < 0)
                    raise<ModelError>("output ", k, ": '", e.text(), "' gives the negative dimension ", *v);
                dims.push_back(v ? Dimension(*v) : Dimension::dynamic());
            }
            o.shape = PartialShape(dims);
        }
        out.push_back(o);
    }
    return out;
}

}  // namespace

std::string Registered::where() const {
    return (ext->origin.empty() ? "" : ext->origin + ": ") + "extension op '" + ext->type + "'";
}

int64_t parse_int_attr(const std::string& text) {
    const std::string t = trim(text);
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0' || errno == ERANGE)
        raise<Exception>("'", text, "' is not an integer");
    return v;
}

double parse_float_attr(const std::string& text) {
    const std::string t = trim(text);
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0')
        raise<Exception>("'", text, "' is not a number");
    return v;
}

bool parse_bool_attr(const std::string& text) {
    const std::string t = trim(text);
    if (t == "true" || t == "1")
        return true;
    if (t == "false" || t == "0")
        return false;
    raise<Exception>("'", text, "' is not a boolean (true, false, 1 or 0)");
}

void check_attribute_value(const AttributeDecl& d, const std::string& text) {
    auto each = [&](auto parse) {
        if (trim(text).empty())
            return;
        size_t start = 0;
        for (size_t i = 0; i <= text.size(); ++i)
            if (i == text.size() || text[i] == ',') {
                parse(text.substr(start, i - start));
                start = i + 1;
            }
    };
    switch (d.kind) {
    case AttributeKind::INT: parse_int_attr(text); break;
    case AttributeKind::FLOAT: parse_float_attr(text); break;
    case AttributeKind::BOOL: parse_bool_attr(text); break;
    case AttributeKind::STRING: break;
    case AttributeKind::INTS: each(parse_int_attr); break;
    case AttributeKind::FLOATS: each(parse_float_attr); break;
    }
}

Expression::Lookup node_lookup(const Node& node, const std::vector<PartialShape>& inputs,
                               const std::vector<PartialShape>& outputs) {
    return [&node, inputs, outputs](const Ref& ref) -> std::optional<int64_t> {
        if (ref.kind == Ref::Kind::ATTRIBUTE)
            return parse_int_attr(extension_attr_text(node, ref.name));
        const bool in = ref.kind == Ref::Kind::INPUT;
        const auto& shapes = in ? inputs : outputs;
        if (ref.port >= shapes.size())
            raise<Exception>(ref.text(), ": the node has ", shapes.size(), in ? " inputs" : " outputs", " here");
        const PartialShape& s = shapes[ref.port];
        if (s.rank_is_dynamic())
            return std::nullopt;
        const size_t rank = s.size();
        switch (ref.field) {
        case Ref::Field::RANK: return static_cast<int64_t>(rank);
        case Ref::Field::DIM:
            if (ref.dim >= rank)
                raise<Exception>(ref.text(), ": ", in ? "input " : "output ", ref.port, " has rank ", rank);
            if (s[ref.dim].is_dynamic())
                return std::nullopt;
            return s[ref.dim].get_length();
        case Ref::Field::SIZE:
            if (s.is_dynamic())
                return std::nullopt;
            return static_cast<int64_t>(shape_size(s.to_shape()));
        }
        return std::nullopt;
    };
}

std::shared_ptr<const Registered> find_registered(const std::string& type) {
    Table& t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    auto it = t.by_type.find(type);
    return it == t.by_type.end() ? nullptr : it->second;
}

std::optional<std::string> kernel_source_for_stem(const std::string& stem) {
    const std::string prefix = "ext:";
    if (stem.rfind(prefix, 0) != 0)
        return std::nullopt;
    const auto r = find_registered(stem.substr(prefix.size()));
    if (!r || !r->ext->kernel)
        return std::nullopt;
    return r->ext->kernel->source;
}

std::string kernel_source_label(const std::string& stem) {
    const std::string prefix = "ext:";
    if (stem.rfind(prefix, 0) != 0)
        return "kernels_cl/" + stem + ".cl";
    const std::string type = stem.substr(prefix.size());
    const auto r = find_registered(type);
    std::string file = r && r->ext->kernel ? r->ext->kernel->source_name : "";
    if (file.empty())
        file = "<string>";
    return file + " (custom op " + type + ")";
}

const OpSpec* find_ir_op(const std::string& type, const std::string& opset) {
    const auto r = find_registered(type);
    if (!r || r->ext->opset != opset)
        return nullptr;
    return OpRegistry::get().find_exact(type, r->version);
}

std::optional<std::string> ir_opset_of(const Node& node) {
    const auto r = find_registered(node.get_type_name());
    if (!r || r->version != node.get_version())
        return std::nullopt;
    return r->ext->opset;
}

}  // namespace ext

void register_extension(const OpExtension& extension) {
    auto r = ext::compile_extension(extension);  // throws on anything malformed
    OpSpec spec;
    spec.type = extension.type;
    spec.version = r->version;
    spec.infer = [r](const Node& node, const std::vector<InputInfo>& in) {
        ext::check_attributes(*r, node);
        const OpExtension& e = *r->ext;
        if (in.size() != e.inputs)
            raise<ModelError>(e.type, " takes ", e.inputs, " input", e.inputs == 1 ? "" : "s", ", got ", in.size());
        if (!e.infer)
            return ext::infer_by_rules(*r, node, in);
        auto out = e.infer(node, in);
        if (out.size() != e.outputs.size())
            raise<ModelError>("the shape inference of ", e.type, " gave ", out.size(), " outputs, but ",
                              e.outputs.size(), " are declared");
        return out;
    };
    if (extension.host)
        spec.evaluate = [host = extension.host](const Node& node, const TensorVector& in, TensorVector& out,
                                                EvalContext&) { host(node, in, out); };
    ext::Table& t = ext::table();
    std::lock_guard<std::mutex> lock(t.mutex);
    OpRegistry::get().add(std::move(spec));
    t.by_type[extension.type] = r;
}

void register_extensions(const std::vector<OpExtension>& extensions) {
    for (const auto& e : extensions)
        ext::compile_extension(e);
    for (const auto& e : extensions)
        register_extension(e);
}

std::shared_ptr<const OpExtension> find_extension(const std::string& type) {
    const auto r = ext::find_registered(type);
    return r ? r->ext : nullptr;
}

std::string extension_attr_text(const Node& node, const std::string& name) {
    if (node.has_attr(name))
        return node.get_attr_text(name);
    const auto r = ext::find_registered(node.get_type_name());
    if (r)
        for (const auto& a : r->ext->attributes)
            if (a.name == name && a.default_value)
                return *a.default_value;
    raise<ModelError>(node.describe(), ": no attribute '", name, "' and no default for it");
}

}  // namespace ovcl
