// RNNCell-1, GRUCell-3, LSTMCell-1/-4, RNNSequence-5, GRUSequence-5 and LSTMSequence-5 against OpenVINO CPU: the
// expected values were computed by OpenVINO 2026.4's CPU plugin (INFERENCE_PRECISION_HINT f32) on the inputs that
// `series` makes (cells: batch 2, input 3, hidden 2; sequences: batch 3, 4 steps, input 3, hidden 2), with static
// shapes. Tolerance: 1e-5 absolute for f32 (the measured differences are below 5e-7: both sides sum in f32, in other
// orders), 2e-3 for f16 (one f16 step near 1 is 9.8e-4; both compute in f32 and round the outputs). IrFromOpenVino
// reads an IR that openvino.save_model wrote (f16-compressed weights) and runs it on REF against OpenVINO CPU, with
// full sequence_lengths (OpenVINO CPU ignores them in a model with dynamic shapes, as that IR's are).
// Covered: gate orders, activations (and their case), clip, linear_before_reset, the three directions,
// sequence_lengths shorter than the sequence (including 0: OpenVINO CPU ends such a sequence in zero states),
// LSTMCell-1's ignored peepholes, dynamic batch and sequence length, and the refusals.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;
constexpr double kF32 = 1e-5, kF16 = 2e-3;

const Vals kRnnCell0{0.148885, -0.8242722, 0.5153593, -0.8242722};
const Vals kRnnCellReluClip0{0.15, 0, 0.35, 0};
const Vals kGruCell0{-0.7003485, -0.7248595, -0.02795502, -0.5156673};
const Vals kGruCellLbrClip0{-0.1042195, 0.06727511, 0.1009127, -0.2691004};
const Vals kGruCellF160{-0.7456055, -0.7246094, -0.06939697, -0.5131836};
const Vals kLstmCell0{-0.3426898, -0.2504952, -0.1176521, -0.2521852};
const Vals kLstmCell1{-0.826503, -0.70252, -0.3356879, -0.4208941};
const Vals kLstmCellClipActs0{0.001292012, -0.0694033, -0.05808845, 0};
const Vals kLstmCellClipActs1{0.06460921, 0.2063268, 0.1726893, -0.01792067};
const Vals kLstmCellF160{-0.3427734, -0.2504883, -0.1175537, -0.2521973};
const Vals kLstmCellF161{-0.8266602, -0.7026367, -0.3354492, -0.4208984};
const Vals kLstmCell1Peepholes0{-0.3426898, -0.2504952, -0.1176521, -0.2521852};
const Vals kLstmCell1Peepholes1{-0.826503, -0.70252, -0.3356879, -0.4208941};
const Vals kLstmFwd0{-0.3426898, -0.2504952, -0.3692169, -0.3589483, -0.1747614, -0.2805438, -0.1385164,
    -0.2868474, -0.01523005, 0.1825167, -0.07507889, 0.02496481, -0.3472409, -0.004778963, -0.4183297, 0.001943785,
    -0.3009628, -0.1195883, -0.2995235, -0.3046989, -0.3430064, -0.3584652, -0.3751761, -0.3883764};
