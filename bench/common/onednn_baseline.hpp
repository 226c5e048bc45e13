// oneDNN (Debian: libdnnl-dev), the CPU library OpenVINO's CPU plugin is built on, as the baseline of the
// OpenCL kernel benches: the same products and convolutions on the same cores, in the same run. Built only when
// CMake finds dnnl (OVCL_HAVE_ONEDNN); the benches say so in their labels otherwise.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace ovcl {
namespace bench {

/// C = A x B, row-major n x n f32 (dnnl_sgemm), inputs filled like the MatMul benches' ramps. The returned
/// call runs one product and returns when it is done. Throws std::runtime_error when oneDNN fails.
std::function<void()> onednn_sgemm(size_t n);

/// An inference-mode convolution [1, c, hw, hw] * [k_out, c, k, k], stride 1, "same" padding, with the data
/// and weight layouts oneDNN picks for itself (blocked: reordered once here, as a network keeps them), inputs
/// 0.5 and 0.01 as the conv benches use. The returned call runs it once and waits. Construction checks an
/// interior output (0.5 * 0.01 * c * k * k) and throws if it is wrong. `impl`, when given, receives the name of
/// the implementation oneDNN chose (e.g. "jit:avx512_core").
std::function<void()> onednn_conv(size_t c, size_t k_out, size_t k, size_t hw, std::string* impl = nullptr);

/// An inference-mode depthwise convolution (c groups of one channel) [1, c, hw, hw] * [c, 1, 1, k, k], stride
/// `stride`, pads k / 2 on both sides, layouts of oneDNN's choice (reordered once here), inputs 0.5 and 0.01.
/// The returned call runs it once and waits; construction checks an interior output (0.5 * 0.01 * k * k).
std::function<void()> onednn_depthwise(size_t c, size_t k, size_t hw, size_t stride, std::string* impl = nullptr);

}  // namespace bench
}  // namespace ovcl
