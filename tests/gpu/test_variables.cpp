// Variables (ReadValue/Assign) on the GPU plugin: their values stay in device buffers between
// inferences (the plan's READ_VALUE / ASSIGN copy steps), the state API reads and writes those
// buffers, and forcing a variable op to the host keeps both ops and the value there. Every
// result is checked against the arithmetic the model does (state += x) and against REF.
#include <gtest/gtest.h>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

Tensor row(std::vector<float> v) { return test::make_tensor<float>(element::f32, {1, 4}, v); }

// The implementation each node of the compiled model runs as (runtime model's primitiveType).
std::map<std::string, std::string> impls(const CompiledModel& compiled) {
    std::map<std::string, std::string> out;
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        out[n->get_type_name()] = n->get_rt_info().at("primitiveType").as<std::string>();
    return out;
}

// acc = ReadValue-6 with no init input (zeros, declared f32 [1,4]); out = acc + x; Assign(out).
std::shared_ptr<Model> accumulator_without_init() {
    auto x = op::parameter(element::f32, Shape{1, 4}, "x");
    auto read = op::make("ReadValue", {}, {{"variable_id", "acc"}, {"variable_type", "f32"}, {"variable_shape", "1,4"}});
    auto sum = op::make("Add", {read, x});
    sum->output_names(0).insert("sum");
    auto assign = op::make("Assign", {sum}, {{"variable_id", "acc"}});
    return std::make_shared<Model>(NodeVector{op::result(sum, "sum")}, NodeVector{x}, "acc6", NodeVector{assign});
}

}  // namespace

TEST(GpuVariables, ReadValueAndAssignAreDeviceCopies) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(test::accumulator_model(), "GPU");
    const auto by_type = impls(compiled);
    EXPECT_EQ(by_type.at("ReadValue"), "variable_read");
    EXPECT_EQ(by_type.at("Assign"), "variable_write");
    for (const auto& [name, answer] : core.query_model_report(test::accumulator_model(), "GPU"))
        EXPECT_FALSE(answer.device.empty()) << name << ": " << answer.reason;
}

TEST(GpuVariables, StateCarriesAcrossInferencesAndThroughTheStateApi) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(test::accumulator_model(), "GPU");
    auto request = compiled.create_infer_request();
    request.set_tensor("x", row({1, 2, 3, 4}));
    for (int i = 1; i <= 3; ++i) {
        request.infer();
        EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({1.f * i, 2.f * i, 3.f * i, 4.f * i}));
    }
    auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "acc");
    EXPECT_TENSOR_EQ(states[0].get_state(), row({3, 6, 9, 12}));

    states[0].set_state(row({10, 20, 30, 40}));
    EXPECT_TENSOR_EQ(states[0].get_state(), row({10, 20, 30, 40}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({11, 22, 33, 44}));

    request.reset_state();
    EXPECT_EQ(states[0].get_state().get_shape(), Shape{0});  // reset: no value until the next Assign
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({1, 2, 3, 4}));

    auto other = compiled.create_infer_request();  // each request has its own variables
    other.set_tensor("x", row({5, 5, 5, 5}));
    other.infer();
    EXPECT_TENSOR_EQ(other.get_tensor("sum"), row({5, 5, 5, 5}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({2, 4, 6, 8}));
}

TEST(GpuVariables, ReadValueWithoutInitStartsAtZeros) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request = core.compile_model(accumulator_without_init(), "GPU").create_infer_request();
    request.set_tensor("x", row({1, -2, 3, -4}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({1, -2, 3, -4}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({2, -4, 6, -8}));
}

TEST(GpuVariables, AsyncRunsCarryTheState) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request = core.compile_model(test::accumulator_model(), "GPU").create_infer_request();
    request.set_tensor("x", row({1, 1, 1, 1}));
    for (int i = 0; i < 20; ++i) {
        request.start_async();
        request.wait();
    }
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({20, 20, 20, 20}));
    EXPECT_TENSOR_EQ(request.query_state()[0].get_state(), row({20, 20, 20, 20}));
}

