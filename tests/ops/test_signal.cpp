// DFT-7, IDFT-7, RDFT-9, IRDFT-9, STFT-15 and ISTFT-16 against OpenVINO CPU: the expected values were computed
// by OpenVINO 2026.4's CPU plugin (INFERENCE_PRECISION_HINT f32) on the inputs of pattern()/window() below.
// Tolerance: 1e-4 relative plus 2e-5 absolute for f32 (CPU sums in f32, this reference in double); 2e-3 for
// f16 (one f16 rounding apart). Where CPU deviates (see host_ref/signal.hpp) the expected values come from an
// equivalent CPU computation, said at the case. Also: shape inference with known and unknown axes, signal
// sizes and frames, empty tensors, and the refusals.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;
using Ints = std::vector<int64_t>;

// Element i is ((i * mul) % mod - mod / 2) / 4: quarters, exact in f16.
Tensor pattern(const Shape& s, element::Type t = element::f32, size_t mul = 7, size_t mod = 11) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (static_cast<double>((i * mul) % mod) - static_cast<double>(mod / 2)) / 4;
    return make_tensor<double>(t, s, v);
}
Tensor window(size_t n, element::Type t = element::f32) {
    Vals v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = 0.5 + static_cast<double>((i * 3) % 5) / 8;
    return make_tensor<double>(t, {n}, v);
}
Tensor ints(const Ints& v, element::Type t = element::i64) { return make_tensor<int64_t>(t, {v.size()}, v); }
Tensor scalar(int64_t v) { return make_tensor<int64_t>(element::i64, {}, {v}); }

void expect_values(const Tensor& r, const Shape& s, const Vals& e) {
    ASSERT_EQ(r.get_shape(), s);
    const element::Type t = r.get_element_type();
    const double tol = t == element::f16 ? 2e-3 : 1e-4;
    EXPECT_TENSOR_NEAR(r, make_tensor<double>(t, s, e), t == element::f16 ? 2e-3 : 2e-5, tol);
}

// A DFT-family op with every input a Parameter (axes and sizes known at run time only).
Tensor fft(const std::string& type, const Tensor& data, const Ints& axes, const Ints& sizes = {}) {
    const int64_t version = type == "DFT" || type == "IDFT" ? 7 : 9;
    TensorVector in{data, ints(axes)};
    if (!sizes.empty())
        in.push_back(ints(sizes));
    return test::eval_op(type, version, in);
}
// The same with axes and signal_size constants (known to shape inference).
std::shared_ptr<Node> fft_node(const std::string& type, element::Type t, const PartialShape& data, const Ints& axes,
                               const Ints& sizes = {}) {
    const int64_t version = type == "DFT" || type == "IDFT" ? 7 : 9;
    OutputVector in{op::parameter(t, data), op::constant(ints(axes))};
    if (!sizes.empty())
        in.push_back(op::constant(ints(sizes)));
    return op::make(type, in, {}, version);
}

Tensor stft(const Tensor& signal, const Tensor& win, int64_t size, int64_t step, bool transpose) {
    return test::eval_op("STFT", 15, {signal, win, scalar(size), scalar(step)},
                         {{"transpose_frames", transpose ? "true" : "false"}});
}
Tensor istft(const Tensor& data, const Tensor& win, int64_t size, int64_t step, bool center, bool normalized,
             std::optional<int64_t> length = std::nullopt) {
    TensorVector in{data, win, scalar(size), scalar(step)};
    if (length)
        in.push_back(scalar(*length));
    return test::eval_op("ISTFT", 16, in,
                         {{"center", center ? "true" : "false"}, {"normalized", normalized ? "true" : "false"}});
}

const Vals kDftAxis1 = {
    -1.5, 1, 0.607050776, 0.899518967, -2.8570509, -0.399518788, -0.25, -0.5, 3.3570509, 0.899518847, -0.107050776,
    -0.399518847};
