// Whole models through Core on the GPU plugin (PoCL in CI) against REF: the embedded CNN
// and transformer block, forced host fallback, dynamic shapes, state, profiling, errors.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

// Runs `model` on both devices with the same random inputs and compares every output.
void expect_same_on_gpu_and_ref(Core& core, const std::shared_ptr<Model>& model, const AnyMap& gpu_props,
                                double abs_tol, double rel_tol) {
    auto compiled = core.compile_model(model, "GPU", gpu_props);
    test::max_abs_error(core, model, compiled, abs_tol, rel_tol, 17);
}

// A MobileNet-style CNN: stem conv, then depthwise 3x3 + pointwise 1x1 blocks with Clamp
// (ReLU6), global pooling and a classifier. Weights are seeded random constants.
std::shared_ptr<Model> mobilenet_like() {
    uint32_t seed = 5;
    auto weights = [&](const Shape& s, double scale) {
        return op::constant(test::random_tensor(element::f32, s, -scale, scale, seed++));
    };
    auto conv = [&](const Output<Node>& x, size_t c_in, size_t c_out, size_t k, size_t stride) {
        const std::string pad = std::to_string(k / 2);
        return op::make_output("Convolution", {x, weights({c_out, c_in, k, k}, 1.0 / std::sqrt(double(c_in * k * k)))},
                               {{"strides", op::list(std::vector<size_t>{stride, stride})},
                                {"dilations", "1,1"},
                                {"pads_begin", pad + "," + pad},
                                {"pads_end", pad + "," + pad},
                                {"auto_pad", "explicit"}});
    };
    auto depthwise = [&](const Output<Node>& x, size_t c, size_t stride) {
        return op::make_output("GroupConvolution", {x, weights({c, 1, 1, 3, 3}, 1.0 / 3)},
                               {{"strides", op::list(std::vector<size_t>{stride, stride})},
                                {"dilations", "1,1"},
                                {"pads_begin", "1,1"},
                                {"pads_end", "1,1"},
                                {"auto_pad", "explicit"}});
    };
    auto relu6 = [](const Output<Node>& x) { return op::make_output("Clamp", {x}, {{"min", "0"}, {"max", "6"}}); };
    auto input = op::parameter(element::f32, Shape{1, 3, 64, 64}, "image");
    Output<Node> x = relu6(conv(input, 3, 16, 3, 2));
    size_t c = 16;
    for (auto [c_out, stride] : std::vector<std::pair<size_t, size_t>>{{32, 1}, {64, 2}, {64, 1}, {128, 2}}) {
        x = relu6(depthwise(x, c, stride));
        x = relu6(conv(x, c, c_out, 1, 1));
        c = c_out;
    }
    x = op::make_output("ReduceMean", {x, op::constant<int64_t>(element::i64, Shape{2}, {2, 3})},
                        {{"keep_dims", "false"}});
    x = op::make_output("MatMul", {x, weights({c, 10}, 0.1)}, {{"transpose_a", "false"}, {"transpose_b", "false"}});
    x = op::make_output("Softmax", {x}, {{"axis", "-1"}});
    x.node->output_names(0).insert("scores");
    return std::make_shared<Model>(OutputVector{x}, NodeVector{input}, "mobilenet_like");
}

}  // namespace

TEST(GpuModels, MobileNetStyleDepthwiseCnnMatchesRef) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto model = mobilenet_like();
    const auto report = core.query_model_report(model, "GPU");
    for (const auto& op : model->get_ordered_ops()) {  // the depthwise and pointwise convs run on the device
        if (op->get_type_name() == "GroupConvolution" || op->get_type_name() == "Convolution") {
            EXPECT_EQ(report.at(op->get_friendly_name()).device, "GPU.0") << report.at(op->get_friendly_name()).reason;
        }
    }
    expect_same_on_gpu_and_ref(core, model, {}, 1e-5, 1e-4);
}

