// Each pre/post-processing step alone, on REF and GPU, against values computed here by hand: the built model's
// new Parameter takes the application's tensor and the output is what the step must produce.
// Tolerances: exact for data movement and conversions; 1e-5 abs + rel for arithmetic (the GPU's f32 math
// and a division where the reference divides too); resize 1e-4 (weights summed in another order).
#include <gtest/gtest.h>

#include "preprocess_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::preprocess;
using namespace ovcl::test;

namespace {

class Steps : public ::testing::TestWithParam<std::string> {
protected:
    const std::string& device() const { return GetParam(); }
};

/// The NHWC image `a` as NCHW doubles, for comparisons with an NCHW output.
Tensor nchw_f32(const Image& a) { return tensor_of(a, element::f32, true); }

TEST_P(Steps, ConvertElementTypeU8ToModelF32) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().tensor().set_element_type(element::u8);
    auto model = ppp.build();
    EXPECT_EQ(model->input(0).get_element_type(), element::u8);
    EXPECT_EQ(model->input(0).get_any_name(), "data");
    const Tensor in = random_u8({1, 3, 4, 5}, 1);
    const Tensor out = run_on(model, device(), {in})[0];
    EXPECT_TENSOR_EQ(out, make_tensor(element::f32, {1, 3, 4, 5}, values(in)));
}

TEST_P(Steps, ImplicitLayoutNhwcToModelNchw) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(identity_model({2, 3, 4, 5}));
    ppp.input().tensor().set_layout("NHWC");
    ppp.input().model().set_layout("NCHW");
    auto model = ppp.build();
    EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({2, 4, 5, 3}));
    const Tensor in = random_tensor(element::f32, {2, 4, 5, 3}, -5, 5, 2);
    const Tensor out = run_on(model, device(), {in})[0];
    EXPECT_TENSOR_EQ(out, nchw_f32(image_of(in)));
}

TEST_P(Steps, ExplicitConvertLayoutByNameAndByDims) {
    OVCL_REQUIRE_DEVICE(device());
    const Tensor in = random_tensor(element::f32, {1, 4, 5, 3}, -5, 5, 3);
    {
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().tensor().set_layout("[N,H,W,C]");
        ppp.input().preprocess().convert_layout("NCHW");
        auto model = ppp.build();
        EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 4, 5, 3}));
        EXPECT_TENSOR_EQ(run_on(model, device(), {in})[0], nchw_f32(image_of(in)));
    }
    {
        // No layouts at all: the tensor's shape follows from undoing the order.
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().preprocess().convert_layout(std::vector<uint64_t>{0, 3, 1, 2});
        auto model = ppp.build();
        EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 4, 5, 3}));
        EXPECT_TENSOR_EQ(run_on(model, device(), {in})[0], nchw_f32(image_of(in)));
    }
}

TEST_P(Steps, MeanAndScaleScalarAndPerChannel) {
    OVCL_REQUIRE_DEVICE(device());
    const Tensor in = random_tensor(element::f32, {1, 3, 4, 5}, 0, 255, 4);
    const std::vector<double> x = values(in);
    {
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().preprocess().mean(100.0f).scale(4.0f);
        std::vector<double> want(x.size());
        for (size_t i = 0; i < x.size(); ++i)
            want[i] = (static_cast<float>(x[i]) - 100.0f) / 4.0f;
        EXPECT_TENSOR_NEAR(run_on(ppp.build(), device(), {in})[0], make_tensor(element::f32, {1, 3, 4, 5}, want),
                           1e-5, 1e-5);
    }
    {
        const std::vector<float> mean{123.675f, 116.28f, 103.53f}, scale{58.395f, 57.12f, 57.375f};
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().model().set_layout("NCHW");
        ppp.input().preprocess().mean(mean).scale(scale);
        std::vector<double> want(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            const size_t c = i / 20;
            want[i] = (static_cast<float>(x[i]) - mean[c]) / scale[c];
        }
        EXPECT_TENSOR_NEAR(run_on(ppp.build(), device(), {in})[0], make_tensor(element::f32, {1, 3, 4, 5}, want),
                           1e-5, 1e-5);
    }
}

