// Host reference kernels of the pad ops: Pad-1 and Pad-12 (any element type).
#pragma once

#include "host_ref/ref_utils.hpp"
#include "shape_infer/pad_infer.hpp"

namespace ovcl {
namespace host_ref {

/// Pads (or, with negative pads, crops) src into dst: dst index o on axis a reads src index
/// o - begin[a]; outside the source, `mode` decides: constant takes *fill (one element of src's
/// type; zero when null), edge the nearest edge, reflect/symmetric the mirrored index without/with
/// the edge repeated. Pads must fit the source as Pad requires (reflect <= dim - 1, symmetric <= dim).
void pad_into(const Tensor& src, Tensor& dst, const std::vector<int64_t>& begin, shape_infer::PadMode mode,
              const void* fill);

}  // namespace host_ref
}  // namespace ovcl
