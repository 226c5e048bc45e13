#include "ops/roi.hpp"

#include <climits>

#include "kernel_stems.hpp"
#include "shape_infer/roi_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {
constexpr size_t kLocal = 64;
const char* const kRoiError =
    "a roi names a batch outside the data, or its bin is too large to sample adaptively (sampling_ratio 0)";
}  // namespace

Validation RoiAlignOp::validate(const Node& node, const DeviceInfo&) const {
    for (size_t i = 0; i < 2; ++i)
        if (node.get_input_element_type(i) != element::f32)
            return Validation::no("the OpenCL ROIAlign takes f32 data and rois, not " +
                                  node.get_input_element_type(i).get_type_name());
    const element::Type index = node.get_input_element_type(2);
    if (index != element::i32 && index != element::i64)
        return Validation::no("the OpenCL ROIAlign takes i32 or i64 batch indices, not " + index.get_type_name());
    if (shape_size(node.get_input_shape(0)) >= static_cast<size_t>(INT_MAX) ||
        shape_size(node.get_output_shape(0)) >= static_cast<size_t>(INT_MAX))
        return Validation::no("a tensor of 2^31 elements or more (the kernel indexes with 32-bit integers)");
    return Validation::yes();
}

OpConfig RoiAlignOp::configure(const Node& node, const DeviceInfo&) const {
    using Aligned = shape_infer::RoiAlignAttrs::Aligned;
    const auto a = shape_infer::roi_align_attrs(node);
    const Shape& ds = node.get_input_shape(0);
    const size_t total = shape_size(node.get_output_shape(0));
    auto i32 = [](size_t v) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(v)); };
    KernelLaunch l;
    l.source = stem::roi;
    l.entry = "roi_align";
    l.options = define("INDEX_T", node.get_input_element_type(2) == element::i64 ? "long" : "int");
    l.args = {KernelArg::input(0),
              KernelArg::input(1),
              KernelArg::input(2),
              KernelArg::output(0),
              KernelArg::status(),
              i32(ds[1]),
              i32(ds[2]),
              i32(ds[3]),
              i32(ds[0]),
              i32(static_cast<size_t>(a.pooled_h)),
              i32(static_cast<size_t>(a.pooled_w)),
              i32(static_cast<size_t>(a.sampling_ratio)),
              KernelArg::scalar<cl_float>(a.spatial_scale),
              KernelArg::scalar<cl_float>(a.aligned == Aligned::half_pixel ? 0.5f : 0.0f),
              KernelArg::scalar<cl_float>(a.aligned == Aligned::asymmetric ? 0.0f : -0.5f),
              i32(a.aligned == Aligned::asymmetric ? 1 : 0),
              i32(a.max ? 1 : 0),
              i32(total)};
    l.global = {(total + kLocal - 1) / kLocal * kLocal};
    l.local = {kLocal};
    OpConfig c;
    c.launches.push_back(std::move(l));
    c.impl_name = "roi_align";
    c.status_error = kRoiError;
    return c;
}

}  // namespace gpu
}  // namespace ovcl
