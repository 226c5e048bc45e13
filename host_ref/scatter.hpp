// Host reference kernels of the scatter ops: the output is the data, then each update in index order (a
// later update of one element wins, or is reduced into it). Indices may count from the end (-1 is the last)
// where OpenVINO allows it (ScatterElementsUpdate, ScatterNDUpdate); an index outside the data is an error
// naming the node. Reductions compute reals in double and integers in wrapping integer arithmetic, as
// OpenVINO CPU does (an i32 sum past 2^31 wraps).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

void scatter_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// v12: reduction none / sum / prod / min / max / mean (integers: the mean truncated toward zero), use_init_val.
void scatter_elements_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// v15: reduction none / sum / sub / prod / min / max.
void scatter_nd_update(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
