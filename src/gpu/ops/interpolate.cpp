#include "ops/interpolate.hpp"

#include <algorithm>
#include <limits>

#include "kernel_stems.hpp"
#include "ops/interpolate_plan.hpp"

namespace ovcl {
namespace gpu {

namespace {

using interpolate::kTabled;
using interpolate::Plan;
using interpolate::TabledAxis;

constexpr size_t kVec = 8;     // VEC in interpolate.cl: outputs per vector
constexpr size_t kChunk = 8;   // CHUNK in interpolate.cl: vectors per work-item
constexpr size_t kGroup = 16;  // work-items per work-group: (8, 2), (2, 8) or (1, 16)

size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

// The tables of kernels_cl/interpolate.cl in two buffers (offsets, weights) and their geometry.
struct Tables {
    Tensor offsets, weights;
    cl_int4 len{}, row{}, tab{};
    size_t taps[kTabled] = {1, 1, 1, 1};
    size_t window = 0;  ///< WIN: 8 or 16, or 0 (gathers)
    cl_int starts = 0;  ///< window mode: where the window starts of A3's blocks begin in `offsets`
    cl_int coefs = 0;   ///< window mode, weighted: where the blocks' weight matrices begin in `weights`
};

// Where the window of the block of outputs [o, o + kVec) along A3 starts: at its lowest tap, moved left to
// end inside the row.
int64_t window_start(const TabledAxis& a, size_t o, size_t win) {
    int64_t low = std::numeric_limits<int64_t>::max();
    for (size_t i = o; i < std::min(o + kVec, a.out_len); ++i)
        for (const auto& tap : a.taps[i])
            low = std::min(low, tap.index);
    return std::max<int64_t>(0, std::min(low, static_cast<int64_t>(a.in_len - win)));
}

// The narrowest window (8 or 16 elements) that holds every block's taps along A3 (the contiguous axis when
// inner == 1), so that a work-item reads them with one vector load; 0 when none does (or when the nearest
// mode reads padding there: -1 entries).
size_t pick_window(const Plan& plan) {
    const TabledAxis& a = plan.axes[3];
    if (plan.inner != 1 || (plan.nearest && plan.padded))
        return 0;
    for (size_t win : {size_t{8}, size_t{16}}) {
        if (a.in_len < win)
            return 0;
        bool fits = true;
        for (size_t o = 0; o < a.out_len && fits; o += kVec) {
            const int64_t start = window_start(a, o, win);
            for (size_t i = o; i < std::min(o + kVec, a.out_len); ++i)
                for (const auto& tap : a.taps[i])
                    fits = fits && tap.index >= start && tap.index < start + static_cast<int64_t>(win);
        }
        if (fits)
            return win;
    }
    return 0;
}

// Tap-major rows padded to kVec; filler taps read offset 0 with weight 0. Window mode: the blocks' window
// starts follow the offsets, nearest's A3 entries are relative to them, and the weighted modes' WIN x kVec
// matrices of A3 weights follow the weights.
Tables make_tables(const Plan& plan) {
    Tables t;
    size_t total = 0;
    for (size_t j = 0; j < kTabled; ++j) {
        const TabledAxis& a = plan.axes[j];
        for (const auto& tp : a.taps)
            t.taps[j] = std::max(t.taps[j], tp.size());
        t.len.s[j] = static_cast<cl_int>(a.out_len);
        t.row.s[j] = static_cast<cl_int>(round_up(a.out_len, kVec));
        t.tab.s[j] = static_cast<cl_int>(total);
        total += t.taps[j] * static_cast<size_t>(t.row.s[j]);
    }
    t.window = pick_window(plan);
    const TabledAxis& a3 = plan.axes[3];
    const size_t blocks = static_cast<size_t>(t.row.s[3]) / kVec;
    t.starts = t.coefs = static_cast<cl_int>(total);
    t.offsets = Tensor(element::i32, Shape{total + (t.window ? blocks : 0)});
    t.weights = Tensor(element::f32, Shape{total + (t.window ? blocks * t.window * kVec : 0)});
    auto* off = t.offsets.data<int32_t>();
    auto* w = t.weights.data<float>();
    std::fill_n(off, t.offsets.get_size(), 0);
    std::fill_n(w, t.weights.get_size(), 0.0f);
    for (size_t j = 0; j < kTabled; ++j)
        for (size_t o = 0; o < plan.axes[j].out_len; ++o) {
            const int64_t base = j == 3 && t.window && plan.nearest ? window_start(a3, o / kVec * kVec, t.window) : 0;
            for (size_t k = 0; k < plan.axes[j].taps[o].size(); ++k) {
                const size_t at = static_cast<size_t>(t.tab.s[j]) + k * static_cast<size_t>(t.row.s[j]) + o;
                off[at] = static_cast<int32_t>(plan.axes[j].taps[o][k].index - base);
                w[at] = plan.axes[j].taps[o][k].weight;
            }
        }
    if (t.window)
        for (size_t b = 0; b < blocks; ++b) {
            const int64_t start = window_start(a3, b * kVec, t.window);
            off[total + b] = static_cast<int32_t>(start);
            float* m = w + total + b * t.window * kVec;
            for (size_t i = 0; i < kVec && b * kVec + i < a3.out_len; ++i)
                for (const auto& tap : a3.taps[b * kVec + i])
                    m[static_cast<size_t>(tap.index - start) * kVec + i] += tap.weight;
        }
    return t;
}

}  // namespace

Validation InterpolateOp::validate(const Node& node, const DeviceInfo&) const {
    if (node.get_version() != 4 && node.get_version() != 11)
        return Validation::no("Interpolate-" + std::to_string(node.get_version()) + ": only versions 4 and 11");
    if (node.get_output_element_type(0) != node.get_input_element_type(0))
        return Validation::no("the output type differs from the data type");
    std::string why;
    try {
        interpolate::make_plan(node, why);
    } catch (const Exception& e) {
        return Validation::no(std::string("interpolate attributes: ") + e.what());
    }
    return why.empty() ? Validation::yes() : Validation::no(why);
}

OpConfig InterpolateOp::configure(const Node& node, const DeviceInfo& device) const {
    std::string why;
    const Plan plan = interpolate::make_plan(node, why);
    if (!why.empty())
        raise<NotImplemented>(node.describe(), ": ", why);
    OpConfig config;
    const element::Type type = node.get_input_element_type(0);
    const bool rows = plan.inner == 1;
    if (shape_size(node.get_output_shape(0)) == 0) {
        config.impl_name = "interp_empty";
        return config;
    }
    Tables t = make_tables(plan);

    KernelLaunch l;
    l.source = stem::interpolate;
    l.entry = rows ? "interp_rows" : "interp_inner";
    if (plan.nearest) {
        static const char* words[] = {"", "uchar", "ushort", "", "uint", "", "", "", "ulong"};
        l.options = "-DNEAREST " + define("T", words[type.size()]) + (plan.padded ? " -DPADDED" : "");
    } else {
        l.options = define("T", "float") + (type == element::f16 ? " -DIO_HALF" : "");
        for (size_t j = 0; j < kTabled; ++j)
            l.options += " " + define("K" + std::to_string(j), static_cast<long long>(t.taps[j]));
    }
    if (t.window)
        l.options += " " + define("WIN", static_cast<long long>(t.window));
    l.args = {KernelArg::input(0), KernelArg::output(0), KernelArg::constant(0)};
    config.constants.push_back(std::move(t.offsets));
    if (!plan.nearest) {
        config.constants.push_back(std::move(t.weights));
        l.args.push_back(KernelArg::constant(1));
    }
    for (const cl_int4& v : {t.len, t.row, t.tab})
        l.args.push_back(KernelArg::scalar<cl_int4>(v));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(plan.in_plane)));
    if (rows) {
        l.args.push_back(KernelArg::scalar<cl_int>(t.starts));
        l.args.push_back(KernelArg::scalar<cl_int>(t.coefs));
    } else {
        l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(plan.inner)));
    }

    // (vector blocks along A3 or inner, rows, planes); work-groups of kGroup with few distinct shapes.
    const size_t per_item = kVec * kChunk;
    const size_t nb = ((rows ? plan.axes[3].out_len : plan.inner) + per_item - 1) / per_item;
    const size_t lines = rows ? plan.axes[2].out_len : plan.axes[2].out_len * plan.axes[3].out_len;
    const size_t lx = std::min(device.max_work_group_size, nb >= 8 ? size_t{8} : nb >= 2 ? size_t{2} : size_t{1});
    const size_t ly = std::max<size_t>(1, std::min(device.max_work_group_size, kGroup) / lx);
    l.global = {round_up(nb, lx), round_up(lines, ly), plan.outer * plan.axes[0].out_len * plan.axes[1].out_len};
    l.local = {lx, ly, 1};
    config.impl_name = l.entry + "_" + node.get_attr<std::string>("mode") + "_" + type.to_string() + "_x8" +
                       (t.window ? "_win" + std::to_string(t.window) : "");
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
