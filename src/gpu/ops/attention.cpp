#include "ops/attention.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

#include "kernel_stems.hpp"
#include "ops/attention_fused.hpp"
#include "ops/fused_ops.hpp"
#include "shape_infer/infer_utils.hpp"
#include "shape_infer/tensor_values.hpp"

namespace ovcl {
namespace gpu {

namespace {

// KB: RV * KB float16 scores stay in registers; 8 leaves registers free for f16 conversions (4 to 12 run alike:
// docs/tuning.md, "Attention: keys per block"). Two float16 of rows per work-item (32 rows) reuse each broadcast K
// and V element twice.
constexpr int64_t kKeysPerBlock = 8;

// One of the attention's tensors as the kernel reads it: `view` the shape the attention sees ([batch..., rows,
// cols]), `strides` where its axes step in memory, `ordered` when a folded Transpose lays it out otherwise than
// `view` (then the kernel steps rows by strides[rows axis] and counts batch offsets in rows of cols elements).
struct Operand {
    Shape view;
    std::vector<int64_t> strides;
    bool ordered = false;
};

// The tensor of shape `stored` whose axis axis_of[d] is the attention's axis d (empty: the same axes).
Operand operand(const Shape& stored, const std::vector<size_t>& axis_of) {
    std::vector<int64_t> dense(stored.size(), 1);
    for (size_t d = stored.size(); d-- > 1;)
        dense[d - 1] = dense[d] * static_cast<int64_t>(stored[d]);
    Operand o{stored, dense, !axis_of.empty()};
    for (size_t d = 0; d < axis_of.size(); ++d) {
        o.view[d] = stored[axis_of[d]];
        o.strides[d] = dense[axis_of[d]];
    }
    return o;
}

// The node's tensors as host_ref::sdpa reads them (after the Transposes of the node's orders): which inputs are
// present, the geometry and the mask's strides.
struct Geometry {
    Operand q, k, v, out;
    Shape batch;  // output batch axes
    size_t L = 0, S = 0, E = 0, Ev = 0;
    bool causal = false, has_mask = false, bool_mask = false, has_scale = false;
    size_t mask_input = 3, scale_input = 4;
    Shape mask_shape;
    int64_t m_row = 0, m_col = 0;  // mask element (l, s) at l * m_row + s * m_col within its matrix
    int64_t m_matrix = 0;          // elements of a mask matrix
    size_t groups = 1, head_axis = 0;  // FusedAttention: K and V head h / groups serves query head h
};

void set_mask(Geometry& g, const Shape& ms) {
    g.mask_shape = ms;
    const size_t mL = ms.size() >= 2 ? ms[ms.size() - 2] : 1, mS = ms.empty() ? 1 : ms.back();
    g.m_row = mL == 1 ? 0 : static_cast<int64_t>(mS);
    g.m_col = mS == 1 ? 0 : 1;
    g.m_matrix = static_cast<int64_t>(mL * mS);
}

Operand input_operand(const Node& node, size_t i) {
    const Shape& s = node.get_input_shape(i);
    return operand(s, attention_order(node, kAttentionOrders[i], s.size()));
}

Geometry geometry(const Node& node) {
    Geometry g;
    g.q = input_operand(node, 0);
    g.k = input_operand(node, 1);
    g.v = input_operand(node, 2);
    const Shape& os = node.get_output_shape(0);
    const std::vector<size_t> out_order = attention_order(node, "out_order", os.size());
    std::vector<size_t> out_axis(out_order.size());
    for (size_t j = 0; j < out_order.size(); ++j)  // the result's axis out_order[j] is stored at j
        out_axis[out_order[j]] = j;
    g.out = operand(os, out_axis);
    const Shape &qs = g.q.view, &ks = g.k.view;
    g.batch = Shape(g.out.view.begin(), g.out.view.end() - 2);
    g.L = qs[qs.size() - 2];
    g.E = qs.back();
    g.S = ks[ks.size() - 2];
    g.Ev = g.v.view.back();
    g.causal = node.get_attr<bool>("causal");
    const size_t shift = grouped_attention(node) ? kGroupedTargets : 0;
    g.mask_input += shift;
    g.scale_input += shift;
    if (grouped_attention(node)) {  // K's head axis a - 1, right-aligned into the output's batch axes
        const auto a = static_cast<size_t>(node.get_attr<int64_t>("axis"));
        g.head_axis = a - 1 + g.batch.size() - (ks.size() - 2);
        g.groups = g.batch.at(g.head_axis) / std::max<size_t>(1, ks.at(a - 1));
    }
    g.has_mask = node.get_input_size() > g.mask_input && !g.causal;  // causal ignores the mask input
    g.has_scale = node.get_input_size() > g.scale_input;
    if (g.has_mask) {
        g.bool_mask = node.get_input_element_type(g.mask_input) == element::boolean;
        set_mask(g, node.get_input_shape(g.mask_input));
    }
    return g;
}

// The unit of an operand's batch offsets (kernels_cl/attention.cl): a matrix of `rows` x `cols` as it is stored,
// a row of `cols` elements when a folded Transpose interleaves its matrices.
int64_t unit(const Operand& o, size_t rows, size_t cols) {
    return static_cast<int64_t>(o.ordered ? cols : rows * cols);
}

// Per output batch: where its Q, K, V, mask and output matrices start ([batches, 5] i32), in the units above: for
// operands stored as the attention reads them, matrices, so that the table holds for any key count S.
Tensor batch_offsets(const Geometry& g) {
    const Operand mask = operand(g.has_mask ? g.mask_shape : Shape{1, 1}, {});
    const Operand* operands[5] = {&g.q, &g.k, &g.v, &mask, &g.out};
    const int64_t units[5] = {unit(g.q, g.L, g.E), unit(g.k, g.S, g.E), unit(g.v, g.S, g.Ev), g.m_matrix,
                              unit(g.out, g.L, g.Ev)};
    const size_t nb = g.batch.size(), batches = shape_size(g.batch);
    // strides[k][ax]: operand k's step per index of output batch axis ax (0 where it broadcasts or lacks the axis)
    std::vector<std::vector<int64_t>> strides(5, std::vector<int64_t>(nb, 0));
    for (size_t k = 0; k < 5; ++k) {
        const Operand& o = *operands[k];
        const size_t lead = o.view.size() >= 2 ? o.view.size() - 2 : 0;
        for (size_t ax = nb - std::min(nb, lead); ax < nb; ++ax) {
            const size_t a = ax + lead - nb;
            strides[k][ax] = o.view[a] == 1 ? 0 : o.strides[a];
        }
    }
    Tensor t(element::i32, Shape{batches, 5});
    int32_t* dst = t.data<int32_t>();
    for (size_t b = 0; b < batches; ++b) {
        size_t rem = b;
        int64_t off[5] = {0, 0, 0, 0, 0};
        for (size_t ax = nb; ax-- > 0;) {
            const size_t i = rem % g.batch[ax];
            rem /= g.batch[ax];
            for (size_t k = 0; k < 5; ++k)
                off[k] += static_cast<int64_t>(ax == g.head_axis && (k == 1 || k == 2) ? i / g.groups : i) *
                          strides[k][ax];
        }
        for (size_t k = 0; k < 5; ++k)
            dst[5 * b + k] = static_cast<int32_t>(units[k] > 0 ? off[k] / units[k] : 0);
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

// The shape `target` (a Constant of the node's input `i`) gives the op `type` (Broadcast or Reshape) on `in`.
std::optional<Shape> target_shape(const Node& node, const std::string& type, const Shape& in, size_t i) {
    const auto& c = node.input_value(i).node;
    if (!c->is_constant())
        return std::nullopt;
    try {
        const auto op = attention_stand_in(node, type);
        const Tensor& t = c->get_constant_value();
        const auto out = op->spec().infer(
            *op, {InputInfo(node.get_input_element_type(0), in), InputInfo(t.get_element_type(), t.get_shape(), &t)});
        if (out.at(0).shape.is_static())
            return out.at(0).shape.to_shape();
    } catch (const ModelError&) {
    }
    return std::nullopt;
}

// FusedAttention's K and V (inputs 1 and 2) each become, through their targets, the same data with every head
// repeated G times in a row (axis a inserted with extent G, then merged into axis a - 1), G alike for both.
bool expands_heads_only(const Node& node) {
    const auto a = static_cast<size_t>(node.get_attr<int64_t>("axis"));
    size_t groups = 0;
    for (size_t i : {1, 2}) {
        if (node.get_input_partial_shape(i).is_dynamic() || a < 1 || a + 2 > node.get_input_shape(i).size())
            return false;
        Shape unsqueezed = node.get_input_shape(i);
        unsqueezed.insert(unsqueezed.begin() + static_cast<std::ptrdiff_t>(a), 1);
        const auto broadcast = target_shape(node, "Broadcast", unsqueezed, 2 * i + 1);
        if (!broadcast || broadcast->size() != unsqueezed.size() || (*broadcast)[a] == 0)
            return false;
        Shape expanded = unsqueezed;
        expanded[a] = (*broadcast)[a];
        const auto merged = target_shape(node, "Reshape", *broadcast, 2 * i + 2);
        Shape want = node.get_input_shape(i);
        want[a - 1] *= (*broadcast)[a];
        if (*broadcast != expanded || !merged || *merged != want || (groups != 0 && groups != (*broadcast)[a]))
            return false;
        groups = (*broadcast)[a];
    }
    return true;
}

// Whether every tensor has fewer than 2^31 elements: the kernel indexes with 32-bit integers.
bool indexes_in_int(const Shape& output, const std::vector<Shape>& inputs) {
    size_t largest = shape_size(output);
    for (const auto& s : inputs)
        largest = std::max(largest, shape_size(s));
    return largest <= static_cast<size_t>(INT_MAX);
}

// The kernel's scalar arguments, after its 7 buffers.
constexpr size_t kBufferArgs = 7;
void append_scalars(const Geometry& g, std::vector<KernelArg>& args) {
    const auto i32 = [](int64_t x) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(x)); };
    const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(static_cast<float>(g.E))));
    for (int64_t x : {static_cast<int64_t>(g.L), static_cast<int64_t>(g.S), static_cast<int64_t>(g.E),
                      static_cast<int64_t>(g.Ev), int64_t(g.has_mask ? (g.bool_mask ? 2 : 1) : 0), g.m_row, g.m_col,
                      g.m_matrix, int64_t(g.causal), int64_t(g.has_scale)})
        args.push_back(i32(x));
    args.push_back(KernelArg::scalar<cl_float>(scale));
    const auto row = [](const Operand& o, size_t cols) {
        return o.ordered ? o.strides[o.strides.size() - 2] : static_cast<int64_t>(cols);
    };
    for (int64_t x : {unit(g.q, g.L, g.E), unit(g.k, g.S, g.E), unit(g.v, g.S, g.Ev), unit(g.out, g.L, g.Ev),
                      row(g.q, g.E), row(g.k, g.E), row(g.v, g.Ev), row(g.out, g.Ev)})
        args.push_back(i32(x));
}

}  // namespace