const Vals kDftNegUnordered = {
    -0.5, 1.75, 0.207531631, -1.95753181, -1.95753157, 0.20753175, -0.75, -1.25, 2.95753169, -1.95753193, 0.792468548,
    0.207531691, -2.5, 0.25, 1.0065701, 3.75656962, -3.75656986, -1.00656939, 0.25, 0.25, 3.7565701, 3.75656962,
    -1.00656986, -1.00656939};
const Vals kDftPadKeep = {
    -0.5, 1.75, 1.45980239, -0.158128619, -0.867357731, -2.05263829, -2.15518475, -0.219903946, -1.68725991,
    0.680671096, -0.75, -1.25, 2.1709609, 0.880713105, 1.74591362, -2.91590977, -0.268455982, -0.35663259, 2.10158181,
    -1.35817111, -2.5, 0.25, -3.17736435, 3.80136061, 2.2269311, 1.62988353, -2.27733779, -2.32947731, -3.02222872,
    1.64823318, 0.25, 0.25, -0.42736429, 3.80136061, 4.9769311, 1.62988353, 0.472661972, -2.32947731, -0.272228658,
    1.64823318};
const Vals kDftCrop = {
    -1.75, 1.75, -0.75, -0.75, 1.75, -0.25, -0.75, -0.75};
const Vals kIdftAll = {
    -0.104166672, 0.0416666679, -0.097088635, 0.034588635, 0.263755322, -0.326255262, 0.020833334, 0.25, -0.229166672,
    -2.48352694e-09, -0.229166672, -1.98682155e-08, -0.1875, 0.0416666679, -0.396928281, -0.167761683, 0.396928251,
    0.626095057, -0.229166672, 0, -0.229166672, 0, -0.229166672, 0};
const Vals kIdftSizes = {
    0.0625, 0.0833333358, -0.0208333284, -0.25, -0.0625000075, 0.166666657, -0.229166687, 7.4505806e-09, -0.141746819,
    0.451255292, 0.274919868, -0.170753151, -0.259668797, 0.113835454, -0.229166657, 0, -0.358253181, 0.0904113501,
    0.0584134609, 0.0457531661, -0.115331218, -0.03050212, -0.229166672, 1.86264515e-09};
const Vals kRdftLast = {
    0.25, 0, -1.625, 0.790860057, -1.625, -1.81129527, 0, 0, 0.599796772, -0.825549304, -2.47479677, 0.804110229};
const Vals kRdftMulti = {
    -1.25, 0, -2.25, -0.5, -2.25, 0, -2.25, 0.5, 0.625, -1.94855702, 2.38156986, 1.375, -4.125, -2.38156986,
    -2.38156986, -1.375, 0.5, 0, 0.5, -0.5, 0.5, 0, 0.5, 0.5, 2, 0.433012724, -3.75656986, 3.75656986, 2.75, 0,
    1.00656986, 1.00656986};
const Vals kRdftCrop = {
    0, 0, -0.75, 0.75, -3.5, 0, -0.75, 0, -0.75, -2, -0.75, 0};
const Vals kRdftPad = {
    -1.25, 0, -0.75, -2.98023224e-08, -1.25, -0.866025448, -2.25, 1.31134158e-07, 0.75, 0, 1.75, 0.433012664,
    1.49999988, -0.866025448, 0.25, 1.52989855e-07};
const Vals kRdftKeep = {
    0, 0, -1.125, 0.649519026, 0.75, 0, -1.125, 0.649519026, -1.25, 0, 0.25, -1.73205066, -2.5, 0, -1.375,
    -2.38156986, 0.25, 0, 1.375, 2.38156986, 0.25, 0, -2.75, -5.96046448e-08};
const Vals kIrdftDefault = {
    -0.5, -1, 0, 0.25, -0.3125, -0.0625, 0.6875, 0.6875};
const Vals kIrdftLastIsFirst = {
    -0.208333328, 0.0833333284, -0.0833333284, -0.352670908, -0.123504236, 0.0442574024, -0.0639957637, 0.165170878,
    -0.460924089, 0.291666657, -0.166666672, -0.166666672, -0.458333313, -0.229166672, 0.855261624, -0.458333313,
    -0.229166687, 0.061405018};
