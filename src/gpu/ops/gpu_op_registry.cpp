#include <map>

#include "ops/attention.hpp"
#include "ops/convolution.hpp"
#include "ops/eltwise.hpp"
#include "ops/extension_op.hpp"
#include "ops/gpu_op.hpp"
#include "ops/interpolate.hpp"
#include "ops/matmul.hpp"
#include "ops/movement.hpp"
#include "ops/pooling.hpp"
#include "ops/quantize.hpp"
#include "ops/reduction.hpp"
#include "ovcl/extension.hpp"
#include "transform/fusions.hpp"

namespace ovcl {
namespace gpu {

namespace {
const std::map<std::string, std::shared_ptr<GpuOp>>& table() {
    static const auto* ops = [] {
        register_fused_ops();  // the table's Fused* types (fusions.hpp) are op types of the registry
        auto* m = new std::map<std::string, std::shared_ptr<GpuOp>>();
#define OVCL_GPU_OP(TYPE, CLASS) (*m)[#TYPE] = std::make_shared<CLASS>();
#include "ops/gpu_op_table.def"
#undef OVCL_GPU_OP
        return m;
    }();
    return *ops;
}
}  // namespace

const GpuOp* find_gpu_op(const std::string& type) {
    auto it = table().find(type);
    if (it != table().end())
        return it->second.get();
    // Types that extensions register at run time: one host class launches each user kernel.
    static const ExtensionOp extension_op;
    const auto e = find_extension(type);
    return e && e->kernel ? &extension_op : nullptr;
}

std::vector<std::string> gpu_op_types() {
    std::vector<std::string> types;
    for (const auto& [type, op] : table())
        types.push_back(type);
    return types;
}

bool is_view_op(const Node& node) {
    const std::string& t = node.get_type_name();
    return t == "Reshape" || t == "Squeeze" || t == "Unsqueeze";
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
    if (is_view_op(node))
        return Validation::yes();
    const GpuOp* op = find_gpu_op(node.get_type_name());
    if (!op)
        return Validation::no("no OpenCL kernel for " + node.get_type_name());
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
