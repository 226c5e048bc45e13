#include "ops/pooling.hpp"

#include <algorithm>
#include <limits>

#include "kernel_stems.hpp"
#include "shape_infer/pooling_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr int64_t kBlock = 8;  // outputs along W per work-item (BLOCK in pooling.cl)
constexpr cl_int kPlanes = 16;  // planes per work-item of max_pool_planes
constexpr size_t kLocal = 8;  // work-group (kLocal, 1) or (1, 1): PoCL compiles one variant per local size

bool is_max(const Node& node) { return node.get_type_name() == "MaxPool"; }

// The spatial geometry right-aligned into (W, H, D): 1-D and 2-D windows get unit leading axes.
struct Geometry {
    cl_int4 in{{1, 1, 1, 1}}, out{{1, 1, 1, 1}}, kernel{{1, 1, 1, 1}}, stride{{1, 1, 1, 1}}, dil{{1, 1, 1, 1}};
    cl_int4 pad{{0, 0, 0, 0}};
    cl_int4 cols{{0, 0, 0, 0}};  ///< left border end, vector range end, blocks (see kernels_cl/pooling.cl)
    bool any_pad = false;
};

// The output columns whose windows, and vector loads, lie inside the row: [cols.x, cols.y), in blocks of 8.
void split_columns(Geometry& g) {
    const int64_t iw = g.in.s[0], ow = g.out.s[0], k = g.kernel.s[0], s = g.stride.s[0], d = g.dil.s[0];
    const int64_t p = g.pad.s[0];
    const int64_t first = std::min(ow, shape_infer::ceil_div(p, s));
    // The last tap of column c is c * s - p + (k - 1) * d; stride 2 loads one element more (vload16).
    const int64_t room = iw - 1 - (k - 1) * d - (s == 2 ? 1 : 0) + p;
    const int64_t end = std::clamp<int64_t>(room < 0 ? 0 : room / s + 1, first, ow);
    const int64_t blocks = end - first >= kBlock ? (end - first + kBlock - 1) / kBlock : 0;
    g.cols = {{static_cast<cl_int>(first), static_cast<cl_int>(end), static_cast<cl_int>(blocks), 0}};
}

Geometry make_geometry(const Node& node) {
    const Shape data = node.get_input_shape(0);
    const shape_infer::Window w = shape_infer::pooling_window(node, data);
    const size_t n = w.kernel.size();
    Geometry g;
    for (size_t i = 0; i < n; ++i) {
        const size_t k = n - 1 - i;  // spatial axis i lands on vector lane k (x = W = the last axis)
        g.in.s[k] = static_cast<cl_int>(data[2 + i]);
        g.out.s[k] = static_cast<cl_int>(w.output[i]);
        g.kernel.s[k] = static_cast<cl_int>(w.kernel[i]);
        g.stride.s[k] = static_cast<cl_int>(w.strides[i]);
        g.dil.s[k] = static_cast<cl_int>(w.dilations[i]);
        g.pad.s[k] = static_cast<cl_int>(w.pads_begin[i]);
        g.any_pad = g.any_pad || w.pads_begin[i] != 0 || w.pads_end[i] != 0;
    }
    g.in.s[3] = static_cast<cl_int>(data[0] * data[1]);
    split_columns(g);
    return g;
}

// MaxPool whose rows are too short for two blocks of 8 outputs, over at least 16 planes: max_pool_planes, which
// takes 16 planes of one output row per work-item (the row kernel would run them one output at a time).
bool across_planes(const Node& node, const Geometry& g) {
    return is_max(node) && g.out.s[0] < 2 * kBlock && g.in.s[3] >= kPlanes;
}

bool fits_int(size_t v) { return v < static_cast<size_t>(std::numeric_limits<cl_int>::max()); }

}  // namespace