TEST_P(Steps, ImplicitTransposeMovesAheadOfTrailingElementwiseSteps) {
    OVCL_REQUIRE_DEVICE(device());
    const std::vector<float> mean{10.f, 20.f, 30.f}, scale{2.f, 4.f, 8.f};
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().tensor().set_element_type(element::u8).set_layout("NHWC");
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess().convert_element_type(element::f32).mean(mean).scale(scale);
    auto model = ppp.build();
    // The Parameter's only consumer is the Transpose, on u8; the math follows in NCHW.
    const auto consumers = model->get_consumers(model->input(0));
    ASSERT_EQ(consumers.size(), 1u);
    EXPECT_EQ(consumers[0].first->get_type_name(), "Transpose");
    EXPECT_EQ(consumers[0].first->get_output_element_type(0), element::u8);
    const Tensor in = random_u8({1, 4, 5, 3}, 10);
    Image a = image_of(in);
    for (size_t i = 0; i < a.v.size(); ++i)
        a.v[i] = (static_cast<float>(a.v[i]) - mean[i % 3]) / scale[i % 3];
    EXPECT_TENSOR_NEAR(run_on(model, device(), {in})[0], nchw_f32(a), 1e-6, 1e-6);
}

TEST_P(Steps, ResizeLinearAndNearestToTheModelSize) {
    OVCL_REQUIRE_DEVICE(device());
    const Tensor in = random_tensor(element::f32, {1, 7, 9, 2}, 0, 100, 5);
    for (const ResizeAlgorithm alg : {ResizeAlgorithm::RESIZE_LINEAR, ResizeAlgorithm::RESIZE_NEAREST}) {
        SCOPED_TRACE(to_string(alg));
        // Downscale 7x9 -> 4x5 and upscale 7x9 -> 11x16: non-integer ratios both ways.
        for (const auto& [oh, ow] : {std::pair<size_t, size_t>{4, 5}, {11, 16}}) {
            PrePostProcessor ppp(identity_model({1, 2, oh, ow}));
            ppp.input().tensor().set_layout("NHWC").set_spatial_static_shape(7, 9);
            ppp.input().model().set_layout("NCHW");
            ppp.input().preprocess().resize(alg);
            auto model = ppp.build();
            EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 7, 9, 2}));
            const Image a = image_of(in);
            const Image want = alg == ResizeAlgorithm::RESIZE_LINEAR ? resize_linear(a, oh, ow)
                                                                     : resize_nearest(a, oh, ow);
            EXPECT_TENSOR_NEAR(run_on(model, device(), {in})[0], nchw_f32(want), 1e-4, 1e-5);
        }
    }
}

TEST_P(Steps, ResizeToAGivenSizeThenTheModelTakesIt) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(identity_model({1, 6, 8, 1}));
    ppp.input().tensor().set_layout("NHWC").set_shape(PartialShape{1, 3, 4, 1});
    ppp.input().preprocess().resize(ResizeAlgorithm::RESIZE_NEAREST, 6, 8);
    const Tensor in = random_tensor(element::f32, {1, 3, 4, 1}, 0, 10, 6);
    EXPECT_TENSOR_EQ(run_on(ppp.build(), device(), {in})[0], tensor_of(resize_nearest(image_of(in), 6, 8),
                                                                        element::f32, false));
}

