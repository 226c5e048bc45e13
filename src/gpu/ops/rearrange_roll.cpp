#include <string>
#include <vector>

#include "kernel_stems.hpp"
#include "ops/movement_copy.hpp"
#include "ops/rearrange.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kLocal = 64;

/// One axis of the rolled view: its extent, the shift in [0, extent) and its input stride (elements).
struct RollAxis {
    int64_t extent, shift, stride;
};

// The shift of every axis of the data from the Constant shifts and axes (as host_ref/rearrange.cpp's roll); false,
// with the reason, when they are not Constants or do not fit the data.
bool axis_shifts(const Node& node, std::vector<int64_t>& shift, std::string& why) {
    std::vector<int64_t> shifts, axes;
    if (!movement::constant_ints(node, 1, shifts) || !movement::constant_ints(node, 2, axes)) {
        why = "Roll's shift and axes (inputs 1, 2) must be Constants: the kernel's geometry is fixed when planned";
        return false;
    }
    const Shape& s = node.get_input_shape(0);
    const auto rank = static_cast<int64_t>(s.size());
    if (shifts.size() != 1 && shifts.size() != axes.size()) {
        why = std::to_string(shifts.size()) + " shifts for " + std::to_string(axes.size()) + " axes";
        return false;
    }
    shift.assign(s.size(), 0);
    for (size_t j = 0; j < axes.size(); ++j) {
        const int64_t a = axes[j] < 0 ? axes[j] + rank : axes[j];
        if (a < 0 || a >= rank) {
            why = "axis " + std::to_string(axes[j]) + " for data of rank " + std::to_string(rank);
            return false;
        }
        const auto n = static_cast<int64_t>(s[static_cast<size_t>(a)]);
        if (n == 0)
            continue;
        const int64_t by = shifts.size() == 1 ? shifts[0] : shifts[j];
        int64_t& v = shift[static_cast<size_t>(a)];
        v = ((v + by % n) % n + n) % n;
    }
    return true;
}

/// The data's axes with the neighbouring unshifted ones merged, extents of 1 dropped; at least one axis.
std::vector<RollAxis> rolled_axes(const Shape& s, const std::vector<int64_t>& shift) {
    std::vector<RollAxis> axes;
    int64_t stride = 1;
    for (size_t a = s.size(); a-- > 0;) {
        const auto n = static_cast<int64_t>(s[a]);
        if (n != 1) {
            if (shift[a] == 0 && !axes.empty() && axes.back().shift == 0)
                axes.back().extent *= n;  // axes.back() is the next axis inward; together they read as one
            else
                axes.push_back({n, shift[a], stride});
        }
        stride *= n;
    }
    if (axes.empty())
        axes.push_back({1, 0, 1});
    return {axes.rbegin(), axes.rend()};
}

}  // namespace

Validation RollOp::validate(const Node& node, const DeviceInfo&) const {
    if (node.get_input_partial_shape(0).is_dynamic())
        return Validation::no("Roll on data of a dynamic shape");
    std::vector<int64_t> shift;
    std::string why;
    if (!axis_shifts(node, shift, why))
        return Validation::no(why);
    return movement::check_sizes(node);
}

OpConfig RollOp::configure(const Node& node, const DeviceInfo& device) const {
    std::vector<int64_t> shift;
    std::string why;
    if (!axis_shifts(node, shift, why))
        raise<NotImplemented>(node.describe(), ": ", why);
    const Shape& s = node.get_input_shape(0);
    const std::vector<RollAxis> axes = rolled_axes(s, shift);
    OpConfig config;
    config.impl_name = "roll";
    const size_t total = shape_size(s);
    if (total == 0)
        return config;
    // geo: extent, shift and input stride of each outer axis; the innermost axis goes by arguments.
    const size_t outer = axes.size() - 1;
    Tensor geo(element::i32, Shape{std::max<size_t>(1, 3 * outer)});
    auto* g = geo.data<int32_t>();
    for (size_t a = 0; a < outer; ++a) {
        g[3 * a] = static_cast<int32_t>(axes[a].extent);
        g[3 * a + 1] = static_cast<int32_t>(axes[a].shift);
        g[3 * a + 2] = static_cast<int32_t>(axes[a].stride);
    }
    config.constants.push_back(geo);
    const auto inner = static_cast<size_t>(axes.back().extent);
    const size_t rows = total / inner;
    // Work-groups along a row: 64 items, fewer for short rows (four sizes: PoCL builds one variant per size).
    const size_t lx = std::min(device.max_work_group_size,
                               inner >= 48 ? kLocal : inner >= 12 ? size_t(16) : inner >= 3 ? size_t(4) : size_t(1));
    KernelLaunch l;
    l.source = stem::rearrange;
    l.entry = "roll";
    l.options = movement::options_for(node.get_input_element_type(0));
    l.args = {KernelArg::input(0),
              KernelArg::output(0),
              KernelArg::constant(0),
              KernelArg::scalar(static_cast<cl_int>(outer)),
              KernelArg::scalar(static_cast<cl_int>(inner)),
              KernelArg::scalar(static_cast<cl_int>(axes.back().shift))};
    l.global = {(inner + lx - 1) / lx * lx, rows};
    l.local = {lx, 1};
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