Validation AttentionOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type type = node.get_input_element_type(0);
    if (type != element::f32 && type != element::f16)
        return Validation::no("the OpenCL ScaledDotProductAttention supports f32 and f16 (f16 as storage, f32 "
                              "compute), not " + type.get_type_name());
    if (grouped_attention(node) && !expands_heads_only(node))
        return Validation::no("the Broadcast and Reshape targets of K and V are not known, or expand other axes "
                              "than the heads: the kernel reads each K and V head for a group of query heads");
    const Geometry g = geometry(node);
    if (g.E == 0)
        return Validation::no("an empty embedding (E = 0): the reference's default scale 1/sqrt(0) is not computed "
                              "by the kernel");
    if (std::max(g.E, g.Ev) > kMaxHeadSize)
        return Validation::no("head size E " + std::to_string(g.E) + " / Ev " + std::to_string(g.Ev) +
                              " above " + std::to_string(kMaxHeadSize) +
                              " (a work-item keeps Q^T and its output rows in private arrays of that capacity)");
    std::vector<Shape> inputs;
    for (size_t i = 0; i < node.get_input_size(); ++i)
        inputs.push_back(node.get_input_shape(i));
    if (!indexes_in_int(node.get_output_shape(0), inputs))
        return Validation::no("a tensor of 2^31 elements or more (the kernel indexes with 32-bit integers)");
    return Validation::yes();
}

