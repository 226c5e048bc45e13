// Host reference kernel of OneHot: on_value where the index equals the position along the new axis,
// off_value elsewhere (an index outside [0, depth), negative ones too, gives off_value everywhere).
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {
void one_hot(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
}  // namespace host_ref
}  // namespace ovcl