const Vals kLstmFwd1{-0.1385164, -0.2868474, -0.4183297, 0.001943785, -0.3751761, -0.3883764};
const Vals kLstmFwd2{-0.4891539, -0.5457343, -0.9723951, 0.006741814, -0.8666852, -1.005157};
const Vals kLstmFwdShort0{-0.3426898, -0.2504952, -0.3692169, -0.3589483, -0.1747614, -0.2805438, -0.1385164,
    -0.2868474, -0.01523005, 0.1825167, -0.07507889, 0.02496481, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const Vals kLstmFwdShort1{-0.1385164, -0.2868474, -0.07507889, 0.02496481, 0, 0};
const Vals kLstmFwdShort2{-0.4891539, -0.5457343, -0.3003995, 0.03778831, 0, 0};
const Vals kLstmRev0{-0.3426898, -0.2504952, 0, 0, 0, 0, 0, 0, -0.1471391, 0.009767622, -0.1540924, 0.07152095,
    -0.2278133, 0.1019015, 0, 0, -0.3669666, -0.2246167, -0.05513567, -0.2872891, 0, 0, 0, 0};
const Vals kLstmRev1{-0.3426898, -0.2504952, -0.1471391, 0.009767622, -0.3669666, -0.2246167};
const Vals kLstmRev2{-0.826503, -0.70252, -0.6216887, 0.01593951, -0.704964, -0.7670865};
const Vals kLstmBidiClip0{-0.2196715, -0.1128143, -0.1994395, -0.1588065, -0.1366567, -0.1173357, -0.1359175,
    -0.1188477, -0.00291651, -0.02281302, 0.02163388, -0.02972103, 0.1292174, -0.07812811, 0.08469968, 0.01542521,
    0.09010734, -0.2230471, -0.01240065, -0.2518968, 0, 0, 0, 0, -0.1160998, -0.1809446, -0.1878033, -0.1645879, 0,
    0, 0, 0, -0.1095131, 0.09030733, 0, 0, 0, 0, 0, 0, 0.02971936, 0.221637, 0, 0, 0, 0, 0, 0};
const Vals kLstmBidiClip1{-0.1359175, -0.1188477, -0.00291651, -0.02281302, -0.01240065, -0.2518968, -0.1160998,
    -0.1809446, -0.1095131, 0.09030733, 0.02971936, 0.221637};
const Vals kLstmBidiClip2{-0.341475, -0.2054406, -0.00497178, -0.0389087, -0.030007, -0.4591675, -0.2886082,
    -0.318836, -0.1973238, 0.2220379, 0.05070566, 0.4503449};
const Vals kLstmBidiF160{-0.3427734, -0.2504883, -0.3691406, -0.3588867, -0.1748047, -0.2805176, -0.1384277,
    -0.2868652, 0.05233765, -0.1837158, 0.07556152, -0.2084961, 0.1965332, -0.2648926, 0.06695557, -0.01508331,
    0.0241394, -0.2088623, -0.05010986, -0.3520508, -0.3459473, -0.1533203, -0.4187012, -0.1015015, -0.2275391,
    -0.1682129, -0.2651367, -0.02209473, -0.5620117, -0.001532555, -0.3962402, -0.08392334, -0.3679199, 0.06268311,
    -0.3303223, -0.2315674, 0, 0, 0, 0, -0.2929688, 0.1412354, 0.3991699, 0.1931152, 0, 0, 0, 0};
const Vals kLstmBidiF161{-0.1384277, -0.2868652, 0.05233765, -0.1837158, -0.4187012, -0.1015015, -0.2275391,
    -0.1682129, -0.3303223, -0.2315674, -0.2929688, 0.1412354};
const Vals kLstmBidiF162{-0.4890137, -0.5458984, 0.08129883, -0.276123, -0.9125977, -0.3718262, -0.6787109,
    -0.2440186, -0.894043, -0.546875, -0.5263672, 0.2844238};
const Vals kGruFwdLbr0{-0.7456559, -0.7247127, -0.7984625, -0.8775781, -0.6047386, -0.577922, -0.555274,
    -0.3946638, 0.07441747, 0.4499158, -0.1689908, 0.2205026, -0.6587703, 0.1147324, -0.8555862, 0.09395882,
    -0.8616384, -0.08080132, -0.8386781, -0.6792171, -0.8319462, -0.8562015, -0.8509346, -0.9161156};
const Vals kGruFwdLbr1{-0.555274, -0.3946638, -0.8555862, 0.09395882, -0.8509346, -0.9161156};
const Vals kGruBidi0{-0.3762009, -0.047371, -0.1954182, -0.01166567, 0, 0, 0, 0, 1.494331, 0.3636938, 1.026354,
    0.5073085, 0, 0, 0, 0, -0.3663836, -0.05866176, -0.2116972, -0.03522828, -0.06759327, -0.02148713, -0.01978463,
    -0.0133049, 0.87504, 0.1385753, 1.072285, 0.1752939, 1.584866, 0.204565, 1.208384, 0.3852035, -0.1582395,
    0.006023018, -0.08538543, 0.001539124, -0.04366465, 0.0004001399, 0, 0, 1.18965, -0.1753987, 1.006277,
    -0.3323448, 0.7232373, -0.5214015, 0, 0};
const Vals kGruBidi1{-0.1954182, -0.01166567, 1.494331, 0.3636938, -0.01978463, -0.0133049, 0.87504, 0.1385753,
    -0.04366465, 0.0004001399, 1.18965, -0.1753987};
const Vals kRnnRevRelu0{0, 0, 0.145, 0, 0.35, 0.35, 0.35, 0.35, 0.35, 0.35, 0.35, 0.35, 0, 0.35, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0};
const Vals kRnnRevRelu1{0, 0, 0.35, 0.35, 0, 0};
const Vals kLstmSmall0{-0.3426898, -0.2504952, -0.3692169, -0.3589483};
const Vals kLstmSmall1{-0.3692169, -0.3589483};
const Vals kLstmSmall2{-0.8940131, -0.9069631};
const Vals kIr0{0.1452734, -0.5983673, 0.3767568, -0.7392524, 0.42231, -0.7607549, 0.4246225, -0.7681468,
    0.4247898, -0.7765602, -0.5471752, -0.05823124, -0.4859913, 0.006871277, -0.3932667, 0.08022242, -0.2259539,
    0.1713562, 0.01270126, 0.3311581, 0.3566033, -0.6165993, 0.4276073, -0.6482717, 0.4635395, -0.6709998,
    0.4793059, -0.6847928, 0.4760922, -0.7350512, -0.7004582, -0.2915418, -0.6614598, -0.3418705, -0.6184609,
    -0.3356414, -0.5674115, -0.2756991, -0.5176883, -0.1512108};
const Vals kIr1{-0.1299526, -0.3180064, -0.3717762, -0.2380839};
const Vals kIr2{-0.4459478, -0.5818453, -1.077754, -0.5871666};

// Element i is ((i * a + s) mod 19 - 9) / 10: the inputs the expected values were computed from.
Tensor series(element::Type type, const Shape& shape, size_t a, size_t s) {
    Vals v(shape_size(shape));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (static_cast<double>((i * a + s) % 19) - 9.0) / 10.0;
    return make_tensor<double>(type, shape, v);
}

enum class Kind { rnn, gru, lstm };
size_t gates(Kind k) { return k == Kind::rnn ? 1 : k == Kind::gru ? 3 : 4; }

// X, H, (C), W, R, B of a cell: batch 2, input 3, hidden 2.
TensorVector cell_inputs(Kind kind, bool lbr = false, element::Type t = element::f32) {
    const size_t g = gates(kind);
    TensorVector in{series(t, {2, 3}, 7, 1), series(t, {2, 2}, 5, 2)};
    if (kind == Kind::lstm)
        in.push_back(series(t, {2, 2}, 3, 4));
    in.push_back(series(t, {g * 2, 3}, 11, 3));
    in.push_back(series(t, {g * 2, 2}, 13, 5));
    in.push_back(series(t, {(g + lbr) * 2}, 3, 7));
    return in;
}

// X, H, (C), sequence_lengths, W, R, B of a sequence: batch = lengths.size(), `steps` steps, input 3, hidden 2.
TensorVector sequence_inputs(Kind kind, size_t dirs, const std::vector<int64_t>& lengths, bool lbr = false,
                             element::Type t = element::f32, element::Type len_type = element::i64, size_t steps = 4) {
    const size_t g = gates(kind), b = lengths.size();
    TensorVector in{series(t, {b, steps, 3}, 7, 1), series(t, {b, dirs, 2}, 5, 2)};
    if (kind == Kind::lstm)
        in.push_back(series(t, {b, dirs, 2}, 3, 4));
    in.push_back(make_tensor<int64_t>(len_type, {b}, lengths));
    in.push_back(series(t, {dirs, g * 2, 3}, 11, 3));
    in.push_back(series(t, {dirs, g * 2, 2}, 13, 5));
    in.push_back(series(t, {dirs, (g + lbr) * 2}, 3, 7));
    return in;
}

std::shared_ptr<Node> make(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs) {
    OutputVector params;
    for (const Tensor& t : in)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return op::make(type, params, attrs, version);
}

void expect_outputs(const TensorVector& got, const std::vector<Vals>& want, double tol) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t k = 0; k < got.size(); ++k)
        EXPECT_TENSOR_NEAR(got[k], make_tensor<double>(got[k].get_element_type(), got[k].get_shape(), want[k]), tol, 0)
            << "output " << k;
}

