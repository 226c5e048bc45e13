// OpenCL failures injected at every call of the functions the GPU plugin depends on
// (tests/fault/cl_fault.h, an interposer linked before libOpenCL): each one must surface as an
// ovcl::Exception naming the OpenCL call and the error, from compile_model, create_infer_request,
// infer or wait; nothing may leak (live OpenCL references return to where they were); and what
// survived the failure keeps working (a later inference gives the right numbers).
// clFinish is not instantiated: the plugin waits on events (clWaitForEvents, clGetEventInfo) and
// never calls it; the interposer can fail it all the same (OVCL_FAULT_FINISH).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cl_fault.h"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace {

constexpr size_t kRows = 2, kK = 8, kCols = 4;

std::vector<float> weights() {
    std::vector<float> w(kK * kCols);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<float>(static_cast<int>(i % 7) - 3) * 0.25f;
    return w;
}
std::vector<float> bias() { return {0.5f, -1.f, 0.25f, 2.f}; }

/// y = Relu(x @ W + b): a kernel or two and two constant buffers, so every call site is met.
std::shared_ptr<Model> model() {
    auto x = op::parameter(element::f32, Shape{kRows, kK}, "x");
    auto w = op::constant<float>(element::f32, Shape{kK, kCols}, weights());
    auto b = op::constant<float>(element::f32, Shape{kCols}, bias());
    auto mm = op::make("MatMul", {x, w});
    auto add = op::make("Add", {mm, b});
    auto relu = op::make("Relu", {add});
    relu->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(relu, "y")}, NodeVector{x}, "fault_mlp");
}

Tensor input(float scale) {
    Tensor t(element::f32, Shape{kRows, kK});
    auto* p = t.data<float>();
    for (size_t i = 0; i < kRows * kK; ++i)
        p[i] = scale * (static_cast<float>(i % 5) - 2.f);
    return t;
}

std::vector<float> expected(const Tensor& x) {
    const auto w = weights(), b = bias();
    std::vector<float> y(kRows * kCols);
    for (size_t r = 0; r < kRows; ++r)
        for (size_t c = 0; c < kCols; ++c) {
            float acc = b[c];
            for (size_t k = 0; k < kK; ++k)
                acc += x.data<float>()[r * kK + k] * w[k * kCols + c];
            y[r * kCols + c] = std::max(acc, 0.f);
        }
    return y;
}

::testing::AssertionResult output_is_right(InferRequest& req, const Tensor& x) {
    const Tensor y = req.get_tensor("y");
    const auto want = expected(x);
    for (size_t i = 0; i < want.size(); ++i)
        if (std::abs(y.data<float>()[i] - want[i]) > 1e-4f)
            return ::testing::AssertionFailure() << "y[" << i << "] = " << y.data<float>()[i] << ", expected "
                                                 << want[i];
    return ::testing::AssertionSuccess();
}

std::array<int64_t, OVCL_CL_OBJECT_COUNT> live() {
    std::array<int64_t, OVCL_CL_OBJECT_COUNT> l{};
    for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
        l[static_cast<size_t>(k)] = ovcl_fault_live(k);
    return l;
}

const char* kObjectNames[] = {"mem", "event", "kernel", "program", "queue", "context"};

std::string describe(const std::array<int64_t, OVCL_CL_OBJECT_COUNT>& a) {
    std::string s;
    for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
        s += std::string(kObjectNames[k]) + "=" + std::to_string(a[static_cast<size_t>(k)]) + " ";
    return s;
}

/// One pass of what a user does: compile, create a request, a sync and an async inference.
/// Stops at the first exception and keeps what was made before it.
struct Session {
    std::optional<Core> core;
    std::optional<CompiledModel> compiled;
    std::optional<InferRequest> request;
    std::string error;     ///< the exception's message, "" when the pass succeeded
    std::string stage;     ///< where it was thrown
    bool wrong_output = false;

    void run(const std::shared_ptr<Model>& m) {
        try {
            stage = "Core";
            if (!core)
                core.emplace();
            stage = "compile_model";
            if (!compiled)
                compiled = core->compile_model(m, "GPU");
            stage = "create_infer_request";
            if (!request)
                request = compiled->create_infer_request();
            stage = "infer";
            const Tensor x1 = input(1.f);
            request->set_tensor("x", x1);
            request->infer();
            wrong_output |= !output_is_right(*request, x1);
            stage = "start_async/wait";
            const Tensor x2 = input(-0.5f);
            request->set_tensor("x", x2);
            request->start_async();
            request->wait();
            wrong_output |= !output_is_right(*request, x2);
            error.clear();
            stage.clear();
        } catch (const Exception& e) {
            error = e.what();
        }
    }
};

struct Site {
    ovcl_fault_call call;
    cl_int error;
    const char* error_name;
};

void PrintTo(const Site& s, std::ostream* os) { *os << ovcl_fault_call_name(s.call) << " -> " << s.error_name; }

std::string site_name(const ::testing::TestParamInfo<Site>& info) { return ovcl_fault_call_name(info.param.call) +
                                                                           std::string("_") + info.param.error_name; }

class FaultInjection : public ::testing::TestWithParam<Site> {
protected:
    void SetUp() override {
        OVCL_REQUIRE_GPU();
        if (!ovcl_fault_active()) {
            // gpu_env() made OpenCL calls: when none went through the interposer it is not in effect.
            GTEST_SKIP() << "the OpenCL fault library is not interposed (was libOpenCL linked first?)";
        }
        ovcl_fault_disarm_all();
    }
    void TearDown() override { ovcl_fault_disarm_all(); }
};

