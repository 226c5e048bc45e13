// The scatter ops on the device (docs/kernels.md, "scatter"). Reduction none: copy the data, then per destination
// the highest-numbered update wins (an atomic_max "winner" pass) and winners are copied: every pass is parallel;
// ScatterElementsUpdate with many lines writes each line's updates in order instead. Reductions: each destination's
// updates are folded in update order by one work-item, in double or int64 as host_ref folds them, into scratch
// accumulators (8 bytes + a count per data element) stored once at the end.
#include "ops/scatter.hpp"

#include <algorithm>

#include "kernel_stems.hpp"
#include "ops/movement_copy.hpp"
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace gpu {

namespace {

using movement::product;

constexpr int64_t kChunk = 64;  // CHUNK in scatter.cl
/// ScatterElementsUpdate with reduction none walks its lines (assign_lines) from this many lines: enough work-items
/// to occupy the device without the winner pass's atomics and scratch.
constexpr int64_t kLines = 256;

cl_int to_int(int64_t v) { return static_cast<cl_int>(v); }
int64_t elements(const Shape& s) { return static_cast<int64_t>(shape_size(s)); }

std::string reduction_of(const Node& node) {
    const bool has = (node.get_type_name() == "ScatterElementsUpdate" && node.get_version() >= 12) ||
                     (node.get_type_name() == "ScatterNDUpdate" && node.get_version() >= 15);
    return has ? shape_infer::lower_attr(node, "reduction", "none") : "none";
}

// The axis input (ScatterUpdate, ScatterElementsUpdate) normalized; false when not a Constant of one value.
bool constant_axis(const Node& node, size_t& axis) {
    std::vector<int64_t> v;
    if (!movement::constant_ints(node, 3, v) || v.size() != 1)
        return false;
    const auto r = static_cast<int64_t>(node.get_input_shape(0).size());
    axis = static_cast<size_t>(v[0] < 0 ? v[0] + r : v[0]);
    return true;
}

Validation check(const Node& node, const DeviceInfo& device, bool has_axis) {
    size_t axis = 0;
    if (has_axis && !constant_axis(node, axis))
        return Validation::no("the axis input is not an integer Constant of one value");
    const element::Type it = node.get_input_element_type(1), t = node.get_input_element_type(0);
    if (it != element::i32 && it != element::i64)
        return Validation::no("indices of type " + it.to_string() + " (i32 or i64 only)");
    const std::string r = reduction_of(node);
    if (r != "none") {
        if (t != element::f32 && t != element::f16 && t != element::i32 && t != element::i64)
            return Validation::no("reduction " + r + " of " + t.to_string() + " data (f32, f16, i32 or i64 only)");
        if (t.is_real() && !device.fp64)
            return Validation::no("reduction " + r + " of real data folds in double as host_ref: the device has no "
                                  "cl_khr_fp64");
    }
    return movement::check_sizes(node);
}

// The launches of one node: the word program (copies, indices, reduction none) and the reduction program.
class Launches {
public:
    Launches(const Node& node, const DeviceInfo& device) : m_node(node) {
        m_config.status_error = "an index is outside the data (found on the device)";
        const element::Type t = node.get_input_element_type(0);
        const std::string common = define("INDEX_T", node.get_input_element_type(1).size() == 8 ? "long" : "int") +
                                  (device.is_gpu ? "" : " -DLOCKSTEP");
        m_words = movement::options_for(t) + " " + common;
        const std::string r = reduction_of(node);
        if (r == "none")
            return;
        const bool real = t.is_real();
        const std::string fold = r == "mean" || r == "sum" ? "SUM"
                                 : r == "sub"              ? "SUB"
                                 : r == "prod"             ? "PROD"
                                 : r == "min"              ? "MIN"
                                                           : "MAX";
        const char* word = t.size() == 2 ? "ushort" : t.size() == 4 ? "uint" : "ulong";
        m_reduce = define("T", cl_type(t)) + " " + define("W", word) + " " + define("ACC", real ? "double" : "long") +
                   (real ? " -DREAL" : "") + (t == element::f16 ? " -DIO_HALF" : "") + " -DFOLD_" + fold + " " + common;
    }

    /// A 1-D launch of `items` work-items of the word program (or the reduction program).
    void add(const std::string& entry, int64_t items, std::vector<KernelArg> args, bool reduce = false) {
        KernelLaunch l;
        l.source = stem::scatter;
        l.entry = entry;
        l.options = reduce ? m_reduce : m_words;
        l.args = std::move(args);
        const size_t groups = (static_cast<size_t>(items) + movement::kLocal - 1) / movement::kLocal;
        l.global = {groups * movement::kLocal};
        l.local = {movement::kLocal};
        m_config.launches.push_back(std::move(l));
    }
    /// A scratch buffer of `words` ints (or accumulators of `word_bytes`); its index.
    size_t scratch(int64_t words, size_t word_bytes = 4) {
        m_config.scratch.push_back(std::max<size_t>(static_cast<size_t>(words) * word_bytes, 8));
        return m_config.scratch.size() - 1;
    }
    size_t constant(const Tensor& t) {
        m_config.constants.push_back(t);
        return m_config.constants.size() - 1;
    }
    /// out = data.
    void copy_data() {
        const int64_t n = elements(m_node.get_input_shape(0));
        add("copy_words", (n + kChunk - 1) / kChunk,
            {KernelArg::input(0), KernelArg::output(0), KernelArg::scalar(to_int(n))});
    }
    void fill(size_t scratch, int value, int64_t n) {
        add("fill_ints", n,
            {KernelArg::scratch(scratch), KernelArg::scalar(cl_int{value}), KernelArg::scalar(to_int(n))});
    }
    /// Reduction none: copy the updates that won their destinations (targets: resolved; winner: per slice).
    void copy_winners(size_t targets, size_t winner, int64_t updates, int64_t slice) {
        const int64_t chunks = (slice + kChunk - 1) / kChunk;
        add("scatter_rows", updates * chunks,
            {KernelArg::input(2), KernelArg::scratch(targets), KernelArg::scratch(winner), KernelArg::output(0),
             KernelArg::scalar(to_int(slice)), KernelArg::scalar(to_int(chunks)),
             KernelArg::scalar(to_int(updates * chunks))});
    }
    /// The folded values where updates landed (count > 0), the data elsewhere.
    void store_folded(size_t acc, size_t count, bool mean) {
        const int64_t n = elements(m_node.get_input_shape(0));
        add("store_folded", n,
            {KernelArg::input(0), KernelArg::scratch(acc), KernelArg::scratch(count), KernelArg::output(0),
             KernelArg::scalar(cl_int{mean}), KernelArg::scalar(to_int(n))},
            true);
    }
    OpConfig take(std::string impl) {
        m_config.impl_name = std::move(impl);
        return std::move(m_config);
    }

private:
    const Node& m_node;
    OpConfig m_config;
    std::string m_words, m_reduce;
};

// ScatterElementsUpdate's indices axes as (extent, data stride) pairs, a non-axis axis merged into the one before
// (not the axis) where the two read the data as one axis; `axis` becomes the axis's place among them.
Tensor element_geometry(const Shape& ds, const Shape& is, size_t& axis) {
    std::vector<std::pair<int64_t, int64_t>> dims;
    size_t merged_axis = 0;
    for (size_t a = 0; a < is.size(); ++a) {
        const int64_t e = static_cast<int64_t>(is[a]), s = product(ds, a + 1, ds.size());
        if (a != axis && a > 0 && a - 1 != axis && dims.back().second == e * s) {
            dims.back() = {dims.back().first * e, s};
            continue;
        }
        if (a == axis)
            merged_axis = dims.size();
        dims.emplace_back(e, s);
    }
    axis = merged_axis;
    Tensor geom(element::i32, Shape{2 * dims.size()});
    for (size_t i = 0; i < dims.size(); ++i) {
        geom.data<int32_t>()[2 * i] = to_int(dims[i].first);
        geom.data<int32_t>()[2 * i + 1] = to_int(dims[i].second);
    }
    return geom;
}

}  // namespace

Validation ScatterUpdateOp::validate(const Node& node, const DeviceInfo& device) const {
    return check(node, device, true);
}

OpConfig ScatterUpdateOp::configure(const Node& node, const DeviceInfo& device) const {
    size_t axis = 0;
    constant_axis(node, axis);
    const Shape ds = node.get_input_shape(0);
    const int64_t n = elements(node.get_input_shape(1)), extent = static_cast<int64_t>(ds[axis]);
    const int64_t outer = product(ds, 0, axis), inner = product(ds, axis + 1, ds.size());
    Launches l(node, device);
    if (elements(ds) == 0)
        return l.take("scatter_update");
    l.copy_data();
    const size_t winner = l.scratch(extent);
    const int64_t chunks = (inner + kChunk - 1) / kChunk;
    l.fill(winner, -1, extent);
    l.add("resolve_update", n,
          {KernelArg::input(1), KernelArg::scratch(winner), KernelArg::status(), KernelArg::scalar(to_int(extent)),
           KernelArg::scalar(to_int(n))});
    l.add("scatter_update_rows", outer * n * chunks,
          {KernelArg::input(2), KernelArg::input(1), KernelArg::scratch(winner), KernelArg::output(0),
           KernelArg::scalar(to_int(n)), KernelArg::scalar(to_int(extent)), KernelArg::scalar(to_int(inner)),
           KernelArg::scalar(to_int(chunks)), KernelArg::scalar(to_int(outer * n * chunks))});
    return l.take("scatter_update");
}

Validation ScatterNDUpdateOp::validate(const Node& node, const DeviceInfo& device) const {
    return check(node, device, false);
}

OpConfig ScatterNDUpdateOp::configure(const Node& node, const DeviceInfo& device) const {
    const Shape ds = node.get_input_shape(0), is = node.get_input_shape(1);
    const auto k = static_cast<size_t>(is.back());
    const int64_t tuples = product(is, 0, is.size() - 1), slice = product(ds, k, ds.size());
    const std::string reduction = reduction_of(node);
    Launches l(node, device);
    if (elements(ds) == 0)
        return l.take("scatter_nd");
    Tensor geom(element::i32, Shape{std::max<size_t>(2 * k, 2)});
    for (size_t a = 0; a < k; ++a) {
        geom.data<int32_t>()[2 * a] = to_int(static_cast<int64_t>(ds[a]));
        geom.data<int32_t>()[2 * a + 1] = to_int(product(ds, a + 1, ds.size()));
    }
    const size_t g = l.constant(geom), targets = l.scratch(tuples);
    const bool none = reduction == "none";
    // none: a winner per slice; reductions: a count per element (the resolve pass leaves it alone).
    const size_t per = l.scratch(none ? elements(ds) / slice : elements(ds));
    if (none)
        l.copy_data();
    l.fill(per, none ? -1 : 0, none ? elements(ds) / slice : elements(ds));
    l.add("resolve_nd", tuples,
          {KernelArg::input(1), KernelArg::constant(g), KernelArg::scratch(targets), KernelArg::scratch(per),
           KernelArg::status(), KernelArg::scalar(to_int(static_cast<int64_t>(k))), KernelArg::scalar(to_int(slice)),
           KernelArg::scalar(cl_int{none}), KernelArg::scalar(to_int(tuples))});
    if (none) {
        l.copy_winners(targets, per, tuples, slice);
        return l.take("scatter_nd");
    }
    const size_t acc = l.scratch(elements(ds), 8);
    l.add("reduce_nd", slice,
          {KernelArg::input(0), KernelArg::input(2), KernelArg::scratch(targets), KernelArg::scratch(acc),
           KernelArg::scratch(per), KernelArg::scalar(to_int(slice)), KernelArg::scalar(to_int(tuples))},
          true);
    l.store_folded(acc, per, false);
    return l.take("scatter_nd_" + reduction);
}

Validation ScatterElementsUpdateOp::validate(const Node& node, const DeviceInfo& device) const {
    return check(node, device, true);
}

OpConfig ScatterElementsUpdateOp::configure(const Node& node, const DeviceInfo& device) const {
    size_t axis = 0;
    constant_axis(node, axis);
    const Shape ds = node.get_input_shape(0), is = node.get_input_shape(1);
    const int64_t n = elements(is), extent = static_cast<int64_t>(ds[axis]);
    const std::string reduction = reduction_of(node);
    const bool none = reduction == "none";
    Launches l(node, device);
    if (elements(ds) == 0)
        return l.take("scatter_elements");
    const int64_t per_line = static_cast<int64_t>(is[axis]), inner = product(is, axis + 1, is.size());
    const int64_t lines = per_line ? n / per_line : 0;
    size_t merged_axis = axis;
    const Tensor geom = element_geometry(ds, is, merged_axis);
    const size_t g = l.constant(geom);
    // The arguments every kernel of the lines shares, after their buffers.
    const std::vector<KernelArg> shape{KernelArg::scalar(to_int(static_cast<int64_t>(geom.get_shape()[0] / 2))),
                                       KernelArg::scalar(to_int(static_cast<int64_t>(merged_axis))),
                                       KernelArg::scalar(to_int(extent)), KernelArg::scalar(to_int(per_line)),
                                       KernelArg::scalar(to_int(std::max<int64_t>(inner, 1)))};
    auto with_shape = [&](std::vector<KernelArg> args, std::vector<KernelArg> after) {
        args.insert(args.end(), shape.begin(), shape.end());
        args.insert(args.end(), after.begin(), after.end());
        return args;
    };
    if (none && lines >= kLines) {
        l.copy_data();
        l.add("assign_lines", lines,
              with_shape({KernelArg::input(2), KernelArg::input(1), KernelArg::constant(g), KernelArg::output(0),
                          KernelArg::status()},
                         {KernelArg::scalar(to_int(lines))}));
        return l.take("scatter_elements_lines");
    }
    const size_t per = l.scratch(elements(ds));  // none: a winner per element; reductions: a count
    l.fill(per, none ? -1 : 0, elements(ds));
    if (none) {
        l.copy_data();
        const size_t targets = l.scratch(n);
        l.add("resolve_elements", n,
              with_shape({KernelArg::input(1), KernelArg::constant(g), KernelArg::scratch(targets),
                          KernelArg::scratch(per), KernelArg::status()},
                         {KernelArg::scalar(cl_int{1}), KernelArg::scalar(to_int(n))}));
        l.copy_winners(targets, per, n, 1);
        return l.take("scatter_elements");
    }
    const bool use_init = node.get_attr<bool>("use_init_val", true);
    const size_t acc = l.scratch(elements(ds), 8);
    l.add("reduce_lines", lines,
          with_shape({KernelArg::input(0), KernelArg::input(2), KernelArg::input(1), KernelArg::constant(g),
                      KernelArg::scratch(acc), KernelArg::scratch(per), KernelArg::status()},
                     {KernelArg::scalar(cl_int{use_init}), KernelArg::scalar(to_int(lines))}),
          true);
    l.store_folded(acc, per, reduction == "mean");
    return l.take("scatter_elements_" + reduction);
}

}  // namespace gpu
}  // namespace ovcl
