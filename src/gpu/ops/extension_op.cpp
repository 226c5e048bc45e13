#include "ops/extension_op.hpp"

#include <limits>

#include "extension/extension_registry.hpp"

namespace ovcl {
namespace gpu {

namespace {

template <typename T>
T checked(int64_t v, const std::string& what) {
    if (v < static_cast<int64_t>(std::numeric_limits<T>::lowest()) ||
        (v > 0 && static_cast<uint64_t>(v) > static_cast<uint64_t>(std::numeric_limits<T>::max())))
        raise<Exception>(what, " = ", v, " does not fit the kernel argument's type");
    return static_cast<T>(v);
}

// A scalar kernel argument of the binding's OpenCL type from an integer or a real value.
KernelArg scalar_arg(const std::string& type, int64_t i, double f, bool is_real, const std::string& what) {
    if (type == "float")
        return KernelArg::scalar<cl_float>(is_real ? static_cast<cl_float>(f) : static_cast<cl_float>(i));
    if (is_real)
        raise<Exception>(what, " is a real number; the kernel argument is ", type);
    if (type == "int")
        return KernelArg::scalar<cl_int>(checked<cl_int>(i, what));
    if (type == "uint")
        return KernelArg::scalar<cl_uint>(checked<cl_uint>(i, what));
    if (type == "long")
        return KernelArg::scalar<cl_long>(checked<cl_long>(i, what));
    return KernelArg::scalar<cl_ulong>(checked<cl_ulong>(i, what));
}

// The text of a -D value: the attribute's IR text without spaces; booleans as 1/0 so kernels can #if on them.
std::string define_value(const OpExtension& e, const KernelDefine& d, const Node& node) {
    if (d.attribute.empty())
        return d.value;
    const std::string text = extension_attr_text(node, d.attribute);
    for (const auto& a : e.attributes)
        if (a.name == d.attribute && a.kind == AttributeKind::BOOL)
            return ext::parse_bool_attr(text) ? "1" : "0";
    std::string v;
    for (char c : text)
        if (c != ' ' && c != '\t')
            v += c;
    if (v.empty() || v.find_first_of("\r\n\"'\\") != std::string::npos)
        raise<Exception>("attribute '", d.attribute, "' value '", text, "' cannot be the define ", d.name);
    return v;
}

std::vector<size_t> work_size(const std::vector<ext::Expression>& exprs, const ext::Expression::Lookup& lookup,
                              const char* which) {
    std::vector<size_t> out;
    for (const auto& e : exprs) {
        const auto v = e.evaluate(lookup);
        if (!v)
            raise<Exception>(which, " work size '", e.text(), "' is unknown (dynamic shape)");
        if (*v <= 0)
            raise<Exception>(which, " work size '", e.text(), "' is ", *v, " for this node");
        out.push_back(static_cast<size_t>(*v));
    }
    return out;
}

// Everything configure() returns, or an Exception saying why the node cannot run.
OpConfig prepare(const Node& node, const DeviceInfo& device) {
    const auto r = ext::find_registered(node.get_type_name());
    if (!r || r->version != node.get_version())
        raise<Exception>(node.get_type_name(), " is not a registered extension op");
    const OpExtension& e = *r->ext;
    if (!e.kernel)
        raise<Exception>("extension op ", e.type, " has no OpenCL kernel");
    const OpenCLKernel& k = *e.kernel;

    std::vector<PartialShape> ins, outs;
    std::string options;
    auto port_type = [&](element::Type t, const std::string& macro) {
        if (t == element::f16 && !device.fp16)
            raise<Exception>(macro, " is f16, which needs cl_khr_fp16 (the kernel computes in T=half)");
        options += define(macro, cl_type(t)) + " ";
    };
    if (node.get_output_size() == 0)
        raise<Exception>("the node has no outputs");
    port_type(node.get_output_element_type(0), "T");
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        port_type(node.get_input_element_type(i), "T_IN" + std::to_string(i));
        ins.push_back(node.get_input_partial_shape(i));
    }
    for (size_t j = 0; j < node.get_output_size(); ++j) {
        port_type(node.get_output_element_type(j), "T_OUT" + std::to_string(j));
        outs.push_back(node.get_output_partial_shape(j));
    }
    for (const auto& d : k.defines)
        options += define(d.name, define_value(e, d, node)) + " ";
    options += k.options;
    while (!options.empty() && options.back() == ' ')
        options.pop_back();

    const auto lookup = ext::node_lookup(node, ins, outs);
    KernelLaunch launch;
    launch.source = r->stem;
    launch.entry = k.entry;
    launch.options = options;
    launch.global = work_size(r->global, lookup, "global");
    launch.local = work_size(r->local, lookup, "local");
    if (!launch.local.empty()) {
        size_t group = 1;
        for (size_t d = 0; d < launch.global.size(); ++d) {
            if (launch.global[d] % launch.local[d] != 0)
                raise<Exception>("global work size ", launch.global[d], " is not a multiple of the local size ",
                                 launch.local[d], " (dimension ", d, ")");
            group *= launch.local[d];
        }
        if (group > device.max_work_group_size)
            raise<Exception>("local work size ", group, " exceeds the device's limit of ", device.max_work_group_size);
    }
    for (size_t i = 0; i < k.args.size(); ++i) {
        const KernelBinding& b = k.args[i];
        const std::string what = "kernel argument " + std::to_string(i);
        switch (b.kind) {
        case KernelBinding::Kind::INPUT: launch.args.push_back(KernelArg::input(b.port)); break;
        case KernelBinding::Kind::OUTPUT: launch.args.push_back(KernelArg::output(b.port)); break;
        case KernelBinding::Kind::ATTRIBUTE: {
            const std::string text = extension_attr_text(node, b.value);
            AttributeKind kind = AttributeKind::FLOAT;
            for (const auto& a : e.attributes)
                if (a.name == b.value)
                    kind = a.kind;
            const bool real = kind == AttributeKind::FLOAT;
            const int64_t iv = kind == AttributeKind::INT    ? ext::parse_int_attr(text)
                               : kind == AttributeKind::BOOL ? static_cast<int64_t>(ext::parse_bool_attr(text))
                                                             : 0;
            const double fv = real ? ext::parse_float_attr(text) : 0.0;
            launch.args.push_back(scalar_arg(b.scalar_type, iv, fv, real, what + " (" + b.value + ")"));
            break;
        }
        case KernelBinding::Kind::EXPRESSION: {
            const auto v = r->arg_exprs[i]->evaluate(lookup);
            if (!v)
                raise<Exception>(what, " '", b.value, "' is unknown (dynamic shape)");
            launch.args.push_back(scalar_arg(b.scalar_type, *v, 0.0, false, what + " '" + b.value + "'"));
            break;
        }
        }
    }
    OpConfig config;
    config.launches.push_back(std::move(launch));
    config.impl_name = "extension_" + e.type;
    return config;
}

}  // namespace

Validation ExtensionOp::validate(const Node& node, const DeviceInfo& device) const {
    try {
        prepare(node, device);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    return Validation::yes();
}

OpConfig ExtensionOp::configure(const Node& node, const DeviceInfo& device) const {
    try {
        return prepare(node, device);
    } catch (const Exception& e) {
        const auto r = ext::find_registered(node.get_type_name());
        raise<Exception>(node.describe(), ": ", r ? r->where() + ": " : "", e.what());
    }
}

}  // namespace gpu
}  // namespace ovcl
