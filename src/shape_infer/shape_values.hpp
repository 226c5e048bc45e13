// Shape values (ovcl/shape.hpp, ShapeValue): what is known of the elements of the small integer tensors a model
// computes from shapes. ShapeOf makes them from a partly dynamic shape; Concat, Gather, Convert, Squeeze, Unsqueeze
// and Reshape pass them on; Reshape and Broadcast read their target from them. A decoder's `[batch, heads, kv_len,
// head_size]` built from ShapeOf of its KV cache then keeps every dim but kv_len static.
#pragma once

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// The most elements a shape value holds: longer integer tensors are data, not shapes.
constexpr size_t kMaxShapeValue = 64;

/// The input's elements as far as they are known: a constant's (an integer tensor of at most kMaxShapeValue
/// elements), or what a shape computation gave (InputInfo::shape_value); none when neither.
std::optional<ShapeValue> shape_value(const InputInfo& in);
/// `v` as an output's shape value: null when no element of it is known (it says nothing).
std::shared_ptr<const ShapeValue> known(ShapeValue v);

/// ShapeOf: the dims of `shape` (static rank), the dynamic ones unknown.
std::shared_ptr<const ShapeValue> shape_value_of(const PartialShape& shape);
/// Input 0's value as it is (Convert to an integer type, Squeeze, Unsqueeze, Reshape): when the output is a scalar
/// or 1-D integer tensor of as many elements.
std::shared_ptr<const ShapeValue> passed_on(const Inputs& in, const OutputInfo& out);
/// Concat along axis 0 of 1-D inputs: an input of known length but unknown elements adds unknown ones.
std::shared_ptr<const ShapeValue> concatenated(const Inputs& in, const OutputInfo& out);
/// Gather-1/7/8 along axis 0 (no batch dims) of a 1-D input with constant indices.
std::shared_ptr<const ShapeValue> gathered(const Inputs& in, const OutputInfo& out, int64_t batch_dims);

/// A target shape (Reshape, Broadcast) read from a shape value: its elements, none when one is unknown or the
/// value is not known at all. `partial`: unknown elements as -2 (a dim no one knows yet) instead of none.
std::optional<std::vector<int64_t>> target_elements(const InputInfo& in, bool partial);
/// -2 in target_elements(partial): an element no one knows before run time.
constexpr int64_t kUnknownElement = -2;

}  // namespace shape_infer
}  // namespace ovcl
