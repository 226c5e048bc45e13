// Bad use of the PrePostProcessor and of Layout: each throws ovcl::InvalidArgument (or NotFound for a name)
// whose message names the input or output and the step.
#include <gtest/gtest.h>

#include "preprocess_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::preprocess;
using namespace ovcl::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

#define EXPECT_MESSAGE_HAS(msg, part) EXPECT_TRUE(contains((msg), (part))) << "message: " << (msg)

TEST(PreprocessErrors, UnknownLayoutText) {
    for (const char* bad : {"NC#W", "[N,C,H", "NCHN", "[N,,C]", "N...C..."}) {
        const std::string msg = error_of([&] { Layout l(bad); });
        EXPECT_MESSAGE_HAS(msg, std::string("layout '") + bad + "'");
    }
}

TEST(PreprocessErrors, LayoutThatDoesNotFitTheInput) {
    PrePostProcessor ppp(identity_model({1, 3, 4}));
    ppp.input().tensor().set_layout("NCHW");
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "input 'data'");
    EXPECT_MESSAGE_HAS(msg, "tensor layout 'NCHW' does not fit the rank 3");
}

TEST(PreprocessErrors, LayoutsWithDifferentAxes) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().tensor().set_layout("NHWC");
    ppp.input().model().set_layout("NCDW");
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "input 'data'");
    EXPECT_MESSAGE_HAS(msg, "no axis 'H'");
}

TEST(PreprocessErrors, MeanSizeDiffersFromChannels) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess().mean({1.0f, 2.0f});
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "input 'data'");
    EXPECT_MESSAGE_HAS(msg, "preprocess step 1 mean([1,2])");
    EXPECT_MESSAGE_HAS(msg, "2 values for 3 channels");
}

TEST(PreprocessErrors, PerChannelScaleWithoutChannelAxis) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().preprocess().scale({1.0f, 2.0f, 3.0f});
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "scale([1,2,3])");
    EXPECT_MESSAGE_HAS(msg, "layout is not known");
}

TEST(PreprocessErrors, MeanOnIntegerData) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().tensor().set_element_type(element::u8);
    ppp.input().preprocess().mean(1.0f);
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "mean([1])");
    EXPECT_MESSAGE_HAS(msg, "convert_element_type(f32)");
}

TEST(PreprocessErrors, ZeroScaleIsRefusedWhenGiven) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    const std::string msg = error_of([&] { ppp.input().preprocess().scale({1.0f, 0.0f, 1.0f}); });
    EXPECT_MESSAGE_HAS(msg, "scale");
}

TEST(PreprocessErrors, ResizeWithoutSpatialAxes) {
    {
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR);
        const std::string msg = error_of([&] { ppp.build(); });
        EXPECT_MESSAGE_HAS(msg, "input 'data'");
        EXPECT_MESSAGE_HAS(msg, "resize(RESIZE_LINEAR)");
        EXPECT_MESSAGE_HAS(msg, "H axis");
    }
    {
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().tensor().set_layout("NC??");
        ppp.input().preprocess().resize(ResizeAlgorithm::RESIZE_NEAREST, 2, 2);
        const std::string msg = error_of([&] { ppp.build(); });
        EXPECT_MESSAGE_HAS(msg, "layout 'NC?" "?' has no H axis");
    }
    {
        PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
        ppp.input().tensor().set_spatial_static_shape(8, 8);
        const std::string msg = error_of([&] { ppp.build(); });
        EXPECT_MESSAGE_HAS(msg, "set_spatial_static_shape");
    }
}

TEST(PreprocessErrors, SpatialShapeWithoutResize) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().tensor().set_layout("NCHW").set_spatial_static_shape(8, 8);
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "the model takes f32 [1,3,4,5]");
    EXPECT_MESSAGE_HAS(msg, "resize");
}

TEST(PreprocessErrors, ColorConversionOnWrongChannelCount) {
    PrePostProcessor ppp(identity_model({1, 4, 4, 5}));
    ppp.input().tensor().set_color_format(ColorFormat::BGR).set_layout("NCHW");
    ppp.input().preprocess().convert_color(ColorFormat::RGB);
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "convert_color(RGB)");
    EXPECT_MESSAGE_HAS(msg, "BGR data has 3 channels, the tensor has 4");
}

TEST(PreprocessErrors, ColorConversionWithoutFormat) {
    PrePostProcessor ppp(identity_model({1, 3, 4, 5}));
    ppp.input().preprocess().convert_color(ColorFormat::RGB);
    EXPECT_MESSAGE_HAS(error_of([&] { ppp.build(); }), "color format is not set");
}

TEST(PreprocessErrors, Nv12Misuse) {
    {  // no conversion to RGB/BGR
        PrePostProcessor ppp(identity_model({1, 3, 4, 6}));
        ppp.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES);
        ppp.input().model().set_layout("NCHW");
        EXPECT_MESSAGE_HAS(error_of([&] { ppp.build(); }), "add preprocess().convert_color");
    }
    {  // a step on the planes before converting them
        PrePostProcessor ppp(identity_model({1, 3, 4, 6}));
        ppp.input().tensor().set_color_format(ColorFormat::NV12_SINGLE_PLANE);
        ppp.input().model().set_layout("NCHW");
        ppp.input().preprocess().convert_element_type(element::f32).mean(1.0f).convert_color(ColorFormat::RGB);
        EXPECT_MESSAGE_HAS(error_of([&] { ppp.build(); }), "convert_color(RGB or BGR) comes first");
    }
    {  // odd height
        PrePostProcessor ppp(identity_model({1, 3, 5, 6}));
        ppp.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES);
        ppp.input().model().set_layout("NCHW");
        ppp.input().preprocess().convert_color(ColorFormat::RGB);
        EXPECT_MESSAGE_HAS(error_of([&] { ppp.build(); }), "even image height");
    }
    {  // sub-names for a one-plane format
        PrePostProcessor ppp(identity_model({1, 3, 4, 6}));
        EXPECT_MESSAGE_HAS(error_of([&] {
                               ppp.input().tensor().set_color_format(ColorFormat::NV12_SINGLE_PLANE, {"a"});
                           }),
                           "single-plane");
    }
}

TEST(PreprocessErrors, OutputStepsNeedLayouts) {
    PrePostProcessor ppp(relu_model({1, 3, 2, 2}));
    ppp.output().postprocess().convert_layout("NHWC");
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "output 'out'");
    EXPECT_MESSAGE_HAS(msg, "postprocess step 1 convert_layout(NHWC)");
}

TEST(PreprocessErrors, UnknownNamesAndIndices) {
    PrePostProcessor ppp(identity_model({1, 3}));
    EXPECT_THROW(ppp.input("nope"), NotFound);
    EXPECT_THROW(ppp.input(1), NotFound);
    EXPECT_THROW(ppp.output(3), NotFound);
    EXPECT_THROW(PrePostProcessor(nullptr), InvalidArgument);
}

TEST(PreprocessErrors, CustomStepWhoseOpIsInvalid) {
    PrePostProcessor ppp(identity_model({2, 3}));
    ppp.input().preprocess().custom([](const Output<Node>& x) {
        return op::make_output("Reshape", {x, Output<Node>(op::constant<int64_t>(element::i64, {1}, {7}), 0)},
                               {{"special_zero", "false"}});
    });
    const std::string msg = error_of([&] { ppp.build(); });
    EXPECT_MESSAGE_HAS(msg, "preprocess step 1 custom()");
}

}  // namespace
