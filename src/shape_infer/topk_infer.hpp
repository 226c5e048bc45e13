// Shape and type inference of TopK (versions 1, 3 and 11), and its parsed attributes.
#pragma once

#include <cstdint>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

struct TopKAttrs {
    enum class Sort { value, index, none };
    int64_t axis = 0;  ///< as given (may be negative)
    bool max = true;   ///< mode == "max"
    Sort sort = Sort::value;
    element::Type index_type = element::i32;
    bool stable = false;  ///< TopK-11 only; the host reference is always stable
};

/// Parses and checks the TopK attributes; throws ModelError naming the node.
TopKAttrs topk_attrs(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
