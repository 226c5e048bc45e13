// Host reference kernels of the concat_split ops.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {}  // namespace host_ref
}  // namespace ovcl
