// The registered extensions as the runtime and the GPU plugin use them: the user's
// OpExtension with its expressions parsed once, looked up by op type.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "expression.hpp"
#include "ovcl/extension.hpp"

namespace ovcl {
namespace ext {

struct Registered {
    std::shared_ptr<const OpExtension> ext;
    int64_t version = 1;  ///< the op registry's version of the type
    /// Per output: the dimension expressions, or nullopt when the shape is input `like_input`'s.
    struct Port {
        std::optional<std::vector<Expression>> dims;
        size_t like_input = 0;
        std::optional<element::Type> fixed_type;  ///< else input `type_input`'s type
        size_t type_input = 0;
    };
    std::vector<Port> outputs;
    // The kernel (when ext->kernel): parsed work sizes, and per argument its expression
    // (EXPRESSION bindings only).
    std::vector<Expression> global, local;
    std::vector<std::optional<Expression>> arg_exprs;
    std::string stem;  ///< the program cache's name of the kernel source: "ext:<type>"

    /// "<origin>: extension op 'Type'" for messages.
    std::string where() const;
};

/// Checks an extension and parses its expressions (register_extension does this first); throws
/// InvalidArgument naming the op and where it was declared.
std::shared_ptr<const Registered> compile_extension(const OpExtension& extension);

/// read_kernel_config on a config's text: `path` names it in messages and its folder is where
/// kernel sources are looked up (the fuzzer feeds text without writing a file per input).
std::vector<OpExtension> parse_kernel_config(const std::string& path, const std::string& text);

/// The registered extension of `type`, or null.
std::shared_ptr<const Registered> find_registered(const std::string& type);

/// The kernel source registered under a program-cache stem ("ext:<type>"); nullopt for other stems.
std::optional<std::string> kernel_source_for_stem(const std::string& stem);
/// For messages: "<file> (custom op <type>)" for an extension's stem, else "kernels_cl/<stem>.cl".
std::string kernel_source_label(const std::string& stem);

/// The registry entry for an IR layer of `type` whose version="..." names an extension's opset;
/// null when no extension registered (type, opset).
const OpSpec* find_ir_op(const std::string& type, const std::string& opset);

/// The version="..." the IR writer gives a node: the extension's opset name, or nullopt for
/// built-in ops.
std::optional<std::string> ir_opset_of(const Node& node);

/// Values of expression references for a node: dimensions of `inputs` and `outputs` (either may
/// be partial: unknown values give nullopt), and INT attributes (the node's, else the default).
/// The shapes are copied: the lookup may outlive them.
Expression::Lookup node_lookup(const Node& node, const std::vector<PartialShape>& inputs,
                               const std::vector<PartialShape>& outputs);

/// Throws Exception saying what is wrong when `text` is not a value of the attribute's kind.
void check_attribute_value(const AttributeDecl& decl, const std::string& text);
/// Parses the IR text of a scalar attribute per its kind; throws Exception saying what is wrong.
int64_t parse_int_attr(const std::string& text);
double parse_float_attr(const std::string& text);
bool parse_bool_attr(const std::string& text);

}  // namespace ext
}  // namespace ovcl
