// Host reference kernels of the colour conversion ops NV12toRGB-8, NV12toBGR-8, I420toRGB-8, I420toBGR-8:
// BT.601 video-range YUV 4:2:0 (each U, V sample shared by a 2x2 block of Y) to interleaved RGB or BGR, in f32.
// The coefficients are shared with the preprocessing's colour conversion (src/preprocess/color_convert.cpp).
// Results are clamped to [0, 255]; u8 outputs round half to even, as OpenVINO CPU does.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// R, G, B = clamp(kLuma * (Y - kLumaOffset) + kU[c] * (U - kChromaOffset) + kV[c] * (V - kChromaOffset)),
/// summed in that order (the order decides the last bit and so the rounding of u8 outputs).
struct Yuv420 {
    static constexpr float kLumaOffset = 16.0f, kChromaOffset = 128.0f, kLuma = 1.164f;
    static constexpr float kU[3] = {0.0f, -0.391f, 2.018f};
    static constexpr float kV[3] = {1.596f, -0.813f, 0.0f};
};

}  // namespace host_ref
}  // namespace ovcl
