// GatherND-5/8 and GatherElements-6 on the device. host_ref's semantics: negative indices count from the end, and an
// index outside its axis is an error, which the kernels report through the step's status word.
#include "ops/gather_nd.hpp"

#include "kernel_stems.hpp"
#include "ops/movement_copy.hpp"

namespace ovcl {
namespace gpu {

namespace {

using movement::product;

constexpr int64_t kChunk = 64;  // CHUNK in gather_nd.cl

Validation check_indices(const Node& node) {
    const element::Type t = node.get_input_element_type(1);
    if (t != element::i32 && t != element::i64)
        return Validation::no("indices of type " + t.to_string() + " (i32 or i64 only)");
    return movement::check_sizes(node);
}

// A 1-D launch of `entry` over `items` work-items: the program for the data's word size and the indices' type.
KernelLaunch launch(const Node& node, const std::string& entry, int64_t items) {
    KernelLaunch l;
    l.source = stem::gather_nd;
    l.entry = entry;
    l.options = movement::options_for(node.get_input_element_type(0)) + " " +
                define("INDEX_T", node.get_input_element_type(1).size() == 8 ? "long" : "int");
    const auto n = static_cast<size_t>(items);
    l.global = {(n + movement::kLocal - 1) / movement::kLocal * movement::kLocal};
    l.local = {movement::kLocal};
    return l;
}

cl_int to_int(int64_t v) { return static_cast<cl_int>(v); }

const char* const kIndexError = "an index is outside its axis (found on the device)";

}  // namespace

Validation GatherNDOp::validate(const Node& node, const DeviceInfo&) const {
    if (node.get_input_shape(1).back() == 0)
        return Validation::no("index tuples of 0 elements");
    return check_indices(node);
}

OpConfig GatherNDOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape ds = node.get_input_shape(0), is = node.get_input_shape(1);
    const auto bd = static_cast<size_t>(node.get_attr<int64_t>("batch_dims", 0));
    const auto k = static_cast<size_t>(is.back());
    const int64_t tuples = product(is, 0, is.size() - 1), batches = product(is, 0, bd);
    const int64_t slice = product(ds, bd + k, ds.size());
    const int64_t chunks = (slice + kChunk - 1) / kChunk;
    Tensor geom(element::i32, Shape{2 * k});
    for (size_t a = 0; a < k; ++a) {
        geom.data<int32_t>()[2 * a] = to_int(static_cast<int64_t>(ds[bd + a]));
        geom.data<int32_t>()[2 * a + 1] = to_int(product(ds, bd + a + 1, ds.size()));
    }
    OpConfig config;
    config.impl_name = "gather_nd";
    config.status_error = kIndexError;
    config.constants.push_back(geom);
    KernelLaunch l = launch(node, "gather_nd", tuples * chunks);
    l.args = {KernelArg::input(0),
              KernelArg::input(1),
              KernelArg::output(0),
              KernelArg::constant(0),
              KernelArg::status(),
              KernelArg::scalar(to_int(static_cast<int64_t>(k))),
              KernelArg::scalar(to_int(batches ? tuples / batches : 1)),
              KernelArg::scalar(to_int(product(ds, bd, ds.size()))),
              KernelArg::scalar(to_int(slice)),
              KernelArg::scalar(to_int(chunks)),
              KernelArg::scalar(to_int(tuples * chunks))};
    config.launches.push_back(std::move(l));
    return config;
}

Validation GatherElementsOp::validate(const Node& node, const DeviceInfo&) const { return check_indices(node); }

OpConfig GatherElementsOp::configure(const Node& node, const DeviceInfo&) const {
    const Shape ds = node.get_input_shape(0), is = node.get_input_shape(1);
    const int64_t a = node.get_attr<int64_t>("axis");
    const auto axis = static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(ds.size()) : a);
    const auto total = static_cast<int64_t>(shape_size(is));
    OpConfig config;
    config.impl_name = "gather_elements";
    config.status_error = kIndexError;
    KernelLaunch l = launch(node, "gather_elements", total);
    l.args = {KernelArg::input(0),
              KernelArg::input(1),
              KernelArg::output(0),
              KernelArg::status(),
              KernelArg::scalar(to_int(static_cast<int64_t>(is[axis]))),
              KernelArg::scalar(to_int(static_cast<int64_t>(ds[axis]))),
              KernelArg::scalar(to_int(std::max<int64_t>(product(is, axis + 1, is.size()), 1))),
              KernelArg::scalar(to_int(total))};
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
