// RNN / GRU / LSTM cells and sequences on the OpenCL device (kernels_cl/recurrent.cl) against host_ref, both
// candidates (recurrent_loop, recurrent_steps), over gate kinds, activations, clip, linear_before_reset, the three
// directions, sequence_lengths (full, shorter, 0), batch 1 and more, hidden sizes that are not multiples of the
// work-group size (or of 16, a work-item's block of units), f16, W / R / B as Constants and as Parameters, and the
// refusals. Weights are uniform in +-1/sqrt(hidden) (PyTorch's initialisation: pre-activations in the range trained
// models have), inputs and states in [-1, 1].
// Tolerance, f32: 1e-5 abs + 1e-5 rel. Both sides sum a pre-activation of input and hidden products in f32, in
// different orders (host_ref: x.W, then h.R, then the bias; the kernels: the bias, x.W, then h.R, in float16
// lanes), so they differ by a few ulp of the sum of the terms' magnitudes (~1e-6 here); sigmoid / tanh have slopes
// of at most 1, the device's exp / tanh are within 4 ulp, and the recurrence carries the differences forward
// without growth over the 24 steps tested (measured: below 1e-6 on every case, 2.2e-7 at most seen). f16 (storage,
// computed in f32 on both sides, one rounding per output): 2e-3 abs + 2e-3 rel, one f16 ulp near 1 (9.8e-4) plus
// the f32 differences at a rounding boundary (measured: within 1e-3).
#include <cmath>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ops/tunable_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

constexpr double kF32 = 1e-5, kF16 = 2e-3;

struct Spec {
    std::string type;  // RNNCell, GRUCell, LSTMCell, RNNSequence, GRUSequence, LSTMSequence
    size_t batch = 2, steps = 5, input = 7, hidden = 19;
    std::string direction = "forward";
    std::vector<int64_t> lengths;  // empty: every sequence runs to the end
    Attributes extra;              // activations, clip, linear_before_reset
    element::Type t = element::f32;
    element::Type len_type = element::i64;
    int64_t version = 0;  // 0: the newest
    bool constant_weights = true;
};

Spec spec(const std::string& type, size_t batch = 2, size_t steps = 5, size_t input = 7, size_t hidden = 19) {
    Spec s;
    s.type = type;
    s.batch = batch;
    s.steps = steps;
    s.input = input;
    s.hidden = hidden;
    return s;
}

bool is_sequence(const Spec& s) { return s.type.find("Sequence") != std::string::npos; }
bool is_lstm(const Spec& s) { return s.type.rfind("LSTM", 0) == 0; }
size_t gates(const Spec& s) { return is_lstm(s) ? 4 : s.type.rfind("GRU", 0) == 0 ? 3 : 1; }

bool has_lbr(const Spec& s) {
    for (const auto& [k, v] : s.extra)
        if (k == "linear_before_reset" && v == "true")
            return true;
    return false;
}

std::shared_ptr<Node> make(const Spec& s) {
    const bool seq = is_sequence(s);
    const size_t dirs = s.direction == "bidirectional" ? 2 : 1, g = gates(s), h = s.hidden;
    auto dims = [&](Shape tail) {
        if (seq)
            tail.insert(tail.begin(), dirs);
        return tail;
    };
    const double scale = 1.0 / std::sqrt(static_cast<double>(h));
    auto weights = [&](const Shape& shape, uint32_t seed) -> Output<Node> {
        const Tensor v = test::random_tensor(s.t, shape, -scale, scale, seed);
        if (s.constant_weights)
            return Output<Node>(op::constant(v), 0);
        return Output<Node>(op::parameter(s.t, shape), 0);
    };
    OutputVector in{op::parameter(s.t, seq ? Shape{s.batch, s.steps, s.input} : Shape{s.batch, s.input})};
    const Shape state = seq ? Shape{s.batch, dirs, h} : Shape{s.batch, h};
    in.push_back(op::parameter(s.t, state));
    if (is_lstm(s))
        in.push_back(op::parameter(s.t, state));
    if (seq)
        in.push_back(op::parameter(s.len_type, Shape{s.batch}));
    in.push_back(weights(dims({g * h, s.input}), 11));
    in.push_back(weights(dims({g * h, h}), 12));
    in.push_back(weights(dims({(g + (has_lbr(s) ? 1 : 0)) * h}), 13));
    Attributes attrs{{"hidden_size", std::to_string(h)}};
    if (seq)
        attrs.emplace_back("direction", s.direction);
    attrs.insert(attrs.end(), s.extra.begin(), s.extra.end());
    const int64_t version = s.version ? s.version : seq ? 5 : s.type == "GRUCell" ? 3 : s.type == "LSTMCell" ? 4 : 1;
    return op::make(s.type, in, attrs, version);
}

