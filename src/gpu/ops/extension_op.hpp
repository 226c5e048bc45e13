// The GPU host class of every extension op (ovcl/extension.hpp): one launch of the user's
// OpenCL kernel, its work sizes and scalar arguments evaluated from the node's shapes.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Serves every type registered by an extension with an OpenCL kernel (find_gpu_op falls back to it for types that
/// are not in the op table): the user's source under the stem "ext:<type>", built with -DT=<output 0's type>,
/// -DT_IN<i>/-DT_OUT<j> and the extension's defines. Refused (the node then runs on the host when the extension has
/// a host function): docs/extensions.md, "What the GPU refuses".
OVCL_DECLARE_GPU_OP(ExtensionOp);

}  // namespace gpu
}  // namespace ovcl
