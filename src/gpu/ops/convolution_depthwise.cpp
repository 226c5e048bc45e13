#include "kernel_stems.hpp"
#include "ops/convolution_depthwise.hpp"

#include <algorithm>

namespace ovcl {
namespace gpu {
namespace conv {

namespace {

// Output rows per work-item of conv2d_dw16: about 512 vector FMAs each, so PoCL's per-work-group cost stays
// small, balanced over the row blocks.
int64_t depthwise_rows(const Conv3d& g) {
    const int64_t per_row = (g.ow + 15) / 16 * g.kd * g.kh * g.kw;
    const int64_t blocks = std::max<int64_t>(1, g.oh * per_row / 512);
    return (g.oh + blocks - 1) / blocks;
}

constexpr int64_t kMaxFlatTaps = 7;  // conv2d_dw_flat keeps NKW accumulators in registers, unrolls NKH x NKW

// conv2d_dw_flat: stride 1 with rows as wide as the input's (OW == W), 2-D.
bool flat_fits(const Conv3d& g) {
    return g.spatial <= 2 && g.sh == 1 && g.sw == 1 && g.ow == g.w && g.kh <= kMaxFlatTaps && g.kw <= kMaxFlatTaps;
}

// conv2d_dw_flat2: conv2d_dw_flat's shapes with dilation 1 along H and rows of 16 or more.
bool flat2_fits(const Conv3d& g) { return flat_fits(g) && g.dh == 1 && g.w >= 16; }

// conv2d_dw_s2: stride 2 along W with at most 7 taps there and no dilation along W, 2-D.
bool s2_fits(const Conv3d& g) {
    return g.spatial <= 2 && g.sw == 2 && g.kw <= kMaxFlatTaps && g.dw == 1 && g.kh <= kMaxFlatTaps;
}

// conv2d_dw_narrow: rows narrower than one float16, 2-D.
bool narrow_fits(const Conv3d& g) { return g.spatial <= 2 && g.ow < 16; }

// Scalar FMAs per work-item of conv2d_dw_narrow.
constexpr int64_t kNarrowWork = 1024;

// Vector FMAs per work-item of conv2d_dw_flat / conv2d_dw_s2: enough that PoCL's cost per work-group stays under a
// tenth (docs/tuning.md, "Depthwise: work per work-item").
constexpr int64_t kDwWork = 4096;

// Units (of `per_unit` vector FMAs, `count` in a plane) and planes per work-item for about `target` vector FMAs
// each: a plane split evenly when it holds more, else whole planes grouped, keeping at least 16 work-items.
DwPlan spread(DwKernel kernel, int64_t count, int64_t per_unit, int64_t planes, int64_t target) {
    DwPlan p{kernel, count, 1};
    if (count * per_unit >= target) {
        const int64_t blocks = (count * per_unit + target - 1) / target;
        p.units = (count + blocks - 1) / blocks;
    } else {
        p.planes = std::max<int64_t>(1, std::min(target / (count * per_unit), (planes + 15) / 16));
    }
    return p;
}

}  // namespace

std::vector<DwPlan> dw_candidates(const Conv3d& g, const DeviceInfo& device) {
    std::vector<DwPlan> plans;
    const auto add = [&plans](const DwPlan& p) {
        if (std::none_of(plans.begin(), plans.end(), [&p](const DwPlan& o) { return o.name() == p.name(); }))
            plans.push_back(p);
    };
    const int64_t planes = g.batch * g.groups * g.out_channels;
    // Rows of one or two outputs leave 14 of 16 lanes of the vector kernels idle: conv2d_dw_narrow first.
    if (narrow_fits(g) && g.ow <= 2)
        add(spread(DwKernel::NARROW, g.oh, g.ow * g.kh * g.kw, planes, kNarrowWork));
    for (int64_t target : {kDwWork, kDwWork / 2, kDwWork * 2}) {
        if (flat2_fits(g))
            add(spread(DwKernel::FLAT2, (g.oh + 1) / 2, (g.w + 15) / 16 * 2 * g.kh * g.kw, planes, target));
        else if (flat_fits(g))
            add(spread(DwKernel::FLAT, (g.oh * g.ow + 15) / 16, g.kh * g.kw, planes, target));
        else if (s2_fits(g))
            add(spread(DwKernel::S2, g.oh, (g.ow + 15) / 16 * g.kh * g.kw, planes, target));
    }
    if (flat2_fits(g))  // the one-row kernel, for comparison
        add(spread(DwKernel::FLAT, (g.oh * g.ow + 15) / 16, g.kh * g.kw, planes, kDwWork));
    // Else before conv2d_dw16 and after the vector kernels of the other classes: those fill their lanes along the
    // flattened plane or from whole loads, conv2d_dw16 gathers every tap of a narrow row lane by lane.
    if (narrow_fits(g))
        for (int64_t target : {kNarrowWork, kNarrowWork / 2, kNarrowWork * 2})
            add(spread(DwKernel::NARROW, g.oh, g.ow * g.kh * g.kw, planes, target));
    const int64_t r = depthwise_rows(g);
    add({DwKernel::ROWS16, r, 1});
    if (plans.size() == 1)  // conv2d_dw16 alone: its other row counts
        for (int64_t c : {std::max<int64_t>(1, r / 2), std::min(g.oh, 2 * r)})
            add({DwKernel::ROWS16, c, 1});
    if (device.gpu_kernels)
        plans.insert(plans.begin(), DwPlan{DwKernel::PIXEL, 1, 1});
    return plans;
}

KernelLaunch depthwise_launch(const Conv3d& g, const DwPlan& p, const DeviceInfo& device) {
    const int64_t m = g.out_channels;  // output channels per group
    const int64_t planes = g.batch * g.groups * m;
    KernelLaunch launch;
    launch.source = stem::convolution_dw;
    launch.args = {KernelArg::input(0), KernelArg::input(1), KernelArg::output(0)};
    std::vector<int64_t> scalars;
    if (p.kernel == DwKernel::FLAT) {
        launch.entry = "conv2d_dw_flat";
        launch.options = define("SW", 1) + " " + define("NKH", g.kh) + " " + define("NKW", g.kw);
        scalars = {g.groups, m, g.h, g.w, g.oh, g.dh, g.dw, g.ph, g.pw, p.units, p.planes, planes};
        launch.global = {static_cast<size_t>(((g.oh * g.ow + 15) / 16 + p.units - 1) / p.units),
                         static_cast<size_t>((planes + p.planes - 1) / p.planes)};
    } else if (p.kernel == DwKernel::FLAT2) {
        launch.entry = "conv2d_dw_flat2";
        launch.options = define("SW", 1) + " " + define("NKH", g.kh) + " " + define("NKW", g.kw);
        scalars = {g.groups, m, g.h, g.w, g.oh, g.dw, g.ph, g.pw, p.units, p.planes, planes};
        launch.global = {static_cast<size_t>(((g.oh + 1) / 2 + p.units - 1) / p.units),
                         static_cast<size_t>((planes + p.planes - 1) / p.planes)};
    } else if (p.kernel == DwKernel::S2) {
        launch.entry = "conv2d_dw_s2";
        launch.options = define("SW", 2) + " " + define("NKH", g.kh) + " " + define("NKW", g.kw);
        scalars = {g.groups, m, g.h, g.w, g.oh, g.ow, g.sh, g.dh, g.ph, g.pw, p.units, p.planes, planes};
        launch.global = {static_cast<size_t>((g.oh + p.units - 1) / p.units),
                         static_cast<size_t>((planes + p.planes - 1) / p.planes)};
    } else if (p.kernel == DwKernel::NARROW) {
        launch.entry = "conv2d_dw_narrow";
        scalars = {g.groups, m, g.h, g.w, g.oh, g.ow, g.kh, g.kw, g.sh, g.sw, g.dh, g.dw, g.ph, g.pw, p.units, p.planes,
                   planes};
        launch.global = {static_cast<size_t>((g.oh + p.units - 1) / p.units),
                         static_cast<size_t>((planes + p.planes - 1) / p.planes)};
    } else if (p.kernel == DwKernel::PIXEL) {
        // Work-items along a plane per work-group: 128, or the device's most.
        const size_t group = std::min<size_t>(128, std::max<size_t>(device.max_work_group_size, 1));
        launch.entry = "conv2d_dw_pixel";
        launch.options = define("SW", g.sw);
        scalars = {g.groups, m, g.h, g.w, g.oh, g.ow, g.kh, g.kw, g.sh, g.sw, g.dh, g.dw, g.ph, g.pw, g.d, g.od,
                   g.kd, g.sd, g.dd, g.pd};
        const auto pixels = static_cast<size_t>(g.od * g.oh * g.ow);
        launch.global = {(pixels + group - 1) / group * group, static_cast<size_t>(planes)};
        launch.local = {group, 1};
    } else {
        launch.entry = "conv2d_dw16";
        launch.options = define("SW", g.sw);
        scalars = {g.groups, m, g.h, g.w, g.oh, g.ow, g.kh, g.kw, g.sh, g.dh, g.dw, g.ph, g.pw, p.units, g.d, g.od,
                   g.kd, g.sd, g.dd, g.pd};
        launch.global = {static_cast<size_t>((g.oh + p.units - 1) / p.units * g.od), static_cast<size_t>(planes)};
    }
    for (int64_t v : scalars)
        launch.args.push_back(KernelArg::scalar(static_cast<cl_int>(v)));
    if (launch.local.empty())
        launch.local = work_group(device, 2);
    return launch;
}

}  // namespace conv
}  // namespace gpu
}  // namespace ovcl