// A model with dynamic shapes is planned per input signature when it runs; query_model reports what that
// does: the ops with a kernel on the device, the others (NonZero, data-dependent, has none) on the host inside
// the GPU model, supported (as OpenVINO's query_model means it) with the reason they are not kernels.
TEST(GpuPlugin, QueryOfADynamicModelReportsTheKernels) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape{-1, 8});
    auto relu = op::make("Relu", {x});
    auto soft = op::make("Softmax", {relu}, {{"axis", "1"}}, 8);
    auto nonzero = op::make("NonZero", {relu}, {{"output_type", "i64"}}, 3);
    auto model = std::make_shared<Model>(OutputVector{Output<Node>(soft, 0), Output<Node>(nonzero, 0)}, NodeVector{x}, "dyn");
    const auto report = core.query_model_report(model, "GPU");
    EXPECT_EQ(report.at(relu->get_friendly_name()).device, "GPU.0") << report.at(relu->get_friendly_name()).reason;
    EXPECT_EQ(report.at(soft->get_friendly_name()).device, "GPU.0") << report.at(soft->get_friendly_name()).reason;
    EXPECT_FALSE(report.at(relu->get_friendly_name()).host);
    const OpQuery& host = report.at(nonzero->get_friendly_name());
    EXPECT_EQ(host.device, "GPU.0");
    EXPECT_TRUE(host.host);
    EXPECT_NE(host.reason.find("no OpenCL kernel for NonZero"), std::string::npos) << host.reason;
    EXPECT_EQ(core.query_model(model, "GPU").count(nonzero->get_friendly_name()), 1u);
    // And compile agrees: the dynamic model runs, matching REF.
    auto compiled = core.compile_model(model, "GPU");
    auto request = compiled.create_infer_request();
    const Tensor in = test::random_tensor(element::f32, Shape{3, 8}, -2, 2, 4);
    request.set_input_tensor(in);
    request.infer();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    ref.set_input_tensor(in);
    ref.infer();
    EXPECT_TENSOR_NEAR(request.get_output_tensor(0), ref.get_output_tensor(0), 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(request.get_output_tensor(1), ref.get_output_tensor(1), 0.0, 0.0);
}

TEST(GpuPlugin, NoOpenClRuntimeIsAClearError) {
    // The ICD loader finds no vendor in an empty directory: the GPU plugin has no device.
    const std::string empty = ::testing::TempDir() + "ovcl_no_icd";
    std::filesystem::create_directories(empty);
    const std::string cmd = "OCL_ICD_VENDORS=" + empty + " " + OVCL_BUILD_BIN_DIR + "/ovcl run -d GPU -o " + empty +
                            "/out > " + empty + "/log.txt 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    std::ifstream log(empty + "/log.txt");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("no OpenCL device found"), std::string::npos) << text;
    const std::string devices = "OCL_ICD_VENDORS=" + empty + " " + OVCL_BUILD_BIN_DIR + "/ovcl devices > " + empty +
                                "/devices.txt 2>&1";
    EXPECT_EQ(std::system(devices.c_str()), 0);  // REF is still there; GPU is simply not listed
    std::ifstream dev(empty + "/devices.txt");
    const std::string listed((std::istreambuf_iterator<char>(dev)), std::istreambuf_iterator<char>());
    EXPECT_NE(listed.find("REF"), std::string::npos);
    EXPECT_EQ(listed.find("GPU.0"), std::string::npos) << listed;
}

TEST(GpuModels, ResNetStyleCnnMatchesRef) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    expect_same_on_gpu_and_ref(core, default_models::make_resnet_like_cnn(), {}, 1e-5, 1e-4);
}

TEST(GpuModels, TransformerBlockMatchesRef) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    expect_same_on_gpu_and_ref(core, default_models::make_transformer_block(), {}, 1e-4, 1e-4);
}

TEST(GpuModels, OpsForcedToTheHostStillRunWhole) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const AnyMap props{{"OVCL_GPU_HOST_OPS", "Add Softmax"}};
    auto model = default_models::make_resnet_like_cnn();
    const auto report = core.query_model_report(model, "GPU", props);
    size_t host = 0;
    for (const auto& op : model->get_ordered_ops()) {
        const std::string& type = op->get_type_name();
        if (type != "Add" && type != "Softmax")
            continue;
        const OpQuery& answer = report.at(op->get_friendly_name());
        EXPECT_EQ(answer.device, "GPU.0") << op->get_friendly_name();
        EXPECT_TRUE(answer.host) << op->get_friendly_name();
        EXPECT_NE(answer.reason.find("OVCL_GPU_HOST_OPS"), std::string::npos) << op->get_friendly_name();
        ++host;
    }
    EXPECT_GT(host, 0u);
    expect_same_on_gpu_and_ref(core, model, props, 1e-5, 1e-4);
    auto runtime = core.compile_model(model, "GPU", props).get_runtime_model();
    size_t ref_steps = 0;
    for (const auto& n : runtime->get_ordered_ops())
        ref_steps += n->get_rt_info().at("primitiveType").as<std::string>() == "ref";
    EXPECT_GE(ref_steps, host);
}