OpConfig AttentionOp::configure(const Node& node, const DeviceInfo&) const {
    const Geometry g = geometry(node);
    const element::Type type = node.get_input_element_type(0);
    const int64_t rv = g.L > 16 ? 2 : 1;  // 16 rows when that covers L: fewer idle lanes

    OpConfig cfg;
    cfg.constants.push_back(batch_offsets(g));
    KernelLaunch l;
    l.source = stem::attention;
    l.entry = "sdpa_rows";
    // The mask kind, causal and the scale's source are kernel arguments: one program per (type, RV, DMAX).
    l.options = define("T", cl_type(type)) + " " + define("F16", type == element::f16 ? 1 : 0) + " " +
                define("RV", rv) + " " + define("KB", kKeysPerBlock) + " " + define("DMAX", head_capacity(g.E, g.Ev));
    l.args = {KernelArg::input(0),
              KernelArg::input(1),
              KernelArg::input(2),
              KernelArg::input(g.has_mask ? g.mask_input : 0),  // unused placeholders when absent
              KernelArg::input(g.has_scale ? g.scale_input : 0),
              KernelArg::output(0),
              KernelArg::constant(0)};
    append_scalars(g, l.args);
    // One work-item per group (PoCL runs a group's work-items one after another anyway; a fixed local size is
    // compiled once).
    l.global = {(g.L + 16 * rv - 1) / (16 * rv), shape_size(g.batch)};
    l.local = {1, 1};
    cfg.launches.push_back(std::move(l));
    cfg.impl_name = "sdpa_rows_" + std::to_string(16 * rv) + "x" + std::to_string(kKeysPerBlock);
    return cfg;
}