TensorVector inputs_of(const Spec& s, const std::shared_ptr<Node>& node, uint32_t seed = 3) {
    TensorVector in = test::node_inputs(*node, seed);
    if (is_sequence(s)) {
        std::vector<int64_t> lengths = s.lengths;
        if (lengths.empty())
            lengths.assign(s.batch, static_cast<int64_t>(s.steps));
        in.at(is_lstm(s) ? 3 : 2) = test::make_tensor<int64_t>(s.len_type, {s.batch}, lengths);
    }
    for (size_t i = 0; i < node->get_input_size(); ++i)  // weights given as Parameters: the Constants' scale
        if (!node->input_value(i).node->is_constant() && i >= (is_sequence(s) ? 3u : 2u) + is_lstm(s))
            in[i] = test::random_tensor(s.t, node->get_input_shape(i), -0.2, 0.2, seed + 100 + i);
    return in;
}

// The node on the device with candidate `index` of the op against host_ref; `as_gpu`: the work sizes chosen for a
// GPU (test::presented_as_gpu).
::testing::AssertionResult candidate_matches(const Spec& s, size_t index, double tol, bool as_gpu = false) {
    const auto node = make(s);
    const TensorVector in = inputs_of(s, node);
    auto* env = test::gpu_env();
    const gpu::DeviceInfo device = as_gpu ? test::presented_as_gpu(env->device) : env->device;
    const auto& op = test::tunable(*node);
    const std::vector<std::string> names = op.candidate_names(*node, device);
    if (index >= names.size())
        return ::testing::AssertionSuccess();
    const TensorVector got =
        gpu::tuning::run_candidate(*node, in, index, env->context, env->queue, *env->programs, device);
    const TensorVector want = test::run_host(node, in);
    for (size_t i = 0; i < want.size(); ++i) {
        auto r = test::tensors_near(got[i], want[i], tol, tol);
        if (!r)
            return ::testing::AssertionFailure() << names[index] << " output " << i << ": " << r.message();
    }
    return ::testing::AssertionSuccess();
}

// Every candidate of the spec against host_ref.
void expect_matches(const Spec& s, double tol = kF32, bool as_gpu = false) {
    for (size_t c = 0; c < 2; ++c)
        EXPECT_TRUE(candidate_matches(s, c, tol, as_gpu)) << s.type << " " << s.direction << " hidden " << s.hidden
                                                          << " batch " << s.batch << " candidate " << c;
}

TEST(GpuRecurrent, SequencesOverDirections) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"RNNSequence", "GRUSequence", "LSTMSequence"})
        for (const std::string dir : {"forward", "reverse", "bidirectional"}) {
            Spec s = spec(type);
            s.direction = dir;
            expect_matches(s);
        }
}

TEST(GpuRecurrent, SequenceLengths) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"RNNSequence", "GRUSequence", "LSTMSequence"})
        for (const std::string dir : {"forward", "reverse", "bidirectional"}) {
            Spec s = spec(type);
            s.batch = 4;
            s.direction = dir;
            s.lengths = {5, 0, 3, 1};
            expect_matches(s);
            s.len_type = element::i32;
            expect_matches(s);
        }
}

TEST(GpuRecurrent, GruLinearBeforeReset) {
    OVCL_REQUIRE_GPU();
    for (const std::string dir : {"forward", "bidirectional"}) {
        Spec s = spec("GRUSequence");
        s.direction = dir;
        s.lengths = {4, 2};
        s.extra = {{"linear_before_reset", "true"}};
        expect_matches(s);
    }
    Spec cell = spec("GRUCell", 3, 1, 5, 33);
    cell.extra = {{"linear_before_reset", "true"}};
    expect_matches(cell);
}

TEST(GpuRecurrent, ActivationsAndClip) {
    OVCL_REQUIRE_GPU();
    Spec lstm = spec("LSTMSequence");
    lstm.extra = {{"activations", "tanh,sigmoid,relu"}, {"clip", "0.35"}};
    expect_matches(lstm);
    lstm.extra = {{"activations", "Sigmoid, TANH, tanh"}, {"activations_alpha", "0.5,0.5,0.5"}};
    expect_matches(lstm);
    Spec gru = spec("GRUSequence");
    gru.direction = "bidirectional";
    gru.extra = {{"activations", "relu,tanh"}, {"clip", "0.8"}};
    expect_matches(gru);
    Spec rnn = spec("RNNSequence");
    rnn.extra = {{"activations", "relu"}, {"clip", "0.5"}};
    expect_matches(rnn);
}