TEST(GpuModels, DynamicShapesSpecialisePerInputShape) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(test::add_relu_model(PartialShape("[?,3]")), "GPU");
    auto request = compiled.create_infer_request();
    for (size_t rows : {2u, 5u, 2u}) {
        auto a = test::random_tensor(element::f32, {rows, 3}, -1, 1, 1);
        auto b = test::random_tensor(element::f32, {rows, 3}, -1, 1, 2);
        request.set_tensor("a", a);
        request.set_tensor("b", b);
        request.infer();
        const auto out = request.get_tensor("out");
        ASSERT_EQ(out.get_shape(), (Shape{rows, 3}));
        const auto av = test::values(a), bv = test::values(b), ov = test::values(out);
        for (size_t i = 0; i < ov.size(); ++i)
            EXPECT_NEAR(ov[i], std::max(0.0, av[i] + bv[i]), 1e-6);
    }
}

TEST(GpuModels, VariablesCarryAcrossInferences) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request = core.compile_model(test::accumulator_model(), "GPU").create_infer_request();
    auto x = test::make_tensor<float>(element::f32, {1, 4}, {1, 2, 3, 4});
    request.set_tensor("x", x);
    request.infer();
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), test::make_tensor<float>(element::f32, {1, 4}, {2, 4, 6, 8}));
    request.reset_state();
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), x);
}

TEST(GpuModels, ProfilingReportsEveryStep) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto model = default_models::make_resnet_like_cnn();
    auto request = core.compile_model(model, "GPU", {{"PERF_COUNT", true}}).create_infer_request();
    request.infer();
    const auto info = request.get_profiling_info();
    std::set<std::string> stages;
    size_t ops = 0;
    for (const auto& p : info) {
        if (p.node_type == "Stage")
            stages.insert(p.node_name);
        else
            ++ops;
    }
    EXPECT_EQ(stages, (std::set<std::string>{"Preprocess", "Upload", "StartPipeline", "WaitPipeline", "Postprocess"}));
    EXPECT_GT(ops, 10u);
}

TEST(GpuModels, BadTensorsAreRefusedAndTheRequestStaysUsable) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request = core.compile_model(test::add_relu_model(), "GPU").create_infer_request();
    EXPECT_THROW(request.set_tensor("a", Tensor(element::f32, {3, 2})), InvalidArgument);
    EXPECT_THROW(request.set_tensor("a", Tensor(element::i64, {2, 3})), InvalidArgument);
    request.set_tensor("a", test::make_tensor<float>(element::f32, {2, 3}, {1, -1, 2, -2, 3, -3}));
    request.set_tensor("b", test::make_tensor<float>(element::f32, {2, 3}, {0, 0, 0, 0, 0, 0}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("out"), test::make_tensor<float>(element::f32, {2, 3}, {1, 0, 2, 0, 3, 0}));
}

TEST(GpuPlugin, PropertiesAndDevices) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    EXPECT_FALSE(core.get_property("GPU", device::full_name).empty());
    EXPECT_FALSE(core.get_property("GPU.0", device::architecture).empty());
    const auto caps = core.get_property("GPU", device::capabilities);
    EXPECT_NE(std::find(caps.begin(), caps.end(), "FP32"), caps.end());
    EXPECT_THROW(core.set_property("GPU", {{"NO_SUCH_KEY", 1}}), NotFound);
    EXPECT_NO_THROW(core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "f32"}}));
    EXPECT_THROW(core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "i8"}}), InvalidArgument);
    EXPECT_NO_THROW(core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "f16"}}));  // f16 storage (test_precision)
    EXPECT_EQ(core.get_property("GPU", hint::inference_precision), element::f16);
    core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "f32"}});  // the exact comparisons below run f32
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "GPU.99"), NotFound);
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "GPU", {{"NO_SUCH_KEY", 1}}), NotFound);
    const auto ids = core.get_property("GPU", available_devices);
    for (const auto& id : ids)  // every device runs a model (CI exposes two PoCL devices)
        expect_same_on_gpu_and_ref(core, test::add_relu_model(), {{"DEVICE_ID", id}}, 0, 0);
}
