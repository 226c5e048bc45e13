#include "ops/attention.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

// KB: RV * KB float16 scores stay in registers; 8 leaves registers free for f16 conversions (4 to 12 run alike:
// docs/tuning.md, "Attention: keys per block"). Two float16 of rows per work-item (32 rows) reuse each broadcast K
// and V element twice.
constexpr int64_t kKeysPerBlock = 8;

// The node's inputs as host_ref::sdpa reads them: which are present, the geometry and the mask's strides.
struct Geometry {
    Shape batch;  // output batch axes
    size_t L = 0, S = 0, E = 0, Ev = 0;
    bool causal = false, has_mask = false, bool_mask = false, has_scale = false;
    Shape mask_shape;
    int64_t m_row = 0, m_col = 0;  // mask element (l, s) at l * m_row + s * m_col within its matrix
};

Geometry geometry(const Node& node) {
    Geometry g;
    const Shape qs = node.get_input_shape(0), ks = node.get_input_shape(1), vs = node.get_input_shape(2);
    const Shape os = node.get_output_shape(0);
    g.batch = Shape(os.begin(), os.end() - 2);
    g.L = qs[qs.size() - 2];
    g.E = qs.back();
    g.S = ks[ks.size() - 2];
    g.Ev = vs.back();
    g.causal = node.get_attr<bool>("causal");
    g.has_mask = node.get_input_size() > 3 && !g.causal;  // causal ignores the mask input
    g.has_scale = node.get_input_size() > 4;
    if (g.has_mask) {
        g.bool_mask = node.get_input_element_type(3) == element::boolean;
        g.mask_shape = node.get_input_shape(3);
        const Shape& ms = g.mask_shape;
        const size_t mL = ms.size() >= 2 ? ms[ms.size() - 2] : 1, mS = ms.empty() ? 1 : ms.back();
        g.m_row = mL == 1 ? 0 : static_cast<int64_t>(mS);
        g.m_col = mS == 1 ? 0 : 1;
    }
    return g;
}

// Per output batch: the element offsets of its Q, K, V and mask matrices ([batches, 4] i32).
Tensor batch_offsets(const Node& node, const Geometry& g) {
    const size_t count = g.has_mask ? 4 : 3;
    std::vector<Strides> strides(4, Strides(g.batch.size(), 0));
    std::vector<int64_t> matrix(4, 0);
    for (size_t i = 0; i < count; ++i) {
        const Shape s = i == 3 ? g.mask_shape : node.get_input_shape(i);
        const size_t lead = s.size() >= 2 ? s.size() - 2 : 0;
        strides[i] = host_ref::broadcast_strides(Shape(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(lead)),
                                                 g.batch);
        matrix[i] = static_cast<int64_t>(s.empty() ? 1 : s[s.size() - 1] * (s.size() >= 2 ? s[s.size() - 2] : 1));
    }
    const size_t batches = shape_size(g.batch);
    Tensor t(element::i32, Shape{batches, 4});
    int32_t* dst = t.data<int32_t>();
    for (size_t b = 0; b < batches; ++b) {
        size_t rem = b;
        int64_t off[4] = {0, 0, 0, 0};
        for (size_t ax = g.batch.size(); ax-- > 0;) {
            const size_t i = rem % g.batch[ax];
            rem /= g.batch[ax];
            for (size_t k = 0; k < 4; ++k)
                off[k] += static_cast<int64_t>(i * strides[k][ax]);
        }
        for (size_t k = 0; k < 4; ++k)
            dst[4 * b + k] = static_cast<int32_t>(off[k] * matrix[k]);
    }
    return t;
}

// Capacity of the private arrays for E and Ev: few distinct values, so few program variants.
int64_t head_capacity(size_t E, size_t Ev) {
    int64_t cap = 32;
    while (cap < static_cast<int64_t>(std::max(E, Ev)))
        cap *= 2;
    return cap;
}

}  // namespace

Validation AttentionOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type type = node.get_input_element_type(0);
    if (type != element::f32 && type != element::f16)
        return Validation::no("the OpenCL ScaledDotProductAttention supports f32 and f16 (f16 as storage, f32 "
                              "compute), not " + type.get_type_name());
    const Geometry g = geometry(node);
    if (g.E == 0)
        return Validation::no("an empty embedding (E = 0): the reference's default scale 1/sqrt(0) is not computed "
                              "by the kernel");
    if (std::max(g.E, g.Ev) > kMaxHeadSize)
        return Validation::no("head size E " + std::to_string(g.E) + " / Ev " + std::to_string(g.Ev) +
                              " above " + std::to_string(kMaxHeadSize) +
                              " (a work-item keeps Q^T and its output rows in private arrays of that capacity)");
    size_t largest = shape_size(node.get_output_shape(0));
    for (size_t i = 0; i < node.get_input_size(); ++i)
        largest = std::max(largest, shape_size(node.get_input_shape(i)));
    if (largest > static_cast<size_t>(INT_MAX))
        return Validation::no("a tensor of 2^31 elements or more (the kernel indexes with 32-bit integers)");
    return Validation::yes();
}

OpConfig AttentionOp::configure(const Node& node, const DeviceInfo&) const {
    const Geometry g = geometry(node);
    const element::Type type = node.get_input_element_type(0);
    const int64_t rv = g.L > 16 ? 2 : 1;  // 16 rows when that covers L: fewer idle lanes
    auto i32 = [](int64_t x) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(x)); };

    OpConfig cfg;
    cfg.constants.push_back(batch_offsets(node, g));
    KernelLaunch l;
    l.source = stem::attention;
    l.entry = "sdpa_rows";
    // The mask kind, causal and the scale's source are kernel arguments: one program per (type, RV, DMAX).
    l.options = define("T", cl_type(type)) + " " + define("F16", type == element::f16 ? 1 : 0) + " " +
                define("RV", rv) + " " + define("KB", kKeysPerBlock) + " " + define("DMAX", head_capacity(g.E, g.Ev));
    const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(static_cast<float>(g.E))));
    l.args = {KernelArg::input(0),
              KernelArg::input(1),
              KernelArg::input(2),
              KernelArg::input(g.has_mask ? 3 : 0),  // unused placeholders when absent
              KernelArg::input(g.has_scale ? 4 : 0),
              KernelArg::output(0),
              KernelArg::constant(0),
              i32(static_cast<int64_t>(g.L)),
              i32(static_cast<int64_t>(g.S)),
              i32(static_cast<int64_t>(g.E)),
              i32(static_cast<int64_t>(g.Ev)),
              i32(g.has_mask ? (g.bool_mask ? 2 : 1) : 0),
              i32(g.m_row),
              i32(g.m_col),
              i32(g.causal ? 1 : 0),
              i32(g.has_scale ? 1 : 0),
              KernelArg::scalar<cl_float>(scale)};
    // One work-item per group (PoCL runs a group's work-items one after another anyway; a fixed local size is
    // compiled once).
    l.global = {(g.L + 16 * rv - 1) / (16 * rv), shape_size(g.batch)};
    l.local = {1, 1};
    cfg.launches.push_back(std::move(l));
    cfg.impl_name = "sdpa_rows_" + std::to_string(16 * rv) + "x" + std::to_string(kKeysPerBlock);
    return cfg;
}

}  // namespace gpu
}  // namespace ovcl
