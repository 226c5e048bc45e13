// The op table's rows as the GPU runs them (SUPPORTED_OPERATIONS, src/runtime/supported_ops.hpp).
#pragma once

#include <vector>

#include "runtime/supported_ops.hpp"

namespace ovcl {
namespace gpu {

/// Every row of the op table with a kernel or a host reference, in table order, with its GPU column: the
/// host class's name ("EltwiseOp"), "view" for ViewOp, "host" for gpu::none. The plugin refines the
/// rows its configuration or plan treats otherwise (OVCL_GPU_HOST_OPS, io, variables).
std::vector<SupportedOp> op_table_runners();

}  // namespace gpu
}  // namespace ovcl
