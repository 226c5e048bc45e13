// The stage thread (src/runtime/stage_thread.hpp), the serial executor of the GPU pipeline's
// streams, wait executor and callbacks: order, one task at a time, caller-runs only when idle,
// and lifetime (queued tasks run before destruction; a task may destroy its own executor).
// Also OVCL_GPU_PIPELINE, which picks the GPU pipeline's shape (src/gpu/exec/streams.hpp).
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include <cstdlib>

#include "async_request_suite.hpp"
#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "runtime/stage_thread.hpp"

using namespace ovcl;
using namespace std::chrono_literals;

namespace {

/// Records the order tasks ran in and the most that ran at once.
struct Recorder {
    std::mutex mutex;
    std::vector<int> order;
    std::atomic<int> running{0};
    std::atomic<int> most{0};
    Task task(int i) {
        return [this, i] {
            const int now = ++running;
            int seen = most.load();
            while (now > seen && !most.compare_exchange_weak(seen, now)) {
            }
            std::this_thread::sleep_for(100us);  // gives an overlapping task the chance to show
            {
                std::lock_guard<std::mutex> lock(mutex);
                order.push_back(i);
            }
            --running;
        };
    }
};

/// A stage thread, or (caller_runs) its caller-runs face.
std::shared_ptr<ITaskExecutor> make(const std::string& name, bool caller_runs) {
    auto t = StageThread::make(name);
    return caller_runs ? t->caller_runs() : std::shared_ptr<ITaskExecutor>(t);
}

std::vector<int> iota(int n) {
    std::vector<int> v;
    for (int i = 0; i < n; ++i)
        v.push_back(i);
    return v;
}

}  // namespace

class StageThreadExecutor : public ::testing::TestWithParam<bool> {};

TEST_P(StageThreadExecutor, RunsTasksInOrderOneAtATime) {
    Recorder rec;
    {
        auto e = make("order", GetParam());
        std::vector<std::thread> producers;
        std::mutex order_mutex;  // tasks are queued under it, so "run() order" is well defined
        std::vector<int> queued;
        for (int t = 0; t < 4; ++t)
            producers.emplace_back([&, t] {
                for (int i = 0; i < 50; ++i) {
                    std::lock_guard<std::mutex> lock(order_mutex);
                    queued.push_back(t * 100 + i);
                    e->run(rec.task(t * 100 + i));
                }
            });
        for (auto& p : producers)
            p.join();
        e.reset();  // the destructor runs what is still queued
        EXPECT_EQ(rec.order, queued);
    }
    EXPECT_EQ(rec.order.size(), 200u);
    EXPECT_EQ(rec.most.load(), 1);
}

TEST_P(StageThreadExecutor, CallerRunsOnlyWhenIdle) {
    const bool caller_runs = GetParam();
    auto thread = StageThread::make("caller");
    auto e = caller_runs ? thread->caller_runs() : std::shared_ptr<ITaskExecutor>(thread);
    const auto me = std::this_thread::get_id();

    std::thread::id ran_on;
    std::promise<void> ran;
    e->run([&] {
        ran_on = std::this_thread::get_id();
        ran.set_value();
    });
    ASSERT_EQ(ran.get_future().wait_for(10s), std::future_status::ready);
    EXPECT_EQ(ran_on == me, caller_runs);  // idle: the caller runs it, before run() returns

    // Busy (the thread holds a task queued with run(), which never runs on the caller): what comes
    // next waits behind it, in order, and off the caller's thread.
    test::Gate gate;
    thread->run([&] { gate.pass(); });
    gate.wait_entered();
    Recorder rec;
    std::vector<std::thread::id> threads(3);
    std::promise<void> last;
    for (int i = 0; i < 3; ++i)
        e->run([&, i] {
            threads[static_cast<size_t>(i)] = std::this_thread::get_id();
            rec.task(i)();
            if (i == 2)
                last.set_value();
        });
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        EXPECT_TRUE(rec.order.empty());  // all queued behind the gate
    }
    gate.open();
    ASSERT_EQ(last.get_future().wait_for(10s), std::future_status::ready);
    EXPECT_EQ(rec.order, iota(3));
    for (const auto& id : threads)
        EXPECT_NE(id, me);
}

TEST_P(StageThreadExecutor, TaskMayDestroyItsOwnExecutor) {
    // Queued on the thread, and (caller_runs) run by the caller: either way the task drops the last
    // reference, the executor's destructor runs inside it, and nothing hangs or touches freed memory.
    for (int round = 0; round < 20; ++round) {
        auto e = make("self", GetParam());
        std::promise<void> done;
        auto* raw = e.get();
        auto holder = std::make_shared<std::shared_ptr<ITaskExecutor>>(std::move(e));
        raw->run([holder, &done] {
            holder->reset();  // the last reference: the destructor runs here
            done.set_value();
        });
        ASSERT_EQ(done.get_future().wait_for(10s), std::future_status::ready);
    }
}

