#include "tools/default_models.hpp"

#include <cmath>
#include <random>

#include "ovcl/except.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace default_models {
namespace {

// Weights come from std::mt19937's raw output, not std::*_distribution, whose algorithms
// differ between standard libraries: the same seed gives the same model everywhere.
class Builder {
public:
    explicit Builder(uint32_t seed) : m_rng(seed) {}

    /// Uniform in [-limit, limit] with limit = sqrt(gain * 3 / fan_in): variance gain / fan_in
    /// (gain 2: He, for layers followed by Relu/Gelu; gain 1: LeCun, for linear ones).
    Output<Node> weights(const Shape& shape, size_t fan_in, double gain, const std::string& name) {
        return uniform_const(shape, static_cast<float>(std::sqrt(gain * 3.0 / static_cast<double>(fan_in))), 0.0f,
                             name);
    }
    /// center + uniform [-limit, limit].
    Output<Node> uniform_const(const Shape& shape, float limit, float center, const std::string& name) {
        Tensor t(element::f32, shape);
        float* d = t.data<float>();
        for (size_t i = 0; i < t.get_size(); ++i)
            d[i] = center + limit * (2.0f * next_unit() - 1.0f);
        return named(op::constant(t), name);
    }
    static Output<Node> i64_const(const std::vector<int64_t>& values, const std::string& name) {
        return named(op::constant<int64_t>(element::i64, Shape{values.size()}, values), name);
    }
    static Output<Node> named(const std::shared_ptr<Node>& node, const std::string& name) {
        node->set_friendly_name(name);
        return Output<Node>(node, 0);
    }
    static Output<Node> make(const std::string& type, const OutputVector& in, const Attributes& attrs,
                       const std::string& name) {
        return named(op::make(type, in, attrs), name);
    }
    static Output<Node> add(const Output<Node>& a, const Output<Node>& b, const std::string& name) {
        return make("Add", {a, b}, {{"auto_broadcast", "numpy"}}, name);
    }
    static Output<Node> relu(const Output<Node>& x, const std::string& name) { return make("Relu", {x}, {}, name); }

    /// Convolution k x k (explicit symmetric padding) + per-channel bias.
    Output<Node> conv(const Output<Node>& x, size_t cout, size_t k, size_t stride, size_t pad, const std::string& name) {
        const size_t cin = static_cast<size_t>(x.get_partial_shape()[1].get_length());
        const Output<Node> w = weights({cout, cin, k, k}, cin * k * k, 2.0, name + ".weight");
        const std::string s = std::to_string(stride), p = std::to_string(pad);
        const Output<Node> y = make("Convolution", {x, w},
                              {{"strides", s + "," + s},
                               {"dilations", "1,1"},
                               {"pads_begin", p + "," + p},
                               {"pads_end", p + "," + p},
                               {"auto_pad", "explicit"}},
                              name);
        return add(y, uniform_const({1, cout, 1, 1}, 0.1f, 0.0f, name + ".bias"), name + ".add_bias");
    }

    /// x @ W + b with W [in, out].
    Output<Node> linear(const Output<Node>& x, size_t out, double gain, const std::string& name) {
        const PartialShape& xs = x.get_partial_shape();
        const size_t in = static_cast<size_t>(xs[xs.size() - 1].get_length());
        const Output<Node> w = weights({in, out}, in, gain, name + ".weight");
        const Output<Node> y = make("MatMul", {x, w}, {{"transpose_a", "false"}, {"transpose_b", "false"}}, name);
        return add(y, uniform_const({out}, 0.05f, 0.0f, name + ".bias"), name + ".add_bias");
    }

    /// LayerNorm over the last axis as OpenVINO front ends emit it: MVN, then gamma and beta.
    Output<Node> layer_norm(const Output<Node>& x, size_t width, const std::string& name) {
        const Output<Node> n = make("MVN", {x, i64_const({-1}, name + ".axes")},
                              {{"normalize_variance", "true"}, {"eps", "1e-05"}, {"eps_mode", "inside_sqrt"}},
                              name + ".mvn");
        const Output<Node> g = make("Multiply", {n, uniform_const({width}, 0.1f, 1.0f, name + ".gamma")},
                              {{"auto_broadcast", "numpy"}}, name + ".scale");
        return add(g, uniform_const({width}, 0.1f, 0.0f, name + ".beta"), name + ".shift");
    }

private:
    float next_unit() { return static_cast<float>(m_rng() >> 8) * (1.0f / 16777216.0f); }  // [0, 1), 24 bits
    std::mt19937 m_rng;
};

Output<Node> residual_block(Builder& b, const Output<Node>& x, size_t cout, size_t stride, const std::string& name) {
    const size_t cin = static_cast<size_t>(x.get_partial_shape()[1].get_length());
    const Output<Node> h = Builder::relu(b.conv(x, cout, 3, stride, 1, name + ".conv1"), name + ".relu1");
    const Output<Node> y = b.conv(h, cout, 3, 1, 1, name + ".conv2");
    const Output<Node> skip = (stride != 1 || cin != cout) ? b.conv(x, cout, 1, stride, 0, name + ".proj") : x;
    return Builder::relu(Builder::add(y, skip, name + ".residual"), name + ".relu2");
}

}  // namespace

