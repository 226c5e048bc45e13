#include "ops/reduce_region.hpp"

#include <algorithm>
#include <limits>

#include "host_ref/reduce.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kElementsPerItem = 2048;  // CPU devices: the work a work-item should have at least
constexpr size_t kItemsPerUnit = 4;        // ...but no fewer than 4 work-items per compute unit
constexpr size_t kLocalGpu = 64;

struct Run {
    size_t extent = 1, stride = 1;
    bool reduced = false;
};

}  // namespace

bool plan_region(const Shape& shape, const std::vector<size_t>& axes, Region& region, std::string& why) {
    if (shape_size(shape) >= static_cast<size_t>(std::numeric_limits<cl_int>::max())) {
        why = "the reduction kernels index with 32-bit integers: tensors must have fewer than 2^31 elements";
        return false;
    }
    // Merge neighbouring axes of one kind; unit axes belong to neither.
    std::vector<Run> runs;
    for (size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 1)
            continue;
        const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
        if (runs.empty() || runs.back().reduced != reduced)
            runs.push_back({1, 1, reduced});
        runs.back().extent *= shape[d];
    }
    size_t stride = 1;
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
        it->stride = stride;
        stride *= it->extent;
    }
    Region r;
    if (!runs.empty() && !runs.back().reduced) {
        r.inner = static_cast<cl_int>(runs.back().extent);
        runs.pop_back();
    }
    for (size_t i = 0; i < 3; ++i) {
        r.kept.s[i] = r.red.s[i] = 1;
        r.kept.s[4 + i] = r.red.s[4 + i] = 0;
    }
    size_t nk = 0, nr = 0;
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
        size_t& n = it->reduced ? nr : nk;
        if (n == 3) {
            why = "more than three separate runs of " + std::string(it->reduced ? "reduced" : "kept") +
                  " axes (after merging neighbours) in " + shape.to_string();
            return false;
        }
        cl_int8& v = it->reduced ? r.red : r.kept;
        v.s[n] = static_cast<cl_int>(it->extent);
        v.s[4 + n] = static_cast<cl_int>(it->stride);
        (it->reduced ? r.count : r.outer) *= it->extent;
        ++n;
    }
    region = r;
    return true;
}

Validation require_float(const Node& node, size_t data) {
    const element::Type t = node.get_input_element_type(data);
    if (t != element::f32 && t != element::f16)
        return Validation::no(node.get_type_name() + " on " + t.get_type_name() +
                              ": the reduction kernels take f32 and f16 (f16 as storage, f32 compute)");
    if (node.get_output_element_type(0) != node.get_input_element_type(0))
        return Validation::no(node.get_type_name() + ": the output type differs from the data type");
    return Validation::yes();
}

std::string storage_option(const Node& node) {
    return node.get_input_element_type(0) == element::f16 ? " -DIO_HALF" : "";
}

bool constant_axes(const Node& node, size_t i, std::vector<size_t>& axes, std::string& why) {
    const auto& producer = node.input_value(i).node;
    if (!producer || !producer->is_constant()) {
        why = "axes (input " + std::to_string(i) + ") must be a Constant: the kernels are planned for fixed axes";
        return false;
    }
    try {
        axes = host_ref::reduction_axes_of(node, host_ref::to_i64(producer->get_constant_value()),
                                           node.get_input_shape(0).size());
    } catch (const Exception& e) {
        why = e.what();
        return false;
    }
    return true;
}

KernelLaunch region_launch(const char* source, const std::string& entry, const Region& r, const DeviceInfo& device,
                           const std::vector<KernelArg>& leading, const std::vector<KernelArg>& trailing) {
    KernelLaunch l;
    l.source = source;
    l.entry = entry;
    l.args = {KernelArg::input(0), KernelArg::output(0)};
    l.args.insert(l.args.end(), leading.begin(), leading.end());
    const size_t units = r.units();
    const size_t unit_elements = std::max<size_t>(1, r.count * (r.inner == 1 ? 1 : 8));
    size_t per_item = 1;
    if (!device.is_gpu) {
        const size_t spread = std::max<size_t>(1, units / (kItemsPerUnit * std::max<cl_uint>(1, device.compute_units)));
        per_item = std::clamp<size_t>(kElementsPerItem / unit_elements, 1, spread);
    }
    const size_t items = (units + per_item - 1) / per_item;
    l.args.push_back(KernelArg::scalar<cl_int8>(r.kept));
    l.args.push_back(KernelArg::scalar<cl_int8>(r.red));
    l.args.push_back(KernelArg::scalar<cl_int>(r.inner));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(units)));
    l.args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(per_item)));
    l.args.insert(l.args.end(), trailing.begin(), trailing.end());
    // CPU work-items are heavy (see above): one per work-group spreads them best over the cores.
    const size_t local = device.is_gpu ? std::min(kLocalGpu, device.max_work_group_size) : 1;
    l.global = {(items + local - 1) / local * local};
    l.local = {local};
    return l;
}

}  // namespace gpu
}  // namespace ovcl