const Vals kIrdftFirstThenLast = {
    -0.09375, -0.03125, 0.03125, -0.40625, -0.09375, 0.21875, -0.34375, 0.34375, -0.34375, 0.21875, -0.09375,
    -0.40625, 0.40625, -0.28125, -0.28125, -0.03125, -0.71875, 0.65625, -0.34375, 0.34375, 0.34375, -0.65625, 0.03125,
    0.03125};
const Vals kIrdftSize5 = {
    -0.349999994, -0.69189775, -0.636504531, 0.521914661, -0.0935123712, -0.300000012, 0.165870547, -0.159158766,
    1.14456904, 0.148719236};
const Vals kIrdftSize3 = {
    -0.75, -0.971687794, 0.471687794, -0.333333343, 0.233653978, 1.09967935};
const Vals kIrdftPad7 = {
    -0.25, -0.353848189, -0.652301252, -0.32782039, 0.317167222, 0.230025977, -0.213223323, -0.214285716, 0.161264762,
    -0.0930821225, -0.0164587833, 0.727942467, 0.634661078, -0.200041667};
const Vals kDftF16 = {
    -0.25, 0.5, -1.5, 2, 0, -2, -2.25, 0.5, 0.5, 0.5, 0.5, 0.5};
const Vals kRdftF16 = {
    0.25, 0, -1.625, 0.791015625, -1.625, -1.81152344, 0, 0, 0.599609375, -0.825683594, -2.47460938, 0.804199219};
const Vals kIrdftF16 = {
    -0.5, -1, 0, 0.25, -0.3125, -0.0625, 0.6875, 0.6875};
const Vals kStft2d = {
    -1.34375, 0, -1.375, -0.78125, 1.09375, 0, 1.28125, 0, 0.34375, 2.375, 0.03125, 0, 1.875, 0, 0.4375, -0.5625,
    -2.25, 0, -0.375, 0, 0.53125, -0.65625, -1.6875, 0, -1.21875, 0, 0.3125, -0.84375, 3.09375, 0, -0.21875, 0,
    0.40625, 2.3125, 0.40625, 0, 0.375, 0, 0.5, -0.625, -1.875, 0, 0.15625, 0, -1.4375, -0.71875, 0.71875, 0};
const Vals kStft1dTransposed = {
    0.125, 0, 1.125, 0, 0.125, -0.649519026, -0.28125, -1.24491143, -1, 0.866025388, -1.03125, 1.02840519, 1.625,
    4.59242523e-16, 1.5, 4.20972357e-16};
const Vals kStftF16 = {
    -1.34375, 0, -0.514160156, -0.747070312, -0.688964844, 1.67382812, 1.28125, 0, -1.11035156, 1.62207031,
    1.71972656, -0.763671875};
const Vals kIstft3d = {
    -2.5, -0.142857149, 0.975609779, 0.0530973449, 0.390243888, 0.0265486725, -0.195121944, -0.805309713, 0, 0.375};
const Vals kIstftCenterNormalized = {
    0.344444454, -1.02222228, 0.644444466, -0.472972959, 0.644444466, 0.144444451, 0.366666675, -0.567567587,
    0.366666675, -1, -0.48888889, -0.662162185};
const Vals kIstftShort = {
    0.341067195, -0.0291430987, 0.594005644, -0.397108436, -0.428080231, -0.00946477614, -0.0416666679, -0.21348986,
    -0.00749803521, 0.537973642, 0.356138289, -0.0910938084, -0.00946478732, -0.0416666679};
