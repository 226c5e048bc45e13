// BinaryConvolution-1 (mode xnor-popcount) against OpenVINO CPU: the expected values were computed by
// OpenVINO 2026.4's CPU plugin on the same inputs (its filter a u1 constant packed so that CPU reads the
// bits below; see tests/ir/test_ir_u1.cpp for the bit order). The outputs are integers: exact. Covered:
// batch and several output channels, data values that are neither 0 nor 1, pads with each kind of
// pad_value, strides, dilations, auto_pad, f16, and the refusals. OpenVINO CPU is wrong when the channel
// count is not a multiple of 8 (host_ref/binary_conv.cpp), so those cases are derived by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

// x[i] = ((37 i + i^2 mod 11) mod 5) / 2 - 1: -1, -0.5, 0, 0.5 and 1 (bits 0, 0, 0, 1, 1).
Tensor data(element::Type type, const Shape& s) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>((i * 37 + (i * i) % 11) % 5) * 0.5 - 1.0;
    return make_tensor(type, s, v);
}

// w[e] = (7 e^2 + 3 e) mod 11 < 5.
Tensor filter(const Shape& s) {
    Vals v(shape_size(s));
    for (size_t e = 0; e < v.size(); ++e)
        v[e] = (e * e * 7 + e * 3) % 11 < 5 ? 1 : 0;
    return make_tensor(element::boolean, s, v);
}

Attributes attrs(const std::string& strides, const std::string& pb, const std::string& pe, const std::string& dil,
                 const std::string& pad_value, const std::string& auto_pad = "explicit") {
    return {{"strides", strides},   {"pads_begin", pb},           {"pads_end", pe},        {"dilations", dil},
            {"mode", "xnor-popcount"}, {"pad_value", pad_value}, {"auto_pad", auto_pad}};
}

Tensor run(const TensorVector& in, const Attributes& a) { return test::eval_op("BinaryConvolution", 1, in, a); }

const Attributes kPlain = attrs("1,1", "0,0", "0,0", "1,1", "0");

}  // namespace

TEST(BinaryConv, BatchAndOutputChannels) {
    const Tensor y = run({data(element::f32, {2, 8, 4, 5}), filter({3, 8, 2, 3})}, kPlain);
    EXPECT_EQ(y.get_element_type(), element::f32);
    EXPECT_EQ(y.get_shape(), (Shape{2, 3, 3, 3}));
    EXPECT_EQ(test::values(y), (Vals{-4, -4, -2, -4, -4, -6,  2,  0,   -6, 6,  -6, -4, -2, -2, -4, 8,  -18, -4,
                                     2,  -10, -4, -6, -6, -12, -12, -6, 4,  4,  0,  4,  -4, -4, -2, -4, -4,  -6,
                                     -2, -2, -2, 6,  -6, -4,  -2,  -2, -4, 2,  -2, -2, 2,  -10, -4, -6, -6, -12}));
}

TEST(BinaryConv, PadValueStridesAndDilations) {
    // Pads (1, 2) before and (2, 0) after, strides (2, 1), dilations (1, 2). pad_value 1 pads with bit 1,
    // 0 leaves padded taps out, anything else (-1, 0.5) pads with bit 0.
    const TensorVector in{data(element::f32, {1, 16, 5, 6}), filter({2, 16, 3, 3})};
    const auto padded = [&](const std::string& pad_value) {
        const Tensor y = run(in, attrs("2,1", "1,2", "2,0", "1,2", pad_value));
        EXPECT_EQ(y.get_shape(), (Shape{1, 2, 3, 4}));
        return test::values(y);
    };
    EXPECT_EQ(padded("0"), (Vals{-6, 2, 8, 2, -4, -24, -32, 8, 14, 6, -24, -26,
                                 -4, -8, -12, -18, -16, 16, 6, -26, -18, -2, 4, 10}));
    EXPECT_EQ(padded("1"), (Vals{16, 24, 24, 18, 8, -12, -32, 8, 34, 26, -10, -12,
                                 18, 14, -2, -8, -2, 30, 6, -26, 4, 20, 16, 22}));
    const Vals bit0{-28, -20, -8, -14, -16, -36, -32, 8, -6, -14, -38, -40,
                    -26, -30, -22, -28, -30, 2, 6, -26, -40, -24, -8, -2};
    EXPECT_EQ(padded("-1"), bit0);
    EXPECT_EQ(padded("0.5"), bit0);
}

TEST(BinaryConv, AutoPad) {
    // Odd total padding on both axes: same_upper puts it at the end, same_lower at the beginning.
    const TensorVector in{data(element::f32, {1, 8, 4, 5}), filter({1, 8, 3, 2})};
    const auto padded = [&](const std::string& auto_pad) {
        return run(in, attrs("2,2", "0,0", "0,0", "1,1", "1", auto_pad));
    };
    EXPECT_EQ(padded("same_upper").get_shape(), (Shape{1, 1, 2, 3}));
    EXPECT_EQ(test::values(padded("same_upper")), (Vals{2, -8, 6, 4, -4, 2}));
    EXPECT_EQ(test::values(padded("same_lower")), (Vals{18, -2, 4, 10, 2, -2}));
    EXPECT_EQ(padded("valid").get_shape(), (Shape{1, 1, 1, 2}));
    EXPECT_EQ(test::values(padded("valid")), (Vals{2, -8}));
}

