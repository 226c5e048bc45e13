// The custom-kernel config file (in the spirit of OpenVINO's GPU CONFIG_FILE): <CustomLayer>
// elements, each an op type with its kernel, defines, buffer bindings, output rules and work
// sizes. docs/extensions.md is the reference. Every error names the file and the line of the
// element at fault (pugixml gives byte offsets; they are turned into lines here).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include <pugixml.hpp>

#include "runtime/file_read.hpp"
#include "expression.hpp"
#include "extension_registry.hpp"
#include "ovcl/except.hpp"

namespace ovcl {

namespace {

namespace fs = std::filesystem;

// True when `path` (symbolic links resolved) lies inside the folder `dir`.
bool inside(const fs::path& path, const fs::path& dir) {
    std::error_code ec;
    const fs::path root = fs::weakly_canonical(dir, ec);
    if (ec || root.empty())
        return false;
    const auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
    return r == root.end() || (std::next(r) == root.end() && r->empty());  // "dir/" ends in an empty element
}

// A kernel source named by a config must stay inside the config's folder, so a config from elsewhere
// cannot make the plugin read (and echo in a build log) an arbitrary file. Folders listed in
// OVCL_KERNEL_SOURCE_DIRS (':'-separated) are allowed too: the way to share sources between configs
// or to name them by an absolute path.
bool allowed_source(const fs::path& resolved, const fs::path& config_dir) {
    if (inside(resolved, config_dir))
        return true;
    const char* env = std::getenv("OVCL_KERNEL_SOURCE_DIRS");
    std::istringstream dirs(env ? env : "");
    std::string dir;
    while (std::getline(dirs, dir, ':'))
        if (!dir.empty() && fs::path(dir).is_absolute() && inside(resolved, dir))
            return true;
    return false;
}

class ConfigReader {
public:
    ConfigReader(std::string path, std::string text) : m_path(std::move(path)), m_text(std::move(text)) {}

    std::vector<OpExtension> read() {
        pugi::xml_document doc;
        const auto parsed = doc.load_buffer(m_text.data(), m_text.size(), pugi::parse_default | pugi::parse_fragment);
        if (!parsed)
            raise<InvalidArgument>(m_path, ":", line_of(parsed.offset), ": XML parse error: ", parsed.description());
        std::vector<pugi::xml_node> layers;
        for (const auto& top : doc.children()) {
            if (top.type() != pugi::node_element)
                continue;
            if (std::string(top.name()) == "CustomLayer") {
                layers.push_back(top);
                continue;
            }
            for (const auto& child : top.children()) {  // a root such as <CustomLayers> around them
                if (child.type() != pugi::node_element)
                    continue;
                if (std::string(child.name()) != "CustomLayer")
                    fail(child, "unknown element <", child.name(), "> (expected <CustomLayer>)");
                layers.push_back(child);
            }
        }
        if (layers.empty())
            raise<InvalidArgument>(m_path, ": no <CustomLayer> element");
        std::vector<OpExtension> out;
        for (const auto& l : layers)
            out.push_back(layer(l));
        return out;
    }

private:
    size_t line_of(ptrdiff_t offset) const {
        const size_t at = std::min(static_cast<size_t>(std::max<ptrdiff_t>(offset, 0)), m_text.size());
        return 1 + static_cast<size_t>(std::count(m_text.begin(), m_text.begin() + static_cast<ptrdiff_t>(at), '\n'));
    }
    std::string origin(const pugi::xml_node& n) const {
        return m_path + ":" + std::to_string(line_of(n.offset_debug()));
    }

    template <typename... Args>
    [[noreturn]] void fail(const pugi::xml_node& n, const Args&... args) const {
        raise<InvalidArgument>(origin(n), ": ", m_op.empty() ? "" : "extension op '" + m_op + "': ", args...);
    }

    std::string required(const pugi::xml_node& n, const char* attr) const {
        const auto a = n.attribute(attr);
        if (!a || std::string(a.value()).empty())
            fail(n, "<", n.name(), "> needs a ", attr, " attribute");
        return a.value();
    }
    size_t index(const pugi::xml_node& n, const char* attr) const {
        const std::string text = required(n, attr);
        if (text.find_first_not_of("0123456789") != std::string::npos || text.size() > 6)
            fail(n, "<", n.name(), "> ", attr, " '", text, "' is not a non-negative integer");
        return std::stoul(text);
    }

