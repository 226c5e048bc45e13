// Image formats and resize algorithms of pre-processing (ovcl/preprocess/pre_post_process.hpp),
// with OpenVINO's names (ov::preprocess::ColorFormat, ov::preprocess::ResizeAlgorithm).
#pragma once

#include <string>

namespace ovcl {
namespace preprocess {

enum class ColorFormat {
    UNDEFINED,
    NV12_SINGLE_PLANE,  ///< one u8/f32 tensor [N, H*3/2, W, 1]: the Y rows, then interleaved U,V rows
    NV12_TWO_PLANES,    ///< two tensors: Y [N, H, W, 1] ("<name>/y") and UV [N, H/2, W/2, 2] ("<name>/uv")
    RGB,
    BGR,
    RGBX,  ///< four channels, the fourth ignored
    BGRX,
    GRAY,  ///< one channel; only as the target of an NV12 conversion (the Y plane)
};

enum class ResizeAlgorithm { RESIZE_LINEAR, RESIZE_NEAREST, RESIZE_CUBIC };

/// "RGB", "NV12_TWO_PLANES", ... for messages.
std::string to_string(ColorFormat format);
std::string to_string(ResizeAlgorithm algorithm);

}  // namespace preprocess
}  // namespace ovcl
