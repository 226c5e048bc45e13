// Shape and type inference of DeformableConvolution-1 and -8: a 2-D convolution whose taps are shifted per
// output position by learned offsets (and, in v8, weighted by a mask). The output is that of the plain
// (grouped) convolution of data with the filter; offsets and mask must match it.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Attributes group and deformable_group (>= 1 each).
struct DeformableGroups {
    int64_t group = 1, deformable = 1;
};
DeformableGroups deformable_groups(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