    OpExtension layer(const pugi::xml_node& xml) {
        m_op.clear();
        OpExtension e;
        e.type = required(xml, "name");
        m_op = e.type;
        e.origin = origin(xml);
        e.outputs.clear();
        if (const auto t = xml.attribute("type"); t && std::string(t.value()) != "SimpleGPU")
            fail(xml, "type '", t.value(), "' is not supported (SimpleGPU)");
        if (const auto v = xml.attribute("version"); v && std::string(v.value()) != "1")
            fail(xml, "config version '", v.value(), "' is not supported (1)");
        if (const auto o = xml.attribute("opset"))
            e.opset = o.value();
        std::map<size_t, KernelBinding> args;
        size_t inputs_seen = 0;
        bool has_kernel = false, has_buffers = false, has_sizes = false;
        OpenCLKernel kernel;
        for (const auto& child : xml.children()) {
            if (child.type() != pugi::node_element)
                continue;
            const std::string name = child.name();
            if (name == "Kernel") {
                if (has_kernel)
                    fail(child, "a second <Kernel>");
                has_kernel = true;
                read_kernel(child, e, kernel);
            } else if (name == "Buffers") {
                has_buffers = true;
                read_buffers(child, args, inputs_seen);
            } else if (name == "WorkSizes") {
                has_sizes = true;
                kernel.global = ext::split_expression_list(required(child, "global"));
                kernel.local = ext::split_expression_list(child.attribute("local").value());
                kernel.sizes_origin = origin(child);
            } else if (name == "Attribute") {
                declare(e, child, required(child, "name"), child.attribute("type").value(), child.attribute("default"));
            } else if (name == "Output") {
                read_output(child, e);
            } else {
                fail(child, "unknown element <", name, "> in <CustomLayer> (Kernel, Buffers, WorkSizes, Attribute, ",
                     "Output)");
            }
        }
        if (!has_kernel)
            fail(xml, "no <Kernel> element");
        if (!has_buffers)
            fail(xml, "no <Buffers> element");
        if (!has_sizes)
            fail(xml, "no <WorkSizes> element");
        for (size_t i = 0; i < args.size(); ++i)
            if (!args.count(i))
                fail(xml, "kernel argument ", i, " is not bound (arg-index must run from 0 without gaps)");
        for (auto& [i, b] : args)
            kernel.args.push_back(b);
        if (e.outputs.empty())
            e.outputs.push_back(OutputRule{"in0", "in0", e.origin});
        e.inputs = inputs_seen;
        if (xml.attribute("inputs"))
            e.inputs = index(xml, "inputs");
        kernel.origin = kernel.origin.empty() ? e.origin : kernel.origin;
        e.kernel = std::move(kernel);
        return e;
    }

    void read_kernel(const pugi::xml_node& xml, OpExtension& e, OpenCLKernel& k) {
        k.entry = required(xml, "entry");
        k.origin = origin(xml);
        for (const auto& child : xml.children()) {
            if (child.type() != pugi::node_element)
                continue;
            const std::string name = child.name();
            if (name == "Source") {
                const std::string file = required(child, "filename");
                const fs::path dir = fs::absolute(fs::path(m_path)).parent_path();
                const fs::path path = dir / file;
                std::error_code ec;
                const fs::path resolved = fs::weakly_canonical(path, ec);
                if (ec || !allowed_source(resolved, dir))
                    fail(child, "the kernel source '", file, "' is outside the config's folder ", dir.string(),
                         " (OVCL_KERNEL_SOURCE_DIRS lists other folders that may hold kernel sources)");
                std::string text;
                bool found = false;
                try {
                    found = detail::read_regular_file_if_exists(resolved.string(), detail::kMaxTextFileBytes,
                                                                "kernel source", text);
                } catch (const Exception& e) {
                    fail(child, "cannot read the kernel source '", file, "': ", e.what());
                }
                if (!found)
                    fail(child, "cannot read the kernel source '", file, "' (", path.string(), ")");
                k.source += text + "\n";
                k.source_name += (k.source_name.empty() ? "" : ", ") + path.string();
            } else if (name == "Define") {
                KernelDefine d;
                d.name = required(child, "name");
                d.origin = origin(child);
                if (child.attribute("param")) {
                    d.attribute = required(child, "param");
                    declare(e, child, d.attribute, child.attribute("type").value(), child.attribute("default"));
                } else {
                    d.value = required(child, "value");
                }
                k.defines.push_back(d);
            } else if (name == "Option") {
                k.options += (k.options.empty() ? "" : " ") + required(child, "value");
            } else {
                fail(child, "unknown element <", name, "> in <Kernel> (Source, Define, Option)");
            }
        }
        if (k.source.empty())
            fail(xml, "<Kernel> has no <Source>");
    }

