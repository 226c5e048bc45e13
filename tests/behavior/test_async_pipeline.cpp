// IAsyncInferRequest semantics with a pipeline whose first stage waits on a gate the test
// opens, so "busy", "cancel during a run" and "destruction waits" are deterministic.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/plugin/iasync_infer_request.hpp"

using namespace ovcl;
using namespace std::chrono_literals;

namespace {

class Gate {
public:
    void open() {
        std::lock_guard<std::mutex> lock(m);
        is_open = true;
        cv.notify_all();
    }
    void pass() {
        std::unique_lock<std::mutex> lock(m);
        entered = true;
        cv.notify_all();
        cv.wait(lock, [this] { return is_open; });
    }
    void wait_entered() {
        std::unique_lock<std::mutex> lock(m);
        cv.wait(lock, [this] { return entered; });
    }
    void reset() {
        std::lock_guard<std::mutex> lock(m);
        is_open = entered = false;
    }

private:
    std::mutex m;
    std::condition_variable cv;
    bool is_open = false, entered = false;
};

// Stage 1 waits at the gate on one executor; stage 2 runs the real inference on another.
class GatedRequest : public IAsyncInferRequest {
public:
    GatedRequest(std::shared_ptr<ISyncInferRequest> sync, Gate& gate, std::atomic<int>& finished)
        : IAsyncInferRequest(sync, nullptr, nullptr) {
        auto first = make_tbb_executor("gate", 1), second = make_tbb_executor("infer", 1);
        m_pipeline = {{first, [&gate] { gate.pass(); }},
                      {second, [sync, &finished] {
                           sync->infer();
                           ++finished;
                       }}};
    }
    ~GatedRequest() override { stop_and_wait(); }
};

struct Pipeline : ::testing::Test {
    Core core;
    CompiledModel compiled = core.compile_model(test::add_relu_model(), "REF");
    Gate gate;
    std::atomic<int> finished{0};
    std::unique_ptr<GatedRequest> make() {
        auto sync = compiled.get_impl()->create_sync_infer_request();
        auto r = std::make_unique<GatedRequest>(sync, gate, finished);
        r->set_tensor(r->get_inputs()[0], test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6}));
        r->set_tensor(r->get_inputs()[1], test::make_tensor<float>(element::f32, {2, 3}, {1, 1, 1, 1, 1, 1}));
        return r;
    }
};

}  // namespace

TEST_F(Pipeline, BusyWhileRunning) {
    auto r = make();
    r->start_async();
    gate.wait_entered();
    EXPECT_FALSE(r->wait_for(10ms));
    EXPECT_THROW(r->start_async(), Busy);
    EXPECT_THROW(r->infer(), Busy);
    EXPECT_THROW(r->set_tensor(r->get_inputs()[0], Tensor(element::f32, {2, 3})), Busy);
    EXPECT_THROW(r->get_tensor(r->get_outputs()[0]), Busy);
    EXPECT_THROW(r->set_callback([](std::exception_ptr) {}), Busy);
    gate.open();
    r->wait();
    EXPECT_EQ(finished.load(), 1);
    EXPECT_TENSOR_EQ(r->get_tensor(r->get_outputs()[0]),
                     test::make_tensor<float>(element::f32, {2, 3}, {2, 3, 4, 5, 6, 7}));
}

TEST_F(Pipeline, CancelDuringRunThenReuse) {
    auto r = make();
    std::exception_ptr seen;
    r->set_callback([&](std::exception_ptr e) { seen = e; });
    r->start_async();
    gate.wait_entered();
    r->cancel();
    gate.open();
    EXPECT_THROW(r->wait(), Cancelled);
    EXPECT_EQ(finished.load(), 0);  // the stage after the cancel never ran
    ASSERT_TRUE(seen);
    EXPECT_THROW(std::rethrow_exception(seen), Cancelled);
    r->start_async();  // reusable; the gate is open now
    r->wait();
    EXPECT_EQ(finished.load(), 1);
}

TEST_F(Pipeline, CancelWhenIdleIsANoOp) {
    auto r = make();
    r->cancel();
    gate.open();
    r->start_async();
    EXPECT_NO_THROW(r->wait());
    r->cancel();  // after the run
    EXPECT_NO_THROW(r->wait());
    EXPECT_EQ(finished.load(), 1);
}

TEST_F(Pipeline, DestructionWaitsForTheRun) {
    auto r = make();
    r->start_async();
    gate.wait_entered();
    std::thread opener([this] {
        std::this_thread::sleep_for(50ms);
        gate.open();
    });
    r.reset();  // must block until the pipeline is done
    EXPECT_EQ(finished.load(), 1);
    opener.join();
}

TEST_F(Pipeline, ManyRequestsInFlight) {
    gate.open();
    std::vector<std::unique_ptr<GatedRequest>> requests;
    for (int i = 0; i < 8; ++i)
        requests.push_back(make());
    for (int round = 0; round < 5; ++round) {
        for (auto& r : requests)
            r->start_async();
        for (auto& r : requests)
            r->wait();
    }
    EXPECT_EQ(finished.load(), 40);
}