const Vals kIstftLong = {
    -2.25, -0.272954792, 0.720815063, 0.341067195, -0.0291430987, 0.594005644, -0.397108436, -0.428080231,
    -0.00946477614, -0.0416666679, -0.0962250084, 0, 0, 0, 0, 0, 0, 0, 0, 0, -0.25, -0.932783604, -0.612518251,
    -0.21348986, -0.00749803521, 0.537973642, 0.356138289, -0.0910938084, -0.00946478732, -0.0416666679,
    -0.0962250233, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const Vals kIstftGaps = {
    -1, -1, 0, -0.125, 0, 0, -0.875, 0.357142866, 1.29999995, 0.3125, 0, 0, 0.875, 0.785714269, -1.29999995, -0.0625};
const Vals kIstftF16 = {
    0.975585938, 0.0531005859, 0.390136719, 0.026550293, -0.195068359, -0.805175781};

TEST(Signal, Dft) {
    expect_values(fft("DFT", pattern({2, 3, 2}), {1}), {2, 3, 2}, kDftAxis1);
    expect_values(fft("DFT", pattern({2, 2, 3, 2}), {-1, 0}), {2, 2, 3, 2}, kDftNegUnordered);  // -1 is axis 2
    expect_values(fft("DFT", pattern({2, 2, 3, 2}), {2, 0}, {5, -1}), {2, 2, 5, 2}, kDftPadKeep);
    expect_values(fft("DFT", pattern({2, 2, 3, 2}), {1, 2}, {1, 2}), {2, 1, 2, 2}, kDftCrop);
    expect_values(fft("DFT", pattern({2, 3, 2}, element::f16), {0}), {2, 3, 2}, kDftF16);
    // i32 axes and sizes.
    const Tensor i32 = ints({1, 2}, element::i32);
    const Tensor r = test::eval_op("DFT", 7, {pattern({2, 2, 3, 2}), i32, i32});
    expect_values(r, {2, 1, 2, 2}, kDftCrop);
}

TEST(Signal, Idft) {
    expect_values(fft("IDFT", pattern({2, 2, 3, 2}), {0, 1, 2}), {2, 2, 3, 2}, kIdftAll);
    expect_values(fft("IDFT", pattern({2, 2, 3, 2}), {0, 1, 2}, {3, -1, 2}), {3, 2, 2, 2}, kIdftSizes);
    // IDFT undoes DFT.
    const Tensor x = pattern({3, 4, 2});
    const Tensor back = fft("IDFT", fft("DFT", x, {0, 1}), {1, 0});
    EXPECT_TENSOR_NEAR(back, x, 1e-5, 1e-5);
}

TEST(Signal, Rdft) {
    expect_values(fft("RDFT", pattern({2, 5}), {1}), {2, 3, 2}, kRdftLast);
    expect_values(fft("RDFT", pattern({2, 3, 4}), {2, 1}), {2, 2, 4, 2}, kRdftMulti);  // axis 1 is halved
    expect_values(fft("RDFT", pattern({2, 5}), {-1}, {4}), {2, 3, 2}, kRdftCrop);
    // Zero-padding (CPU refuses it): the expected values are CPU's DFT of the data as complex values.
    expect_values(fft("RDFT", pattern({2, 3}), {1}, {6}), {2, 4, 2}, kRdftPad);
    // -1 keeps the extent (CPU fails to compile it): expected from CPU with the explicit sizes {2, 3}.
    expect_values(fft("RDFT", pattern({2, 3, 4}), {0, 2}, {-1, 3}), {2, 3, 2, 2}, kRdftKeep);
    expect_values(fft("RDFT", pattern({2, 5}, element::f16), {1}), {2, 3, 2}, kRdftF16);
}

TEST(Signal, Irdft) {
    expect_values(fft("IRDFT", pattern({2, 3, 2}), {1}), {2, 4}, kIrdftDefault);  // 2 * (3 - 1)
    expect_values(fft("IRDFT", pattern({2, 3, 3, 2}), {1, 0}), {2, 3, 3}, kIrdftLastIsFirst);
    expect_values(fft("IRDFT", pattern({2, 3, 3, 2}), {0, 1}), {2, 4, 3}, kIrdftFirstThenLast);
    expect_values(fft("IRDFT", pattern({2, 3, 2}), {1}, {5}), {2, 5}, kIrdftSize5);
    expect_values(fft("IRDFT", pattern({2, 3, 2}), {1}, {3}), {2, 3}, kIrdftSize3);
    // 7 points need 4 bins of 3: zeros (CPU reads the next row; expected from CPU on explicit zero bins).
    expect_values(fft("IRDFT", pattern({2, 3, 2}), {1}, {7}), {2, 7}, kIrdftPad7);
    expect_values(fft("IRDFT", pattern({2, 3, 2}), {-1}, {-1}), {2, 4}, kIrdftDefault);
    expect_values(fft("IRDFT", pattern({2, 3, 2}, element::f16), {1}), {2, 4}, kIrdftF16);
    // IRDFT undoes RDFT.
    const Tensor x = pattern({3, 4});
    EXPECT_TENSOR_NEAR(fft("IRDFT", fft("RDFT", x, {1, 0}), {1, 0}, {4, 3}), x, 1e-5, 1e-5);
}

TEST(Signal, FftEmptyAndZeroSizes) {
    EXPECT_EQ(fft("DFT", pattern({0, 3, 2}), {1}).get_shape(), (Shape{0, 3, 2}));
    EXPECT_EQ(fft("DFT", pattern({2, 3, 2}), {1}, {0}).get_shape(), (Shape{2, 0, 2}));
    EXPECT_EQ(fft("IDFT", pattern({2, 3, 2}), {1}, {0}).get_shape(), (Shape{2, 0, 2}));
    EXPECT_EQ(fft("RDFT", pattern({2, 3}), {1}, {0}).get_shape(), (Shape{2, 0, 2}));  // as CPU: no bins
    EXPECT_EQ(fft("IRDFT", pattern({2, 1, 2}), {1}).get_shape(), (Shape{2, 0}));
    // Padding an empty axis gives zeros.
    EXPECT_EQ(test::values(fft("DFT", pattern({0, 1, 2}), {0}, {2})), Vals(4, 0.0));
}

TEST(Signal, FftShapeInference) {
    const element::Type f = element::f32;
    const auto shape = [](const std::shared_ptr<Node>& n) { return n->get_output_partial_shape(0); };
    EXPECT_EQ(shape(fft_node("DFT", f, {2, 3, 4, 2}, {-3, 2}, {5, -1})), PartialShape({5, 3, 4, 2}));
    EXPECT_EQ(shape(fft_node("RDFT", f, {2, 3, 4}, {2, 1}, {-1, 7})), PartialShape({2, 4, 4, 2}));
    EXPECT_EQ(shape(fft_node("IRDFT", f, {2, 3, 4, 2}, {2, 1})), PartialShape({2, 4, 4}));
    EXPECT_EQ(shape(fft_node("IRDFT", f, {2, 3, 4, 2}, {1}, {9})), PartialShape({2, 9, 4}));
    EXPECT_EQ(shape(fft_node("DFT", f, PartialShape("[?,4,2]"), {1}, {6})), PartialShape("[?,6,2]"));
    // Unknown axes: DFT keeps the shape without signal_size; otherwise the axes may be any.
    const auto axes = op::parameter(element::i64, Shape{1});
    const auto data = op::parameter(f, Shape{3, 4, 2});
    EXPECT_EQ(op::make("DFT", {data, axes}, {}, 7)->get_output_partial_shape(0), PartialShape({3, 4, 2}));
    EXPECT_EQ(op::make("DFT", {data, axes, op::constant(ints({5}))}, {}, 7)->get_output_partial_shape(0),
              PartialShape("[?,?,2]"));
    EXPECT_EQ(op::make("RDFT", {data, axes}, {}, 9)->get_output_partial_shape(0), PartialShape("[?,?,?,2]"));
    EXPECT_EQ(op::make("IRDFT", {data, axes}, {}, 9)->get_output_partial_shape(0), PartialShape("[?,?]"));
    // Known axes, unknown sizes: those axes are dynamic.
    const auto sizes = op::parameter(element::i64, Shape{1});
    EXPECT_EQ(op::make("IDFT", {data, op::constant(ints({0})), sizes}, {}, 7)->get_output_partial_shape(0),
              PartialShape("[?,4,2]"));
    EXPECT_EQ(op::make("RDFT", {data, op::constant(ints({1})), sizes}, {}, 9)->get_output_partial_shape(0),
              PartialShape("[3,?,2,2]"));
    EXPECT_TRUE(op::make("DFT", {op::parameter(f, PartialShape::dynamic()), axes}, {}, 7)
                    ->get_output_partial_shape(0)
                    .rank_is_dynamic());
}

TEST(Signal, FftRefusals) {
    const element::Type f = element::f32;
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {1, 1}), ModelError);      // repeated
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {1, -1}), ModelError);     // -1 is axis 1: repeated
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {2}), ModelError);         // the complex axis
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {-3}), ModelError);        // out of range
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 3}, {0}), ModelError);         // last axis not 2
    EXPECT_THROW(fft_node("DFT", f, {2}, {0}), ModelError);               // no complex values
    EXPECT_THROW(fft_node("IDFT", f, {2, 2}, {0, 1}), ModelError);        // more axes than the rank allows
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {0, 1}, {4}), ModelError);  // one size for two axes
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {0}, {-2}), ModelError);   // sizes are -1 or >= 0
    EXPECT_THROW(fft_node("DFT", f, {2, 3, 2}, {}), ModelError);          // no axes
    EXPECT_THROW(fft_node("DFT", element::i32, {2, 3, 2}, {0}), ModelError);
    EXPECT_THROW(fft_node("RDFT", f, {2, 3}, {2}), ModelError);           // RDFT counts axes over the whole rank
    EXPECT_THROW(fft_node("RDFT", f, {}, {0}), ModelError);
    EXPECT_THROW(fft_node("IRDFT", f, {2, 3, 1}, {0}), ModelError);
    const auto data = op::parameter(f, Shape{2, 3, 2});
    EXPECT_THROW(op::make("DFT", {data, op::constant(make_tensor<float>(f, {1}, {0}))}, {}, 7), ModelError);  // reals
    EXPECT_THROW(op::make("DFT", {data, op::constant(element::i64, Shape{1, 1}, Ints{0})}, {}, 7), ModelError);  // 2-D
    // Values known only at run time are checked there.
    EXPECT_THROW(fft("DFT", pattern({2, 3, 2}), {5}), ModelError);
    EXPECT_THROW(fft("RDFT", pattern({2, 3}), {0, 0}), ModelError);
    EXPECT_THROW(fft("IRDFT", pattern({2, 3, 2}), {1}, {-3}), ModelError);
}

