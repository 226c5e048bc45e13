// Infer requests on REF through the public API: tensors by name/port/index, checks, sync and
// async runs, callbacks, batched and ROI inputs, dynamic shapes, variable states, profiling.
#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "ovcl/core.hpp"

using namespace ovcl;
using namespace std::chrono_literals;

namespace {
Tensor t23(const std::vector<float>& v) { return test::make_tensor<float>(element::f32, {2, 3}, v); }

struct AddRelu : ::testing::Test {
    Core core;
    std::shared_ptr<Model> model = test::add_relu_model();
    CompiledModel compiled = core.compile_model(model, "REF");
    InferRequest request = compiled.create_infer_request();
    Tensor a = t23({1, -2, 3, -4, 5, -6});
    Tensor b = t23({0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 10});
    Tensor expected = t23({1.5f, 0, 3.5f, 0, 5.5f, 4});
};
}  // namespace

TEST_F(AddRelu, SyncInferByNamePortAndIndex) {
    request.set_tensor("a", a);
    request.set_tensor(model->input(1), b);  // a port of the user's own model
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("out"), expected);
    EXPECT_TENSOR_EQ(request.get_output_tensor(0), expected);
    EXPECT_TENSOR_EQ(request.get_tensor(compiled.output()), expected);
    EXPECT_EQ(request.get_input_tensor(0).data(), a.data());  // bound, not copied
}

TEST_F(AddRelu, RejectsWrongTensorsNamingThePort) {
    EXPECT_THROW(request.set_tensor("nope", a), NotFound);
    EXPECT_THROW(request.get_input_tensor(2), NotFound);
    EXPECT_THROW(request.get_input_tensor(), InvalidArgument);  // two inputs: which one?
    try {
        request.set_tensor("a", Tensor(element::i32, {2, 3}));
        FAIL() << "no exception";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("'a'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("i32"), std::string::npos) << e.what();
    }
    EXPECT_THROW(request.set_tensor("b", Tensor(element::f32, {3, 2})), InvalidArgument);
    EXPECT_THROW(request.set_tensor("a", Tensor()), InvalidArgument);
    // The request still works after the refusals.
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("out"), expected);
}

TEST_F(AddRelu, AsyncRunsCallbackAndCanRestartFromIt) {
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    std::atomic<int> runs{0};
    std::promise<void> done;
    request.set_callback([&](std::exception_ptr error) {
        EXPECT_FALSE(error);
        if (++runs < 3)
            request.start_async();  // allowed from inside the callback
        else
            done.set_value();
    });
    request.start_async();
    ASSERT_EQ(done.get_future().wait_for(30s), std::future_status::ready);
    request.wait();
    EXPECT_EQ(runs.load(), 3);
    EXPECT_TENSOR_EQ(request.get_tensor("out"), expected);
    EXPECT_TRUE(request.wait_for(0ms));
}

TEST(InferRequest, FailureReachesWaitAndCallback) {
    Core core;
    auto compiled = core.compile_model(test::add_relu_model(PartialShape("[?]")), "REF");
    auto request = compiled.create_infer_request();
    request.set_tensor("a", test::make_tensor<float>(element::f32, {2}, {1, 2}));
    request.set_tensor("b", test::make_tensor<float>(element::f32, {3}, {1, 2, 3}));  // cannot broadcast
    std::exception_ptr seen;
    request.set_callback([&](std::exception_ptr e) { seen = e; });
    request.start_async();
    EXPECT_THROW(request.wait(), ModelError);
    EXPECT_TRUE(seen);
    EXPECT_THROW(request.infer(), ModelError);
    request.set_tensor("b", test::make_tensor<float>(element::f32, {2}, {1, -5}));
    request.set_callback(nullptr);
    request.infer();  // usable again
    EXPECT_TENSOR_EQ(request.get_tensor("out"), test::make_tensor<float>(element::f32, {2}, {2, 0}));
}

TEST(InferRequest, DynamicShapesFollowTheInputs) {
    Core core;
    auto compiled = core.compile_model(test::add_relu_model(PartialShape("[?,3]")), "REF");
    auto request = compiled.create_infer_request();
    for (size_t rows : {1u, 4u, 2u}) {
        auto x = test::random_tensor(element::f32, {rows, 3}, -1, 1, static_cast<uint32_t>(rows));
        request.set_tensor("a", x);
        request.set_tensor("b", x);
        request.infer();
        auto out = request.get_tensor("out");
        ASSERT_EQ(out.get_shape(), (Shape{rows, 3}));
        const auto xv = test::values(x), ov = test::values(out);
        for (size_t i = 0; i < xv.size(); ++i)
            EXPECT_FLOAT_EQ(static_cast<float>(ov[i]), std::max(0.f, 2 * static_cast<float>(xv[i])));
    }
    EXPECT_THROW(request.set_tensor("a", Tensor(element::f32, {2, 4})), InvalidArgument);
}

