// Shape and type inference of the sparse-tensor ops (SparseFillEmptyRows-16), and the row filling that the
// host reference shares with it.
#pragma once

#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// SparseFillEmptyRows-16 on known values: for each output entry, the input entry it copies (-1: a filler of
/// default_value at (row, 0)), sorted by (row, column); `empty` marks the rows that got a filler. As OpenVINO
/// CPU: entries of rows past dense_shape[0] are dropped, columns are not checked; negative indices are
/// refused (OpenVINO CPU's output is garbage there).
struct SparseFill {
    std::vector<int64_t> source;             ///< input entry, or -1
    std::vector<std::pair<int64_t, int64_t>> position;  ///< (row, column) of each output entry
    std::vector<bool> empty;
};
SparseFill sparse_fill_empty_rows_plan(const Node& node, int64_t rows, const std::vector<int64_t>& indices);

}  // namespace shape_infer
}  // namespace ovcl