void expect_op(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs,
               const std::vector<Vals>& want, double tol = kF32) {
    expect_outputs(test::run(make(type, version, in, attrs), in), want, tol);
}

const Attributes kHidden{{"hidden_size", "2"}};
Attributes with(Attributes a, const Attributes& more) {
    a.insert(a.end(), more.begin(), more.end());
    return a;
}

TEST(Recurrent, RnnCell) {
    const auto in = cell_inputs(Kind::rnn);
    const TensorVector out = test::run(make("RNNCell", 1, in, kHidden), in);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2}));
    expect_outputs(out, {kRnnCell0}, kF32);
    expect_op("RNNCell", 1, in, with(kHidden, {{"activations", "relu"}, {"clip", "0.35"}}), {kRnnCellReluClip0});
}

TEST(Recurrent, GruCell) {
    expect_op("GRUCell", 3, cell_inputs(Kind::gru), kHidden, {kGruCell0});
    expect_op("GRUCell", 3, cell_inputs(Kind::gru, true),
              with(kHidden, {{"activations", "tanh,relu"}, {"clip", "0.35"}, {"linear_before_reset", "true"}}),
              {kGruCellLbrClip0});
    expect_op("GRUCell", 3, cell_inputs(Kind::gru, true, element::f16), with(kHidden, {{"linear_before_reset", "true"}}),
              {kGruCellF160}, kF16);
}

TEST(Recurrent, LstmCell) {
    const auto in = cell_inputs(Kind::lstm);
    for (int64_t version : {1, 4})
        expect_op("LSTMCell", version, in, kHidden, {kLstmCell0, kLstmCell1});
    expect_op("LSTMCell", 4, in, with(kHidden, {{"activations", "tanh,sigmoid,relu"}, {"clip", "0.35"}}),
              {kLstmCellClipActs0, kLstmCellClipActs1});
    expect_op("LSTMCell", 4, cell_inputs(Kind::lstm, false, element::f16), kHidden, {kLstmCellF160, kLstmCellF161}, kF16);
    // LSTMCell-1 as OpenVINO writes it, with peepholes P, input_forget and weights_format: OpenVINO CPU applies
    // none of them (its outputs equal LSTMCell-4's), so neither does REF.
    TensorVector with_p = in;
    with_p.push_back(series(element::f32, {6}, 5, 1));
    expect_op("LSTMCell", 1, with_p, with(kHidden, {{"input_forget", "true"}, {"weights_format", "ifco"}}),
              {kLstmCell1Peepholes0, kLstmCell1Peepholes1});
}