TEST(GpuRecurrent, Cells) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"RNNCell", "GRUCell", "LSTMCell"})
        for (const size_t batch : {1, 3})
            expect_matches(spec(type, batch, 1, 10, 21));
    Spec v1 = spec("LSTMCell", 2, 1, 6, 8);
    v1.version = 1;
    expect_matches(v1);
}

// Hidden sizes around the work-group sizes (16 on PoCL's per-step launches, up to 256 in the loop) and P's
// 16-column blocks, batch 1 (a voice-activity detector's one chain) and a longer sequence.
TEST(GpuRecurrent, HiddenSizesAndBatch) {
    OVCL_REQUIRE_GPU();
    for (const size_t hidden : {1, 15, 17, 64, 100, 257})
        for (const std::string type : {"GRUSequence", "LSTMSequence"}) {
            Spec s = spec(type, 1, 6, 13, hidden);
            expect_matches(s);
        }
    Spec speech = spec("LSTMSequence", 1, 24, 40, 128);
    expect_matches(speech);
}

TEST(GpuRecurrent, F16Storage) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"RNNSequence", "GRUSequence", "LSTMSequence"}) {
        Spec s = spec(type);
        s.t = element::f16;
        s.direction = "bidirectional";
        s.lengths = {5, 2};
        expect_matches(s, kF16);
    }
    Spec cell = spec("LSTMCell", 2, 1, 9, 20);
    cell.t = element::f16;
    expect_matches(cell, kF16);
}

TEST(GpuRecurrent, TheDefaultRunsThroughTheTable) {
    OVCL_REQUIRE_GPU();
    Spec s = spec("LSTMSequence", 2, 4, 5, 6);
    s.direction = "bidirectional";
    s.lengths = {4, 1};
    const auto node = make(s);
    EXPECT_TRUE(test::gpu_matches_host(node, inputs_of(s, node), kF32, kF32));
}

TEST(GpuRecurrent, LengthOutsideTheSequenceFails) {
    OVCL_REQUIRE_GPU();
    Spec s = spec("GRUSequence");
    s.lengths = {2, 6};
    const auto node = make(s);
    try {
        test::run_gpu(node, inputs_of(s, node));
        FAIL() << "a sequence length of 6 in 5 steps ran";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("outside [0, 5]"), std::string::npos) << e.what();
    }
}

// The work sizes a GPU gets (16 work-items per step group, 8 x 8 for the projection), run on this device.
TEST(GpuRecurrent, GpuWorkSizes) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(test::tunable(*make(spec("LSTMSequence")))
                  .candidate_names(*make(spec("LSTMSequence")), test::presented_as_gpu(test::gpu_env()->device))
                  .front(),
              "recurrent_steps");
    for (const std::string type : {"GRUSequence", "LSTMSequence"}) {
        Spec s = spec(type, 3, 6, 37, 100);
        s.direction = "bidirectional";
        s.lengths = {6, 0, 4};
        expect_matches(s, kF32, true);
    }
}

// W, R and B from Parameters: packed at run time by recurrent_pack / recurrent_pack_bias.
TEST(GpuRecurrent, VariableWeights) {
    OVCL_REQUIRE_GPU();
    for (const std::string type : {"GRUSequence", "LSTMSequence", "RNNCell"}) {
        Spec s = spec(type);
        s.constant_weights = false;
        s.direction = is_sequence(s) ? "bidirectional" : "forward";
        s.extra = {{"linear_before_reset", type == "GRUSequence" ? "true" : "false"}};
        expect_matches(s);
    }
}

TEST(GpuRecurrent, Refusals) {
    OVCL_REQUIRE_GPU();
    auto reason = [](const Spec& s) { return gpu::validate_node(*make(s), test::gpu_env()->device); };
    Spec f64 = spec("LSTMSequence");
    f64.t = element::f64;
    const auto v = reason(f64);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("f32 and f16"), std::string::npos) << v.reason;
    Spec empty = spec("GRUSequence");
    empty.steps = 0;
    empty.lengths = {0, 0};
    const auto e = reason(empty);
    EXPECT_FALSE(e.supported);
    EXPECT_NE(e.reason.find("0 steps"), std::string::npos) << e.reason;
}

}  // namespace
