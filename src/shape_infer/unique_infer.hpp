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

}  // namespace shape_infer
}  // namespace ovcl
