// Shape and type inference of the search ops (Bucketize, SearchSorted).
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// Bucketize-3: (data, 1-D sorted buckets), numeric; attrs output_type (i32, i64 default), with_right_bound:
/// data's shape.
Outputs bucketize(const Node& node, const Inputs& in);
/// SearchSorted-15: (sorted_sequence, values) of one numeric type, the sequence 1-D or with the values'
/// leading axes; attrs right_mode, output_type (i64 default): values' shape.
Outputs search_sorted(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