// The interposer sees the plugin's calls (it is dlopen'ed with its own libOpenCL dependency),
// and a clean pass leaves no OpenCL reference behind once everything is destroyed.
TEST(FaultLibrary, CountsThePluginsCallsAndEveryObjectIsReleased) {
    OVCL_REQUIRE_GPU();
    ASSERT_TRUE(ovcl_fault_active()) << "OpenCL calls do not go through libovcl_cl_fault: check the link order";
    const auto before = live();
    std::array<uint64_t, OVCL_FAULT_CALL_COUNT> calls{};
    for (int c = 0; c < OVCL_FAULT_CALL_COUNT; ++c)
        calls[static_cast<size_t>(c)] = ovcl_fault_calls(c);
    {
        Session s;
        s.run(model());
        ASSERT_EQ(s.error, "") << "at " << s.stage;
        EXPECT_FALSE(s.wrong_output);
        for (auto c : {OVCL_FAULT_CREATE_BUFFER, OVCL_FAULT_BUILD_PROGRAM, OVCL_FAULT_ENQUEUE_KERNEL,
                       OVCL_FAULT_ENQUEUE_READ, OVCL_FAULT_ENQUEUE_WRITE})
            EXPECT_GT(ovcl_fault_calls(c), calls[static_cast<size_t>(c)]) << ovcl_fault_call_name(c) << " not seen";
        EXPECT_GT(ovcl_fault_live(OVCL_CL_MEM), before[OVCL_CL_MEM]);
        EXPECT_GT(ovcl_fault_live(OVCL_CL_CONTEXT), before[OVCL_CL_CONTEXT]);
    }
    EXPECT_EQ(live(), before) << "live OpenCL references after everything was destroyed: " << describe(live())
                              << "; before: " << describe(before);
}

// Every call of the site in a pass is failed in turn (from a fresh Core, so programs are
// built anew). Then: the exception names the call and the error; a clean pass over what survived
// gives right outputs; destroying it all returns every OpenCL reference.
TEST_P(FaultInjection, FailsWithTheCallNamedRecoversAndLeaksNothing) {
    const Site site = GetParam();
    const char* call = ovcl_fault_call_name(site.call);
    const auto m = model();
    const auto before = live();

    // How many calls of this site one clean pass makes.
    const uint64_t calls0 = ovcl_fault_calls(site.call);
    {
        Session clean;
        clean.run(m);
        ASSERT_EQ(clean.error, "") << "clean pass failed at " << clean.stage;
    }
    const uint64_t per_pass = ovcl_fault_calls(site.call) - calls0;
    if (per_pass == 0)
        GTEST_SKIP() << call << " is not called by the GPU plugin on this path";
    ASSERT_EQ(live(), before) << "clean pass leaked: " << describe(live());

    // The poller's completion checks vary in number: fail the first few, the others once each.
    uint64_t injected = 0;
    const uint64_t points = std::min<uint64_t>(per_pass, site.call == OVCL_FAULT_EVENT_STATUS ? 2 : 12);
    for (uint64_t nth = 1; nth <= points; ++nth) {
        SCOPED_TRACE(std::string(call) + " call #" + std::to_string(nth) + " of " + std::to_string(per_pass));
        {
            Session s;
            ovcl_fault_arm(site.call, nth, site.error);
            s.run(m);
            const bool fired = ovcl_fault_fired(site.call);
            ovcl_fault_disarm_all();
            if (!fired)
                continue;  // fewer calls on this pass (async polling): nothing was injected
            ++injected;
            ASSERT_NE(s.error, "") << "the injected " << site.error_name << " went unnoticed";
            EXPECT_NE(s.error.find(site.error_name), std::string::npos) << "at " << s.stage << ": " << s.error;
            if (site.call == OVCL_FAULT_CREATE_BUFFER && s.stage == "compile_model" &&
                s.error.find("warm-up") == std::string::npos) {  // a weight: its layer named
                EXPECT_NE(s.error.find("for a constant of FusedMatMul"), std::string::npos) << s.error;
            }
            if (site.call != OVCL_FAULT_EVENT_STATUS) {  // a failed event names the command, not a call
                EXPECT_NE(s.error.find(call), std::string::npos) << "at " << s.stage << ": " << s.error;
            }
            // What survived is usable: the same request/compiled model run again, right outputs.
            s.run(m);
            EXPECT_EQ(s.error, "") << "after the failure, a clean pass failed at " << s.stage;
            EXPECT_FALSE(s.wrong_output) << "wrong output after recovering from a failure";
        }
        EXPECT_EQ(live(), before) << "leaked after a failure: " << describe(live()) << "; before: "
                                  << describe(before);
    }
    EXPECT_GT(injected, 0u) << "no fault fired: the sweep tested nothing";
    RecordProperty("faults_injected", static_cast<int>(injected));
}

INSTANTIATE_TEST_SUITE_P(
    OpenCLCalls, FaultInjection,
    ::testing::Values(Site{OVCL_FAULT_CREATE_BUFFER, CL_MEM_OBJECT_ALLOCATION_FAILURE,
                           "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
                      Site{OVCL_FAULT_CREATE_BUFFER, CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
                      Site{OVCL_FAULT_BUILD_PROGRAM, CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
                      Site{OVCL_FAULT_ENQUEUE_KERNEL, CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
                      Site{OVCL_FAULT_ENQUEUE_READ, CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
                      Site{OVCL_FAULT_ENQUEUE_WRITE, CL_MEM_OBJECT_ALLOCATION_FAILURE,
                           "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
                      Site{OVCL_FAULT_WAIT_FOR_EVENTS, CL_OUT_OF_RESOURCES,
                           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"},
                      Site{OVCL_FAULT_EVENT_STATUS, CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"}),
    site_name);

}  // namespace
}  // namespace ovcl
