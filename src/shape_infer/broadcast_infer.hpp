// Shape and type inference of the broadcast ops: Broadcast-1, Broadcast-3 and Tile-1.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// How Broadcast maps data axes to output axes.
enum class BroadcastMode {
    numpy,          ///< right-aligned, data dims 1 or equal to the target's (one direction)
    explicit_axes,  ///< the axes_mapping input names the output axis of each data axis
    bidirectional,  ///< right-aligned numpy broadcasting of data and target together (v3)
};
/// The node's mode attribute ("numpy" by default; "none" means explicit); throws ModelError on a
/// value its version does not have.
BroadcastMode broadcast_mode(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
