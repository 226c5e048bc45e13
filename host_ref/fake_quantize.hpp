// Host reference kernels of the fake_quantize ops.
#pragma once

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// FakeQuantize-1, the spec's formula evaluated in the data type (f16 in f32), rounding half to even.
void fake_quantize(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);
/// FakeConvert-13: data rounded through an f8 type under scale and shift (host_ref/fake_quantize_convert.cpp).
void fake_convert(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx);

}  // namespace host_ref
}  // namespace ovcl
