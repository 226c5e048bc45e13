#include <limits>
#include <map>
#include <type_traits>

#include "ops/attention.hpp"
#include "ops/convolution.hpp"
#include "ops/cumsum.hpp"
#include "ops/einsum.hpp"
#include "ops/eltwise.hpp"
#include "ops/extension_op.hpp"
#include "ops/gather_nd.hpp"
#include "ops/gpu_op.hpp"
#include "ops/interpolate.hpp"
#include "ops/matmul.hpp"
#include "ops/op_list.hpp"
#include "ops/movement.hpp"
#include "ops/pooling.hpp"
#include "ops/quantize.hpp"
#include "ops/rearrange.hpp"
#include "ops/scatter.hpp"
#include "ops/normalization.hpp"
#include "ops/recurrent.hpp"
#include "ops/reduce.hpp"
#include "ops/roi.hpp"
#include "ops/rope.hpp"
#include "ops/softmax.hpp"
#include "ops/topk.hpp"
#include "ovcl/except.hpp"
#include "ovcl/extension.hpp"
#include "ovcl/op_registry.hpp"
#include "ops/fused_ops.hpp"

namespace ovcl {
namespace gpu {

namespace {

// (type, version) -> host class, from the op table's GPU column and the fused op types.
using Table = std::map<std::pair<std::string, int64_t>, std::shared_ptr<const GpuOp>>;

template <typename Class>
void add_row(Table& t, const char* type, int64_t version) {
    if constexpr (!std::is_void_v<Class>)
        t[{type, version}] = std::make_shared<Class>();
}

const Table& table() {
    static const Table* ops = [] {
        register_fused_ops();  // the fused types (ops/fused_ops.def) are op types of the registry
        auto* t = new Table();
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) add_row<GPU>(*t, #TYPE, VERSION);
#include "op_table/op_table.def"
#undef OVCL_OP
#define OVCL_FUSED_OP(TYPE, INFER, REF, GPU) add_row<GPU>(*t, #TYPE, 1);
#include "ops/fused_ops.def"
#undef OVCL_FUSED_OP
        return t;
    }();
    return *ops;
}

// Types that extensions register at run time: one host class launches each user kernel.
const GpuOp* extension_op(const std::string& type) {
    static const ExtensionOp op;
    const auto e = find_extension(type);
    return e && e->kernel ? &op : nullptr;
}
}  // namespace

const GpuOp* find_gpu_op(const Node& node) {
    const auto it = table().find({node.get_type_name(), node.get_version()});
    return it != table().end() ? it->second.get() : extension_op(node.get_type_name());
}

const GpuOp* find_gpu_op(const std::string& type) {
    const auto next = table().lower_bound({type, std::numeric_limits<int64_t>::max()});
    if (next != table().begin() && std::prev(next)->first.first == type)
        return std::prev(next)->second.get();
    return extension_op(type);
}

std::vector<std::string> gpu_op_types() {
    std::vector<std::string> types;
    for (const auto& [key, op] : table())
        if (types.empty() || types.back() != key.first)
            types.push_back(key.first);
    return types;
}

namespace {
// A row's GPU column as SUPPORTED_OPERATIONS names it: `name` is the column's text ("gpu::EltwiseOp").
template <typename Class>
std::string runner_of(const std::string& name) {
    if constexpr (std::is_void_v<Class>)
        return "host";
    else if constexpr (std::is_base_of_v<ViewOp, Class>)
        return "view";
    else if constexpr (std::is_base_of_v<DecomposedOp, Class>)
        return "decomposed";
    else
        return name.rfind("gpu::", 0) == 0 ? name.substr(5) : name;
}
}  // namespace

std::vector<SupportedOp> op_table_runners() {
    std::vector<SupportedOp> rows;
    auto add = [&rows](const char* type, int64_t version, std::string runner) {
        const OpSpec* spec = OpRegistry::get().find_exact(type, version);
        if (runner != "host" || (spec && spec->evaluate))  // a gpu::none row without host_ref runs nowhere
            rows.push_back({type, version, std::move(runner)});
    };
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) add(#TYPE, VERSION, runner_of<GPU>(#GPU));
#include "op_table/op_table.def"
#undef OVCL_OP
    return rows;
}

bool is_view_op(const Node& node) { return dynamic_cast<const ViewOp*>(find_gpu_op(node)) != nullptr; }

std::optional<OpConfig> GpuOp::rebind(const Node&, const OpConfig&, const std::vector<InputInfo>&) const {
    return std::nullopt;
}

Validation ViewOp::validate(const Node&, const DeviceInfo&) const { return Validation::yes(); }

OpConfig ViewOp::configure(const Node& node, const DeviceInfo&) const {
    raise<Exception>(node.describe(), ": a view launches no kernel");
}

Validation DecomposedOp::validate(const Node&, const DeviceInfo&) const {
    return Validation::no("not decomposed into device ops (its data is dynamic or empty, or those ops run on the host)");
}

OpConfig DecomposedOp::configure(const Node& node, const DeviceInfo&) const {
    raise<Exception>(node.describe(), ": a decomposed op launches no kernel of its own");
}

Validation validate_node(const Node& node, const DeviceInfo& device) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_partial_shape(i).is_dynamic())
            return Validation::no("input " + std::to_string(i) + " has a dynamic shape");
    for (size_t i = 0; i < node.get_output_size(); ++i) {
        if (node.get_output_partial_shape(i).is_dynamic())
            return Validation::no("output " + std::to_string(i) + " has a dynamic shape");
        const element::Type t = node.get_output_element_type(i);
        if (t == element::f64 && !device.fp64)
            return Validation::no("f64 without cl_khr_fp64");
    }
    const GpuOp* op = find_gpu_op(node);
    if (!op)
        return Validation::no("no OpenCL kernel for " + node.get_type_name() + "-" + std::to_string(node.get_version()));
    return op->validate(node, device);
}

std::string define(const std::string& name, const std::string& value) { return "-D" + name + "=" + value; }
std::string define(const std::string& name, long long value) { return define(name, std::to_string(value)); }

std::string correctly_rounded_division(const DeviceInfo& device) {
    cl_device_fp_config fp = 0;
    return device.device.getInfo(CL_DEVICE_SINGLE_FP_CONFIG, &fp) == CL_SUCCESS &&
                   (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
               ? " -cl-fp32-correctly-rounded-divide-sqrt"
               : "";
}

std::string cl_type(element::Type type) {
    switch (static_cast<element::Type_t>(type)) {
    case element::Type_t::f32: return "float";
    case element::Type_t::f16: return "half";
    case element::Type_t::f64: return "double";
    case element::Type_t::i64: return "long";
    case element::Type_t::i32: return "int";
    case element::Type_t::i8: return "char";
    case element::Type_t::u8: return "uchar";
    case element::Type_t::boolean: return "uchar";
    case element::Type_t::i16: return "short";
    case element::Type_t::u16: return "ushort";
    case element::Type_t::u32: return "uint";
    case element::Type_t::u64: return "ulong";
    default: raise<NotImplemented>("no OpenCL C type for ", type);
    }
}

}  // namespace gpu
}  // namespace ovcl