std::shared_ptr<Model> make_resnet_like_cnn(uint32_t seed) {
    Builder b(seed);
    auto input = op::parameter(element::f32, PartialShape{1, 3, 64, 64}, "input");
    Output<Node> x = Builder::relu(b.conv(input, 16, 3, 2, 1, "stem.conv"), "stem.relu");  // [1,16,32,32]
    x = residual_block(b, x, 16, 1, "block1");                                          // [1,16,32,32]
    x = residual_block(b, x, 32, 2, "block2");                                          // [1,32,16,16]
    x = Builder::make("ReduceMean", {x, Builder::i64_const({2, 3}, "pool.axes")}, {{"keep_dims", "false"}},
                      "pool");  // [1,32]
    x = b.linear(x, 10, 1.0, "fc");
    const Output<Node> probs = Builder::make("Softmax", {x}, {{"axis", "1"}}, "softmax");
    probs.node->output_names(0).insert("probabilities");
    return std::make_shared<Model>(NodeVector{op::result(probs, "probabilities")}, NodeVector{input},
                                   "resnet_like_cnn");
}

std::shared_ptr<Model> make_transformer_block(uint32_t seed) {
    constexpr size_t kTokens = 16, kWidth = 64, kHeads = 4, kHeadDim = kWidth / kHeads, kHidden = 128;
    const auto tok = static_cast<int64_t>(kTokens), heads = static_cast<int64_t>(kHeads),
               head_dim = static_cast<int64_t>(kHeadDim), width = static_cast<int64_t>(kWidth);
    Builder b(seed);
    auto tokens = op::parameter(element::f32, PartialShape{1, tok, width}, "tokens");
    const Output<Node> ln1 = b.layer_norm(tokens, kWidth, "ln1");

    // [1,16,64] -> [1,16,4,16] -> [1,4,16,16]: one 16x16 attention per head.
    auto split_heads = [&](const Output<Node>& v, const std::string& name) {
        const Output<Node> r = Builder::make("Reshape", {v, Builder::i64_const({1, tok, heads, head_dim}, name + ".shape")},
                                       {{"special_zero", "false"}}, name + ".reshape");
        return Builder::make("Transpose", {r, Builder::i64_const({0, 2, 1, 3}, name + ".order")}, {},
                             name + ".transpose");
    };
    const Output<Node> q = split_heads(b.linear(ln1, kWidth, 1.0, "attn.q"), "attn.q_heads");
    const Output<Node> k = split_heads(b.linear(ln1, kWidth, 1.0, "attn.k"), "attn.k_heads");
    const Output<Node> v = split_heads(b.linear(ln1, kWidth, 1.0, "attn.v"), "attn.v_heads");
    const Output<Node> scores = Builder::make("MatMul", {q, k}, {{"transpose_a", "false"}, {"transpose_b", "true"}},
                                        "attn.scores");
    const Output<Node> scale = Builder::named(
        op::constant<float>(element::f32, Shape{1}, {1.0f / std::sqrt(static_cast<float>(kHeadDim))}),
        "attn.scale_value");
    const Output<Node> scaled = Builder::make("Multiply", {scores, scale}, {{"auto_broadcast", "numpy"}}, "attn.scale");
    const Output<Node> weights = Builder::make("Softmax", {scaled}, {{"axis", "3"}}, "attn.softmax");
    const Output<Node> ctx = Builder::make("MatMul", {weights, v}, {{"transpose_a", "false"}, {"transpose_b", "false"}},
                                     "attn.context");
    const Output<Node> merged = Builder::make(
        "Reshape",
        {Builder::make("Transpose", {ctx, Builder::i64_const({0, 2, 1, 3}, "attn.merge.order")}, {},
                       "attn.merge.transpose"),
         Builder::i64_const({1, tok, width}, "attn.merge.shape")},
        {{"special_zero", "false"}}, "attn.merge.reshape");
    const Output<Node> h1 = Builder::add(tokens, b.linear(merged, kWidth, 1.0, "attn.out"), "attn.residual");

    const Output<Node> ln2 = b.layer_norm(h1, kWidth, "ln2");
    const Output<Node> up = Builder::make("Gelu", {b.linear(ln2, kHidden, 2.0, "mlp.up")}, {}, "mlp.gelu");
    const Output<Node> hidden = Builder::add(h1, b.linear(up, kWidth, 1.0, "mlp.down"), "mlp.residual");
    hidden.node->output_names(0).insert("hidden");
    return std::make_shared<Model>(NodeVector{op::result(hidden, "hidden")}, NodeVector{tokens},
                                   "transformer_block");
}

std::vector<std::string> names() { return {"cnn", "transformer"}; }

std::shared_ptr<Model> make(const std::string& name, uint32_t seed) {
    if (name == "cnn")
        return make_resnet_like_cnn(seed);
    if (name == "transformer")
        return make_transformer_block(seed);
    raise<InvalidArgument>("unknown default model '", name, "' (valid: cnn, transformer)");
}

}  // namespace default_models
}  // namespace ovcl