TEST(Signal, Stft) {
    expect_values(stft(pattern({2, 10}, element::f32, 5, 13), window(4), 4, 2, false), {2, 4, 3, 2}, kStft2d);
    // A window of 3 centred in frames of 6 (one zero before, two after); 2 frames of 4 bins, transposed.
    expect_values(stft(pattern({9}, element::f32, 5, 13), window(3), 6, 3, true), {4, 2, 2}, kStft1dTransposed);
    expect_values(stft(pattern({7}, element::f16, 5, 13), window(4, element::f16), 5, 2, false), {2, 3, 2}, kStftF16);
    // The frame may span the whole signal.
    EXPECT_EQ(stft(pattern({2, 6}), window(6), 6, 4, false).get_shape(), (Shape{2, 1, 4, 2}));
}

TEST(Signal, Istft) {
    const element::Type f = element::f32;
    expect_values(istft(pattern({3, 4, 2}, f, 5, 13), window(4), 4, 2, false, false), {10}, kIstft3d);
    expect_values(istft(pattern({3, 3, 5, 2}, f, 5, 13), window(3), 4, 1, true, true), {3, 4}, kIstftCenterNormalized);
    expect_values(istft(pattern({2, 4, 4, 2}, f, 5, 13), window(5), 6, 2, true, false, 7), {2, 7}, kIstftShort);
    expect_values(istft(pattern({2, 4, 4, 2}, f, 5, 13), window(5), 6, 2, false, false, 20), {2, 20}, kIstftLong);
    // Frames 6 apart, 4 long: zeros between them.
    expect_values(istft(pattern({3, 3, 2}, f, 5, 13), window(4), 4, 6, false, false), {16}, kIstftGaps);
    expect_values(istft(pattern({3, 4, 2}, element::f16, 5, 13), window(4, element::f16), 4, 2, true, false), {6},
                  kIstftF16);
    EXPECT_EQ(istft(pattern({3, 4, 2}), window(4), 4, 2, false, false, 0).get_shape(), (Shape{0}));
    // ISTFT undoes STFT where the windows overlap.
    const Tensor x = pattern({2, 12}, f, 5, 13);
    const Tensor back = istft(stft(x, window(4), 4, 1, true), window(4), 4, 1, false, false);
    EXPECT_TENSOR_NEAR(back, x, 1e-5, 1e-5);
}

