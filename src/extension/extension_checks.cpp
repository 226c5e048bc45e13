// Checking an OpExtension before it is registered: names, attribute defaults, output rules,
// and the kernel's bindings, defines and work sizes, with every expression parsed once and its
// names checked against what the op declares. Errors name the op and where it was declared.
#include <cctype>
#include <set>

#include "extension_registry.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace ext {

namespace {

bool is_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return true;
}

class Checker {
public:
    explicit Checker(const OpExtension& e) : m_e(e) {}

    std::shared_ptr<const Registered> run() {
        auto r = std::make_shared<Registered>();
        r->ext = std::make_shared<const OpExtension>(m_e);
        check_type(*r);
        check_attributes();
        check_outputs(*r);
        if (m_e.kernel)
            check_kernel(*m_e.kernel, *r);
        return r;
    }

private:
    // "<origin>: extension op 'Type': what", the origin being the item's when it has one.
    template <typename... Args>
    [[noreturn]] void fail(const std::string& origin, const Args&... args) const {
        const std::string& at = origin.empty() ? m_e.origin : origin;
        raise<InvalidArgument>(at.empty() ? "" : at + ": ", "extension op '", m_e.type, "': ", args...);
    }

    void check_type(Registered& r) const {
        if (!is_identifier(m_e.type))
            fail("", "the op type must be a name of letters, digits and '_'");
        if (m_e.opset.empty() || m_e.opset.find_first_of(" \t\r\n\"") != std::string::npos)
            fail("", "bad opset name '", m_e.opset, "'");
        if (m_e.opset.rfind("opset", 0) == 0) {
            const std::string n = m_e.opset.substr(5);
            if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string::npos)
                fail("", "bad opset name '", m_e.opset, "' (opset<N> or a name of your own, e.g. \"extension\")");
            r.version = std::stoll(n);
        }
        // A built-in op keeps its semantics: an extension may only replace an earlier extension.
        if (OpRegistry::get().latest(m_e.type) && !find_registered(m_e.type))
            fail("", m_e.type, " is a built-in op type; an extension needs a type of its own");
    }

    void check_attributes() const {
        std::set<std::string> names;
        for (const auto& a : m_e.attributes) {
            if (!is_identifier(a.name))
                fail(a.origin, "bad attribute name '", a.name, "'");
            if (!names.insert(a.name).second)
                fail(a.origin, "attribute '", a.name, "' is declared twice");
            if (a.default_value) {
                try {
                    check_attribute_value(a, *a.default_value);
                } catch (const Exception& e) {
                    fail(a.origin, "the default of attribute '", a.name, "': ", e.what());
                }
            }
        }
    }

    const AttributeDecl* attribute(const std::string& name) const {
        for (const auto& a : m_e.attributes)
            if (a.name == name)
                return &a;
        return nullptr;
    }

    // Parses one expression and checks its names; `outputs_allowed`: out<k> may appear.
    Expression expression(const std::string& text, const std::string& origin, const std::string& what,
                          bool outputs_allowed) const {
        Expression e;
        try {
            e = Expression::parse(text);
        } catch (const Exception& ex) {
            fail(origin, what, ": ", ex.what());
        }
        check_refs(e, origin, what, outputs_allowed);
        return e;
    }
    std::vector<Expression> expressions(const std::string& text, const std::string& origin, const std::string& what,
                                        bool outputs_allowed) const {
        std::vector<Expression> list;
        try {
            list = parse_expression_list(text);
        } catch (const Exception& ex) {
            fail(origin, what, ": ", ex.what());
        }
        for (const auto& e : list)
            check_refs(e, origin, what, outputs_allowed);
        return list;
    }
    void check_refs(const Expression& e, const std::string& origin, const std::string& what,
                    bool outputs_allowed) const {
        for (const Ref& ref : e.refs()) {
            const std::string in_expr = what + ": '" + e.text() + "': ";
            if (ref.kind == Ref::Kind::ATTRIBUTE) {
                const AttributeDecl* a = attribute(ref.name);
                if (!a)
                    fail(origin, in_expr, "unknown name '", ref.name, "' (not a declared attribute; ports are ",
                         "written in0.d1, out0.size, ...)");
                if (a->kind != AttributeKind::INT)
                    fail(origin, in_expr, "attribute '", ref.name, "' is not an INT attribute");
            } else if (ref.kind == Ref::Kind::INPUT && ref.port >= m_e.inputs) {
                fail(origin, in_expr, ref.text(), ": the op has ", m_e.inputs, " input(s)");
            } else if (ref.kind == Ref::Kind::OUTPUT && !outputs_allowed) {
                fail(origin, in_expr, ref.text(), ": output shapes cannot be used here");
            } else if (ref.kind == Ref::Kind::OUTPUT && ref.port >= m_e.outputs.size()) {
                fail(origin, in_expr, ref.text(), ": the op has ", m_e.outputs.size(), " output(s)");
            }
        }
    }

    // "in<k>" -> k; nullopt for anything else.
    std::optional<size_t> input_ref(const std::string& text) const {
        const size_t a = text.find_first_not_of(" \t");
        const size_t b = text.find_last_not_of(" \t");
        if (a == std::string::npos)
            return std::nullopt;
        const std::string t = text.substr(a, b - a + 1);
        if (t.size() < 3 || t.size() > 8 || t.rfind("in", 0) != 0 ||
            t.find_first_not_of("0123456789", 2) != std::string::npos)
            return std::nullopt;
        return std::stoul(t.substr(2));
    }

    void check_outputs(Registered& r) const {
        if (m_e.outputs.empty())
            fail("", "an op needs at least one output");
        for (size_t k = 0; k < m_e.outputs.size(); ++k) {
            const OutputRule& rule = m_e.outputs[k];
            const std::string what = "output " + std::to_string(k);
            Registered::Port out;
            if (const auto like = input_ref(rule.shape)) {
                if (*like >= m_e.inputs)
                    fail(rule.origin, what, " shape '", rule.shape, "': the op has ", m_e.inputs, " input(s)");
                out.like_input = *like;
            } else {
                out.dims = expressions(rule.shape, rule.origin, what + " shape", false);
            }
            if (const auto like = input_ref(rule.type)) {
                if (*like >= m_e.inputs)
                    fail(rule.origin, what, " type '", rule.type, "': the op has ", m_e.inputs, " input(s)");
                out.type_input = *like;
            } else {
                try {
                    out.fixed_type = element::Type(rule.type);
                } catch (const Exception&) {
                    fail(rule.origin, what, ": unknown type '", rule.type, "' (in<k> or an element type such as f32)");
                }
                if (!out.fixed_type->is_static())
                    fail(rule.origin, what, ": the type must be static, not '", rule.type, "'");
            }
            r.outputs.push_back(std::move(out));
        }
    }

    void check_kernel(const OpenCLKernel& k, Registered& r) const {
        const std::string& at = k.origin;
        if (k.source.find_first_not_of(" \t\r\n") == std::string::npos)
            fail(at, "the kernel source (", k.source_name.empty() ? "<string>" : k.source_name, ") is empty");
        if (!is_identifier(k.entry))
            fail(at, "bad kernel entry point '", k.entry, "'");
        for (const auto& d : k.defines) {
            if (!is_identifier(d.name))
                fail(d.origin, "bad define name '", d.name, "'");
            if (d.name == "T" || d.name.rfind("T_IN", 0) == 0 || d.name.rfind("T_OUT", 0) == 0)
                fail(d.origin, "define '", d.name, "' is reserved (T, T_IN<i> and T_OUT<j> are the port types)");
            if (!d.attribute.empty() && !attribute(d.attribute))
                fail(d.origin, "define ", d.name, ": unknown attribute '", d.attribute, "'");
            if (d.attribute.empty() && d.value.find_first_of(" \t\r\n\"'") != std::string::npos)
                fail(d.origin, "define ", d.name, ": the value '", d.value, "' has spaces or quotes");
        }
        std::vector<bool> output_bound(m_e.outputs.size(), false);
        for (size_t i = 0; i < k.args.size(); ++i) {
            const KernelBinding& b = k.args[i];
            const std::string what = "kernel argument " + std::to_string(i);
            std::optional<Expression> expr;
            switch (b.kind) {
            case KernelBinding::Kind::INPUT:
                if (b.port >= m_e.inputs)
                    fail(b.origin, what, " binds input ", b.port, ", but the op has ", m_e.inputs, " input(s)");
                break;
            case KernelBinding::Kind::OUTPUT:
                if (b.port >= m_e.outputs.size())
                    fail(b.origin, what, " binds output ", b.port, ", but the op has ", m_e.outputs.size(),
                         " output(s)");
                output_bound[b.port] = true;
                break;
            case KernelBinding::Kind::ATTRIBUTE: {
                check_scalar_type(b, what);
                const AttributeDecl* a = attribute(b.value);
                if (!a)
                    fail(b.origin, what, ": unknown attribute '", b.value, "'");
                if (a->kind != AttributeKind::INT && a->kind != AttributeKind::FLOAT && a->kind != AttributeKind::BOOL)
                    fail(b.origin, what, ": attribute '", b.value, "' is not a scalar (INT, FLOAT or BOOL)");
                break;
            }
            case KernelBinding::Kind::EXPRESSION:
                check_scalar_type(b, what);
                expr = expression(b.value, b.origin, what, true);
                break;
            }
            r.arg_exprs.push_back(std::move(expr));
        }
        for (size_t j = 0; j < output_bound.size(); ++j)
            if (!output_bound[j])
                fail(at, "output ", j, " is bound to no kernel argument (the kernel must write every output)");
        const std::string& sizes_at = k.sizes_origin.empty() ? at : k.sizes_origin;
        if (k.global.empty() || k.global.size() > 3)
            fail(sizes_at, "the global work size needs 1 to 3 expressions, not ", k.global.size());
        if (!k.local.empty() && k.local.size() != k.global.size())
            fail(sizes_at, "the local work size has ", k.local.size(), " expressions but the global one ",
                 k.global.size());
        for (const auto& g : k.global)
            r.global.push_back(expression(g, sizes_at, "global work size", true));
        for (const auto& l : k.local)
            r.local.push_back(expression(l, sizes_at, "local work size", true));
        r.stem = "ext:" + m_e.type;
    }

    void check_scalar_type(const KernelBinding& b, const std::string& what) const {
        static const std::set<std::string> types = {"int", "uint", "long", "ulong", "float"};
        if (!types.count(b.scalar_type))
            fail(b.origin, what, ": unknown scalar type '", b.scalar_type, "' (int, uint, long, ulong or float)");
    }

    const OpExtension& m_e;
};

}  // namespace

std::shared_ptr<const Registered> compile_extension(const OpExtension& extension) {
    return Checker(extension).run();
}

}  // namespace ext
}  // namespace ovcl