    // An attribute declared by <Attribute> or by a <Define param=...>; declaring it again must agree.
    void declare(OpExtension& e, const pugi::xml_node& at, const std::string& name, const std::string& type,
                 const pugi::xml_attribute& def) {
        static const std::map<std::string, AttributeKind> kinds = {
            {"int", AttributeKind::INT},     {"float", AttributeKind::FLOAT},   {"bool", AttributeKind::BOOL},
            {"string", AttributeKind::STRING}, {"int[]", AttributeKind::INTS}, {"float[]", AttributeKind::FLOATS}};
        const auto kind = kinds.find(type.empty() ? "float" : type);
        if (kind == kinds.end())
            fail(at, "attribute '", name, "': unknown type '", type, "' (int, float, bool, string, int[], float[])");
        AttributeDecl d{name, kind->second, std::nullopt, origin(at)};
        if (def)
            d.default_value = def.value();
        for (const auto& a : e.attributes)
            if (a.name == name) {
                if (a.kind != d.kind || a.default_value != d.default_value)
                    fail(at, "attribute '", name, "' is declared again (", a.origin, ") with another type or default");
                return;
            }
        e.attributes.push_back(d);
    }

    void read_buffers(const pugi::xml_node& xml, std::map<size_t, KernelBinding>& args, size_t& inputs_seen) {
        for (const auto& child : xml.children()) {
            if (child.type() != pugi::node_element)
                continue;
            const std::string name = child.name();
            KernelBinding b;
            b.origin = origin(child);
            if (name == "Tensor") {
                const std::string type = required(child, "type");
                if (type != "input" && type != "output")
                    fail(child, "unknown binding type '", type, "' in <Tensor> (input or output)");
                const std::string format = child.attribute("format").value();
                if (!format.empty() && format != "BFYX" && format != "bfyx" && format != "plain" && format != "ANY" &&
                    format != "any")
                    fail(child, "format '", format, "' is not supported (buffers are dense row-major: BFYX)");
                b.kind = type == "input" ? KernelBinding::Kind::INPUT : KernelBinding::Kind::OUTPUT;
                b.port = index(child, "port-index");
                if (b.kind == KernelBinding::Kind::INPUT)
                    inputs_seen = std::max(inputs_seen, b.port + 1);
            } else if (name == "Scalar") {
                b.scalar_type = required(child, "type");
                const bool has_param = child.attribute("param"), has_value = child.attribute("value");
                if (has_param == has_value)
                    fail(child, "<Scalar> needs exactly one of param (an attribute) and value (an expression)");
                b.kind = has_param ? KernelBinding::Kind::ATTRIBUTE : KernelBinding::Kind::EXPRESSION;
                b.value = has_param ? required(child, "param") : required(child, "value");
            } else {
                fail(child, "unknown binding <", name, "> in <Buffers> (Tensor or Scalar)");
            }
            const size_t arg = index(child, "arg-index");
            if (!args.emplace(arg, b).second)
                fail(child, "arg-index ", arg, " is bound twice");
        }
    }

    void read_output(const pugi::xml_node& xml, OpExtension& e) {
        const size_t port = index(xml, "port-index");
        if (port != e.outputs.size())
            fail(xml, "<Output port-index=\"", port, "\"> out of order (expected ", e.outputs.size(), ")");
        OutputRule r;
        if (xml.attribute("shape"))
            r.shape = xml.attribute("shape").value();
        if (xml.attribute("type"))
            r.type = xml.attribute("type").value();
        r.origin = origin(xml);
        e.outputs.push_back(r);
    }

    std::string m_path, m_text, m_op;
};

}  // namespace

std::vector<OpExtension> read_kernel_config(const std::string& path) {
    std::string text;
    if (!detail::read_regular_file_if_exists(path, detail::kMaxTextFileBytes, "kernel config file", text))
        raise<NotFound>(path, ": cannot read the kernel config file");
    return ext::parse_kernel_config(path, text);
}

namespace ext {
std::vector<OpExtension> parse_kernel_config(const std::string& path, const std::string& text) {
    return ConfigReader(path, text).read();
}
}  // namespace ext

OpenCLKernel OpenCLKernel::from_file(const std::string& path, std::string entry) {
    OpenCLKernel k;
    if (!detail::read_regular_file_if_exists(path, detail::kMaxTextFileBytes, "kernel source", k.source))
        raise<NotFound>(path, ": cannot read the kernel source");
    k.source_name = path;
    k.entry = std::move(entry);
    return k;
}

}  // namespace ovcl