TEST(GpuVariables, ForcedToTheHostBothOpsShareOneHostValue) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const char* forced : {"ReadValue", "Assign"}) {
        auto compiled = core.compile_model(test::accumulator_model(), "GPU", {{"OVCL_GPU_HOST_OPS", forced}});
        const auto by_type = impls(compiled);
        EXPECT_EQ(by_type.at("ReadValue"), "ref") << forced;
        EXPECT_EQ(by_type.at("Assign"), "ref") << forced;
        auto request = compiled.create_infer_request();
        request.set_tensor("x", row({1, 2, 3, 4}));
        request.infer();
        request.infer();
        EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({2, 4, 6, 8})) << forced;
        request.query_state()[0].set_state(row({0, 0, 0, 1}));
        request.infer();
        EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({1, 2, 3, 5})) << forced;
    }
}

TEST(GpuVariables, StateOfTheWrongShapeIsRefusedAndTheRequestRecovers) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request = core.compile_model(test::accumulator_model(), "GPU").create_infer_request();
    request.set_tensor("x", row({1, 2, 3, 4}));
    auto state = request.query_state()[0];
    state.set_state(test::make_tensor<float>(element::f32, {2, 4}, {1, 1, 1, 1, 1, 1, 1, 1}));
    try {
        request.infer();
        FAIL() << "a [2,4] state for a [1,4] ReadValue must be refused";
    } catch (const Exception& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("'acc'"), std::string::npos) << what;
        EXPECT_NE(what.find("[2,4]"), std::string::npos) << what;
    }
    state.set_state(test::make_tensor<int32_t>(element::i32, {1, 4}, {1, 1, 1, 1}));
    EXPECT_THROW(request.infer(), Exception);  // wrong type
    EXPECT_THROW(state.set_state(Tensor()), InvalidArgument);
    state.set_state(row({1, 1, 1, 1}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), row({2, 3, 4, 5}));
}

TEST(GpuVariables, F16PrecisionKeepsTheVariableInF32) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto request =
        core.compile_model(test::accumulator_model(), "GPU", {{"INFERENCE_PRECISION_HINT", "f16"}}).create_infer_request();
    request.set_tensor("x", row({0.5f, 1.f, 1.5f, 2.f}));
    for (int i = 0; i < 4; ++i)
        request.infer();
    EXPECT_TENSOR_NEAR(request.get_tensor("sum"), row({2, 4, 6, 8}), 1e-3, 1e-3);
    const Tensor s = request.query_state()[0].get_state();
    EXPECT_EQ(s.get_element_type(), element::f32);
}

// An init subgraph computed from constants (as LLM exports build their KV cache's zeros) turns f16 under the hint;
// the variable stays f32, so ReadValue's init input is converted back rather than refused by validation.
TEST(GpuVariables, F16PrecisionConvertsAComputedInitBackToTheVariableType) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 4}, "x");
    auto init = op::make("Multiply", {x, op::constant(element::f32, Shape{}, std::vector<float>{2.f})});
    auto read = op::make("ReadValue", {init}, {{"variable_id", "acc"}, {"variable_type", "f32"}, {"variable_shape", "1,4"}});
    auto sum = op::make("Add", {read, x});
    sum->output_names(0).insert("sum");
    auto assign = op::make("Assign", {sum}, {{"variable_id", "acc"}});
    auto model = std::make_shared<Model>(NodeVector{op::result(sum, "sum")}, NodeVector{x}, "acc_init", NodeVector{assign});

    auto request = core.compile_model(model, "GPU", {{"INFERENCE_PRECISION_HINT", "f16"}}).create_infer_request();
    request.set_tensor("x", row({0.5f, 1.f, 1.5f, 2.f}));
    for (int i = 0; i < 3; ++i)
        request.infer();  // the state is 2x, then 3x, 4x: the third sum is 5x
    EXPECT_TENSOR_NEAR(request.get_tensor("sum"), row({2.5f, 5.f, 7.5f, 10.f}), 1e-2, 1e-3);
    EXPECT_EQ(request.query_state()[0].get_state().get_element_type(), element::f32);
}