TEST_P(Steps, ColorBgrToRgbReverseChannelsAndRgbx) {
    OVCL_REQUIRE_DEVICE(device());
    const Tensor in3 = random_u8({1, 2, 3, 3}, 7);
    const Image a = image_of(in3);
    Image swapped = a;
    for (size_t i = 0; i < a.v.size(); i += 3)
        std::swap(swapped.v[i], swapped.v[i + 2]);
    {
        PrePostProcessor ppp(identity_model({1, 2, 3, 3}, element::u8));
        ppp.input().tensor().set_color_format(ColorFormat::BGR);  // NHWC implied
        ppp.input().preprocess().convert_color(ColorFormat::RGB);
        EXPECT_TENSOR_EQ(run_on(ppp.build(), device(), {in3})[0], tensor_of(swapped, element::u8, false));
    }
    {
        PrePostProcessor ppp(identity_model({1, 2, 3, 3}, element::u8));
        ppp.input().tensor().set_layout("NHWC");
        ppp.input().preprocess().reverse_channels();
        EXPECT_TENSOR_EQ(run_on(ppp.build(), device(), {in3})[0], tensor_of(swapped, element::u8, false));
    }
    {
        // BGRX: four channels in, the model's three out, reordered.
        PrePostProcessor ppp(identity_model({1, 2, 3, 3}, element::u8));
        ppp.input().tensor().set_color_format(ColorFormat::BGRX);
        ppp.input().preprocess().convert_color(ColorFormat::RGB);
        auto model = ppp.build();
        EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 2, 3, 4}));
        const Tensor in4 = random_u8({1, 2, 3, 4}, 8);
        const Image b = image_of(in4);
        Image want{1, 2, 3, 3, {}};
        for (size_t p = 0; p < 6; ++p)
            want.v.insert(want.v.end(), {b.v[p * 4 + 2], b.v[p * 4 + 1], b.v[p * 4]});
        EXPECT_TENSOR_EQ(run_on(model, device(), {in4})[0], tensor_of(want, element::u8, false));
    }
}

TEST_P(Steps, CustomStep) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(identity_model({2, 3}));
    ppp.input().preprocess().custom([](const Output<Node>& x) { return op::make_output("Abs", {x}); });
    const Tensor in = make_tensor(element::f32, {2, 3}, std::vector<float>{-1, 2, -3, 4, -5, 6});
    EXPECT_TENSOR_EQ(run_on(ppp.build(), device(), {in})[0],
                     make_tensor(element::f32, {2, 3}, std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST_P(Steps, OutputElementTypeAndLayout) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(relu_model({1, 3, 2, 4}));
    ppp.output().model().set_layout("NCHW");
    ppp.output().tensor().set_layout("NHWC").set_element_type(element::f16);
    auto model = ppp.build();
    EXPECT_EQ(model->output(0).get_element_type(), element::f16);
    EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({1, 2, 4, 3}));
    EXPECT_EQ(model->output(0).get_any_name(), "out");
    const Tensor in = random_tensor(element::f32, {1, 3, 2, 4}, -2, 2, 9);
    std::vector<double> relu = values(in);
    for (double& v : relu)
        v = std::max(v, 0.0);
    // The reference: NCHW values -> NHWC positions, rounded to f16 (make_tensor rounds to nearest).
    std::vector<double> want(relu.size());
    for (size_t c = 0; c < 3; ++c)
        for (size_t y = 0; y < 2; ++y)
            for (size_t x = 0; x < 4; ++x)
                want[(y * 4 + x) * 3 + c] = relu[(c * 2 + y) * 4 + x];
    EXPECT_TENSOR_EQ(run_on(model, device(), {in})[0], make_tensor(element::f16, {1, 2, 4, 3}, want));
}

TEST_P(Steps, PostprocessExplicitSteps) {
    OVCL_REQUIRE_DEVICE(device());
    PrePostProcessor ppp(relu_model({2, 3}));
    ppp.output().postprocess().convert_layout(std::vector<uint64_t>{1, 0}).convert_element_type(element::i32);
    auto model = ppp.build();
    const Tensor in = make_tensor(element::f32, {2, 3}, std::vector<float>{-1, 2.7f, 3, 4.2f, -5, 6});
    // Convert truncates toward zero.
    EXPECT_TENSOR_EQ(run_on(model, device(), {in})[0],
                     make_tensor(element::i32, {3, 2}, std::vector<int>{0, 4, 2, 0, 3, 6}));
}

INSTANTIATE_TEST_SUITE_P(Devices, Steps, ::testing::ValuesIn(kDevices));

}  // namespace
