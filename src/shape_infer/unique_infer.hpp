// Shape and type inference of NonZero-3 and Unique-10, whose output extents depend on the data's values:
// those are dynamic dimensions bounded by the data's extents, and the host reference sets the actual ones.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

struct UniqueAttrs {
    bool sorted = true;
    element::Type index_type = element::i64;  ///< index_element_type: unique_indices and rev_idx
    element::Type count_type = element::i64;  ///< count_element_type: counts
};
UniqueAttrs unique_attrs(const Node& node);

/// NonZero-3: (data of any type) -> [max(rank, 1), 0..numel] of output_type (a scalar reads as one element).
Outputs non_zero(const Node& node, const Inputs& in);
/// Unique-10: (data, optional axis scalar) -> unique_elements (flattened [1..numel], or the data's shape with
/// the axis [1..extent]), unique_indices and counts ([1..count] each), rev_idx ([numel] or [extent]).
Outputs unique(const Node& node, const Inputs& in);

}  // namespace shape_infer
}  // namespace ovcl