TEST(Recurrent, ActivationNamesIgnoreCaseAndAlphaBetaDoNotApply) {
    expect_op("LSTMCell", 4, cell_inputs(Kind::lstm),
              with(kHidden, {{"activations", "SIGMOID, Tanh, TANH"}, {"activations_alpha", "0.5, 0.5, 0.5"},
                             {"activations_beta", "0.1, 0.1, 0.1"}}),
              {kLstmCell0, kLstmCell1});
}

TEST(Recurrent, LstmSequence) {
    const Attributes fwd = with(kHidden, {{"direction", "forward"}});
    const TensorVector out = test::run(make("LSTMSequence", 5, sequence_inputs(Kind::lstm, 1, {4, 4, 4}), fwd),
                                       sequence_inputs(Kind::lstm, 1, {4, 4, 4}));
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].get_shape(), (Shape{3, 1, 4, 2}));
    EXPECT_EQ(out[1].get_shape(), (Shape{3, 1, 2}));
    expect_outputs(out, {kLstmFwd0, kLstmFwd1, kLstmFwd2}, kF32);
    // Shorter sequences: zero outputs past their ends, the states of their last steps (zero for length 0).
    expect_op("LSTMSequence", 5, sequence_inputs(Kind::lstm, 1, {4, 2, 0}), fwd,
              {kLstmFwdShort0, kLstmFwdShort1, kLstmFwdShort2});
    expect_op("LSTMSequence", 5, sequence_inputs(Kind::lstm, 1, {1, 3, 2}), with(kHidden, {{"direction", "reverse"}}),
              {kLstmRev0, kLstmRev1, kLstmRev2});
    expect_op("LSTMSequence", 5, sequence_inputs(Kind::lstm, 2, {4, 2, 1}),
              with(kHidden, {{"direction", "bidirectional"}, {"clip", "0.35"}}),
              {kLstmBidiClip0, kLstmBidiClip1, kLstmBidiClip2});
    expect_op("LSTMSequence", 5, sequence_inputs(Kind::lstm, 2, {4, 4, 2}, false, element::f16, element::i32),
              with(kHidden, {{"direction", "BIDIRECTIONAL"}}), {kLstmBidiF160, kLstmBidiF161, kLstmBidiF162}, kF16);
}

TEST(Recurrent, GruAndRnnSequences) {
    expect_op("GRUSequence", 5, sequence_inputs(Kind::gru, 1, {4, 4, 4}, true),
              with(kHidden, {{"direction", "forward"}, {"linear_before_reset", "true"}}), {kGruFwdLbr0, kGruFwdLbr1});
    expect_op("GRUSequence", 5, sequence_inputs(Kind::gru, 2, {2, 4, 3}),
              with(kHidden, {{"direction", "bidirectional"}, {"activations", "sigmoid,relu"}}), {kGruBidi0, kGruBidi1});
    expect_op("RNNSequence", 5, sequence_inputs(Kind::rnn, 1, {4, 3, 0}),
              with(kHidden, {{"direction", "reverse"}, {"activations", "relu"}, {"clip", "0.35"}}),
              {kRnnRevRelu0, kRnnRevRelu1});
}

// Hand-derived (OpenVINO CPU refuses a sequence of 0 steps and crashes on a batch of 0): empty outputs, and zero
// final states, as after any sequence of length 0.
TEST(Recurrent, EmptySequenceAndBatch) {
    auto in = sequence_inputs(Kind::lstm, 1, {0, 0}, false, element::f32, element::i64, 0);
    TensorVector out = test::run(make("LSTMSequence", 5, in, with(kHidden, {{"direction", "forward"}})), in);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 1, 0, 2}));
    EXPECT_EQ(test::values(out[1]), Vals(4, 0.0));
    EXPECT_EQ(test::values(out[2]), Vals(4, 0.0));
    in = sequence_inputs(Kind::gru, 2, {});
    out = test::run(make("GRUSequence", 5, in, with(kHidden, {{"direction", "bidirectional"}})), in);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].get_shape(), (Shape{0, 2, 4, 2}));
    EXPECT_EQ(out[1].get_shape(), (Shape{0, 2, 2}));
}

OutputVector dynamic_lstm_params(const PartialShape& x, const PartialShape& h, const PartialShape& len) {
    return {op::parameter(element::f32, x),   op::parameter(element::f32, h),
            op::parameter(element::f32, h),   op::parameter(element::i32, len),
            op::parameter(element::f32, {1, 8, 3}), op::parameter(element::f32, {1, 8, 2}),
            op::parameter(element::f32, {1, 8})};
}

