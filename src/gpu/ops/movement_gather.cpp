// Gather-1/7/8 on the device: each output row (batch, outer index, index position) copies one slice of
// the data, or zeros for an index outside the axis (Gather-8). Gather-1/7 treat such an index as an
// error that a kernel cannot raise, so they run here only with constant indices proven in range.
// Constant indices are resolved once into i32 values in [0, extent) (or INT_MIN: zeros).
#include <algorithm>
#include <climits>

#include "ops/movement.hpp"
#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {

using movement::product;

struct GatherGeometry {
    size_t axis = 0, batch_dims = 0;
    int64_t extent = 0;
};

// Axis and batch_dims normalized; false when the axis input is not a constant of one value.
bool geometry(const Node& node, GatherGeometry& g) {
    std::vector<int64_t> axis;
    if (!movement::constant_ints(node, 2, axis) || axis.size() != 1)
        return false;
    const auto dr = static_cast<int64_t>(node.get_input_shape(0).size());
    const auto ir = static_cast<int64_t>(node.get_input_shape(1).size());
    const int64_t bd = node.get_version() == 1 ? 0 : node.get_attr<int64_t>("batch_dims", 0);
    g.axis = static_cast<size_t>(axis[0] < 0 ? axis[0] + dr : axis[0]);
    g.batch_dims = static_cast<size_t>(bd < 0 ? bd + ir : bd);
    g.extent = static_cast<int64_t>(node.get_input_shape(0)[g.axis]);
    return true;
}

}  // namespace

Validation GatherOp::validate(const Node& node, const DeviceInfo&) const {
    GatherGeometry g;
    if (!geometry(node, g))
        return Validation::no("the axis input is not an integer Constant of one value");
    std::vector<int64_t> indices;
    const bool constant = movement::constant_ints(node, 1, indices);
    const std::string version = "Gather-" + std::to_string(node.get_version());
    if (node.get_version() < 8) {
        if (!constant)
            return Validation::no(version + " with runtime indices: an index outside [0, axis extent) is an error "
                                  "on the host that a kernel cannot raise (Gather-8 runs with any indices)");
        for (int64_t k : indices)
            if (k < 0 || k >= g.extent)
                return Validation::no(version + ": constant index " + std::to_string(k) + " is outside [0, " +
                                      std::to_string(g.extent) + ")");
    } else if (!constant) {
        const element::Type t = node.get_input_element_type(1);
        if (t != element::i32 && t != element::i64)
            return Validation::no("runtime indices of type " + t.to_string() + " (i32 or i64 only)");
    }
    return movement::check_sizes(node);
}

OpConfig GatherOp::configure(const Node& node, const DeviceInfo&) const {
    GatherGeometry g;
    geometry(node, g);
    const Shape ds = node.get_input_shape(0), is = node.get_input_shape(1);
    const element::Type type = node.get_input_element_type(0);
    const int64_t outer = product(ds, 0, g.axis);  // batches x outer per batch
    const int64_t outer_per_batch = product(ds, g.batch_dims, g.axis);
    const int64_t per_batch = product(is, g.batch_dims, is.size());
    const int64_t slice = product(ds, g.axis + 1, ds.size());
    const int64_t rows = outer * per_batch;
    const movement::RowWork work = movement::row_work(rows, slice);

    OpConfig config;
    config.impl_name = "gather_rows";
    if (work.items == 0)
        return config;
    KernelArg indices_arg = KernelArg::input(1);
    cl_int idx64 = node.get_input_element_type(1).size() == 8 ? 1 : 0;
    std::vector<int64_t> values;
    if (movement::constant_ints(node, 1, values)) {
        Tensor resolved(element::i32, Shape{std::max<size_t>(values.size(), 1)});
        int32_t* r = resolved.data<int32_t>();
        r[0] = INT_MIN;
        for (size_t i = 0; i < values.size(); ++i) {
            const int64_t k = values[i] < 0 ? values[i] + g.extent : values[i];
            r[i] = k >= 0 && k < g.extent ? static_cast<int32_t>(k) : INT_MIN;
        }
        config.constants.push_back(resolved);
        indices_arg = KernelArg::constant(0);
        idx64 = 0;
    }
    if (slice >= movement::kVec) {  // rows of a vector or more (embedding lookups): the loop-free gather_runs
        const int64_t per_item = movement::run_chunk(slice);
        const int64_t vecs = (slice + per_item - 1) / per_item;
        KernelLaunch l = movement::launch_3d("gather_runs", type, vecs, per_batch, outer);
        l.args = {KernelArg::input(0),
                  indices_arg,
                  KernelArg::output(0),
                  KernelArg::scalar(idx64),
                  KernelArg::scalar(static_cast<cl_int>(per_batch)),
                  KernelArg::scalar(static_cast<cl_int>(outer_per_batch)),
                  KernelArg::scalar(static_cast<cl_int>(g.extent)),
                  KernelArg::scalar(static_cast<cl_int>(slice)),
                  KernelArg::scalar(static_cast<cl_int>(vecs))};
        config.launches.push_back(std::move(l));
        config.impl_name = "gather_runs";
        return config;
    }
    KernelLaunch l = movement::launch_1d("gather", type, work.items);
    l.args = {KernelArg::input(0),
              indices_arg,
              KernelArg::output(0),
              KernelArg::scalar(idx64),
              KernelArg::scalar(static_cast<cl_int>(rows)),
              KernelArg::scalar(static_cast<cl_int>(per_batch)),
              KernelArg::scalar(static_cast<cl_int>(outer_per_batch)),
              KernelArg::scalar(static_cast<cl_int>(g.extent)),
              KernelArg::scalar(static_cast<cl_int>(slice)),
              KernelArg::scalar(static_cast<cl_int>(work.chunks)),
              KernelArg::scalar(static_cast<cl_int>(work.group)),
              KernelArg::scalar(static_cast<cl_int>(work.items))};
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