TEST(Signal, StftShapeInference) {
    const element::Type f = element::f32;
    const auto make = [&](const std::string& type, const PartialShape& data, size_t win, const OutputVector& more,
                          const Attributes& attrs) {
        OutputVector in{op::parameter(f, data), op::parameter(f, Shape{win})};
        in.insert(in.end(), more.begin(), more.end());
        return op::make(type, in, attrs, type == "STFT" ? 15 : 16)->get_output_partial_shape(0);
    };
    const auto c = [](int64_t v) { return op::constant(scalar(v)); };
    const Attributes no_transpose{{"transpose_frames", "false"}}, plain{{"center", "false"}, {"normalized", "false"}};
    EXPECT_EQ(make("STFT", {2, 10}, 4, {c(4), c(3)}, no_transpose), PartialShape({2, 3, 3, 2}));
    EXPECT_EQ(make("STFT", PartialShape("[2,?]"), 4, {c(4), c(3)}, no_transpose), PartialShape("[2,?,3,2]"));
    const auto unknown = op::parameter(element::i64, Shape{});
    EXPECT_EQ(make("STFT", {10}, 4, {unknown, c(3)}, no_transpose), PartialShape("[?,?,2]"));
    const Attributes centred{{"center", "true"}, {"normalized", "false"}};
    EXPECT_EQ(make("ISTFT", {3, 5, 2}, 4, {c(4), c(2)}, centred), PartialShape({8}));
    EXPECT_EQ(make("ISTFT", {2, 3, 5, 2}, 4, {c(4), c(2), c(7)}, plain), PartialShape({2, 7}));
    EXPECT_EQ(make("ISTFT", {2, 3, 5, 2}, 4, {c(4), c(2), op::parameter(element::i32, Shape{})}, plain),
              PartialShape("[2,?]"));
}

