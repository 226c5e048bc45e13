#include "ops/normalization.hpp"

#include <algorithm>
#include <limits>

#include "host_ref/reduce.hpp"
#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"
#include "ops/reduce_region.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace gpu {

namespace {

using shape_infer::lower_attr;

bool fused_mvn(const Node& node) { return node.get_type_name() == "FusedMVN"; }
// MVN-6 and FusedMVN (fusions.hpp): axes input, f32 eps attribute, eps_mode.
bool mvn6_like(const Node& node) { return fused_mvn(node) || node.get_version() >= 6; }

// MVN-1 reduces its reduction_axes, or without them the axes from 1 (across_channels) or 2 on, as host_ref.
bool mvn_axes(const Node& node, std::vector<size_t>& axes, std::string& why) {
    if (mvn6_like(node))
        return constant_axes(node, 1, axes, why);
    const size_t rank = node.get_input_shape(0).size();
    std::vector<int64_t> a = node.get_attr<std::vector<int64_t>>("reduction_axes", {});
    if (a.empty())
        for (auto d = static_cast<int64_t>(node.get_attr<bool>("across_channels", true) ? 1 : 2);
             d < static_cast<int64_t>(rank); ++d)
            a.push_back(d);
    try {
        axes = host_ref::reduction_axes_of(node, a, rank);
    } catch (const Exception& e) {
        why = e.what();
        return false;
    }
    return true;
}

// FusedMVN's scale and shift (inputs 2, 3): Constants of the data's type that vary along reduced axes only.
bool affine_inputs(const Node& node, const std::vector<size_t>& axes, std::string& why) {
    const Shape ds = node.get_input_shape(0);
    for (size_t i = 2; i < 4; ++i) {
        const Output<Node>& in = node.input_value(i);
        const std::string name = i == 2 ? "scale" : "shift";
        if (!in.node->is_constant() || in.get_element_type() != node.get_input_element_type(0)) {
            why = "FusedMVN: the " + name + " must be a Constant of the data's type";
            return false;
        }
        const Shape cs = in.get_shape();
        bool ok = cs.size() <= ds.size();
        for (size_t d = 0; ok && d < cs.size(); ++d) {
            const size_t axis = ds.size() - cs.size() + d;
            ok = cs[d] == 1 || (cs[d] == ds[axis] && std::find(axes.begin(), axes.end(), axis) != axes.end());
        }
        if (!ok) {
            why = "FusedMVN: the " + name + " " + cs.to_string() + " varies along axes that are not normalised";
            return false;
        }
    }
    return true;
}

bool mvn_region(const Node& node, Region& r, std::string& why) {
    std::vector<size_t> axes;
    return mvn_axes(node, axes, why) && (!fused_mvn(node) || affine_inputs(node, axes, why)) &&
           plan_region(node.get_input_shape(0), axes, r, why);
}

// The scale or shift (input i) as one f32 value per position of the reduced region, row-major over the reduced
// axes: how mvn_affine indexes it (red_i).
Tensor affine_table(const Node& node, size_t i, const std::vector<size_t>& axes) {
    const Shape ds = node.get_input_shape(0), cs = node.get_input_shape(i);
    const std::vector<double> v = host_ref::to_f64(node.input_value(i).node->get_constant_value());
    std::vector<size_t> stride(ds.size(), 0);  // of the constant along each data axis, 0 where it broadcasts
    size_t step = 1;
    for (size_t d = cs.size(); d-- > 0;) {
        stride[ds.size() - cs.size() + d] = cs[d] == 1 ? 0 : step;
        step *= cs[d];
    }
    size_t count = 1;
    for (size_t a : axes)
        count *= ds[a];
    Tensor table(element::f32, Shape{count});
    float* t = table.data<float>();
    for (size_t j = 0; j < count; ++j) {
        size_t rest = j, offset = 0;
        for (auto a = axes.rbegin(); a != axes.rend(); ++a) {
            offset += rest % ds[*a] * stride[*a];
            rest /= ds[*a];
        }
        t[j] = static_cast<float>(v[offset]);
    }
    return table;
}

bool l2_region(const Node& node, Region& r, std::string& why) {
    std::vector<size_t> axes;
    if (!constant_axes(node, 1, axes, why))
        return false;
    if (axes.empty()) {
        why = "NormalizeL2 with empty axes (x / x element-wise) has no kernel";
        return false;
    }
    return plan_region(node.get_input_shape(0), axes, r, why);
}

Validation checked(const Node& node, bool (*plan)(const Node&, Region&, std::string&)) {
    Validation v = require_float(node);
    if (!v.supported)
        return v;
    Region r;
    std::string why;
    return plan(node, r, why) ? Validation::yes() : Validation::no(why);
}

// The region `plan` gives a node that validate accepted.
Region planned(const Node& node, bool (*plan)(const Node&, Region&, std::string&)) {
    Region r;
    std::string why;
    if (!plan(node, r, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    return r;
}

}  // namespace

Validation MvnOp::validate(const Node& node, const DeviceInfo&) const { return checked(node, mvn_region); }

OpConfig MvnOp::configure(const Node& node, const DeviceInfo& device) const {
    const Region r = planned(node, mvn_region);
    const bool v6 = mvn6_like(node);
    // MVN-1's eps is a double attribute and always inside the square root; MVN-6's is an f32 one.
    const float eps = v6 ? node.get_attr<float>("eps") : static_cast<float>(node.get_attr<double>("eps"));
    const bool inside = !v6 || lower_attr(node, "eps_mode") == "inside_sqrt";
    const bool nv = v6 ? node.get_attr<bool>("normalize_variance") : node.get_attr<bool>("normalize_variance", true);
    std::vector<KernelArg> args = {KernelArg::scalar<cl_float>(static_cast<cl_float>(r.count)),
                                   KernelArg::scalar<cl_int>(nv ? 1 : 0), KernelArg::scalar<cl_int>(inside ? 1 : 0),
                                   KernelArg::scalar<cl_float>(eps)};
    OpConfig c;
    if (fused_mvn(node)) {  // y * scale + shift, tables per reduced position
        std::vector<size_t> axes;
        std::string why;
        mvn_axes(node, axes, why);
        c.constants = {affine_table(node, 2, axes), affine_table(node, 3, axes)};
        args.push_back(KernelArg::constant(0));
        args.push_back(KernelArg::constant(1));
    }
    const std::string entry = fused_mvn(node) ? "mvn_affine" : "mvn";
    c.launches.push_back(region_launch(stem::normalization, entry, r, device, {}, args));
    c.launches.back().options += storage_option(node);
    const bool rms = fused_mvn(node) && !node.get_attr<bool>("center", true);
    if (rms)
        c.launches.back().options += " -DUNCENTRED";
    c.impl_name = (rms ? std::string("rms_affine") : entry) + (r.inner == 1 ? "_rows16" : "_cols8");
    return c;
}

Validation NormalizeL2Op::validate(const Node& node, const DeviceInfo&) const { return checked(node, l2_region); }

OpConfig NormalizeL2Op::configure(const Node& node, const DeviceInfo& device) const {
    const Region r = planned(node, l2_region);
    const bool add = lower_attr(node, "eps_mode") == "add";
    OpConfig c;
    c.launches.push_back(region_launch(stem::normalization, "normalize_l2", r, device, {},
                                       {KernelArg::scalar<cl_int>(add ? 1 : 0),
                                        KernelArg::scalar<cl_float>(node.get_attr<float>("eps"))}));
    c.launches.back().options += storage_option(node);
    c.impl_name = r.inner == 1 ? "normalize_l2_rows16" : "normalize_l2_cols8";
    return c;
}

namespace {
constexpr size_t kBatchNormChunk = 256;  // elements of one row per work-item (batch_norm in normalization.cl)
constexpr size_t kBatchNormLocal = 16;
}  // namespace

Validation BatchNormOp::validate(const Node& node, const DeviceInfo&) const {
    const size_t data = node.get_version() < 5 ? 2 : 0;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        Validation v = require_float(node, i);
        if (!v.supported)
            return v;
        if (node.get_input_element_type(i) != node.get_input_element_type(data))
            return Validation::no("BatchNormInference: the parameters' types differ from the data type");
    }
    const Shape s = node.get_input_shape(data);
    if (s.size() < 2)
        return Validation::no("BatchNormInference data must have rank 2 or more");
    if (shape_size(s) >= static_cast<size_t>(std::numeric_limits<cl_int>::max()))
        return Validation::no("the batch-norm kernel indexes with 32-bit integers: tensors must have fewer than "
                              "2^31 elements");
    return Validation::yes();
}

OpConfig BatchNormOp::configure(const Node& node, const DeviceInfo&) const {
    const bool v1 = node.get_version() < 5;
    const size_t data_input = v1 ? 2 : 0;
    const Shape s = node.get_input_shape(data_input);
    const size_t rows = s[0] * s[1], inner = shape_size(s) / std::max<size_t>(rows, 1);
    const size_t work = rows * ((inner + kBatchNormChunk - 1) / kBatchNormChunk);
    KernelLaunch l;
    l.source = stem::normalization;
    l.entry = "batch_norm";
    // x, gamma, beta, mean, variance: v1 orders them gamma, beta, data, mean, variance.
    const size_t order[5] = {v1 ? 2u : 0u, v1 ? 0u : 1u, v1 ? 1u : 2u, 3, 4};
    for (size_t i : order)
        l.args.push_back(KernelArg::input(i));
    l.args.push_back(KernelArg::output(0));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(s[1])));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(inner)));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(work)));
    l.args.push_back(KernelArg::scalar<cl_float>(static_cast<cl_float>(node.get_attr<double>("epsilon"))));
    l.global = {(work + kBatchNormLocal - 1) / kBatchNormLocal * kBatchNormLocal};
    l.local = {kBatchNormLocal};
    if (node.get_input_element_type(data_input) == element::f16)
        l.options += " -DIO_HALF";
    OpConfig c;
    c.launches.push_back(std::move(l));
    c.impl_name = "batch_norm_x16x16";
    return c;
}

}  // namespace gpu
}  // namespace ovcl
