// The region walked by the kernels of kernels_cl/reduce_region.cl (reduce, softmax and normalization): a dense tensor's axes merged into runs of
// kept and of reduced axes, so that any axis set of any rank becomes at most three outer kept runs, at most
// three reduced runs and a trailing kept run (`inner`) along which outputs are contiguous.
#pragma once

#include <string>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

struct Region {
    cl_int8 kept{};   ///< s0..s2: extents of the outer kept runs (s0 innermost; unused: 1), s4..s6: strides
    cl_int8 red{};    ///< s0..s2: extents of the reduced runs (s0 innermost; unused: 1), s4..s6: strides
    cl_int inner = 1;  ///< extent of the trailing kept run (1 when the innermost axis is reduced)
    size_t outer = 1;  ///< product of the outer kept extents
    size_t count = 1;  ///< elements reduced into each output
    /// Units of work: one per output (inner == 1) or per block of 8 outputs along inner.
    size_t units() const { return inner == 1 ? outer : outer * ((static_cast<size_t>(inner) + 7) / 8); }
};

/// Plans the region of `shape` reducing `axes` (normalised, sorted, unique). Fails, with the reason in
/// `why`, when there are more than three runs of either kind or 2^31 elements or more.
bool plan_region(const Shape& shape, const std::vector<size_t>& axes, Region& region, std::string& why);

/// "_rows16" or "_cols8": the region's unit of work, for implementation names.
inline std::string shape_suffix(const Region& r) { return r.inner == 1 ? "_rows16" : "_cols8"; }
/// "_f16" for f16 data (input 0), else "": for implementation names.
inline std::string type_suffix(const Node& node) { return node.get_input_element_type(0) == element::f16 ? "_f16" : ""; }

/// Yes for f32 or f16 data (input `data`; f16 as storage, f32 compute), else no with the reason.
Validation require_float(const Node& node, size_t data = 0);

/// The build option of the f16 storage variant (" -DIO_HALF") when input 0 is f16, else "".
std::string storage_option(const Node& node);

/// The constant axes input `i` of a node, normalised against the rank of input 0; false (with the reason)
/// when the input is not a Constant.
bool constant_axes(const Node& node, size_t i, std::vector<size_t>& axes, std::string& why);

/// The launch of kernel `entry` of program `source` (kernels_cl/reduce.cl, softmax.cl, normalization.cl) over the region: x, y, then `leading`, the region's kept,
/// red, inner, units and units per work-item, then `trailing`. On CPU devices a work-item takes enough
/// units for about 2048 elements (PoCL's cost per work-item is that of a few hundred elements).
KernelLaunch region_launch(const char* source, const std::string& entry, const Region& r, const DeviceInfo& device,
                           const std::vector<KernelArg>& leading, const std::vector<KernelArg>& trailing);

}  // namespace gpu
}  // namespace ovcl
