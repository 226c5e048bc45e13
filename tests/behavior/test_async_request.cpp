// The infer-request behaviour suite, run on every device (REF and GPU): callbacks,
// cancellation, wait / wait_for, Busy, several threads, chaining, lifetime, io tensors,
// batched and ROI inputs through the async path. "Running" is made deterministic by holding
// the one-thread task executor of EXCLUSIVE_ASYNC_REQUESTS behind a Gate.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "async_request_suite.hpp"
#include "common/models.hpp"
#include "common/test_utils.hpp"

using namespace ovcl;
using namespace std::chrono_literals;

namespace {

Tensor t23(const std::vector<float>& v) { return test::make_tensor<float>(element::f32, {2, 3}, v); }

struct AsyncRequest : ::testing::TestWithParam<std::string> {
    std::unique_ptr<Core> core = std::make_unique<Core>();
    std::shared_ptr<Model> model = test::add_relu_model();
    Tensor a = t23({1, -2, 3, -4, 5, -6});
    Tensor b = t23({0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 10});
    Tensor expected = t23({1.5f, 0, 3.5f, 0, 5.5f, 4});

    void SetUp() override { OVCL_REQUIRE_DEVICE(*core, GetParam()); }
    CompiledModel compile(const AnyMap& props = {}) { return core->compile_model(model, GetParam(), props); }
    InferRequest ready_request(CompiledModel& compiled) {
        auto r = compiled.create_infer_request();
        r.set_tensor("a", a);
        r.set_tensor("b", b);
        return r;
    }
};

/// A request whose first stage is stuck behind a gate on the shared one-thread task executor.
struct HeldRequest {
    explicit HeldRequest(CompiledModel c) : compiled(std::move(c)) {}
    CompiledModel compiled;
    InferRequest request;
    test::Gate gate;
    void hold() {
        compiled.get_impl()->get_task_executor()->run([this] { gate.pass(); });
        gate.wait_entered();
    }
};

}  // namespace

TEST_P(AsyncRequest, CallbackRunsOnceBeforeWaitReturns) {
    auto compiled = compile();
    auto r = ready_request(compiled);
    std::atomic<int> calls{0};
    std::exception_ptr seen = std::make_exception_ptr(1);
    r.set_callback([&](std::exception_ptr e) {
        std::this_thread::sleep_for(20ms);  // wait() must still be waiting for us
        seen = e;
        ++calls;
    });
    r.start_async();
    r.wait();
    EXPECT_EQ(calls.load(), 1);
    EXPECT_FALSE(seen);
    EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);
    r.infer();  // a sync inference does not call it
    EXPECT_EQ(calls.load(), 1);
}

TEST_P(AsyncRequest, CallbackExceptionReachesWait) {
    auto compiled = compile();
    auto r = ready_request(compiled);
    r.set_callback([](std::exception_ptr) { throw std::runtime_error("from the callback"); });
    r.start_async();
    EXPECT_THROW(r.wait(), std::runtime_error);
    r.set_callback(nullptr);
    r.start_async();  // a new run clears it
    EXPECT_NO_THROW(r.wait());
}

TEST_P(AsyncRequest, RestartFromCallbackAndReadOutputsThere) {
    auto compiled = compile();
    auto r = ready_request(compiled);
    std::atomic<int> runs{0};
    std::promise<void> done;
    r.set_callback([&](std::exception_ptr error) {
        EXPECT_FALSE(error);
        EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);  // outputs are readable in the callback
        if (++runs < 5)
            r.start_async();
        else
            done.set_value();
    });
    r.start_async();
    ASSERT_EQ(done.get_future().wait_for(30s), std::future_status::ready);
    r.wait();
    EXPECT_EQ(runs.load(), 5);
}

TEST_P(AsyncRequest, FailureReachesCallbackAndWaitThenRecovers) {
    model = test::add_relu_model(PartialShape("[?]"));
    auto compiled = compile();
    auto r = compiled.create_infer_request();
    r.set_tensor("a", test::make_tensor<float>(element::f32, {2}, {1, 2}));
    r.set_tensor("b", test::make_tensor<float>(element::f32, {3}, {1, 2, 3}));  // cannot broadcast
    std::exception_ptr seen;
    r.set_callback([&](std::exception_ptr e) { seen = e; });
    r.start_async();
    EXPECT_THROW(r.wait(), Exception);
    EXPECT_TRUE(seen);
    r.set_tensor("b", test::make_tensor<float>(element::f32, {2}, {1, -5}));
    r.start_async();
    r.wait();
    EXPECT_FALSE(seen);
    EXPECT_TENSOR_EQ(r.get_tensor("out"), test::make_tensor<float>(element::f32, {2}, {2, 0}));
}

