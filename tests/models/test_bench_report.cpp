// bench/report.py, the script that turns the benches' Google Benchmark JSON and tools/compare_openvino.py's
// comparison.json into docs/perf/bench.md, on small hand-written files in the formats those tools write: the tables
// hold each row's time, ratio counters and reproducing command, skipped rows say why, repetitions show medians, the
// OpenVINO table's ratios are computed, and bad use ends with a message instead of a report.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace std::string_literals;
namespace fs = std::filesystem;

namespace {

const fs::path kSourceDir = fs::path(OVCL_TEST_DATA_DIR).parent_path().parent_path();

struct Result {
    int code = -1;
    std::string output;
};

Result run(const std::string& cmd) {
    Result r;
    FILE* p = popen((cmd + " 2>&1").c_str(), "r");
    if (!p)
        return r;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;)
        r.output.append(buf, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A bench's --benchmark_out JSON as Google Benchmark 1.7 writes it: a row with counters and a label, a skipped row.
const char* const kDemoJson = R"({
  "context": {"date": "2026-11-22T01:00:00+00:00", "num_cpus": 2, "load_avg": [0.5, 0.25, 0.125]},
  "benchmarks": [
    {"name": "BM_Kernel/64/real_time", "family_index": 0, "per_family_instance_index": 0,
     "run_name": "BM_Kernel/64/real_time", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
     "threads": 1, "iterations": 100, "real_time": 2.5, "cpu_time": 0.1, "time_unit": "ms",
     "GBps": 12.0, "vs_host_ref": 3.25, "label": "k16"},
    {"name": "BM_Kernel/128/real_time", "family_index": 0, "per_family_instance_index": 1,
     "run_name": "BM_Kernel/128/real_time", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
     "threads": 1, "iterations": 0, "real_time": 0, "cpu_time": 0, "time_unit": "ms",
     "error_occurred": true, "error_message": "no OpenCL device"}
  ]
})";

// With --benchmark_repetitions and --benchmark_report_aggregates_only: mean, median and stddev rows.
const char* const kRepeatedJson = R"({
  "context": {"date": "2026-11-22T01:00:00+00:00", "num_cpus": 2},
  "benchmarks": [
    {"name": "BM_Model_mean", "run_name": "BM_Model", "run_type": "aggregate", "aggregate_name": "mean",
     "iterations": 3, "real_time": 9.0, "cpu_time": 1.0, "time_unit": "us", "vs_ref": 1.5},
    {"name": "BM_Model_median", "run_name": "BM_Model", "run_type": "aggregate", "aggregate_name": "median",
     "iterations": 3, "real_time": 7.0, "cpu_time": 1.0, "time_unit": "us", "vs_ref": 1.75},
    {"name": "BM_Model_stddev", "run_name": "BM_Model", "run_type": "aggregate", "aggregate_name": "stddev",
     "iterations": 3, "real_time": 0.5, "cpu_time": 0.1, "time_unit": "us", "vs_ref": 0.01}
  ]
})";

// tools/compare_openvino.py's comparison.json (one model, figures trimmed to what the report reads).
const char* const kComparisonJson = R"({
  "meta": {"device": "GPU", "seconds": 20, "tolerance": 0.001, "machine": "Test CPU, 2 logical CPUs",
           "openvino_version": "2099.1", "date": "2026-11-22 01:00 UTC",
           "command": "python3 tools/compare_openvino.py -t 20"},
  "models": {"resnet50": {
    "outputs": {"GPU": {"ok": true, "outputs": {"logits": {"max_abs_diff": 4e-6, "relative": 1.5e-6, "ok": true}}}},
    "ovcl": {"latency": {"latency_median_ms": 50.0}, "throughput": {"throughput_fps": 30.0}},
    "openvino": {"latency": {"latency_median_ms": 25.0}, "throughput": {"throughput_fps": 40.0}}}}
})";

