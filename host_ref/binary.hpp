// Host reference kernels of the binary ops.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {}  // namespace host_ref
}  // namespace ovcl
