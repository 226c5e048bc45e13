// 8 requests x 2,000 inferences, each restarted from its own callback with new inputs: every
// output must be bit-identical to a sync inference of the same inputs on the same compiled
// model. Run on every device; the ThreadSanitizer build runs it too (scripts/test).
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <future>

#include "async_request_suite.hpp"
#include "common/models.hpp"
#include "common/test_utils.hpp"

using namespace ovcl;
using namespace std::chrono_literals;

namespace {

constexpr int kRequests = 8;
constexpr int kInferences = 2000;
constexpr size_t kPatterns = 16;

struct AsyncStress : ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(AsyncStress, ManyRequestsWithCallbacksMatchSyncInfer) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    const Shape shape{1, 256};
    auto compiled = core.compile_model(test::add_relu_model(PartialShape(shape)), GetParam(),
                                       {{"PERFORMANCE_HINT", "THROUGHPUT"}});

    // The expected outputs: one sync inference per input pattern.
    std::vector<Tensor> in_a, in_b, expected;
    auto sync = compiled.create_infer_request();
    for (size_t p = 0; p < kPatterns; ++p) {
        in_a.push_back(test::random_tensor(element::f32, shape, -1, 1, static_cast<uint32_t>(2 * p)));
        in_b.push_back(test::random_tensor(element::f32, shape, -1, 1, static_cast<uint32_t>(2 * p + 1)));
        sync.set_tensor("a", in_a[p]);
        sync.set_tensor("b", in_b[p]);
        sync.infer();
        Tensor copy(element::f32, shape);
        sync.get_tensor("out").copy_to(copy);
        expected.push_back(copy);
    }

    struct Slot {
        InferRequest request;
        Tensor a{element::f32, Shape{1, 256}}, b{element::f32, Shape{1, 256}};
        int done = 0;  // touched only by this request's callback (one at a time)
        int mismatches = 0;
        std::promise<void> finished;
    };
    std::vector<Slot> slots(kRequests);
    auto load = [&](Slot& s, int r) {
        const size_t p = static_cast<size_t>(r + s.done) % kPatterns;
        in_a[p].copy_to(s.a);
        in_b[p].copy_to(s.b);
    };
    for (int r = 0; r < kRequests; ++r) {
        Slot& s = slots[static_cast<size_t>(r)];
        s.request = compiled.create_infer_request();
        s.request.set_tensor("a", s.a);
        s.request.set_tensor("b", s.b);
        load(s, r);
        s.request.set_callback([&s, r, &expected, &load](std::exception_ptr error) {
            const size_t p = static_cast<size_t>(r + s.done) % kPatterns;
            const Tensor out = s.request.get_tensor("out");
            if (error || std::memcmp(out.data(), expected[p].data(), out.get_byte_size()) != 0)
                ++s.mismatches;
            if (++s.done == kInferences) {
                s.finished.set_value();
                return;
            }
            load(s, r);  // the request is idle here: its inputs may change
            s.request.start_async();
        });
    }
    for (auto& s : slots)
        s.request.start_async();
    for (auto& s : slots)
        ASSERT_EQ(s.finished.get_future().wait_for(300s), std::future_status::ready);
    for (auto& s : slots) {
        s.request.wait();
        EXPECT_EQ(s.done, kInferences);
        EXPECT_EQ(s.mismatches, 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Devices, AsyncStress, ::testing::ValuesIn(test::request_suite_devices()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });
