// The models embedded in the `ovcl` tool (and used by tests and benches): built in code from
// registry ops with fixed pseudo-random weights, so every build produces the same graph and
// the same numbers without shipping model files.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ovcl/model.hpp"

namespace ovcl {
namespace default_models {

constexpr uint32_t kDefaultSeed = 20240611u;

/// A small ResNet-style CNN: input "input" f32 [1,3,64,64]; stem conv 3x3/2 + bias + Relu,
/// a residual block at 16 channels, a strided residual block to 32 channels with a 1x1
/// projection, global average pooling (ReduceMean over H, W), a 10-class MatMul + bias and
/// Softmax. Output "probabilities" f32 [1,10].
std::shared_ptr<Model> make_resnet_like_cnn(uint32_t seed = kDefaultSeed);

/// One pre-LayerNorm transformer encoder block: input "tokens" f32 [1,16,64]; LayerNorm (MVN +
/// gamma + beta), 4-head self-attention written out with MatMul/Multiply/Softmax/MatMul,
/// output projection and residual, LayerNorm, a Gelu MLP (64 -> 128 -> 64) and residual.
/// Output "hidden" f32 [1,16,64].
std::shared_ptr<Model> make_transformer_block(uint32_t seed = kDefaultSeed);

/// The names `ovcl run --model-default` accepts: "cnn", "transformer".
std::vector<std::string> names();
/// The model of that name; throws InvalidArgument naming the valid names otherwise.
std::shared_ptr<Model> make(const std::string& name, uint32_t seed = kDefaultSeed);

}  // namespace default_models
}  // namespace ovcl
