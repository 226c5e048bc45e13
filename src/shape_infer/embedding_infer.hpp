// Shape and type inference of the embedding-bag ops: sums of rows of an embedding table.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {
/// EmbeddingBagOffsetsSum-3: (table [N, ..], indices 1-D, offsets 1-D [B], optional default_index scalar,
/// optional per_sample_weights like indices): [B, ..].
Outputs embedding_bag_offsets_sum(const Node& node, const Inputs& in);
/// EmbeddingBagPackedSum-3: (table, indices [B, L], optional per_sample_weights [B, L]): [B, ..].
Outputs embedding_bag_packed_sum(const Node& node, const Inputs& in);
/// EmbeddingSegmentsSum-3: (table, indices 1-D, segment_ids like indices, num_segments scalar, optional
/// default_index, optional per_sample_weights): [num_segments, ..].
Outputs embedding_segments_sum(const Node& node, const Inputs& in);
}  // namespace shape_infer
}  // namespace ovcl