TEST_P(AsyncRequest, WaitForAndBusyWhileRunning) {
    HeldRequest h(compile({{"EXCLUSIVE_ASYNC_REQUESTS", "YES"}}));
    h.request = ready_request(h.compiled);
    EXPECT_THROW(h.request.wait_for(-1ms), InvalidArgument);
    EXPECT_TRUE(h.request.wait_for(0ms));  // idle
    h.hold();
    h.request.start_async();
    EXPECT_FALSE(h.request.wait_for(0ms));
    EXPECT_FALSE(h.request.wait_for(10ms));
    EXPECT_THROW(h.request.start_async(), Busy);
    EXPECT_THROW(h.request.infer(), Busy);
    EXPECT_THROW(h.request.get_tensor("out"), Busy);
    EXPECT_THROW(h.request.set_tensor("a", a), Busy);
    EXPECT_THROW(h.request.set_callback(nullptr), Busy);
    h.gate.open();
    h.request.wait();
    EXPECT_TRUE(h.request.wait_for(0ms));
    EXPECT_TENSOR_EQ(h.request.get_tensor("out"), expected);
}

TEST_P(AsyncRequest, CancelBeforeDuringAndAfterARun) {
    HeldRequest h(compile({{"EXCLUSIVE_ASYNC_REQUESTS", "YES"}}));
    h.request = ready_request(h.compiled);
    h.request.cancel();  // before: nothing to cancel
    h.request.start_async();
    h.request.wait();
    EXPECT_TENSOR_EQ(h.request.get_tensor("out"), expected);

    Tensor out = h.request.get_tensor("out");
    std::fill_n(static_cast<float*>(out.data()), out.get_size(), -1.f);
    std::exception_ptr seen;
    h.request.set_callback([&](std::exception_ptr e) { seen = e; });
    h.hold();
    h.request.start_async();
    h.request.cancel();  // during: its first stage has not started
    h.gate.open();
    EXPECT_THROW(h.request.wait(), Cancelled);
    ASSERT_TRUE(seen);
    EXPECT_THROW(std::rethrow_exception(seen), Cancelled);
    EXPECT_EQ(static_cast<float*>(out.data())[0], -1.f);  // nothing ran

    h.request.start_async();  // reusable
    h.request.wait();
    EXPECT_FALSE(seen);
    h.request.cancel();  // after: a no-op
    EXPECT_NO_THROW(h.request.wait());
    EXPECT_TENSOR_EQ(h.request.get_tensor("out"), expected);
}

TEST_P(AsyncRequest, CancelAtAnyMomentLeavesAUsableRequest) {
    auto compiled = compile();
    auto r = ready_request(compiled);
    int cancelled = 0;
    for (int i = 0; i < 30; ++i) {
        r.start_async();
        if (i % 3)
            std::this_thread::sleep_for(std::chrono::microseconds(20 * i));
        r.cancel();
        try {
            r.wait();
            EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);
        } catch (const Cancelled&) {
            ++cancelled;
        }
        r.infer();
        EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);
    }
    RecordProperty("cancelled", cancelled);
}

TEST_P(AsyncRequest, RequestsFromSeveralThreads) {
    auto compiled = compile({{"PERFORMANCE_HINT", "THROUGHPUT"}});
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            auto r = compiled.create_infer_request();
            for (int i = 0; i < 25; ++i) {
                const float s = static_cast<float>(t * 100 + i);
                r.set_tensor("a", t23({s, s, s, s, s, s}));
                r.set_tensor("b", t23({1, 1, 1, 1, 1, -1e6f}));
                if (i % 2)
                    r.infer();
                else {
                    r.start_async();
                    r.wait();
                }
                const float* o = static_cast<const float*>(r.get_tensor("out").data());
                if (o[0] != s + 1 || o[5] != 0)
                    ++failures;
            }
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(failures.load(), 0);
}

TEST_P(AsyncRequest, ChainingFeedsOneOutputToTheNextRequest) {
    auto compiled = compile();
    auto first = ready_request(compiled);
    auto second = compiled.create_infer_request();
    second.set_tensor("a", first.get_tensor("out"));  // the same memory: no copy in between
    second.set_tensor("b", t23({1, 1, 1, 1, 1, 1}));
    first.start_async();
    first.wait();
    second.start_async();
    second.wait();
    EXPECT_TENSOR_EQ(second.get_tensor("out"), t23({2.5f, 1, 4.5f, 1, 6.5f, 5}));
}

TEST_P(AsyncRequest, ReleasingCoreModelAndRequestsInAnyOrderWhileRunning) {
    for (int order = 0; order < 3; ++order) {
        auto local_core = std::make_unique<Core>();
        auto compiled = std::make_unique<CompiledModel>(local_core->compile_model(model, GetParam()));
        std::vector<InferRequest> requests;
        std::atomic<int> callbacks{0};
        for (int i = 0; i < 4; ++i) {
            requests.push_back(ready_request(*compiled));
            requests.back().set_callback([&](std::exception_ptr) { ++callbacks; });
            requests.back().start_async();
        }
        if (order == 0) {  // core, then the model, then the requests (their destructors wait)
            local_core.reset();
            compiled.reset();
            requests.clear();
        } else if (order == 1) {  // requests first
            requests.clear();
            compiled.reset();
            local_core.reset();
        } else {  // the model first, the requests still used after it
            compiled.reset();
            for (auto& r : requests) {
                r.wait();
                r.start_async();
            }
            local_core.reset();
            requests.clear();
        }
        EXPECT_EQ(callbacks.load(), order == 2 ? 8 : 4) << "order " << order;
    }
}

