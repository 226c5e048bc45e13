// GPU host classes of the convolution ops.
#pragma once

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {}  // namespace gpu
}  // namespace ovcl