TEST(BinaryConv, F16) {
    const Tensor y =
        run({data(element::f16, {1, 16, 5, 6}), filter({2, 16, 3, 3})}, attrs("2,1", "1,2", "2,0", "1,2", "1"));
    EXPECT_EQ(y.get_element_type(), element::f16);
    EXPECT_EQ(test::values(y), (Vals{16, 24, 24, 18, 8, -12, -32, 8, 34, 26, -10, -12,
                                     18, 14, -2, -8, -2, 30, 6, -26, 4, 20, 16, 22}));
}

TEST(BinaryConv, ChannelsNotAMultipleOfEight) {
    // 1x1 kernel over 3 channels: y = sum over c of (+1 if bit(x) == w else -1).
    const Tensor x = make_tensor<double>(element::f32, {1, 3, 1, 2}, {1, -1, 0.5, 0, 0, 2});
    const Tensor w = make_tensor<double>(element::boolean, {2, 3, 1, 1}, {1, 1, 0, 0, 1, 1});
    // bits (x): position 0: 1 1 0; position 1: 0 0 1.
    EXPECT_EQ(test::values(run({x, w}, kPlain)), (Vals{3, -3, -1, 1}));
    // One channel, 3x3 data and kernel, pads 1: the centre sees all nine taps, a corner four real ones.
    const Tensor x9 = make_tensor<double>(element::f32, {1, 1, 3, 3}, {-1, 0.5, 0.5, -1, 0.5, 0.5, -1, 1, -1});
    const Tensor w9 = make_tensor<double>(element::boolean, {1, 1, 3, 3}, {1, 0, 1, 0, 1, 1, 0, 1, 0});
    const auto padded = [&](const std::string& pad_value) {
        return test::values(run({x9, w9}, attrs("1,1", "1,1", "1,1", "1,1", pad_value)));
    };
    EXPECT_EQ(padded("0"), (Vals{-2, 4, 0, 0, 5, -2, 2, 0, -2}));
    EXPECT_EQ(padded("1"), (Vals{-3, 5, 1, -1, 5, -1, 1, -1, -1}));
    EXPECT_EQ(padded("-1"), (Vals{-1, 3, -1, 1, 5, -3, 3, 1, -3}));
}

TEST(BinaryConv, ShapeInference) {
    const auto w = op::constant(filter({4, 8, 3, 3}));
    const auto a = attrs("2,2", "1,1", "1,1", "1,1", "0");
    const auto y = op::make("BinaryConvolution", {op::parameter(element::f16, PartialShape{-1, 8, 9, -1}), w}, a, 1);
    EXPECT_EQ(y->get_output_element_type(0), element::f16);
    EXPECT_EQ(y->get_output_partial_shape(0), (PartialShape{-1, 4, 5, -1}));
    const auto same = op::make("BinaryConvolution", {op::parameter(element::f32, PartialShape{2, 8, 7, 7}), w},
                               attrs("2,2", "0,0", "0,0", "1,1", "1", "same_upper"), 1);
    EXPECT_EQ(same->get_output_partial_shape(0), (PartialShape{2, 4, 4, 4}));
}

TEST(BinaryConv, Refusals) {
    const auto make = [](element::Type dt, const PartialShape& ds, const std::shared_ptr<Node>& f,
                         const Attributes& a = kPlain) {
        return op::make("BinaryConvolution", {op::parameter(dt, ds), f}, a, 1);
    };
    const auto w = op::constant(filter({2, 8, 1, 1}));
    EXPECT_NO_THROW(make(element::f32, {1, 8, 2, 2}, w));
    // The filter must be boolean (an IR's u1).
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2}, op::constant(data(element::f32, {2, 8, 1, 1}))), ModelError);
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2}, op::parameter(element::u8, Shape{2, 8, 1, 1})), ModelError);
    EXPECT_THROW(make(element::i32, {1, 8, 2, 2}, w), ModelError);  // data must be real
    EXPECT_THROW(make(element::f32, {1, 4, 2, 2}, w), ModelError);  // 4 channels, the filter has 8
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2, 2}, w), ModelError);  // 2-D only
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2}, op::constant(filter({2, 8, 1}))), ModelError);
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2}, w, attrs("1,1", "0,0", "0,0", "1,1", "0,5")), ModelError);
    Attributes a = kPlain;
    for (auto& [name, value] : a)
        if (name == "mode")
            value = "xor-popcount";
    try {
        make(element::f32, {1, 8, 2, 2}, w, a);
        ADD_FAILURE() << "no exception";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("BinaryConvolution"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("xor-popcount"), std::string::npos) << e.what();
    }
    a.erase(std::find_if(a.begin(), a.end(), [](const auto& kv) { return kv.first == "mode"; }));
    EXPECT_THROW(make(element::f32, {1, 8, 2, 2}, w, a), ModelError);
    EXPECT_THROW(make(element::f32, {1, 8, 1, 1}, op::constant(filter({2, 8, 3, 3}))), ModelError);  // kernel > data
}