TEST(Signal, StftRefusals) {
    const Tensor sig = pattern({2, 10}), win = window(4);
    EXPECT_THROW(stft(sig, win, 0, 2, false), ModelError);
    EXPECT_THROW(stft(sig, win, 4, 0, false), ModelError);
    EXPECT_THROW(stft(sig, window(5), 4, 2, false), ModelError);   // window longer than a frame
    EXPECT_THROW(stft(sig, win, 11, 2, false), ModelError);        // frame longer than the signal
    EXPECT_THROW(stft(pattern({1, 2, 10}), win, 4, 2, false), ModelError);
    EXPECT_THROW(test::eval_op("STFT", 15, {sig, win, scalar(4), scalar(2)}), ModelError);  // transpose_frames missing
    EXPECT_THROW(stft(sig, window(4, element::f16), 4, 2, false), ModelError);             // types differ
    const Tensor data = pattern({3, 4, 2});
    EXPECT_THROW(istft(data, win, 6, 2, false, false), ModelError);          // 6 points need 4 bins
    EXPECT_THROW(istft(data, win, 4, -1, false, false), ModelError);
    EXPECT_THROW(istft(data, win, 4, 2, false, false, -2), ModelError);      // negative signal_length
    EXPECT_THROW(istft(pattern({3, 0, 2}), win, 4, 2, false, false), ModelError);  // no frames
    EXPECT_THROW(istft(pattern({3, 4, 3}), win, 4, 2, false, false), ModelError);  // not complex
    EXPECT_THROW(istft(pattern({4, 2}), win, 4, 2, false, false), ModelError);
}

}  // namespace