namespace {

bool same_but(const Shape& was, const Shape& is, size_t axis) {
    for (size_t d = 0; d < was.size(); ++d)
        if (d != axis && was[d] != is[d])
            return false;
    return true;
}

// A Broadcast or Reshape target of FusedAttention's K or V (`now`, against the Constant `was` it was configured
// with) that gives the same shape but for the key count, which goes from S0 to S: the value at the key axis (second
// last) is the count itself, and changes with it, or is -1 in a Reshape, and stays; every other value stays. A
// Reshape's zeros (special_zero: input dims copied) at the last two axes would copy the key axis, or copy another
// one there: refused.
bool target_follows(const Tensor& was, const Tensor* now, size_t count, size_t S0, size_t S, bool reshape,
                    bool special_zero) {
    if (!now || !now->get_element_type().is_integral() || now->get_size() != count || was.get_size() != count ||
        count < 2)
        return false;
    const auto a = tensor_values<int64_t>(was), b = tensor_values<int64_t>(*now);
    for (size_t i = 0; i < count; ++i) {
        if (reshape && special_zero && i + 2 >= count && a[i] == 0)
            return false;
        const bool key = i == count - 2 && a[i] == static_cast<int64_t>(S0);
        if (key ? b[i] != static_cast<int64_t>(S) : b[i] != a[i])
            return false;
        if (i == count - 2 && !key && !(reshape && a[i] == -1))
            return false;
    }
    return true;
}

}  // namespace

// The inputs differ from the node's only in the key count S (K's and V's second last axis, the mask's last where it
// spans the keys, the targets of FusedAttention where they name it): the output's shape stays, the configuration
// takes the new S and mask strides. Every other change is configured anew.
std::optional<OpConfig> AttentionOp::rebind(const Node& n, const OpConfig& config,
                                            const std::vector<InputInfo>& now) const {
    if (now.size() != n.get_input_size() || config.launches.size() != 1 ||
        config.launches[0].args.size() <= kBufferArgs)
        return std::nullopt;
    std::vector<Shape> shapes;
    for (size_t i = 0; i < now.size(); ++i) {
        if (!now[i].shape.is_static() || now[i].type != n.get_input_element_type(i) ||
            now[i].shape.size() != n.get_input_shape(i).size())
            return std::nullopt;
        shapes.push_back(now[i].shape.to_shape());
    }
    Geometry g = geometry(n);
    if (g.k.ordered || g.v.ordered)  // their batch offsets, in rows, count S
        return std::nullopt;
    const size_t key_axis = shapes[1].size() - 2, S = shapes[1][key_axis];
    const bool special_zero = grouped_attention(n) && n.get_attr<bool>("special_zero");
    for (size_t i = 0; i < now.size(); ++i) {
        const Shape& was = n.get_input_shape(i);
        const Shape& is = shapes[i];
        bool ok = was == is;
        if (i == 1 || i == 2)
            ok = same_but(was, is, key_axis) && is[key_axis] == S;
        else if (grouped_attention(n) && i >= 3 && i < 3 + kGroupedTargets)
            ok = n.input_value(i).node->is_constant() &&
                 target_follows(n.input_value(i).node->get_constant_value(), now[i].value,
                                shapes[1].size() + (i % 2 ? 1 : 0), g.S, S, i % 2 == 0, special_zero);
        else if (i == g.mask_input && !is.empty())
            ok = same_but(was, is, is.size() - 1) && (is.back() == 1 || is.back() == S);
        if (!ok)
            return std::nullopt;
    }
    if (!indexes_in_int(n.get_output_shape(0), shapes))
        return std::nullopt;
    g.S = S;
    if (g.has_mask)
        set_mask(g, shapes[g.mask_input]);
    OpConfig rebound = config;
    auto& args = rebound.launches[0].args;
    args.resize(kBufferArgs);
    append_scalars(g, args);
    return rebound;
}

}  // namespace gpu
}  // namespace ovcl
