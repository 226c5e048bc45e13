// Host reference of the sparse-tensor ops: SparseFillEmptyRows-16 copies the entries (sorted by row and
// column) and adds default_value at (row, 0) of every row without one; its outputs' length depends on the
// values, so it sets their shapes itself.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void sparse_fill_empty_rows(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
