// Shared by the movement op tests (test_movement*.cpp): data movement copies bits, so the device's
// outputs must equal host_ref's bit for bit (no tolerance), for every element type.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {
namespace movement {

using Ints = std::vector<int64_t>;

/// Seeded values of every element type, distinct enough that a misplaced element shows (booleans 0/1).
inline Tensor data(element::Type type, const Shape& shape, uint32_t seed = 7) {
    return random_tensor(type, shape, type.size() == 1 ? 0 : -1000, type.size() == 1 ? 255 : 1000, seed);
}
inline Tensor ints(const Ints& v, element::Type type = element::i64) {
    return make_tensor<int64_t>(type, {v.size()}, v);
}
inline Tensor scalar_int(int64_t v, element::Type type = element::i64) { return make_tensor<int64_t>(type, {}, {v}); }

/// Why the device refuses the node ("" when it accepts it).
inline std::shared_ptr<Node> transpose(element::Type t, const Shape& s, const Ints& order) {
    return op::make("Transpose", {op::parameter(t, s), op::constant(ints(order))});
}

inline std::shared_ptr<Node> concat(element::Type t, const std::vector<Shape>& shapes, int64_t axis) {
    OutputVector in;
    for (const auto& s : shapes)
        in.push_back(op::parameter(t, s));
    return op::make("Concat", in, {{"axis", std::to_string(axis)}});
}

inline std::string refusal(const std::shared_ptr<Node>& node) {
    const gpu::Validation v = gpu::validate_node(*node, gpu_env()->device);
    return v.supported ? std::string() : v.reason;
}

/// The impl_name configure() picks.
inline std::string impl_of(const std::shared_ptr<Node>& node) {
    return gpu::find_gpu_op(node->get_type_name())->configure(*node, gpu_env()->device).impl_name;
}

/// The node runs on the device and every output equals host_ref's bitwise.
inline ::testing::AssertionResult same_as_host(const std::shared_ptr<Node>& node, const TensorVector& inputs) {
    const std::string why = refusal(node);
    if (!why.empty())
        return ::testing::AssertionFailure() << node->describe() << " refused: " << why;
    const TensorVector gpu = run_gpu(node, inputs);
    const TensorVector host = run_host(node, inputs);
    if (gpu.size() != host.size())
        return ::testing::AssertionFailure() << "output count " << gpu.size() << " vs " << host.size();
    for (size_t i = 0; i < gpu.size(); ++i) {
        auto r = tensors_equal(gpu[i], host[i]);
        if (!r)
            return ::testing::AssertionFailure() << node->describe() << " output " << i << ": " << r.message();
    }
    return ::testing::AssertionSuccess();
}

}  // namespace movement
}  // namespace test
}  // namespace ovcl
