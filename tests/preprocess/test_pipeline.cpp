// Steps combined as an application uses them: a u8 NHWC BGR image of another size -> the model's f32 NCHW RGB
// input, normalized and resized, against a reference computed here step by step; on GPU every inserted op runs
// as a kernel (none falls back to the host), and the outputs with DISABLE_TRANSFORMATIONS (no fusion) equal
// the fused ones. Tolerance 1e-4 abs + 1e-5 rel: resize sums its taps in another order than the reference.
#include <gtest/gtest.h>

#include "preprocess_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::preprocess;
using namespace ovcl::test;

namespace {

const std::vector<float> kMean{123.675f, 116.28f, 103.53f};
const std::vector<float> kScale{58.395f, 57.12f, 57.375f};

/// u8 NHWC BGR [1, ih, iw, 3] -> model f32 [1, 3, oh, ow] NCHW RGB: color, type, mean, scale, resize.
std::shared_ptr<Model> bgr_pipeline(size_t ih, size_t iw, size_t oh, size_t ow) {
    PrePostProcessor ppp(relu_model({1, 3, oh, ow}));
    ppp.input()
        .tensor()
        .set_element_type(element::u8)
        .set_layout("NHWC")
        .set_spatial_static_shape(ih, iw)
        .set_color_format(ColorFormat::BGR);
    ppp.input().model().set_layout("NCHW");
    ppp.input()
        .preprocess()
        .convert_color(ColorFormat::RGB)
        .convert_element_type(element::f32)
        .mean(kMean)
        .scale(kScale)
        .resize(ResizeAlgorithm::RESIZE_LINEAR);
    return ppp.build();
}

/// The same computed by hand: swap B and R, normalize per channel, resize bilinear, Relu, NCHW.
Tensor bgr_reference(const Tensor& in, size_t oh, size_t ow) {
    Image a = image_of(in);
    for (size_t i = 0; i < a.v.size(); i += 3) {
        std::swap(a.v[i], a.v[i + 2]);
        for (size_t c = 0; c < 3; ++c)
            a.v[i + c] = (static_cast<float>(a.v[i + c]) - kMean[c]) / kScale[c];
    }
    Image r = resize_linear(a, oh, ow);
    for (double& v : r.v)
        v = std::max(v, 0.0);
    return tensor_of(r, element::f32, true);
}

class Pipeline : public ::testing::TestWithParam<std::string> {};

TEST_P(Pipeline, U8NhwcBgrToF32NchwRgbWithMeanScaleResize) {
    OVCL_REQUIRE_DEVICE(GetParam());
    auto model = bgr_pipeline(37, 45, 24, 32);
    ASSERT_EQ(model->inputs().size(), 1u);
    EXPECT_EQ(model->input(0).get_element_type(), element::u8);
    EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 37, 45, 3}));
    EXPECT_EQ(model->get_parameters()[0]->get_rt_info().at("layout").as<std::string>(), "NHWC");
    const Tensor in = random_u8({1, 37, 45, 3}, 21);
    EXPECT_TENSOR_NEAR(run_on(model, GetParam(), {in})[0], bgr_reference(in, 24, 32), 1e-4, 1e-5);
}

TEST_P(Pipeline, TwoInputsOneProcessedOneLeftAlone) {
    OVCL_REQUIRE_DEVICE(GetParam());
    auto a = op::parameter(element::f32, Shape{1, 3, 2, 2}, "a");
    auto b = op::parameter(element::f32, Shape{1, 3, 2, 2}, "b");
    auto sum = op::make("Add", {Output<Node>(a, 0), Output<Node>(b, 0)}, {{"auto_broadcast", "numpy"}});
    sum->output_names(0) = {"sum"};
    auto model = std::make_shared<Model>(NodeVector{op::result(Output<Node>(sum, 0), "sum")}, NodeVector{a, b}, "two");
    PrePostProcessor ppp(model);
    ppp.input("b").tensor().set_element_type(element::u8).set_layout("NHWC");
    ppp.input("b").model().set_layout("NCHW");
    ppp.input("b").preprocess().convert_element_type().scale(2.0f);
    auto built = ppp.build();
    ASSERT_EQ(built->inputs().size(), 2u);
    EXPECT_EQ(built->input(0).get_any_name(), "a");
    EXPECT_EQ(built->input(1).get_any_name(), "b");
    EXPECT_EQ(built->input(1).get_element_type(), element::u8);
    const Tensor ta = random_tensor(element::f32, {1, 3, 2, 2}, -1, 1, 1);
    const Tensor tb = random_u8({1, 2, 2, 3}, 2);
    const Tensor bn = tensor_of(image_of(tb), element::f32, true);
    std::vector<double> want = values(ta);
    const std::vector<double> bv = values(bn);
    for (size_t i = 0; i < want.size(); ++i)
        want[i] = static_cast<float>(want[i]) + static_cast<float>(bv[i]) / 2.0f;
    EXPECT_TENSOR_NEAR(run_on(built, GetParam(), {ta, tb})[0], make_tensor(element::f32, {1, 3, 2, 2}, want), 1e-6,
                       1e-6);
    // The model given to the PrePostProcessor is left as it was.
    EXPECT_EQ(model->input(1).get_element_type(), element::f32);
}

INSTANTIATE_TEST_SUITE_P(Devices, Pipeline, ::testing::ValuesIn(kDevices));

/// The primitive of every step of the GPU runtime model ("ref": the op fell back to the host).
std::map<std::string, std::string> primitives(const CompiledModel& compiled) {
    std::map<std::string, std::string> out;
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops()) {
        const std::string type = n->get_rt_info().at("layerType").as<std::string>();
        if (type != "Parameter" && type != "Constant" && type != "Result")
            out[n->get_friendly_name() + " (" + type + ")"] = n->get_rt_info().at("primitiveType").as<std::string>();
    }
    return out;
}

TEST(PipelineGpu, InsertedOpsRunAsKernelsAndFusionChangesNothing) {
    OVCL_REQUIRE_GPU();
    auto model = bgr_pipeline(30, 40, 16, 20);
    const Tensor in = random_u8({1, 30, 40, 3}, 33);
    Core core;
    CompiledModel fused = core.compile_model(model, "GPU");
    for (const auto& [name, prim] : primitives(fused))
        EXPECT_NE(prim, "ref") << name << " runs on the host";
    const Tensor a = run_on(model, "GPU", {in})[0];
    const Tensor b = run_on(model, "GPU", {in}, {{"DISABLE_TRANSFORMATIONS", true}})[0];
    EXPECT_TENSOR_NEAR(a, b, 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(a, bgr_reference(in, 16, 20), 1e-4, 1e-5);
    // Fusion merges the element-wise chain (Convert, Subtract, Divide, ...): fewer steps than ops inserted.
    CompiledModel plain = core.compile_model(model, "GPU", {{"DISABLE_TRANSFORMATIONS", true}});
    EXPECT_LT(primitives(fused).size(), primitives(plain).size());
}

}  // namespace
