// The entry points the op table's rows name, declared from the rows themselves: the third column is a
// shape inference function (namespace shape_infer), the fourth a host reference (namespace host_ref), each
// of OpSpec's signature. A function serving several rows is declared once per row, which C++ allows
// (identical redeclarations). Only what is not a row function lives in the family headers.
#pragma once

#include <vector>

#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace shape_infer {
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) \
    std::vector<OutputInfo> INFER(const Node& node, const std::vector<InputInfo>& in);
#include "op_table.def"
#undef OVCL_OP
}  // namespace shape_infer

namespace host_ref {
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) \
    void REF(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
#include "op_table.def"
#undef OVCL_OP
}  // namespace host_ref
}  // namespace ovcl