TEST_P(AsyncRequest, IoTensorsAreCheckedAndKept) {
    auto compiled = compile();
    auto r = compiled.create_infer_request();
    EXPECT_THROW(r.set_tensor("nope", a), NotFound);
    EXPECT_THROW(r.set_tensor("a", Tensor(element::i32, {2, 3})), InvalidArgument);
    EXPECT_THROW(r.set_tensor("a", Tensor(element::f32, {3, 2})), InvalidArgument);
    EXPECT_THROW(r.set_tensor("out", Tensor(element::f32, {6})), InvalidArgument);
    r.set_tensor("a", a);
    r.set_tensor("b", b);
    Tensor out(element::f32, {2, 3});
    r.set_tensor("out", out);
    EXPECT_EQ(r.get_tensor("a").data(), a.data());  // get after set: the same tensor
    EXPECT_EQ(r.get_tensor("out").data(), out.data());
    r.start_async();
    r.wait();
    EXPECT_TENSOR_EQ(out, expected);  // written into the user's own output tensor
}

TEST_P(AsyncRequest, BatchedAndRoiInputsThroughTheAsyncPath) {
    model = test::add_relu_model(PartialShape(Shape{4, 3}));
    auto compiled = compile();
    auto whole = test::random_tensor(element::f32, {4, 3}, -1, 1, 7);
    auto other = test::random_tensor(element::f32, {4, 3}, -1, 1, 8);
    auto reference = compiled.create_infer_request();
    reference.set_tensor("a", whole);
    reference.set_tensor("b", other);
    reference.infer();

    std::vector<Tensor> parts;
    for (size_t i = 0; i < 4; ++i) {
        Tensor copy(element::f32, {1, 3});
        Tensor(whole, {i, 0}, {i + 1, 3}).copy_to(copy);
        parts.push_back(copy);
    }
    auto batched = compiled.create_infer_request();
    batched.set_tensors("a", parts);
    batched.set_tensor("b", other);
    batched.start_async();
    batched.wait();
    EXPECT_TENSOR_EQ(batched.get_tensor("out"), reference.get_tensor("out"));

    auto big = test::random_tensor(element::f32, {6, 5}, -1, 1, 9);
    Tensor roi(big, {1, 1}, {5, 4});  // a 4x3 window, not contiguous
    Tensor dense(element::f32, {4, 3});
    roi.copy_to(dense);
    auto with_roi = compiled.create_infer_request();
    with_roi.set_tensor("a", roi);
    with_roi.set_tensor("b", other);
    with_roi.start_async();
    with_roi.wait();
    reference.set_tensor("a", dense);
    reference.infer();
    EXPECT_TENSOR_EQ(with_roi.get_tensor("out"), reference.get_tensor("out"));
}

INSTANTIATE_TEST_SUITE_P(Devices, AsyncRequest, ::testing::ValuesIn(test::request_suite_devices()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST_P(AsyncRequest, StreamsAndRequestCountsFollowTheHint) {
    const auto streams = [&](const AnyMap& props) { return compile(props).get_property("NUM_STREAMS").as<int32_t>(); };
    const auto optimal = [&](const AnyMap& props) {
        return compile(props).get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS").as<uint32_t>();
    };
    EXPECT_EQ(streams({{"PERFORMANCE_HINT", "LATENCY"}}), 1);
    EXPECT_EQ(optimal({{"PERFORMANCE_HINT", "LATENCY"}}), 1u);
    const int32_t tput = streams({{"PERFORMANCE_HINT", "THROUGHPUT"}});
    EXPECT_GE(tput, 1);
    EXPECT_GE(optimal({{"PERFORMANCE_HINT", "THROUGHPUT"}}), static_cast<uint32_t>(tput));
    EXPECT_EQ(streams({{"NUM_STREAMS", "3"}}), 3);
    // The device reads back the count it would run, never AUTO (-1).
    EXPECT_EQ(core->get_property(GetParam(), "NUM_STREAMS").as<int32_t>(), 1);  // LATENCY is the default
    const auto range = core->get_property(GetParam(), "RANGE_FOR_ASYNC_INFER_REQUESTS")
                           .as<std::tuple<unsigned, unsigned, unsigned>>();
    EXPECT_EQ(std::get<0>(range), 1u);
    EXPECT_GE(std::get<1>(range), optimal({{"PERFORMANCE_HINT", "THROUGHPUT"}}));
    EXPECT_THROW(compile({{"NUM_STREAMS", "0"}}), InvalidArgument);
}
