// Shape and type inference of the reduce ops.
#pragma once

#include "infer_utils.hpp"

namespace ovcl {
namespace shape_infer {}  // namespace shape_infer
}  // namespace ovcl
