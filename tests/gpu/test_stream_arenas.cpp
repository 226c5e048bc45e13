// The requests of a stream share its arenas (stream_arenas.hpp): what StreamArenas hands out, and that requests of
// one stream, run at once from several threads (sync and async, static and dynamic shapes), each get the outputs of
// their own inputs, against REF.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "plan/stream_arenas.hpp"

using namespace ovcl;
using namespace ovcl::test;

namespace {

TEST(StreamArenas, ReusedWhenLargeEnoughReplacedWhenNot) {
    OVCL_REQUIRE_GPU();
    const cl::Context& context = gpu_env()->context;
    gpu::StreamArenas arenas;
    const auto first = arenas.take(context, {4096, 1024});
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0].getInfo<CL_MEM_SIZE>(), 4096u);
    EXPECT_EQ(arenas.bytes(), 5120u);

    const auto smaller = arenas.take(context, {2048});  // a plan of one smaller arena: the same buffer
    ASSERT_EQ(smaller.size(), 1u);
    EXPECT_EQ(smaller[0](), first[0]());

    const auto larger = arenas.take(context, {4096, 8192});  // arena 1 grows: a new buffer, arena 0 stays
    EXPECT_EQ(larger[0](), first[0]());
    EXPECT_NE(larger[1](), first[1]());
    EXPECT_EQ(larger[1].getInfo<CL_MEM_SIZE>(), 8192u);
    EXPECT_EQ(arenas.bytes(), 4096u + 8192u);
    // The request holding the old arena 1 still has a valid buffer of its size.
    EXPECT_EQ(first[1].getInfo<CL_MEM_SIZE>(), 1024u);
    EXPECT_EQ(arenas.take(context, {4096, 8192})[1](), larger[1]());
}

/// conv 3x3 -> Relu -> conv 1x1 -> + x -> * 0.5: intermediates that live in the arena between the kernels.
std::shared_ptr<Model> chain_model(const PartialShape& shape) {
    auto x = op::parameter(element::f32, shape, "x");
    auto w1 = op::constant(random_tensor(element::f32, {16, 8, 3, 3}, -0.2, 0.2, 1));
    auto w2 = op::constant(random_tensor(element::f32, {8, 16, 1, 1}, -0.2, 0.2, 2));
    const Attributes conv_attrs{{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"},
                            {"auto_pad", "explicit"}};
    auto c1 = op::make("Convolution", {x, w1}, conv_attrs);
    auto r = op::make("Relu", {c1});
    auto c2 = op::make("Convolution", {r, w2},
                       {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                        {"auto_pad", "explicit"}});
    auto sum = op::make("Add", {c2, x});
    Tensor half(element::f32, Shape{1});
    half.data<float>()[0] = 0.5f;
    auto y = op::make("Multiply", {sum, op::constant(half)});
    y->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(y, "y")}, NodeVector{x}, "chain");
}

/// Inputs of `shape` (seeded per index) and what REF computes for each.
struct Cases {
    std::vector<Tensor> inputs, expected;
};
Cases reference_cases(Core& core, const std::shared_ptr<Model>& model, const std::vector<Shape>& shapes) {
    Cases c;
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < shapes.size(); ++i) {
        c.inputs.push_back(random_tensor(element::f32, shapes[i], -1.0, 1.0, 100 + static_cast<unsigned>(i)));
        ref.set_tensor("x", c.inputs.back());
        ref.infer();
        Tensor out(element::f32, ref.get_tensor("y").get_shape());
        ref.get_tensor("y").copy_to(out);
        c.expected.push_back(out);
    }
    return c;
}

// f32 sums of 72 and 16 products: 1e-5 absolute + relative.
constexpr double kTol = 1e-5;

/// One request per case, on the single stream of `compiled`, each with its case's input.
std::vector<InferRequest> requests_for(CompiledModel& compiled, const Cases& cases) {
    std::vector<InferRequest> requests;
    for (const Tensor& input : cases.inputs) {
        requests.push_back(compiled.create_infer_request());
        requests.back().set_tensor("x", input);
    }
    return requests;
}

