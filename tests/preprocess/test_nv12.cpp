// NV12 inputs (two planes "<name>/y" + "<name>/uv", or one plane of H*3/2 rows) converted to RGB / BGR / GRAY
// on REF and GPU, against the BT.601 conversion written out here as OpenVINO's NV12toRGB defines it.
// u8 results are rounded: REF equals the reference exactly (the same f32 operations in the same order); the
// GPU may contract a multiply-add into an FMA, which moves a value sitting on a .5 tie by one, so u8 on GPU
// allows 1 (and counts such pixels: a few at most). f32 results: 1e-4 abs + 1e-5 rel.
#include <gtest/gtest.h>

#include "preprocess_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::preprocess;
using namespace ovcl::test;

namespace {

constexpr size_t kH = 6, kW = 10;

struct Case {
    std::string device;
    element::Type type;
    bool two_planes;
    ColorFormat to;
};

std::string name_of(const ::testing::TestParamInfo<Case>& info) {
    const Case& c = info.param;
    return c.device + "_" + c.type.to_string() + (c.two_planes ? "_two_planes_" : "_single_plane_") +
           to_string(c.to);
}

class Nv12 : public ::testing::TestWithParam<Case> {};

TEST_P(Nv12, MatchesBt601Reference) {
    const Case& c = GetParam();
    OVCL_REQUIRE_DEVICE(c.device);
    const size_t channels = c.to == ColorFormat::GRAY ? 1 : 3;
    PrePostProcessor ppp(identity_model({1, channels, kH, kW}));
    ppp.input().tensor().set_element_type(c.type).set_color_format(
        c.two_planes ? ColorFormat::NV12_TWO_PLANES : ColorFormat::NV12_SINGLE_PLANE);
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess().convert_color(c.to);
    auto model = ppp.build();

    // Full-range values, so the clamps at 0 and 255 are exercised too.
    const Tensor y = random_tensor(element::u8, {1, kH, kW, 1}, 0, 255, 3);
    const Tensor uv = random_tensor(element::u8, {1, kH / 2, kW / 2, 2}, 0, 255, 4);
    TensorVector inputs;
    if (c.two_planes) {
        ASSERT_EQ(model->inputs().size(), 2u);
        EXPECT_EQ(model->input(0).get_any_name(), "data/y");
        EXPECT_EQ(model->input(1).get_any_name(), "data/uv");
        EXPECT_EQ(model->get_parameters()[0]->get_friendly_name(), "data/y");
        EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, kH, kW, 1}));
        EXPECT_EQ(model->input(1).get_partial_shape(), PartialShape({1, kH / 2, kW / 2, 2}));
        inputs = {make_tensor(c.type, y.get_shape(), values(y)), make_tensor(c.type, uv.get_shape(), values(uv))};
    } else {
        ASSERT_EQ(model->inputs().size(), 1u);
        EXPECT_EQ(model->input(0).get_any_name(), "data");
        EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, kH * 3 / 2, kW, 1}));
        std::vector<double> all = values(y);
        const std::vector<double> tail = values(uv);
        all.insert(all.end(), tail.begin(), tail.end());
        inputs = {make_tensor(c.type, {1, kH * 3 / 2, kW, 1}, all)};
    }
    const Tensor out = run_on(model, c.device, inputs)[0];

    const bool u8 = c.type == element::u8;
    Image want;
    if (c.to == ColorFormat::GRAY)
        want = Image{1, kH, kW, 1, values(y)};
    else
        want = nv12_to_rgb(values(y), values(uv), 1, kH, kW, c.to == ColorFormat::BGR, u8);
    const Tensor expected = tensor_of(want, element::f32, true);
    if (!u8) {
        EXPECT_TENSOR_NEAR(out, expected, 1e-4, 1e-5);
        return;
    }
    const std::vector<double> got = values(out), exp = values(expected);
    ASSERT_EQ(got.size(), exp.size());
    size_t off_by_one = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        const double d = std::abs(got[i] - exp[i]);
        if (c.device == "REF" || d > 1) {
            ASSERT_EQ(got[i], exp[i]) << "element " << i;
        }
        off_by_one += d > 0;
    }
    EXPECT_LE(off_by_one, got.size() / 50) << "too many pixels one off: not rounding ties";
}

