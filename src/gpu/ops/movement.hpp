// GPU host classes of the movement ops: bit copies (kernels_cl/movement.cl), so every element type
// moves as a word of its size.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Transpose-1 with a constant order: a tiled register transpose when the innermost axis moves, a copy
/// of contiguous runs (copy_runs, e.g. BERT's [0, 2, 1, 3]) when it stays (movement_transpose.cpp).
class TransposeOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Concat-1: the inputs' slabs side by side in the output rows: one copy_runs per input when every slab is
/// 16 elements or more, else up to 4 inputs a launch (movement_concat.cpp).
class ConcatOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Split-1 and VariadicSplit-1 with a constant axis: the mirror of Concat (movement_concat.cpp).
class SplitOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Gather-1/7/8 with a constant axis: v8 with any i32/i64 indices; v1/v7 only with constant indices
/// inside the axis; slices of 16 elements or more (embedding rows) as vectors (movement_gather.cpp).
class GatherOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// StridedSlice-1 and Slice-8 with constant begin/end/strides/axes: the slice plan as a mapped copy
/// (movement_slice.cpp).
class SliceOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Broadcast-1/3 (numpy, bidirectional, explicit with constant axes_mapping) and Tile-1: mapped copies
/// with stride-0 axes (movement_broadcast.cpp).
class BroadcastOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// Pad-1/12 with constant pads, every mode (movement_broadcast.cpp).
class PadOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// ShapeOf-1/3 and Range-1/4 with constant inputs: values computed once by host_ref, copied from a
/// constant buffer (movement_const.cpp).
class PrecomputedOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
