// Shape and type inference of the random generation ops, and the attributes the host reference shares.
#pragma once

#include <cstdint>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// The seeds of a random op and which framework's generator its values follow.
struct RandomAttrs {
    uint64_t global_seed = 0, op_seed = 0;
    bool pytorch = false;  ///< alignment="pytorch" (Mersenne Twister); else "tensorflow" (Philox)
};
RandomAttrs random_attrs(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