TEST(Recurrent, ShapeInferencePropagatesDynamicDims) {
    const Attributes fwd = with(kHidden, {{"direction", "forward"}});
    auto n = op::make("LSTMSequence", dynamic_lstm_params(PartialShape("[?,?,3]"), PartialShape("[?,1,2]"),
                                                          PartialShape("[?]")), fwd, 5);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,1,?,2]"));
    EXPECT_EQ(n->get_output_partial_shape(1), PartialShape("[?,1,2]"));
    EXPECT_EQ(n->get_output_partial_shape(2), PartialShape("[?,1,2]"));
    n = op::make("LSTMSequence", dynamic_lstm_params(PartialShape("[?,7,3]"), PartialShape("[?,1,2]"),
                                                     PartialShape("[5]")), fwd, 5);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[5,1,7,2]"));  // the batch from sequence_lengths
    n = op::make("GRUSequence",
                 {op::parameter(element::f16, PartialShape::dynamic()), op::parameter(element::f16, PartialShape::dynamic()),
                  op::parameter(element::i64, PartialShape::dynamic()), op::parameter(element::f16, PartialShape::dynamic()),
                  op::parameter(element::f16, PartialShape::dynamic()), op::parameter(element::f16, PartialShape::dynamic())},
                 with(kHidden, {{"direction", "bidirectional"}}), 5);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,2,?,2]"));
    EXPECT_EQ(n->get_output_element_type(0), element::f16);
    n = op::make("GRUCell", {op::parameter(element::f32, PartialShape("[?,3]")), op::parameter(element::f32, PartialShape("[4,?]")),
                             op::parameter(element::f32, {6, 3}), op::parameter(element::f32, {6, 2})},
                 kHidden, 3);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[4,2]"));  // no B: zero biases
}

// A model with a dynamic batch and sequence length, compiled once on REF and run at two sizes.
TEST(Recurrent, DynamicModelRunsOnRef) {
    const OutputVector p = dynamic_lstm_params(PartialShape("[?,?,3]"), PartialShape("[?,1,2]"), PartialShape("[?]"));
    auto seq = op::make("LSTMSequence", p, with(kHidden, {{"direction", "forward"}}), 5);
    NodeVector params;
    for (const Output<Node>& o : p)
        params.push_back(o.node);
    auto model = std::make_shared<Model>(seq->outputs(), params, "lstm");
    auto request = Core().compile_model(model, "REF").create_infer_request();
    const auto run = [&](const TensorVector& in) {
        for (size_t i = 0; i < in.size(); ++i)
            request.set_input_tensor(i, in[i]);
        request.infer();
        return TensorVector{request.get_output_tensor(0), request.get_output_tensor(1), request.get_output_tensor(2)};
    };
    expect_outputs(run(sequence_inputs(Kind::lstm, 1, {4, 2, 0}, false, element::f32, element::i32)),
                   {kLstmFwdShort0, kLstmFwdShort1, kLstmFwdShort2}, kF32);
    const TensorVector small = run(sequence_inputs(Kind::lstm, 1, {2}, false, element::f32, element::i32, 2));
    EXPECT_EQ(small[0].get_shape(), (Shape{1, 1, 2, 2}));
    expect_outputs(small, {kLstmSmall0, kLstmSmall1, kLstmSmall2}, kF32);
}

void expect_refused(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs) {
    EXPECT_THROW(make(type, version, in, attrs), ModelError) << type << "-" << version;
}

TEST(Recurrent, Refusals) {
    const auto cell = cell_inputs(Kind::lstm);
    expect_refused("LSTMCell", 4, cell, {{"hidden_size", "3"}});  // W has 8 rows, not 12
    expect_refused("LSTMCell", 4, cell, {{"hidden_size", "0"}});
    expect_refused("LSTMCell", 4, cell, {});  // hidden_size is required
    expect_refused("LSTMCell", 4, cell, with(kHidden, {{"activations", "sigmoid,elu,tanh"}}));
    expect_refused("LSTMCell", 4, cell, with(kHidden, {{"activations", "hardsigmoid,tanh,tanh"}}));
    expect_refused("LSTMCell", 4, cell, with(kHidden, {{"activations", "sigmoid,tanh"}}));  // three needed
    TensorVector bad = cell;
    bad[4] = series(element::f32, {8, 3}, 1, 1);  // R [8, 3]: its hidden axis is not 2
    expect_refused("LSTMCell", 4, bad, kHidden);
    bad = cell;
    bad[5] = series(element::f32, {6}, 1, 1);  // B of 3 gates
    expect_refused("LSTMCell", 4, bad, kHidden);
    bad = cell;
    bad[1] = series(element::f32, {3, 2}, 1, 1);  // H's batch 3, X's 2
    expect_refused("LSTMCell", 4, bad, kHidden);
    bad = cell;
    bad[0] = series(element::f16, {2, 3}, 1, 1);  // X f16, the weights f32
    expect_refused("LSTMCell", 4, bad, kHidden);
    bad = cell;
    bad.push_back(series(element::f32, {6}, 1, 1));  // peepholes are LSTMCell-1's only
    expect_refused("LSTMCell", 4, bad, kHidden);
    bad.back() = series(element::f32, {4}, 1, 1);  // P must be [3 * hidden_size]
    expect_refused("LSTMCell", 1, bad, kHidden);
    expect_refused("LSTMCell", 1, cell, with(kHidden, {{"weights_format", "abcd"}}));
    // linear_before_reset needs a bias of 4 * hidden_size rows
    expect_refused("GRUCell", 3, cell_inputs(Kind::gru), with(kHidden, {{"linear_before_reset", "true"}}));

    const Attributes fwd = with(kHidden, {{"direction", "forward"}});
    const auto seq = sequence_inputs(Kind::gru, 1, {4, 4, 4});
    expect_refused("GRUSequence", 5, seq, with(kHidden, {{"direction", "bidirectional"}}));  // num_directions 1
    expect_refused("GRUSequence", 5, sequence_inputs(Kind::gru, 2, {4, 4, 4}), fwd);         // num_directions 2
    expect_refused("GRUSequence", 5, seq, with(kHidden, {{"direction", "sideways"}}));
    expect_refused("GRUSequence", 5, seq, kHidden);  // direction is required
    bad = seq;
    bad[2] = series(element::f32, {3}, 1, 1);  // real sequence_lengths
    expect_refused("GRUSequence", 5, bad, fwd);
    bad = seq;
    bad[0] = series(element::f32, {3, 3}, 1, 1);  // X without its sequence axis
    expect_refused("GRUSequence", 5, bad, fwd);
    bad = seq;
    bad[2] = make_tensor<int64_t>(element::i64, {2}, {4, 4});  // two lengths for a batch of 3
    expect_refused("GRUSequence", 5, bad, fwd);
    expect_refused("LSTMSequence", 5, seq, fwd);  // GRU weights and too few inputs for an LSTM
}