TEST_P(StageThreadExecutor, ExceptionInTaskDoesNotStopTheExecutor) {
    auto e = make("throws", GetParam());
    e->run([] { throw std::runtime_error("a task failed"); });
    std::promise<void> after;
    e->run([&] { after.set_value(); });
    EXPECT_EQ(after.get_future().wait_for(10s), std::future_status::ready);
}

TEST_P(StageThreadExecutor, RunAndWaitRunsEveryTaskAndRethrows) {
    auto e = make("batch", GetParam());
    std::atomic<int> sum{0};
    std::vector<Task> tasks;
    for (int i = 1; i <= 10; ++i)
        tasks.push_back([&sum, i] { sum += i; });
    e->run_and_wait(tasks);
    EXPECT_EQ(sum.load(), 55);
    tasks.push_back([] { throw std::runtime_error("the 11th"); });
    EXPECT_THROW(e->run_and_wait(tasks), std::runtime_error);
    EXPECT_EQ(sum.load(), 110);
}

INSTANTIATE_TEST_SUITE_P(CallerRuns, StageThreadExecutor, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "yes" : "no"; });

TEST(GpuPipelineShape, BadEnvironmentValueIsRejectedByName) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, std::string("GPU"));
    ::setenv("OVCL_GPU_PIPELINE", "sideways", 1);
    try {
        core.compile_model(test::add_relu_model(), "GPU");
        ADD_FAILURE() << "compile_model accepted OVCL_GPU_PIPELINE=sideways";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("OVCL_GPU_PIPELINE='sideways'"), std::string::npos) << e.what();
    }
    ::unsetenv("OVCL_GPU_PIPELINE");
}

TEST(GpuPipelineShape, BothShapesGiveTheSyncResult) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, std::string("GPU"));
    const Tensor a = test::make_tensor<float>(element::f32, {2, 3}, {1, -2, 3, -4, 5, -6});
    const Tensor b = test::make_tensor<float>(element::f32, {2, 3}, {1, 1, 1, 1, 1, 1});
    const Tensor expected = test::make_tensor<float>(element::f32, {2, 3}, {2, 0, 4, 0, 6, 0});
    for (const char* shape : {"staged", "merged"}) {
        ::setenv("OVCL_GPU_PIPELINE", shape, 1);
        auto compiled = core.compile_model(test::add_relu_model(), "GPU", {{"PERFORMANCE_HINT", "THROUGHPUT"}});
        ::unsetenv("OVCL_GPU_PIPELINE");
        std::vector<InferRequest> requests;
        for (int i = 0; i < 4; ++i) {
            requests.push_back(compiled.create_infer_request());
            requests.back().set_tensor("a", a);
            requests.back().set_tensor("b", b);
        }
        for (int round = 0; round < 3; ++round) {
            for (auto& r : requests)
                r.start_async();
            for (auto& r : requests) {
                r.wait();
                EXPECT_TENSOR_EQ(r.get_tensor("out"), expected) << shape;
            }
        }
    }
}

// A request's wait stage parks its task with the device's wait executor; wait() may take it back and
// finish the request at once, so the request and the model (the wait executor's last owners) may go
// while the stage thread is still inside when_complete. ThreadSanitizer and ASan see the use after free.
TEST(GpuPipelineShape, ModelMayGoWhileItsLastWaitStageIsBeingParked) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, std::string("GPU"));
    const Tensor a = test::make_tensor<float>(element::f32, {2, 3}, {1, -2, 3, -4, 5, -6});
    const Tensor expected = test::make_tensor<float>(element::f32, {2, 3}, {2, 0, 6, 0, 10, 0});
    ::setenv("OVCL_GPU_PIPELINE", "staged", 1);  // the wait stage is entered from a stream thread
    for (int round = 0; round < 150; ++round) {
        auto compiled = core.compile_model(test::add_relu_model(), "GPU", {{"PERFORMANCE_HINT", "THROUGHPUT"}});
        std::vector<InferRequest> requests;
        for (int i = 0; i < 4; ++i) {
            requests.push_back(compiled.create_infer_request());
            requests.back().set_tensor("a", a);
            requests.back().set_tensor("b", a);
        }
        for (auto& r : requests)
            r.start_async();
        for (auto& r : requests) {
            r.wait();  // may run a wait stage a stream thread has only just parked
            EXPECT_TENSOR_EQ(r.get_tensor("out"), expected);
        }
        // the requests and the model go here, perhaps before a stream thread has left the wait executor
    }
    ::unsetenv("OVCL_GPU_PIPELINE");
}
