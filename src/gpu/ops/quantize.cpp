#include "ops/quantize.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "host_ref/binary_broadcast.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kVec = 16;    // elements per work-item: one 64-byte vector of f32
constexpr size_t kLocal = 64;  // fixed work-group size: PoCL compiles one variant per local size
constexpr size_t kInputs = 5;  // x, input_low, input_high, output_low, output_high

size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

host_ref::BroadcastPlan<kInputs> plan_of(const Node& node) {
    std::array<Shape, kInputs> shapes;
    for (size_t k = 0; k < kInputs; ++k)
        shapes[k] = node.get_input_shape(k);
    return host_ref::plan_broadcast<kInputs>(shapes, node.get_output_shape(0));
}

// The fast path's condition: Constant ranges that vary along the merged axis before the innermost one at most
// (per tensor, per channel), data dense over the output. Rows of the innermost axis then share one range entry.
bool per_channel(const Node& node, const host_ref::BroadcastPlan<kInputs>& p) {
    for (size_t k = 1; k < kInputs; ++k)
        if (!node.input_value(k).node->is_constant())
            return false;
    const size_t rank = p.dims.size();
    size_t stride = 1;
    for (size_t ax = rank; ax-- > 0;) {
        if (p.dims[ax] != 1 && p.step[0][ax] != stride)
            return false;
        stride *= p.dims[ax];
    }
    for (size_t k = 1; k < kInputs; ++k)
        for (size_t ax = 0; ax < rank; ++ax)
            if (ax + 2 != rank && p.step[k][ax] != 0)
                return false;
    return true;
}

// One entry of 8 floats per channel: fake_quantize_entry's 7 values and a 0.
Tensor channel_table(const Node& node, const host_ref::BroadcastPlan<kInputs>& p, size_t channels) {
    const size_t rank = p.dims.size();
    std::array<Tensor, kInputs> ranges;
    for (size_t k = 1; k < kInputs; ++k)
        ranges[k] = host_ref::to_f32(node.input_value(k).node->get_constant_value());
    Tensor table(element::f32, Shape{channels * 8});
    float* t = table.data<float>();
    for (size_t c = 0; c < channels; ++c) {
        float v[kInputs];
        for (size_t k = 1; k < kInputs; ++k)
            v[k] = ranges[k].data<const float>()[rank >= 2 ? c * p.step[k][rank - 2] : 0];
        const std::array<float, 7> entry = fake_quantize_entry(v[1], v[2], v[3], v[4]);
        std::copy(entry.begin(), entry.end(), t + 8 * c);
        t[8 * c + 7] = 0.f;
    }
    return table;
}

}  // namespace

std::array<float, 7> fake_quantize_entry(float il, float ih, float ol, float oh) {
    return {std::min(il, ih), std::max(il, ih), il, ih - il, ol, oh - ol, oh};
}

namespace {

std::string build_options(element::Type type, const DeviceInfo& device) {
    std::string o = define("T", cl_type(type)) + " " + define("F16", type == element::f16 ? 1 : 0) + " " +
                    define("VEC", static_cast<long long>(kVec));
    return o + correctly_rounded_division(device);
}

}  // namespace

Validation FakeQuantizeOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type type = node.get_input_element_type(0);
    if (type != element::f32 && type != element::f16)
        return Validation::no("the OpenCL FakeQuantize supports f32 and f16 (f16 as storage, f32 compute), not " +
                              type.get_type_name());  // shape inference gave all five inputs this type
    if (shape_size(node.get_output_shape(0)) > std::numeric_limits<uint32_t>::max())
        return Validation::no("the output has 2^32 elements or more (the kernels index with 32-bit integers)");
    return Validation::yes();
}

OpConfig FakeQuantizeOp::configure(const Node& node, const DeviceInfo& device) const {
    const element::Type type = node.get_input_element_type(0);
    const auto plan = plan_of(node);
    const size_t rank = plan.dims.size(), inner = plan.dims.back();
    const size_t total = shape_size(node.get_output_shape(0));
    const size_t row_blocks = (inner + kVec - 1) / kVec, blocks = inner ? total / inner * row_blocks : 0;
    const size_t local = std::min(kLocal, device.max_work_group_size);
    const auto u32 = [](size_t v) { return KernelArg::scalar(static_cast<cl_uint>(v)); };
    const auto steps = KernelArg::scalar(static_cast<cl_float>(node.get_attr<int64_t>("levels") - 1));

    OpConfig config;
    KernelLaunch l;
    l.source = stem::quantize;
    l.options = build_options(type, device);
    l.global = {round_up(blocks, local)};
    l.local = {local};
    if (total > 0 && per_channel(node, plan)) {
        const size_t channels = rank >= 2 ? plan.dims[rank - 2] : 1;
        config.constants.push_back(channel_table(node, plan, channels));
        l.entry = "fake_quantize_channel";
        l.args = {KernelArg::input(0), KernelArg::constant(0), KernelArg::output(0), u32(inner), u32(channels),
                  u32(row_blocks),     u32(blocks),           steps};
        config.impl_name = "fake_quantize_channel_x" + std::to_string(kVec);
    } else {
        // geo: outer dims, then each input's outer strides (elements), innermost last.
        const size_t outer = rank - 1;
        Tensor geo(element::u32, Shape{(1 + kInputs) * outer});
        auto* g = geo.data<uint32_t>();
        for (size_t ax = 0; ax < outer; ++ax) {
            g[ax] = static_cast<uint32_t>(plan.dims[ax]);
            for (size_t k = 0; k < kInputs; ++k)
                g[(1 + k) * outer + ax] = static_cast<uint32_t>(plan.step[k][ax]);
        }
        config.constants.push_back(geo);
        cl_uint dense = 0;
        for (size_t k = 0; k < kInputs; ++k) {
            const size_t step = plan.step[k].back();
            if (step > 1)
                raise<Exception>(node.describe(), ": input ", k, " has inner stride ", step);
            dense |= static_cast<cl_uint>(step) << k;
        }
        l.entry = "fake_quantize_bcast";
        for (size_t k = 0; k < kInputs; ++k)
            l.args.push_back(KernelArg::input(k));
        l.args.insert(l.args.end(), {KernelArg::output(0), KernelArg::constant(0), u32(outer), u32(inner),
                                     u32(row_blocks), u32(blocks), KernelArg::scalar(dense), steps});
        config.impl_name = "fake_quantize_bcast_x" + std::to_string(kVec);
    }
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