Validation PoolingOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type t = node.get_input_element_type(0);
    if (t != element::f32 && t != element::f16 && !(is_max(node) && t == element::i32))
        return Validation::no(node.get_type_name() + " on " + t.get_type_name() +
                              ": the pooling kernels take f32, f16 (as storage, f32 compute)" +
                              (is_max(node) ? " and i32" : ""));
    if (node.get_output_element_type(0) != t)
        return Validation::no(node.get_type_name() + ": the output type differs from the data type");
    const Shape data = node.get_input_shape(0);
    if (data.size() < 3 || data.size() > 5)
        return Validation::no("pooling data must be [N, C, spatial...] of rank 3 to 5");
    if (!fits_int(shape_size(data)) || !fits_int(shape_size(node.get_output_shape(0))))
        return Validation::no("the pooling kernels index with 32-bit integers: tensors must have fewer than 2^31 "
                              "elements");
    try {
        make_geometry(node);
    } catch (const Exception& e) {
        return Validation::no(std::string("pooling window: ") + e.what());
    }
    if (node.get_output_size() > 1) {
        const element::Type it = node.get_output_element_type(1);
        if (it != element::i32 && it != element::i64)
            return Validation::no("MaxPool indices of type " + it.get_type_name() + " (i32 or i64 only)");
    }
    return Validation::yes();
}

OpConfig PoolingOp::configure(const Node& node, const DeviceInfo&) const {
    const Geometry g = make_geometry(node);
    const element::Type t = node.get_input_element_type(0);
    const bool max = is_max(node);
    KernelLaunch l;
    l.source = stem::pooling;
    const bool planes = across_planes(node, g);
    l.entry = planes ? "max_pool_planes" : max ? "max_pool" : "avg_pool";
    const bool half = t == element::f16;  // stored as half, computed as float
    l.options = define("T", half ? "float" : cl_type(t)) + (half ? " -DIO_HALF" : "");
    if (max)
        l.options += " " + define("T_LOWEST", t == element::i32 ? "INT_MIN" : "(-INFINITY)");
    else
        l.options += " -DPOOL_AVG";
    l.args = {KernelArg::input(0), KernelArg::output(0)};
    std::string name = l.entry;
    if (max && node.get_output_size() > 1) {
        const Shape s = node.get_input_shape(0);
        const int64_t axis = shape_infer::normalize_axis(node, node.get_attr<int64_t>("axis", 0),
                                                         static_cast<int64_t>(s.size()));
        // The host reference's indices: flat positions in the whole input, modulo the extent from `axis` on.
        const cl_long modulo = axis > 0 ? static_cast<cl_long>(shape_size(Shape(s.begin() + axis, s.end()))) : 0;
        l.options += " " + define("IDX_T", cl_type(node.get_output_element_type(1)));
        l.args.push_back(KernelArg::output(1));
        l.args.push_back(KernelArg::scalar<cl_long>(modulo));
        name += "_idx";
    }
    for (const cl_int4& v : {g.in, g.out, g.kernel, g.stride, g.dil, g.pad})
        l.args.push_back(KernelArg::scalar<cl_int4>(v));
    if (!planes)  // max_pool_planes runs every column alike
        l.args.push_back(KernelArg::scalar<cl_int4>(g.cols));
    if (!max) {
        // OpenVINO's rule (as host_ref): without exclude-pad the divisor is the whole kernel, but only when
        // some effective padding exists; otherwise it counts the taps inside the input.
        const bool pads_in_divisor = !node.get_attr<bool>("exclude-pad", false) && g.any_pad;
        l.args.push_back(KernelArg::scalar<cl_int>(pads_in_divisor ? 1 : 0));
    }
    // One work-item per output row: (output rows, planes), rows padded to the work-group width; max_pool_planes:
    // one per output row of each 16 planes, in one range.
    const size_t rows = static_cast<size_t>(g.out.s[1]) * static_cast<size_t>(g.out.s[2]);
    if (planes) {
        const size_t items = rows * static_cast<size_t>((g.in.s[3] + kPlanes - 1) / kPlanes);
        l.global = {(items + kLocal - 1) / kLocal * kLocal};
        l.local = {kLocal};
    } else {
        const size_t local = rows >= 2 * kLocal ? kLocal : 1;
        l.global = {(rows + local - 1) / local * local, static_cast<size_t>(g.in.s[3])};
        l.local = {local, 1};
    }
    OpConfig c;
    c.launches.push_back(std::move(l));
    c.impl_name = name + "_" + t.get_type_name() + (planes ? "" : "_w8");
    return c;
}

}  // namespace gpu
}  // namespace ovcl
