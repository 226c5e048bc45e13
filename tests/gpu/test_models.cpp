// Whole models through Core on the GPU plugin (PoCL in CI) against REF: the embedded CNN
// and transformer block, forced host fallback, dynamic shapes, state, profiling, errors.
#include <gtest/gtest.h>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

bool gpu_available(Core& core) {
    const auto devices = core.get_available_devices();
    return std::find(devices.begin(), devices.end(), "GPU.0") != devices.end();
}

#define OVCL_REQUIRE_GPU_DEVICE(core) \
    if (!gpu_available(core))         \
    GTEST_SKIP() << "no OpenCL device (install pocl-opencl-icd for a CPU device)"

// Runs `model` on both devices with the same random inputs and compares every output.
void expect_same_on_gpu_and_ref(Core& core, const std::shared_ptr<Model>& model, const AnyMap& gpu_props,
                                double abs_tol, double rel_tol) {
    auto gpu = core.compile_model(model, "GPU", gpu_props).create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < model->inputs().size(); ++i) {
        const Output in = model->input(i);
        auto t = test::random_tensor(in.get_element_type(), in.get_shape(), -1, 1, static_cast<uint32_t>(17 + i));
        gpu.set_tensor(in, t);
        ref.set_tensor(in, t);
    }
    gpu.infer();
    ref.infer();
    for (size_t i = 0; i < model->outputs().size(); ++i)
        EXPECT_TENSOR_NEAR(gpu.get_output_tensor(i), ref.get_output_tensor(i), abs_tol, rel_tol);
}

}  // namespace

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
        EXPECT_TRUE(answer.device.empty()) << op->get_friendly_name();
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
    EXPECT_THROW(core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "f16"}}), NotImplemented);  // not silently f32
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "GPU.99"), NotFound);
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "GPU", {{"NO_SUCH_KEY", 1}}), NotFound);
    const auto ids = core.get_property("GPU", available_devices);
    for (const auto& id : ids)  // every device runs a model (CI exposes two PoCL devices)
        expect_same_on_gpu_and_ref(core, test::add_relu_model(), {{"DEVICE_ID", id}}, 0, 0);
}
