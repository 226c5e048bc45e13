// Extensions: op types the application brings (OpenVINO's AddExtension / GPU CONFIG_FILE). An OpExtension declares
// an op type, its shape and type inference, and how it runs: a host function (REF, and the GPU plugin's fallback)
// and/or an OpenCL kernel (GPU). Registration is process-wide: once registered, the IR reader reads layers of the
// type, every Core and plugin sees it, and a later registration of the same type replaces the earlier one. Errors
// are ovcl::Exceptions that name the op, and for a config file the file and line. User guide: docs/extensions.md.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {

/// How an attribute's IR text is read. INT attributes may appear in expressions by name.
enum class AttributeKind { INT, FLOAT, BOOL, STRING, INTS, FLOATS };

struct AttributeDecl {
    std::string name;
    AttributeKind kind = AttributeKind::FLOAT;
    std::optional<std::string> default_value;  ///< IR text; nullopt: every layer must give it
    std::string origin;                        ///< where it was declared ("cfg.xml:7"), for messages
};

/// Shape and type of one output when OpExtension::infer is not given.
///   shape: "in<k>" (input k's shape, dynamic dims included) or comma-separated expressions,
///          one per dimension ("in0.d0, in0.d1 * 2"); "" is a scalar.
///   type:  "in<k>" (input k's element type) or an element type name ("f32", "i64").
struct OutputRule {
    std::string shape = "in0";
    std::string type = "in0";
    std::string origin;
};

/// One argument of the OpenCL kernel, in argument order.
struct KernelBinding {
    enum class Kind {
        INPUT,      ///< __global buffer of input `port` (dense C order)
        OUTPUT,     ///< __global buffer of output `port` (dense C order); the kernel writes all of it
        ATTRIBUTE,  ///< a scalar: the value of attribute `value`, as `scalar_type`
        EXPRESSION  ///< a scalar: expression `value` over the shapes, as `scalar_type`
    };
    Kind kind = Kind::INPUT;
    size_t port = 0;
    std::string value;
    std::string scalar_type = "int";  ///< int, uint, long, ulong or float
    std::string origin;

    static KernelBinding input(size_t port) { return {Kind::INPUT, port, "", "", ""}; }
    static KernelBinding output(size_t port) { return {Kind::OUTPUT, port, "", "", ""}; }
    static KernelBinding attribute(std::string name, std::string type) {
        return {Kind::ATTRIBUTE, 0, std::move(name), std::move(type), ""};
    }
    static KernelBinding expression(std::string expr, std::string type = "int") {
        return {Kind::EXPRESSION, 0, std::move(expr), std::move(type), ""};
    }
};

/// A -D build option: -D<name>=<the attribute's value> (lists as "1,2,3"), or -D<name>=<value>
/// when `attribute` is empty.
struct KernelDefine {
    std::string name;
    std::string attribute;
    std::string value;
    std::string origin;
};

/// An OpenCL C 1.2 kernel and how one node launches it. Besides `defines`, every build gets
/// -DT=<OpenCL type of output 0>, -DT_IN<i>=... and -DT_OUT<j>=... for each port.
struct OpenCLKernel {
    std::string source;       ///< the program text (several sources are simply concatenated)
    std::string source_name;  ///< for messages: the file it came from, or "<string>"
    std::string entry;        ///< the __kernel function to launch
    std::vector<KernelDefine> defines;
    std::vector<KernelBinding> args;
    std::vector<std::string> global;  ///< 1 to 3 expressions
    std::vector<std::string> local;   ///< empty (the runtime chooses) or one per global dimension
    std::string options;              ///< further build options, e.g. "-cl-fast-relaxed-math"
    std::string origin;               ///< where the kernel was declared, for messages
    std::string sizes_origin;         ///< where the work sizes were declared, for messages

    /// A kernel whose source is the text of `path` (throws NotFound naming it when unreadable).
    static OpenCLKernel from_file(const std::string& path, std::string entry);
};

/// Host implementation: outputs are allocated (shapes from inference); fill them.
using HostFn = std::function<void(const Node& node, const TensorVector& inputs, TensorVector& outputs)>;

struct OpExtension {
    std::string type;
    std::string opset = "extension";  ///< the IR layer's version="..."; "opsetN" works too
    std::vector<AttributeDecl> attributes;
    size_t inputs = 1;
    std::vector<OutputRule> outputs = {OutputRule{}};  ///< used when `infer` is empty; gives the output count
    InferFn infer;                                       ///< optional: overrides `outputs`
    HostFn host;                                         ///< optional
    std::optional<OpenCLKernel> kernel;                  ///< optional
    std::string origin;  ///< "cfg.xml:3" for ops from a config file; "" from C++
};

/// Parses a custom-kernel config file (docs/extensions.md) into extensions without registering
/// them, e.g. to add a host implementation before registering. Kernel sources are read now,
/// relative to the config's folder. Every error names the file and line.
std::vector<OpExtension> read_kernel_config(const std::string& path);

/// Checks and registers an extension process-wide. Throws (naming the op and where it was
/// declared) on anything malformed: bad expressions, unknown names, bindings out of range, a
/// type that is a built-in op.
void register_extension(const OpExtension& extension);

/// Checks every extension first and registers them only when all are well formed (a config file
/// with one bad op registers none).
void register_extensions(const std::vector<OpExtension>& extensions);

/// The registered extension of `type`; null when `type` is not an extension op.
std::shared_ptr<const OpExtension> find_extension(const std::string& type);

/// The IR text of an extension node's attribute: the node's own, else the declared default.
/// Throws ModelError naming the node when it has neither.
std::string extension_attr_text(const Node& node, const std::string& name);

}  // namespace ovcl
