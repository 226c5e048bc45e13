// Host reference kernels of the embedding-bag ops: each output row is the sum of table rows (times their
// per-sample weights); an empty bag or segment is the default_index row when one is given, else zeros.
// Reals (f16 through f32) sum in double; an index outside the table is an error naming the node. The
// specification asks for sorted segment_ids; unsorted ones are summed into their segments all the same
// (OpenVINO CPU drops an id that comes back to an earlier segment).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void embedding_bag_offsets_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void embedding_bag_packed_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
void embedding_segments_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
