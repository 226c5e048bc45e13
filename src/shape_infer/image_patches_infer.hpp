// Shape and type inference of the image-patch ops (ExtractImagePatches-3, Col2Im-15), and the patch
// geometry the host reference shares with it.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// Patches along one spatial axis: `count` patches, the first starting at -pad_begin.
struct PatchAxis {
    int64_t count = 0, pad_begin = 0;
};
/// ExtractImagePatches-3 along an axis of extent `in`: patch size k, stride s, rate r and the node's auto_pad
/// (valid: no padding; same_upper / same_lower: ceil(in / s) patches, the odd pad at the end / the start).
PatchAxis extract_patch_axis(const Node& node, int64_t in, int64_t k, int64_t s, int64_t r);
/// Col2Im-15's blocks along an axis: floor((size + pads - dilated kernel) / stride) + 1, none when negative.
int64_t col2im_blocks(int64_t size, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t pe);

}  // namespace shape_infer
}  // namespace ovcl
