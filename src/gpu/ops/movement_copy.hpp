// The building blocks every movement op shares: the kernels of kernels_cl/movement.cl as launches
// (a mapped copy into a dense output; rows joined from or cut into parts), the element word type, and
// the checks their 32-bit index arithmetic needs.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {
namespace movement {

/// Work-items per work-group of every movement kernel (fixed: PoCL compiles one variant per local size).
constexpr size_t kLocal = 64;
/// Elements one work-item moves along a contiguous run (CHUNK in movement.cl).
constexpr int64_t kChunk = 64;
/// The largest element count of any tensor the kernels index (32-bit ints).
constexpr int64_t kMaxElements = 0x7fffffff;

/// How a coordinate outside the source resolves (MODE_* in movement.cl): Pad's modes.
enum class Fill : int { constant = 0, edge = 1, reflect = 2, symmetric = 3 };

/// The build options of the movement program for elements of `type`: "-DT=uint" and alike.
std::string options_for(element::Type type);
/// A 1-D launch of kernels_cl/movement.cl with `total` working items, the global size rounded up.
KernelLaunch launch_1d(const std::string& entry, element::Type type, int64_t total);

/// The product of dims [from, to) of `s`.
int64_t product(const Shape& s, size_t from, size_t to);

/// Refuses nodes whose tensors have more than kMaxElements elements.
Validation check_sizes(const Node& node);

/// The launches of Transpose-1 for an input of `in_shape` and the output axes `order` (movement_transpose.cpp);
/// the rearrangements that are a transpose of a reshaped view (rearrange.cpp) launch the same.
OpConfig transpose_config(const Shape& in_shape, element::Type type, const std::vector<size_t>& order);
/// The value of input i when it is a Constant; nullptr otherwise.
const Tensor* constant_input(const Node& node, size_t i);
/// Reads input i into `values` when it is a Constant of an integer type; false otherwise.
bool constant_ints(const Node& node, size_t i, std::vector<int64_t>& values);

/// A copy into a dense output: output coordinates (k_0, k_1, ...) over the added axes read the source
/// at base + sum of each axis's offset. Adjacent axes that read like one axis are merged and extents
/// of 1 dropped before the launch is built.
class MappedCopy {
public:
    /// Coordinate k reads offset k * stride (negative and 0 allowed).
    void add_axis(int64_t extent, int64_t stride);
    /// Coordinate k reads index start + k of a source axis of `source_extent` (offset index * stride);
    /// an index outside it resolves by the fill mode of the launch.
    void add_mapped_axis(int64_t extent, int64_t source_extent, int64_t start, int64_t stride);
    void add_offset(int64_t elements) { m_base += elements; }

    /// Appends the launch (and its geometry as a constant) to `config`. `fill` is read for coordinates
    /// that resolve to no source element (Fill::constant only).
    void append_to(OpConfig& config, element::Type type, const KernelArg& src, const KernelArg& dst,
                   const KernelArg& fill, Fill mode = Fill::constant) const;

    /// One axis: coordinate k reads source index start + k (mapped) or offset k * stride (plain).
    struct Axis {
        int64_t extent = 1, source_extent = 1, start = 0, stride = 0;
        bool mapped = false;
    };
    /// The axes with extents of 1 dropped and adjacent plain axes merged (at least one axis).
    std::vector<Axis> simplified() const;

private:
    std::vector<Axis> m_axes;
    int64_t m_base = 0;
};

/// How rows of `len` elements are cut into work-items: `chunks` work-items of kChunk elements per row
/// (group 1), or whole rows `group` at a time (chunks 1) when rows are shorter than kChunk.
struct RowWork {
    int64_t chunks = 1, group = 1, items = 0;
};
RowWork row_work(int64_t rows, int64_t len);

/// Elements of one vector of the loop-free kernels (VEC in movement.cl): copy_runs and gather_runs take runs
/// of at least this many elements.
constexpr int64_t kVec = 16;
/// The most axes copy_runs enumerates besides its row axis (RUN_AXES in movement.cl).
constexpr size_t kRunAxes = 4;

/// An axis along which copy_runs repeats its run: extent and the source and destination strides (elements).
struct RunAxis {
    int64_t extent = 1, src_stride = 0, dst_stride = 0;
};
/// Elements a work-item of copy_runs / gather_runs moves along runs of `run` (>= kVec) elements: 4 vectors
/// (RUN_CHUNK in movement.cl) or, for runs shorter than that, one.
inline int64_t run_chunk(int64_t run) { return run >= 4 * kVec ? 4 * kVec : kVec; }
/// Whether copy_runs can move runs of `run` elements enumerated by `axes` axes.
inline bool runs_fit(int64_t run, size_t axes) { return run >= kVec && axes <= kRunAxes + 1; }
/// Appends a copy_runs launch (and its geometry as a constant): for every coordinate of `axes` (outermost
/// first, runs_fit() true), `run` contiguous elements from src[src_base + sum i_a src_stride_a] to
/// dst[dst_base + sum i_a dst_stride_a]. One work-item per run_chunk(), no loop, one division per outer axis.
void append_runs(OpConfig& config, element::Type type, const KernelArg& src, const KernelArg& dst, int64_t src_base,
                 int64_t dst_base, int64_t run, std::vector<RunAxis> axes);
/// A 3-D launch of movement.cl over (vectors, rows, planes), its local size one of four (PoCL compiles one
/// variant per local size): work-groups of 64 along short rows take several rows.
KernelLaunch launch_3d(const std::string& entry, element::Type type, int64_t vectors, int64_t rows, int64_t planes);

/// The most parts one concat_rows / split_rows launch moves.
constexpr size_t kMaxParts = 4;
/// Concat (parts -> joined) or, with `split`, Split (joined -> parts) of rows: part k has `rows` dense rows
/// of lens[k] elements; the joined tensor has rows `pitch` elements apart and holds the parts side by side
/// from column `off` on. At most kMaxParts parts.
KernelLaunch join_rows(element::Type type, bool split, const KernelArg& joined, const std::vector<KernelArg>& parts,
                       const std::vector<int64_t>& lens, int64_t rows, int64_t off, int64_t pitch);

}  // namespace movement
}  // namespace gpu
}  // namespace ovcl
