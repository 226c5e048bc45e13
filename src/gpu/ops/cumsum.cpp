#include "ops/cumsum.hpp"

#include <algorithm>
#include <limits>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kElementsPerItem = 2048;  // CPU devices: the work a work-item should have at least
constexpr size_t kItemsPerUnit = 4;        // CPU devices: work-items per compute unit worth spreading over
constexpr size_t kLocalGpu = 64;

// The normalised axis from the constant input 1 (0 without one); false, with the reason, when it is not a Constant.
bool cumsum_axis(const Node& node, size_t& axis, std::string& why) {
    axis = 0;
    if (node.get_input_size() < 2)
        return true;
    const auto& producer = node.input_value(1).node;
    if (!producer || !producer->is_constant()) {
        why = "axis (input 1) must be a Constant: the kernel is planned for a fixed axis";
        return false;
    }
    const auto a = host_ref::to_i64(producer->get_constant_value());
    const auto rank = static_cast<int64_t>(node.get_input_partial_shape(0).size());
    if (a.size() != 1 || a[0] < -std::max<int64_t>(rank, 1) || a[0] >= std::max<int64_t>(rank, 1)) {
        why = "axis (input 1) must hold one value within the data's rank";
        return false;
    }
    axis = rank == 0 ? 0 : static_cast<size_t>(a[0] < 0 ? a[0] + rank : a[0]);
    return true;
}

}  // namespace

Validation CumSumOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type t = node.get_input_element_type(0);
    if (t != element::f32 && t != element::f16 && t != element::i32 && t != element::i64)
        return Validation::no("CumSum on " + t.get_type_name() + ": the kernel takes f32, f16, i32 and i64");
    if (node.get_input_partial_shape(0).is_dynamic())
        return Validation::no("CumSum on data of a dynamic shape");
    size_t axis = 0;
    std::string why;
    if (!cumsum_axis(node, axis, why))
        return Validation::no(why);
    if (shape_size(node.get_input_shape(0)) >= static_cast<size_t>(std::numeric_limits<cl_int>::max()))
        return Validation::no("the CumSum kernel indexes with 32-bit integers: tensors must have fewer than 2^31 "
                              "elements");
    return Validation::yes();
}

OpConfig CumSumOp::configure(const Node& node, const DeviceInfo& device) const {
    size_t axis = 0;
    std::string why;
    if (!cumsum_axis(node, axis, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    const Shape& s = node.get_input_shape(0);
    const size_t n = s.empty() ? 1 : s[axis];
    size_t inner = 1;
    for (size_t d = axis + 1; d < s.size(); ++d)
        inner *= s[d];
    const size_t lines = n == 0 ? 0 : shape_size(s) / n;
    const element::Type t = node.get_input_element_type(0);
    OpConfig c;
    c.impl_name = "cumsum" + std::string(t == element::f16 ? "_f16" : "");
    if (lines == 0)
        return c;
    const std::string opt = define("DATA", cl_type(t)) + (t == element::f16   ? " -DIO_HALF"
                                                         : t == element::i32 ? " -DWRAP32"
                                                         : t == element::i64 ? " -DWRAP64"
                                                                             : "");
    size_t per_item = 1;
    if (!device.is_gpu) {
        const size_t spread = std::max<size_t>(1, lines / (kItemsPerUnit * std::max<cl_uint>(1, device.compute_units)));
        per_item = std::clamp<size_t>(kElementsPerItem / n, 1, spread);
    }
    const size_t items = (lines + per_item - 1) / per_item;
    const size_t local = device.is_gpu ? std::min(kLocalGpu, device.max_work_group_size) : 1;
    KernelLaunch l{stem::cumsum, "cumsum", opt, {KernelArg::input(0), KernelArg::output(0)},
                   {(items + local - 1) / local * local}, {local}};
    for (size_t v : {n, inner, lines, per_item})
        l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(v)));
    l.args.push_back(KernelArg::scalar<cl_int>(node.get_attr<bool>("exclusive", false) ? 1 : 0));
    l.args.push_back(KernelArg::scalar<cl_int>(node.get_attr<bool>("reverse", false) ? 1 : 0));
    c.launches.push_back(std::move(l));
    return c;
}

}  // namespace gpu
}  // namespace ovcl