TEST(SharedStream, SyncInferFromThreadsGetsEachRequestsOwnOutputs) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Shape shape{1, 8, 32, 32};
    auto model = chain_model(PartialShape(shape));
    const size_t n = 4;
    const Cases cases = reference_cases(core, model, std::vector<Shape>(n, shape));
    auto compiled = core.compile_model(model, "GPU", {{"NUM_STREAMS", "1"}});
    std::vector<InferRequest> requests = requests_for(compiled, cases);
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (size_t i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            for (int k = 0; k < 25; ++k) {
                requests[i].infer();
                if (!tensors_near(requests[i].get_tensor("y"), cases.expected[i], kTol, kTol))
                    ++wrong;
            }
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(wrong.load(), 0) << "inferences whose output was not their input's";
}

TEST(SharedStream, AsyncCallbacksAndSyncInferOnOneStream) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Shape shape{1, 8, 24, 24};
    auto model = chain_model(PartialShape(shape));
    const size_t n = 4;
    const Cases cases = reference_cases(core, model, std::vector<Shape>(n, shape));
    auto compiled = core.compile_model(model, "GPU", {{"NUM_STREAMS", "1"}});
    std::vector<InferRequest> requests = requests_for(compiled, cases);
    // Requests 0..2 restart themselves from their callbacks 40 times; request 3 runs infer() on this thread meanwhile.
    const int runs = 40;
    std::mutex mutex;
    std::condition_variable cv;
    int finished = 0, wrong = 0, failed = 0;
    std::vector<int> left(n - 1, runs);
    for (size_t i = 0; i + 1 < n; ++i)
        requests[i].set_callback([&, i](std::exception_ptr error) {
            const bool ok = !error && tensors_near(requests[i].get_tensor("y"), cases.expected[i], kTol, kTol);
            std::lock_guard<std::mutex> lock(mutex);
            wrong += error ? 0 : !ok;
            failed += error ? 1 : 0;
            if (!error && --left[i] > 0) {
                requests[i].start_async();
                return;
            }
            ++finished;
            cv.notify_one();
        });
    for (size_t i = 0; i + 1 < n; ++i)
        requests[i].start_async();
    int sync_wrong = 0;
    for (int k = 0; k < runs; ++k) {
        requests[n - 1].infer();
        sync_wrong += !tensors_near(requests[n - 1].get_tensor("y"), cases.expected[n - 1], kTol, kTol);
    }
    {
        std::unique_lock<std::mutex> lock(mutex);
        cv.wait(lock, [&] { return finished == static_cast<int>(n - 1); });
    }
    for (size_t i = 0; i + 1 < n; ++i) {
        requests[i].wait();
        requests[i].set_callback(nullptr);
    }
    EXPECT_EQ(failed, 0);
    EXPECT_EQ(wrong, 0);
    EXPECT_EQ(sync_wrong, 0);
}

TEST(SharedStream, RequestsOfOtherShapesGrowTheArenasWhileOthersRun) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto model = chain_model(PartialShape{1, 8, Dimension::dynamic(), Dimension::dynamic()});
    // Each request's first plan is larger than the one before: the stream's arenas grow while earlier requests,
    // holding the smaller ones, are still in flight.
    const std::vector<Shape> shapes{{1, 8, 8, 8}, {1, 8, 16, 12}, {1, 8, 32, 32}, {1, 8, 20, 40}, {1, 8, 8, 8}};
    const Cases cases = reference_cases(core, model, shapes);
    auto compiled = core.compile_model(model, "GPU", {{"NUM_STREAMS", "1"}});
    std::vector<InferRequest> requests = requests_for(compiled, cases);
    for (int round = 0; round < 3; ++round) {
        for (auto& r : requests)
            r.start_async();
        for (size_t i = 0; i < requests.size(); ++i) {
            requests[i].wait();
            EXPECT_TRUE(tensors_near(requests[i].get_tensor("y"), cases.expected[i], kTol, kTol))
                << "request " << i << " round " << round;
        }
        // Next round: every request takes the next one's input (another shape, so another plan).
        std::rotate(requests.begin(), requests.begin() + 1, requests.end());
        for (size_t i = 0; i < requests.size(); ++i)
            requests[i].set_tensor("x", cases.inputs[i]);
    }
}

}  // namespace
