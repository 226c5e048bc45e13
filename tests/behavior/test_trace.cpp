// The timeline (runtime/trace.hpp): with tracing on, 4 requests in flight on GPU leave one
// track per request with a slice per stage, executor tracks, and device-command slices from
// OpenCL event timestamps; the file is valid Chrome trace JSON.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "async_request_suite.hpp"
#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "runtime/trace.hpp"

using namespace ovcl;

TEST(Trace, FourRequestsInFlightLeaveStageAndKernelSlices) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, std::string("GPU"));
    const std::string path = ::testing::TempDir() + "ovcl_trace_test.json";
    trace::set_output(path);  // before compiling: queues record timestamps from the start
    {
        auto compiled = core.compile_model(test::add_relu_model(PartialShape(Shape{64, 64})), "GPU",
                                           {{"PERFORMANCE_HINT", "THROUGHPUT"}});
        std::vector<InferRequest> requests;
        for (int i = 0; i < 4; ++i) {
            requests.push_back(compiled.create_infer_request());
            requests.back().set_tensor("a", test::random_tensor(element::f32, {64, 64}));
            requests.back().set_tensor("b", test::random_tensor(element::f32, {64, 64}));
        }
        for (int round = 0; round < 3; ++round) {
            for (auto& r : requests)
                r.start_async();
            for (auto& r : requests)
                r.wait();
        }
    }
    trace::flush();
    trace::set_output("");

    std::ifstream in(path);
    ASSERT_TRUE(in.good()) << path;
    const auto doc = nlohmann::json::parse(in);
    std::map<std::pair<int, int>, std::string> track_names;  // (pid, tid) -> name
    std::map<std::string, int> process_ids;
    for (const auto& e : doc.at("traceEvents")) {
        if (e.at("ph") == "M" && e.at("name") == "thread_name")
            track_names[{e.at("pid").get<int>(), e.at("tid").get<int>()}] = e.at("args").at("name");
        if (e.at("ph") == "M" && e.at("name") == "process_name")
            process_ids[e.at("args").at("name")] = e.at("pid").get<int>();
    }
    std::map<std::string, std::set<std::string>> stages_per_request;
    std::set<std::string> executors, device_slices;
    for (const auto& e : doc.at("traceEvents")) {
        if (e.at("ph") != "X")
            continue;
        EXPECT_GE(e.at("dur").get<double>(), 0.0);
        const int pid = e.at("pid");
        const std::string track = track_names.at({pid, e.at("tid").get<int>()});
        if (pid == process_ids.at("requests"))
            stages_per_request[track].insert(e.at("name").get<std::string>());
        else if (pid == process_ids.at("executors"))
            executors.insert(track);
        else
            device_slices.insert(e.at("name").get<std::string>());
    }
    EXPECT_EQ(stages_per_request.size(), 4u);
    for (const auto& [request, stages] : stages_per_request)
        EXPECT_EQ(stages, (std::set<std::string>{"Preprocess", "Upload+StartPipeline", "WaitPipeline", "Postprocess"}))
            << request;
    EXPECT_GE(executors.size(), 3u);  // tasks, at least one stream, the wait executor
    EXPECT_TRUE(device_slices.count("write input") && device_slices.count("read output")) << device_slices.size();
    EXPECT_GE(device_slices.size(), 3u);  // the kernel(s) too
    std::remove(path.c_str());
}