std::vector<Case> cases() {
    std::vector<Case> out;
    for (const std::string& d : kDevices)
        for (element::Type t : {element::u8, element::f32})
            for (bool two : {true, false})
                for (ColorFormat to : {ColorFormat::RGB, ColorFormat::BGR, ColorFormat::GRAY})
                    out.push_back({d, t, two, to});
    return out;
}

INSTANTIATE_TEST_SUITE_P(All, Nv12, ::testing::ValuesIn(cases()), name_of);

TEST(Nv12, U8TiesRoundAsTheNv12ToRgbOp) {
    // A larger image holds pixels whose value is exactly k + 0.5: REF's preprocessing must give what NV12toRGB-8
    // gives (its host_ref matches OpenVINO CPU there: tests/ops/test_color_convert.cpp), rounding half to even.
    constexpr size_t h = 64, w = 128;
    PrePostProcessor ppp(identity_model({1, 3, h, w}, element::u8));
    ppp.input().tensor().set_element_type(element::u8).set_color_format(ColorFormat::NV12_TWO_PLANES);
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess().convert_color(ColorFormat::RGB);
    auto model = ppp.build();
    const TensorVector in{random_tensor(element::u8, {1, h, w, 1}, 0, 255, 7),
                          random_tensor(element::u8, {1, h / 2, w / 2, 2}, 0, 255, 8)};
    const Tensor nhwc = test::eval_op("NV12toRGB", 8, in);
    const std::vector<double> got = values(run_on(model, "REF", in)[0]), op = values(nhwc);
    size_t ties = 0;  // pixels where rounding half away from zero would give one more
    for (size_t i = 0; i < h * w; ++i)
        for (size_t c = 0; c < 3; ++c)
            ASSERT_EQ(got[c * h * w + i], op[i * 3 + c]) << "pixel " << i << " channel " << c;
    const std::vector<double> exact = nv12_to_rgb(values(in[0]), values(in[1]), 1, h, w, false, false).v;
    for (const double v : exact)
        ties += v - std::floor(v) == 0.5;
    EXPECT_GT(ties, 0u) << "the image holds no tie: the test checks nothing about rounding";
}

TEST(Nv12Gpu, OneFusedColorKernelNoHostStepAndFusionChangesNothing) {
    OVCL_REQUIRE_GPU();
    // 1080p-like proportions at a test size: u8 NV12 -> f32 NCHW RGB, normalized.
    PrePostProcessor ppp(identity_model({1, 3, 36, 64}));
    ppp.input().tensor().set_element_type(element::u8).set_color_format(ColorFormat::NV12_TWO_PLANES);
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess().convert_color(ColorFormat::RGB).convert_element_type(element::f32).scale(255.0f);
    auto model = ppp.build();
    const TensorVector in{random_tensor(element::u8, {1, 36, 64, 1}, 0, 255, 5),
                          random_tensor(element::u8, {1, 18, 32, 2}, 0, 255, 6)};
    Core core;
    CompiledModel compiled = core.compile_model(model, "GPU");
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        EXPECT_NE(n->get_rt_info().at("primitiveType").as<std::string>(), "ref")
            << n->get_friendly_name() << " (" << n->get_type_name() << ") runs on the host";
    const Tensor fused = run_on(model, "GPU", in)[0];
    const Tensor plain = run_on(model, "GPU", in, {{"DISABLE_TRANSFORMATIONS", true}})[0];
    EXPECT_TENSOR_NEAR(fused, plain, 1e-6, 1e-6);
    EXPECT_TENSOR_NEAR(fused, run_on(model, "REF", in)[0], 1.0 / 255 + 1e-6, 0);
}

}  // namespace
