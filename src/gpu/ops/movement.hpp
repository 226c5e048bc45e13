// GPU host classes of the movement ops: bit copies (kernels_cl/movement.cl), so every element type
// moves as a word of its size.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Transpose-1 with a constant order: a tiled register transpose when the innermost axis moves, a copy
/// of contiguous runs (copy_runs, e.g. BERT's [0, 2, 1, 3]) when it stays (movement_transpose.cpp).
OVCL_DECLARE_GPU_OP(TransposeOp);

/// Concat-1: the inputs' slabs side by side in the output rows: one copy_runs per input when every slab is
/// 16 elements or more, else up to 4 inputs a launch (movement_concat.cpp).
OVCL_DECLARE_GPU_OP(ConcatOp);

/// Split-1 and VariadicSplit-1 with a constant axis: the mirror of Concat (movement_concat.cpp).
OVCL_DECLARE_GPU_OP(SplitOp);

/// Gather-1/7/8 with a constant axis: v8 with any i32/i64 indices; v1/v7 only with constant indices
/// inside the axis; slices of 16 elements or more (embedding rows) as vectors (movement_gather.cpp).
OVCL_DECLARE_GPU_OP(GatherOp);

/// StridedSlice-1 and Slice-8 with constant begin/end/strides/axes: the slice plan as a mapped copy
/// (movement_slice.cpp).
OVCL_DECLARE_GPU_OP(SliceOp);

/// Broadcast-1/3 (numpy, bidirectional, explicit with constant axes_mapping) and Tile-1: mapped copies
/// with stride-0 axes (movement_broadcast.cpp).
OVCL_DECLARE_GPU_OP(BroadcastOp);

/// Pad-1/12 with constant pads, every mode (movement_broadcast.cpp).
OVCL_DECLARE_GPU_OP(PadOp);

/// ShapeOf-1/3 and Range-1/4 with constant inputs: values computed once by host_ref, copied from a
/// constant buffer (movement_const.cpp).
OVCL_DECLARE_GPU_OP(PrecomputedOp);

}  // namespace gpu
}  // namespace ovcl