TEST(InferRequest, BatchedInputsWithSetTensorsMatchOneTensor) {
    Core core;
    auto compiled = core.compile_model(test::add_relu_model(PartialShape(Shape{4, 3})), "REF");
    auto whole = test::random_tensor(element::f32, {4, 3}, -1, 1, 7);
    auto other = test::random_tensor(element::f32, {4, 3}, -1, 1, 8);
    auto reference = compiled.create_infer_request();
    reference.set_tensor("a", whole);
    reference.set_tensor("b", other);
    reference.infer();

    std::vector<Tensor> parts;
    for (size_t i = 0; i < 4; ++i) {
        Tensor row(whole, {i, 0}, {i + 1, 3});  // ROI views of the batch
        Tensor copy(element::f32, {1, 3});
        row.copy_to(copy);
        parts.push_back(copy);
    }
    auto batched = compiled.create_infer_request();
    batched.set_tensors("a", parts);
    batched.set_tensor("b", other);
    batched.start_async();
    batched.wait();
    EXPECT_TENSOR_EQ(batched.get_tensor("out"), reference.get_tensor("out"));
    EXPECT_THROW(batched.set_tensors("a", {parts[0], parts[1]}), InvalidArgument);  // 2 of 4
    EXPECT_THROW(batched.set_tensors("out", parts), InvalidArgument);              // an output
}

TEST(InferRequest, RoiInputIsRead) {
    Core core;
    auto compiled = core.compile_model(test::add_relu_model(), "REF");
    auto big = test::random_tensor(element::f32, {4, 5}, -1, 1, 3);
    Tensor roi(big, {1, 1}, {3, 4});  // a 2x3 window
    Tensor dense(element::f32, {2, 3});
    roi.copy_to(dense);
    auto request = compiled.create_infer_request();
    request.set_tensor("a", roi);
    std::vector<float> zeros(6, 0.f);
    request.set_tensor("b", Tensor(element::f32, {2, 3}, zeros.data()));
    request.infer();
    const auto d = test::values(dense), o = test::values(request.get_tensor("out"));
    for (size_t i = 0; i < d.size(); ++i)
        EXPECT_EQ(o[i], std::max(0.0, d[i]));
}

TEST(InferRequest, VariableStatesCarryAcrossInferences) {
    Core core;
    auto compiled = core.compile_model(test::accumulator_model(), "REF");
    auto request = compiled.create_infer_request();
    auto x = test::make_tensor<float>(element::f32, {1, 4}, {1, 2, 3, 4});
    request.set_tensor("x", x);
    for (int i = 1; i <= 3; ++i) {
        request.infer();
        EXPECT_TENSOR_EQ(request.get_tensor("sum"), test::make_tensor<float>(element::f32, {1, 4},
                                                                            {1.f * i, 2.f * i, 3.f * i, 4.f * i}));
    }
    auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "acc");
    EXPECT_TENSOR_EQ(states[0].get_state(), test::make_tensor<float>(element::f32, {1, 4}, {3, 6, 9, 12}));
    states[0].set_state(test::make_tensor<float>(element::f32, {1, 4}, {10, 10, 10, 10}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), test::make_tensor<float>(element::f32, {1, 4}, {11, 12, 13, 14}));
    request.reset_state();
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("sum"), x);
    // A second request has its own state.
    auto other = compiled.create_infer_request();
    other.set_tensor("x", x);
    other.infer();
    EXPECT_TENSOR_EQ(other.get_tensor("sum"), x);
}

TEST(InferRequest, ProfilingOnlyWhenEnabled) {
    Core core;
    auto model = test::add_relu_model();
    auto quiet = core.compile_model(model, "REF").create_infer_request();
    quiet.set_tensor("a", t23({1, 2, 3, 4, 5, 6}));
    quiet.set_tensor("b", t23({1, 2, 3, 4, 5, 6}));
    quiet.infer();
    EXPECT_TRUE(quiet.get_profiling_info().empty());

    auto loud = core.compile_model(model, "REF", {{"PERF_COUNT", "YES"}}).create_infer_request();
    loud.set_tensor("a", t23({1, 2, 3, 4, 5, 6}));
    loud.set_tensor("b", t23({1, 2, 3, 4, 5, 6}));
    loud.infer();
    std::set<std::string> types;
    for (const auto& p : loud.get_profiling_info()) {
        types.insert(p.node_type);
        if (p.node_type != "Stage") {
            EXPECT_EQ(p.exec_type, "ref");
        }
    }
    EXPECT_TRUE(types.count("Add") && types.count("Relu") && types.count("Stage"));
}

// A request, its tensors and its variable states may outlive the Core and the compiled model, and be reassigned
// then: the plugin's library stays loaded until the last of them is gone (REF's library really unloads).
TEST(InferRequestLifetime, OutlivesTheCoreAndIsReassigned) {
    InferRequest request;
    Tensor output;
    {
        Core core;
        request = core.compile_model(test::add_relu_model(), "REF").create_infer_request();
        request.set_tensor("a", t23({1, -2, 3, -4, 5, -6}));
        request.set_tensor("b", t23({0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 10}));
        request.infer();
        output = request.get_tensor("out");
    }
    request.infer();  // the Core and the compiled model are gone; the request still runs
    EXPECT_TENSOR_EQ(output, t23({1.5f, 0, 3.5f, 0, 5.5f, 4}));
    request = InferRequest();  // released by assignment: the object goes before its library
    EXPECT_EQ(output.get_shape(), (Shape{2, 3}));
    output = Tensor();
}