class BenchReport : public ::testing::Test {
protected:
    void SetUp() override {
        if (run("python3 --version").code != 0)
            GTEST_SKIP() << "no python3 on PATH (bench/report.py is a Python script)";
        dir_ = fs::temp_directory_path() / ("ovcl_bench_report_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // bench/report.py on the JSON in dir_/json (no build there: no bench runs, no `ovcl devices`).
    Result report(const std::string& extra = "") {
        return run("python3 '" + (kSourceDir / "bench" / "report.py").string() + "' --build '" +
                   (dir_ / "build").string() + "' --json-dir '" + (dir_ / "json").string() + "' --models '" +
                   (dir_ / "models").string() + "' --md '" + md().string() + "' --img '" + (dir_ / "img").string() +
                   "' " + extra);
    }
    fs::path md() const { return dir_ / "perf" / "bench.md"; }

    fs::path dir_;
};

TEST_F(BenchReport, TablesHoldTimesRatiosAndReproducingCommands) {
    write(dir_ / "json" / "demo.json", kDemoJson);
    write(dir_ / "json" / "demo.cmd.json", R"({"command": "build/bin/ovcl_bench_demo --benchmark_out=x.json"})");
    const Result r = report();
    ASSERT_EQ(r.code, 0) << r.output;
    const std::string text = read(md());
    EXPECT_NE(text.find("### demo"), std::string::npos) << text;
    EXPECT_NE(text.find("| benchmark | what | time | **vs_host_ref** | GBps | reproduce |"), std::string::npos) << text;
    EXPECT_NE(text.find("| BM_Kernel/64 | k16 | 2.5 ms | 3.25 | 12 | "
                        "`build/bin/ovcl_bench_demo --benchmark_filter='^BM_Kernel/64/real_time$'` |"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("| BM_Kernel/128 | skipped: no OpenCL device |"), std::string::npos) << text;
    EXPECT_NE(text.find("with `build/bin/ovcl_bench_demo --benchmark_out=x.json`; load average then 0.50, 0.25, "
                        "0.12."),
              std::string::npos)
        << text;
    // No comparison.json: the OpenVINO section says what is missing and how to get it.
    EXPECT_NE(text.find("Not measured: "), std::string::npos) << text;
    // Plots need matplotlib: either the one this data allows (ratios against host_ref needs BM_GpuOp rows: none
    // here, so no PNG) or the message saying they were left out.
    EXPECT_FALSE(fs::exists(dir_ / "img" / "bench_vs_host_ref.png"));
}

TEST_F(BenchReport, RepetitionsShowTheMedian) {
    write(dir_ / "json" / "rep.json", kRepeatedJson);
    const Result r = report();
    ASSERT_EQ(r.code, 0) << r.output;
    const std::string text = read(md());
    EXPECT_NE(text.find("| BM_Model |  | 7 us | 1.75 |"), std::string::npos) << text;
    EXPECT_EQ(text.find("| 9 us |"), std::string::npos) << text;
    EXPECT_NE(text.find("(medians of the repetitions)"), std::string::npos) << text;
}

TEST_F(BenchReport, OpenVinoTableWithRatios) {
    write(dir_ / "json" / "demo.json", kDemoJson);
    write(dir_ / "models" / "comparison.json", kComparisonJson);
    const Result r = report();
    ASSERT_EQ(r.code, 0) << r.output;
    const std::string text = read(md());
    // latency 50 / 25 = 2.00, throughput 30 / 40 = 0.750; the output error and its verdict.
    EXPECT_NE(text.find("| resnet50 | 50.00 | 25.00 | 2.00 | 30.00 | 40.00 | 0.750 | GPU 1.5e-06 ok |"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Reproduce: `python3 tools/compare_openvino.py -t 20`"), std::string::npos) << text;
    EXPECT_NE(text.find("OpenVINO 2099.1"), std::string::npos) << text;
}

TEST_F(BenchReport, BadUseEndsWithAMessage) {
    // Nothing to report from.
    Result r = report();
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.output.find("no bench JSON in"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(md()));
    // Benches to run, but none built.
    r = report("--run gpu_ops");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.output.find("-DOVCL_BUILD_BENCH=ON"), std::string::npos) << r.output;
    // A bench that does not exist.
    write(dir_ / "build" / "bin" / "ovcl_bench_demo", "#!/bin/sh\n");
    fs::permissions(dir_ / "build" / "bin" / "ovcl_bench_demo", fs::perms::owner_all);
    r = report("--run nosuch");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.output.find("--run: no bench named nosuch (built: demo)"), std::string::npos) << r.output;
}

}  // namespace
