#include "ops/rope.hpp"

#include <algorithm>
#include <limits>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"
#include "ops/fused_ops.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kElementsPerItem = 2048;  // CPU devices: the work a work-item should have at least
constexpr size_t kItemsPerUnit = 4;        // CPU devices: work-items per compute unit worth spreading over

// Where the rows of x [..., D] find their cos / sin: the leading axes with the same broadcast (of extent above 1,
// neighbours merged where cos is contiguous across them) as three (extent, stride) groups, outermost first, and
// the stride along the row.
struct RowMap {
    size_t extent[3] = {1, 1, 1}, stride[3] = {0, 0, 0};
    size_t along = 1;
};

bool row_map(const Shape& x, const Shape& cs, RowMap& m) {
    const Strides st = host_ref::broadcast_strides(cs, x);
    m.along = st.back();
    std::vector<std::pair<size_t, size_t>> groups;  // (extent, stride), outermost first
    for (size_t i = 0; i + 1 < x.size(); ++i) {
        if (x[i] == 1)
            continue;
        if (!groups.empty() && groups.back().second == st[i] * x[i]) {  // contiguous in cos (or broadcast in both)
            groups.back() = {groups.back().first * x[i], st[i]};
            continue;
        }
        groups.emplace_back(x[i], st[i]);
    }
    if (groups.size() > 3)
        return false;
    const size_t skip = 3 - groups.size();
    for (size_t g = 0; g < groups.size(); ++g) {
        m.extent[skip + g] = groups[g].first;
        m.stride[skip + g] = groups[g].second;
    }
    return true;
}

}  // namespace

std::vector<OutputInfo> fused_rope_infer(const Node& node, const std::vector<InputInfo>& in) {
    if (in.size() != 3)
        raise<ModelError>(node.describe(), ": expects 3 inputs (data, cos, sin), got ", in.size());
    const PartialShape& x = in[0].shape;
    if (x.rank_is_dynamic() || x.size() == 0 || x[x.size() - 1].is_dynamic() || x[x.size() - 1].get_length() % 2)
        raise<ModelError>(node.describe(), ": rotates the halves of the data's last axis, which must be static and "
                          "even; the data is ", x);
    for (size_t i = 1; i < 3; ++i) {
        if (in[i].type != in[0].type)
            raise<ModelError>(node.describe(), ": input ", i, " is ", in[i].type, ", the data ", in[0].type);
        if (!broadcasts_onto(node, in[i].shape, x))
            raise<ModelError>(node.describe(), ": input ", i, " of shape ", in[i].shape,
                              " does not broadcast onto the data ", x);
    }
    return {{in[0].type, x}};
}

// The ops the fused node stands for, through their host references: Slice, Slice, Multiply by -1, Concat, Multiply,
// Multiply, Add.
void fused_rope_ref(const Node&, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const Tensor& x = in.at(0);
    const element::Type et = x.get_element_type();
    const auto d = static_cast<int64_t>(x.get_shape().back()), axis = static_cast<int64_t>(x.get_shape().size()) - 1;
    const auto i64 = [](int64_t v) { return op::constant<int64_t>(element::i64, Shape{1}, {v}); };
    auto data = op::parameter(et, x.get_shape());
    auto cos = op::parameter(et, in.at(1).get_shape()), sin = op::parameter(et, in.at(2).get_shape());
    auto x1 = op::make("Slice", {data, i64(0), i64(d / 2), i64(1), i64(axis)}, {}, 8);
    auto x2 = op::make("Slice", {data, i64(d / 2), i64(d), i64(1), i64(axis)}, {}, 8);
    auto minus = op::make("Convert", {op::constant<float>(element::f32, Shape{}, {-1.f})},
                          {{"destination_type", et.get_type_name()}});
    auto neg = op::make("Multiply", {x2, minus});
    auto rotated = op::make("Concat", {neg, x1}, {{"axis", "-1"}});
    auto y = op::make("Add", {op::make("Multiply", {data, cos}), op::make("Multiply", {rotated, sin})});
    const NodeVector order{x1, x2, minus, neg, rotated, y->input_value(0).node, y->input_value(1).node, y};
    evaluate_in_order(order, {{data.get(), x}, {cos.get(), in.at(1)}, {sin.get(), in.at(2)}}, ctx).copy_to(out.at(0));
}

Validation RopeOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type t = node.get_input_element_type(0);
    if (t != element::f32 && t != element::f16)
        return Validation::no("FusedRoPE on " + t.get_type_name() + ": the kernel takes f32 and f16");
    if (node.get_input_partial_shape(1) != node.get_input_partial_shape(2))
        return Validation::no("cos and sin of different shapes: the kernel reads both at one offset");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_input_partial_shape(1).is_dynamic())
        return Validation::no("FusedRoPE on data of a dynamic shape");
    RowMap m;
    if (!row_map(node.get_input_shape(0), node.get_input_shape(1), m))
        return Validation::no("cos and sin broadcast onto the data along more than three groups of axes");
    if (shape_size(node.get_input_shape(0)) >= static_cast<size_t>(std::numeric_limits<cl_int>::max()) ||
        shape_size(node.get_input_shape(1)) >= static_cast<size_t>(std::numeric_limits<cl_int>::max()))
        return Validation::no("the FusedRoPE kernel indexes with 32-bit integers: tensors must have fewer than 2^31 "
                              "elements");
    return Validation::yes();
}

OpConfig RopeOp::configure(const Node& node, const DeviceInfo& device) const {
    const Shape& x = node.get_input_shape(0);
    RowMap m;
    if (!row_map(x, node.get_input_shape(1), m))
        raise<NotImplemented>(node.describe(), ": cos and sin broadcast along more than three groups of axes");
    const element::Type t = node.get_input_element_type(0);
    OpConfig c;
    c.impl_name = std::string("rope_half") + (t == element::f16 ? "_f16" : "");
    const size_t d = x.back(), rows = d == 0 ? 0 : shape_size(x) / d;
    if (rows == 0)
        return c;
    size_t per_item = 1;
    if (!device.is_gpu) {
        const size_t spread = std::max<size_t>(1, rows / (kItemsPerUnit * std::max<cl_uint>(1, device.compute_units)));
        per_item = std::clamp<size_t>(kElementsPerItem / d, 1, spread);
    }
    KernelLaunch l{stem::rope,
                   "rope_half",
                   t == element::f16 ? "-DIO_HALF" : "",
                   {KernelArg::input(0), KernelArg::input(1), KernelArg::input(2), KernelArg::output(0)},
                   {(rows + per_item - 1) / per_item},
                   {}};
    for (size_t v : {d, rows, m.extent[1], m.extent[2], m.stride[0], m.stride[1], m.stride[2], m.along, per_item})
        l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(v)));
    if (!device.is_gpu)
        l.local = {1};
    c.launches.push_back(std::move(l));
    return c;
}

}  // namespace gpu
}  // namespace ovcl