TEST(Recurrent, LengthsOutsideTheSequenceAreRefused) {
    for (int64_t n : {-1, 5}) {
        const auto in = sequence_inputs(Kind::rnn, 1, {4, n, 1});
        EXPECT_THROW(test::run(make("RNNSequence", 5, in, with(kHidden, {{"direction", "forward"}})), in), ModelError) << n;
    }
}


// Written by openvino.save_model (OpenVINO 2026.4; whitespace between tags removed): X [?, ?, 3] through
// LSTMSequence-5 (forward), Squeeze, then GRUSequence-5 (bidirectional, linear_before_reset), weights compressed
// to f16 (Constant f16 + Convert), sequence_lengths an input.
const char* const kIr = R"xml(<?xml version="1.0"?><net name="Model0" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="?,?,3" element_type="f32" /><output>
<port id="0" precision="FP32" names="x"><dim>-1</dim><dim>-1</dim><dim>3</dim></port></output></layer>
<layer id="1" name="h" type="Parameter" version="opset1"><data shape="?,1,2" element_type="f32" /><output>
<port id="0" precision="FP32" names="h"><dim>-1</dim><dim>1</dim><dim>2</dim></port></output></layer>
<layer id="2" name="c" type="Parameter" version="opset1"><data shape="?,1,2" element_type="f32" /><output>
<port id="0" precision="FP32" names="c"><dim>-1</dim><dim>1</dim><dim>2</dim></port></output></layer>
<layer id="3" name="gh" type="Parameter" version="opset1"><data shape="?,2,2" element_type="f32" /><output>
<port id="0" precision="FP32" names="gh"><dim>-1</dim><dim>2</dim><dim>2</dim></port></output></layer>
<layer id="4" name="len" type="Parameter" version="opset1"><data shape="?" element_type="i32" /><output>
<port id="0" precision="I32" names="len"><dim>-1</dim></port></output></layer>
<layer id="5" name="Constant_5_compressed" type="Const" version="opset1">
<data element_type="f16" shape="1, 8, 3" offset="0" size="48" /><output><port id="0" precision="FP16"><dim>1
</dim><dim>8</dim><dim>3</dim></port></output></layer>
<layer id="6" name="Constant_5" type="Convert" version="opset1"><data destination_type="f32" /><rt_info>
<attribute name="decompression" version="0" /></rt_info><input><port id="0" precision="FP16"><dim>1</dim><dim>8
</dim><dim>3</dim></port></input><output><port id="1" precision="FP32"><dim>1</dim><dim>8</dim><dim>3</dim>
</port></output></layer><layer id="7" name="Constant_6_compressed" type="Const" version="opset1">
<data element_type="f16" shape="1, 8, 2" offset="48" size="32" /><output><port id="0" precision="FP16"><dim>1
</dim><dim>8</dim><dim>2</dim></port></output></layer>
<layer id="8" name="Constant_6" type="Convert" version="opset1"><data destination_type="f32" /><rt_info>
<attribute name="decompression" version="0" /></rt_info><input><port id="0" precision="FP16"><dim>1</dim><dim>8
</dim><dim>2</dim></port></input><output><port id="1" precision="FP32"><dim>1</dim><dim>8</dim><dim>2</dim>
</port></output></layer><layer id="9" name="Constant_7_compressed" type="Const" version="opset1">
<data element_type="f16" shape="1, 8" offset="80" size="16" /><output><port id="0" precision="FP16"><dim>1</dim>
<dim>8</dim></port></output></layer><layer id="10" name="Constant_7" type="Convert" version="opset1">
<data destination_type="f32" /><rt_info><attribute name="decompression" version="0" /></rt_info><input>
<port id="0" precision="FP16"><dim>1</dim><dim>8</dim></port></input><output><port id="1" precision="FP32"><dim>
1</dim><dim>8</dim></port></output></layer>
<layer id="11" name="LSTMSequence_8" type="LSTMSequence" version="opset5">
<data direction="forward" hidden_size="2" activations="sigmoid, tanh, tanh" activations_alpha="" activations_beta="" clip="0" />
<input><port id="0" precision="FP32"><dim>-1</dim><dim>-1</dim><dim>3</dim></port><port id="1" precision="FP32">
<dim>-1</dim><dim>1</dim><dim>2</dim></port><port id="2" precision="FP32"><dim>-1</dim><dim>1</dim><dim>2</dim>
</port><port id="3" precision="I32"><dim>-1</dim></port><port id="4" precision="FP32"><dim>1</dim><dim>8</dim>
<dim>3</dim></port><port id="5" precision="FP32"><dim>1</dim><dim>8</dim><dim>2</dim></port>
<port id="6" precision="FP32"><dim>1</dim><dim>8</dim></port></input><output><port id="7" precision="FP32"><dim>
-1</dim><dim>1</dim><dim>-1</dim><dim>2</dim></port><port id="8" precision="FP32" names="Result_17"><dim>-1
</dim><dim>1</dim><dim>2</dim></port><port id="9" precision="FP32" names="Result_18"><dim>-1</dim><dim>1</dim>
<dim>2</dim></port></output></layer><layer id="12" name="Constant_9" type="Const" version="opset1">
<data element_type="i64" shape="1" offset="96" size="8" /><output><port id="0" precision="I64"><dim>1</dim>
</port></output></layer><layer id="13" name="Squeeze_10" type="Squeeze" version="opset1"><input>
<port id="0" precision="FP32"><dim>-1</dim><dim>1</dim><dim>-1</dim><dim>2</dim></port>
<port id="1" precision="I64"><dim>1</dim></port></input><output><port id="2" precision="FP32"><dim>-1</dim><dim>
-1</dim><dim>2</dim></port></output></layer>
<layer id="14" name="Constant_12_compressed" type="Const" version="opset1">
<data element_type="f16" shape="2, 6, 2" offset="104" size="48" /><output><port id="0" precision="FP16"><dim>2
</dim><dim>6</dim><dim>2</dim></port></output></layer>
<layer id="15" name="Constant_12" type="Convert" version="opset1"><data destination_type="f32" /><rt_info>
<attribute name="decompression" version="0" /></rt_info><input><port id="0" precision="FP16"><dim>2</dim><dim>6
</dim><dim>2</dim></port></input><output><port id="1" precision="FP32"><dim>2</dim><dim>6</dim><dim>2</dim>
</port></output></layer><layer id="16" name="Constant_13_compressed" type="Const" version="opset1">
<data element_type="f16" shape="2, 6, 2" offset="152" size="48" /><output><port id="0" precision="FP16"><dim>2
</dim><dim>6</dim><dim>2</dim></port></output></layer>
<layer id="17" name="Constant_13" type="Convert" version="opset1"><data destination_type="f32" /><rt_info>
<attribute name="decompression" version="0" /></rt_info><input><port id="0" precision="FP16"><dim>2</dim><dim>6
</dim><dim>2</dim></port></input><output><port id="1" precision="FP32"><dim>2</dim><dim>6</dim><dim>2</dim>
</port></output></layer><layer id="18" name="Constant_14_compressed" type="Const" version="opset1">
<data element_type="f16" shape="2, 8" offset="200" size="32" /><output><port id="0" precision="FP16"><dim>2
</dim><dim>8</dim></port></output></layer><layer id="19" name="Constant_14" type="Convert" version="opset1">
<data destination_type="f32" /><rt_info><attribute name="decompression" version="0" /></rt_info><input>
<port id="0" precision="FP16"><dim>2</dim><dim>8</dim></port></input><output><port id="1" precision="FP32"><dim>
2</dim><dim>8</dim></port></output></layer>
<layer id="20" name="GRUSequence_15" type="GRUSequence" version="opset5">
<data direction="bidirectional" linear_before_reset="true" hidden_size="2" activations="sigmoid, tanh" activations_alpha="" activations_beta="" clip="0" />
<input><port id="0" precision="FP32"><dim>-1</dim><dim>-1</dim><dim>2</dim></port><port id="1" precision="FP32">
<dim>-1</dim><dim>2</dim><dim>2</dim></port><port id="2" precision="I32"><dim>-1</dim></port>
<port id="3" precision="FP32"><dim>2</dim><dim>6</dim><dim>2</dim></port><port id="4" precision="FP32"><dim>2
</dim><dim>6</dim><dim>2</dim></port><port id="5" precision="FP32"><dim>2</dim><dim>8</dim></port></input>
<output><port id="6" precision="FP32" names="Result_16"><dim>-1</dim><dim>2</dim><dim>-1</dim><dim>2</dim>
</port><port id="7" precision="FP32"><dim>-1</dim><dim>2</dim><dim>2</dim></port></output></layer>
<layer id="21" name="Result_16" type="Result" version="opset1" output_names="Result_16"><input>
<port id="0" precision="FP32"><dim>-1</dim><dim>2</dim><dim>-1</dim><dim>2</dim></port></input></layer>
<layer id="22" name="Result_17" type="Result" version="opset1" output_names="Result_17"><input>
<port id="0" precision="FP32"><dim>-1</dim><dim>1</dim><dim>2</dim></port></input></layer>
<layer id="23" name="Result_18" type="Result" version="opset1" output_names="Result_18"><input>
<port id="0" precision="FP32"><dim>-1</dim><dim>1</dim><dim>2</dim></port></input></layer></layers><edges>
<edge from-layer="0" from-port="0" to-layer="11" to-port="0" />
<edge from-layer="1" from-port="0" to-layer="11" to-port="1" />
<edge from-layer="2" from-port="0" to-layer="11" to-port="2" />
<edge from-layer="3" from-port="0" to-layer="20" to-port="1" />
<edge from-layer="4" from-port="0" to-layer="11" to-port="3" />
<edge from-layer="4" from-port="0" to-layer="20" to-port="2" />
<edge from-layer="5" from-port="0" to-layer="6" to-port="0" />
<edge from-layer="6" from-port="1" to-layer="11" to-port="4" />
<edge from-layer="7" from-port="0" to-layer="8" to-port="0" />
<edge from-layer="8" from-port="1" to-layer="11" to-port="5" />
<edge from-layer="9" from-port="0" to-layer="10" to-port="0" />
<edge from-layer="10" from-port="1" to-layer="11" to-port="6" />
<edge from-layer="11" from-port="9" to-layer="23" to-port="0" />
<edge from-layer="11" from-port="8" to-layer="22" to-port="0" />
<edge from-layer="11" from-port="7" to-layer="13" to-port="0" />
<edge from-layer="12" from-port="0" to-layer="13" to-port="1" />
<edge from-layer="13" from-port="2" to-layer="20" to-port="0" />
<edge from-layer="14" from-port="0" to-layer="15" to-port="0" />
<edge from-layer="15" from-port="1" to-layer="20" to-port="3" />
<edge from-layer="16" from-port="0" to-layer="17" to-port="0" />
<edge from-layer="17" from-port="1" to-layer="20" to-port="4" />
<edge from-layer="18" from-port="0" to-layer="19" to-port="0" />
<edge from-layer="19" from-port="1" to-layer="20" to-port="5" />
<edge from-layer="20" from-port="6" to-layer="21" to-port="0" /></edges><rt_info>
<info name="OpenVINO Runtime" value="2026.4.1-22982-e213a147257-releases/2026/4" /></rt_info></net>)xml";

