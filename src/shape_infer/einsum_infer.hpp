// Shape and type inference of Einsum-7, and the parsed equation that the host reference shares.
#pragma once

#include <vector>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// An Einsum equation resolved against the input ranks. A label is a letter's character code; the axes an
/// ellipsis stands for are labels -1 - k for global ellipsis axis k (inputs' ellipses align to the right).
struct EinsumEquation {
    std::vector<std::vector<int>> inputs;  ///< one label per input axis
    std::vector<int> output;               ///< one label per output axis, each distinct
};
/// Parses attribute `equation` for inputs of these ranks: "ab,bc->ac", implicit outputs (the labels of only
/// one input, as OpenVINO counts them, sorted, after the ellipsis), "..." and repeated labels (diagonals).
EinsumEquation einsum_equation(const Node& node, const std::vector<int64_t>& ranks);

}  // namespace shape_infer
}  // namespace ovcl