// The IR's weights file: its constants in the order of their offsets, from the same series.
Tensor ir_weights() {
    std::vector<char> bytes;
    const auto put = [&](const Tensor& t) {
        const char* p = static_cast<const char*>(t.data());
        bytes.insert(bytes.end(), p, p + t.get_byte_size());
    };
    put(series(element::f16, {1, 8, 3}, 11, 3));
    put(series(element::f16, {1, 8, 2}, 13, 5));
    put(series(element::f16, {1, 8}, 3, 7));
    put(make_tensor<int64_t>(element::i64, {1}, {1}));  // Squeeze's axis
    put(series(element::f16, {2, 6, 2}, 5, 1));
    put(series(element::f16, {2, 6, 2}, 7, 2));
    put(series(element::f16, {2, 8}, 3, 4));
    Tensor w(element::u8, Shape{bytes.size()});
    std::memcpy(w.data(), bytes.data(), bytes.size());
    return w;
}

TEST(Recurrent, IrFromOpenVino) {
    Core core;
    auto request = core.compile_model(core.read_model(kIr, ir_weights()), "REF").create_infer_request();
    request.set_tensor("x", series(element::f32, {2, 5, 3}, 7, 1));
    request.set_tensor("h", series(element::f32, {2, 1, 2}, 5, 2));
    request.set_tensor("c", series(element::f32, {2, 1, 2}, 3, 4));
    request.set_tensor("gh", series(element::f32, {2, 2, 2}, 3, 6));
    request.set_tensor("len", make_tensor<int64_t>(element::i32, {2}, {5, 5}));
    request.infer();
    const TensorVector out{request.get_output_tensor(0), request.get_output_tensor(1), request.get_output_tensor(2)};
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2, 5, 2}));
    expect_outputs(out, {kIr0, kIr1, kIr2}, kF32);
}

}  // namespace
