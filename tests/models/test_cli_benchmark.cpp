// `ovcl benchmark` end to end: the built binary run in a subprocess with benchmark_app's flags,
// on REF and on GPU (skipped without an OpenCL device). Checks the printed figures against the
// limits given (-niter, -t, -nireq alignment), the reports it writes (CSV and JSON, parsed back),
// the inputs it takes (.npy, -shape, -b, -data_shape), and that bad flags end with a message
// naming the flag and a non-zero exit code.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ir.hpp"
#include "tools/default_models.hpp"
#include "tools/npy.hpp"

using namespace ovcl;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct RunResult {
    int code = -1;
    std::string output;  ///< stdout and stderr together
};

bool gpu_available() {
    static const bool available = [] {
        Core core;
        for (const auto& d : core.get_available_devices())
            if (d.rfind("GPU", 0) == 0)
                return true;
        return false;
    }();
    return available;
}

#define REQUIRE_GPU()     \
    if (!gpu_available()) \
    GTEST_SKIP() << "no OpenCL device (install pocl-opencl-icd for a CPU device)"

/// A figure of the summary: the number after `label` ("Count:", "Median:", "Throughput:").
double figure(const std::string& output, const std::string& label) {
    const std::regex re(std::regex_replace(label, std::regex(R"([\[\]\(\)\.])"), R"(\$&)") +
                        R"(\s+([0-9]+(\.[0-9]+)?))");
    std::smatch m;
    if (!std::regex_search(output, m, re))
        return -1;
    return std::stod(m[1]);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// benchmark_report.csv: section title -> key -> value.
std::map<std::string, std::map<std::string, std::string>> parse_report_csv(const std::string& text) {
    std::map<std::string, std::map<std::string, std::string>> sections;
    std::stringstream ss(text);
    std::string line, section;
    while (std::getline(ss, line)) {
        if (line.empty()) {
            section.clear();
        } else if (section.empty()) {
            section = line;
            sections[section];
        } else {
            const size_t sep = line.find(';');
            EXPECT_NE(sep, std::string::npos) << line;
            sections[section][line.substr(0, sep)] = line.substr(sep + 1);
        }
    }
    return sections;
}

class CliBenchmark : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_dir = fs::temp_directory_path() / ("ovcl_bench_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    std::string path(const std::string& name) const { return (m_dir / name).string(); }

    /// Runs `ovcl benchmark` with `args` (already quoted where needed).
    RunResult benchmark(const std::string& args) const { return ovcl("benchmark " + args); }

    RunResult ovcl(const std::string& args) const {
        const std::string log = path("log.txt");
        const std::string cmd = "'" + std::string(OVCL_BUILD_BIN_DIR) + "/ovcl' " + args + " > '" + log + "' 2>&1";
        return run_shell(cmd, log);
    }

    RunResult run_shell(const std::string& cmd, const std::string& log) const {
        const int status = std::system(cmd.c_str());
        RunResult r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.output = read_file(log);
        EXPECT_EQ(r.output.find("Sanitizer"), std::string::npos) << r.output;
        EXPECT_EQ(r.output.find("runtime error:"), std::string::npos) << r.output;
        return r;
    }

    /// GPU runs share one CACHE_DIR per test binary, so only the first compiles kernels.
    static std::string gpu_cache() {
        static const std::string dir =
            (fs::temp_directory_path() / ("ovcl_bench_cache_" + std::to_string(::getpid()))).string();
        return dir;
    }
    static void TearDownTestSuite() { fs::remove_all(gpu_cache()); }

    /// The summary every successful run prints, with `count` inferences.
    static void expect_summary(const RunResult& r, double count) {
        ASSERT_EQ(r.code, 0) << r.output;
        for (const char* line : {"Compile model took", "First inference took", "Duration:", "Latency:", "Median:",
                                 "Average:", "Min:", "Max:", "Throughput:", "[Step 11/11]"})
            EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
        if (count >= 0) {
            EXPECT_EQ(figure(r.output, "Count:"), count) << r.output;
        }
        const double min = figure(r.output, "Min:"), median = figure(r.output, "Median:"),
                     max = figure(r.output, "Max:");
        EXPECT_GT(min, 0) << r.output;
        EXPECT_LE(min, median) << r.output;
        EXPECT_LE(median, max) << r.output;
        EXPECT_GT(figure(r.output, "Throughput:"), 0) << r.output;
    }

    fs::path m_dir;
};

}  // namespace

TEST_F(CliBenchmark, SyncOnRefRunsExactlyNiterInferences) {
    const RunResult r = benchmark("-d REF -api sync -niter 7");
    expect_summary(r, 7);
    EXPECT_NE(r.output.find("Start inference synchronously"), std::string::npos) << r.output;
    // Without -hint the sync API gets the LATENCY hint, as benchmark_app does.
    EXPECT_NE(r.output.find("PERFORMANCE_HINT: LATENCY"), std::string::npos) << r.output;
    // As benchmark_app: no progress lines unless -progress; then, not on a terminal, plain lines.
    EXPECT_EQ(r.output.find("Progress:"), std::string::npos) << r.output;
    const RunResult p = benchmark("-d REF -api sync -niter 7 -progress");
    expect_summary(p, 7);
    EXPECT_NE(p.output.find("Progress: 100%"), std::string::npos) << p.output;
    EXPECT_EQ(p.output.find('\r'), std::string::npos);
}

TEST_F(CliBenchmark, HintLatencyAloneMeansSyncApi) {
    const RunResult r = benchmark("-d REF -hint latency -niter 3");
    expect_summary(r, 3);
    EXPECT_NE(r.output.find("Start inference synchronously"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, AsyncOnRefAlignsNiterToTheRequests) {
    const RunResult r = benchmark("-d REF -api async -nireq 3 -niter 5");
    expect_summary(r, 6);
    EXPECT_NE(r.output.find("aligned by request number from 5 to 6"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Start inference asynchronously, 3 inference requests"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("PERFORMANCE_HINT: THROUGHPUT"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, TimeLimitRunsAtLeastThatLong) {
    const RunResult r = benchmark("-d REF -t 1 -nireq 2");
    expect_summary(r, -1);
    EXPECT_GE(figure(r.output, "Duration:"), 1000.0) << r.output;
    EXPECT_GT(figure(r.output, "Count:"), 2) << r.output;
    EXPECT_NE(r.output.find("limits: 1000 ms duration"), std::string::npos) << r.output;
    // Throughput is count / duration (batch 1), as benchmark_app computes it.
    EXPECT_NEAR(figure(r.output, "Throughput:"), 1000.0 * figure(r.output, "Count:") / figure(r.output, "Duration:"),
                0.02 * figure(r.output, "Throughput:"));
}

TEST_F(CliBenchmark, TransformerAndPercentile) {
    const RunResult r = benchmark("-d REF --model-default transformer -niter 10 -api sync -latency_percentile 90");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find("90 percentile:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("tokens (f32, [1,16,64], static)"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, CsvReportsAsBenchmarkAppWritesThem) {
    const std::string folder = path("reports");
    const RunResult r =
        benchmark("-d REF -niter 4 -nireq 2 -report_type average_counters -report_folder '" + folder + "'");
    expect_summary(r, 4);
    auto report = parse_report_csv(read_file(folder + "/benchmark_report.csv"));
    ASSERT_EQ(report.size(), 3u) << read_file(folder + "/benchmark_report.csv");
    EXPECT_EQ(report["Command line parameters"]["-niter"], "4");
    EXPECT_EQ(report["Command line parameters"]["-report_type"], "average_counters");
    EXPECT_EQ(report["Configuration setup"]["target device"], "REF");
    EXPECT_EQ(report["Configuration setup"]["API"], "async");
    EXPECT_EQ(report["Configuration setup"]["number of parallel infer requests"], "2");
    EXPECT_EQ(report["Execution results"]["total number of iterations"], "4");
    for (const char* key :
         {"read model time (ms)", "compile model time (ms)", "first inference time (ms)", "total execution time (ms)",
          "latency (ms)", "avg latency", "min latency", "max latency", "throughput"}) {
        ASSERT_TRUE(report["Execution results"].count(key)) << key;
        EXPECT_GT(std::stod(report["Execution results"][key]), 0.0) << key;
    }

    // The counters: benchmark_app's header, one row per op of the model, then the totals.
    const std::string counters = read_file(folder + "/benchmark_average_counters_report.csv");
    std::stringstream ss(counters);
    std::string line;
    ASSERT_TRUE(std::getline(ss, line));
    EXPECT_EQ(line, "layerName;execStatus;layerType;execType;realTime (ms);cpuTime (ms)");
    std::set<std::string> names;
    bool total = false;
    while (std::getline(ss, line) && !line.empty()) {
        names.insert(line.substr(0, line.find(';')));
        total |= line.rfind("Total;;;;", 0) == 0;
        EXPECT_EQ(std::count(line.begin(), line.end(), ';'), 5) << line;
    }
    EXPECT_TRUE(total) << counters;
    EXPECT_TRUE(names.count("softmax")) << counters;
    EXPECT_TRUE(names.count("pool")) << counters;
}

TEST_F(CliBenchmark, JsonReportsParse) {
    const std::string folder = path("json");
    const RunResult r = benchmark(
        "-d REF -niter 4 -nireq 2 -json_stats -report_type detailed_counters -report_folder '" + folder + "'");
    expect_summary(r, 4);
    const json report = json::parse(read_file(folder + "/benchmark_report.json"));
    EXPECT_EQ(report.at("execution_results").at("total number of iterations"), "4");
    EXPECT_EQ(report.at("configuration_setup").at("target device"), "REF");
    EXPECT_EQ(report.at("cmd_options").at("-d"), "REF");
    EXPECT_NEAR(std::stod(report.at("execution_results").at("throughput").get<std::string>()),
                figure(r.output, "Throughput:"), 0.011);

    const json detailed = json::parse(read_file(folder + "/benchmark_detailed_counters_report.json"));
    EXPECT_EQ(detailed.at("report_type"), "detailed");
    ASSERT_EQ(detailed.at("detailed_performance").size(), 2u);  // one per request
    const json& first = detailed.at("detailed_performance")[0];
    bool softmax = false;
    for (const auto& node : first.at("nodes")) {
        softmax |= node.at("name") == "softmax";
        EXPECT_TRUE(node.contains("real_time") && node.contains("exec_type") && node.contains("status")) << node;
    }
    EXPECT_TRUE(softmax) << first.dump(1);
    EXPECT_GT(std::stod(first.at("total_real_time").get<std::string>()), 0.0);
}

TEST_F(CliBenchmark, PerfCountersPrintedAndSorted) {
    RunResult r = benchmark("-d REF -niter 2 -api sync -pc");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Performance counts for 0-th infer request"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("layerType: Softmax"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("PERF_COUNT: YES"), std::string::npos) << r.output;

    const std::string folder = path("sorted");
    r = benchmark("-d REF -niter 2 -api sync -pcsort sort -report_type no_counters -report_folder '" + folder + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Performance counts sorted for 0-th infer request"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Total proportion: 100.00 %"), std::string::npos) << r.output;
    // The rows come by decreasing real time.
    std::stringstream ss(read_file(folder + "/benchmark_sorted_report.csv"));
    std::string line;
    std::getline(ss, line);
    EXPECT_EQ(line, "layerName,execStatus,layerType,execType,realTime (ms),cpuTime (ms),proportion (%)");
    double previous = 1e30;
    int rows = 0;
    while (std::getline(ss, line) && !line.empty()) {
        std::vector<std::string> cells;
        std::stringstream ls(line);
        for (std::string c; std::getline(ls, c, ',');)
            cells.push_back(c);
        ASSERT_EQ(cells.size(), 7u) << line;
        EXPECT_LE(std::stod(cells[4]), previous) << line;
        previous = std::stod(cells[4]);
        ++rows;
    }
    EXPECT_GT(rows, 5);
}

TEST_F(CliBenchmark, NpyInputsShapesAndBatch) {
    const std::string file = path("in.npy");
    npy::write(file, test::random_tensor(element::f32, {1, 3, 64, 64}));
    // The image input takes u8 by default (benchmark_app's rule); -ip f32 keeps the model's type for f32 files.
    RunResult r = benchmark("-d REF -niter 2 -api sync -ip f32 -i 'input:" + file + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 2 -api sync -ip f32 -i 'input=" + file + "'");  // `ovcl run`'s form too
    expect_summary(r, 2);
    r = benchmark("-d REF -niter 2 -api sync -i 'input:" + file + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("expects u8"), std::string::npos) << r.output;

    // A bare file serves the only input; a file of the wrong shape names the input and the file.
    const std::string small = path("small.npy");
    npy::write(small, test::random_tensor(element::f32, {1, 3, 32, 32}));
    r = benchmark("-d REF -niter 2 -ip f32 -i '" + small + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(small), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("'input'"), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 2 -i 'nosuch:" + file + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("nosuch"), std::string::npos) << r.output;

    // -shape reshapes (the 32x32 file now fits); -b sets the batch, which the throughput counts.
    r = benchmark("-d REF -niter 2 -api sync -ip f32 -shape 'input[1,3,32,32]' -i '" + small + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Reshape model took"), std::string::npos) << r.output;
    const std::string folder = path("b");
    r = benchmark("-d REF -niter 4 -api sync -b 3 -report_type no_counters -report_folder '" + folder + "'");
    expect_summary(r, 4);
    EXPECT_NE(r.output.find("Model batch size: 3"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("input (u8, [3,3,64,64], static)"), std::string::npos) << r.output;
    auto report = parse_report_csv(read_file(folder + "/benchmark_report.csv"));
    EXPECT_EQ(report["Configuration setup"]["batch size"], "3");
    EXPECT_NEAR(figure(r.output, "Throughput:"), 3 * 4 * 1000.0 / figure(r.output, "Duration:"),
                0.02 * figure(r.output, "Throughput:"));
}

TEST_F(CliBenchmark, DataShapesFeedADynamicModel) {
    // A dynamic batch from -shape; the requests take the -data_shape shapes in turn.
    RunResult r = benchmark("-d REF -niter 4 -nireq 2 -shape '[?,3,32,32]' -data_shape 'input[1,3,32,32][2,3,32,32]'");
    expect_summary(r, 4);
    EXPECT_NE(
        r.output.find("input (u8, [?,3,32,32], dynamic): random (seed 1), tensor shapes [1,3,32,32] [2,3,32,32]"),
        std::string::npos)
        << r.output;
    // On GPU too, whose dynamic model has no runtime graph before its first inference (the report's topology).
    r = benchmark("-d GPU -niter 2 -nireq 2 -shape '[?,3,32,32]' -data_shape 'input[1,3,32,32]'");
    expect_summary(r, 2);
    // Without -data_shape a dynamic input has no data: the error says what to give.
    r = benchmark("-d REF -niter 2 -shape '[?,3,32,32]'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("-data_shape"), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 2 -shape '[?,3,32,32]' -data_shape '[1,3,16,16]'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("does not fit"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, IrModelFromFile) {
    const std::string xml = path("cnn.xml");
    ir::write_model(*default_models::make_resnet_like_cnn(), xml);
    const RunResult r = benchmark("-m '" + xml + "' -d REF -niter 2 -api sync");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Model: " + xml), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, StreamsNeedHintNoneAndCompileOnly) {
    RunResult r = benchmark("-d REF -niter 2 -nstreams 2");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("-hint none"), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 4 -nstreams 2 -hint none -nireq 2");
    expect_summary(r, 4);
    EXPECT_NE(r.output.find("NUM_STREAMS: 2"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("using 2 streams for REF"), std::string::npos) << r.output;

    r = benchmark("-d REF -niter 0");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find("Skipping inference due to -niter 0"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("Throughput:"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, BadFlagsExitNonZeroNamingTheFlag) {
    struct Case {
        const char* args;
        const char* mention;
    };
    for (const Case& c :
         std::vector<Case>{{"-hint fast", "hint"},
                           {"-api both", "api"},
                           {"-nireq 0", "nireq"},
                           {"-niter -3", "niter"},
                           {"-t 0", "time"},
                           {"-b 0", "batch"},
                           {"-report_type everything", "report_type"},
                           {"-pcsort up", "pcsort"},
                           {"-latency_percentile 0", "latency_percentile"},
                           {"-no_such_flag 1", "no_such_flag"},
                           {"-nstreams many -hint none", "-nstreams"},
                           {"-shape 'input(1,3)'", "-shape"},
                           {"-shape 'other[1,3,64,64]'", "other"},
                           {"-data_shape 'input[1,x]'", "-data_shape"},
                           {"-json_stats", "-report_type"},
                           {"-infer_precision f64", "f64"},
                           {"-infer_precision 'GPU:f16'", "REF"},
                           {"-m /no/such/model.xml", "/no/such/model.xml"},
                           {"-report_type no_counters -report_folder /proc/forbidden", "/proc/forbidden"},
                           {"-trace /proc/no/trace.json", "/proc/no/trace.json"}}) {
        SCOPED_TRACE(c.args);
        const RunResult r = benchmark(std::string("-d REF -niter 1 ") + c.args);
        EXPECT_NE(r.code, 0) << r.output;
        EXPECT_NE(r.output.find(c.mention), std::string::npos) << r.output;
        EXPECT_EQ(r.output.find("Throughput:"), std::string::npos) << r.output;
    }
    const RunResult r = benchmark("-d NO_SUCH_DEVICE -niter 1");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("NO_SUCH_DEVICE"), std::string::npos) << r.output;
}

// -load_config: the device's entry of a benchmark_app-style JSON file reaches compile_model (GPU_TUNING_MODE=CREATE
// times the kernel candidates and stores the choice in CACHE_DIR); other devices' entries are not applied; a flag
// wins over the file.
TEST_F(CliBenchmark, LoadConfigGivesDeviceProperties) {
    REQUIRE_GPU();
    const std::string cache = path("tuning_cache");
    std::ofstream(path("config.json"))
        << R"({"GPU": {"GPU_TUNING_MODE": "CREATE", "NUM_STREAMS": 1}, "REF": {"NOT_A_GPU_PROPERTY": "1"}})";
    RunResult r = benchmark("-d GPU -hint latency -niter 2 -cache_dir '" + cache + "' -load_config '" +
                            path("config.json") + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("GPU_TUNING_MODE: CREATE"), std::string::npos) << r.output;
    EXPECT_TRUE(fs::exists(fs::path(cache) / "ovcl_tuning.json")) << r.output;

    std::ofstream(path("hint.json")) << R"({"REF": {"PERFORMANCE_HINT": "THROUGHPUT"}})";
    r = benchmark("-d REF -hint latency -niter 1 -load_config '" + path("hint.json") + "'");
    expect_summary(r, 1);
    EXPECT_NE(r.output.find("PERFORMANCE_HINT: LATENCY"), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 2 -load_config '" + path("hint.json") + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("PERFORMANCE_HINT: THROUGHPUT"), std::string::npos) << r.output;
}

// A file that cannot be read, is not JSON, is not {"DEVICE": {...}} or names an unknown property stops the run
// before any inference, naming the file and what is wrong.
TEST_F(CliBenchmark, BadLoadConfigExitsNonZeroNamingIt) {
    struct Case {
        const char* json;  ///< nullptr: no file
        const char* mention;
    };
    for (const Case& c : std::vector<Case>{{nullptr, "cannot read"},
                                           {R"({"REF": )", "not JSON"},
                                           {R"([1, 2])", "top level"},
                                           {R"({"REF": 3})", "entry \"REF\""},
                                           {R"({"REF": {"PERFORMANCE_HINT": [1]}})", "PERFORMANCE_HINT"},
                                           {R"({"REF": {"NO_SUCH_PROPERTY": "1"}})", "NO_SUCH_PROPERTY"}}) {
        SCOPED_TRACE(c.json ? c.json : "no file");
        const std::string file = path("bad.json");
        fs::remove(file);
        if (c.json)
            std::ofstream(file) << c.json;
        const RunResult r = benchmark("-d REF -niter 1 -load_config '" + file + "'");
        EXPECT_NE(r.code, 0) << r.output;
        EXPECT_NE(r.output.find(c.mention), std::string::npos) << r.output;
        if (c.json && std::string(c.mention) != "NO_SUCH_PROPERTY") {
            EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
        }
        EXPECT_EQ(r.output.find("Throughput:"), std::string::npos) << r.output;
    }
}

// benchmark_app's preprocessing flags: the model's input becomes u8 (step 6 prints it), random inputs follow
// the new type, and bad values stop the run before any inference.
TEST_F(CliBenchmark, PreprocessingFlagsChangeTheModelInputs) {
    const RunResult r = benchmark(
        "-d REF -niter 2 -api sync -ip u8 -op f16 -layout '[N,C,H,W]' -mean_values '[123.675,116.28,103.53]' "
        "-scale_values 'input[58.395,57.12,57.375]'");
    expect_summary(r, 2);
    const size_t step6 = r.output.find("[Step 6/11]");
    ASSERT_NE(step6, std::string::npos) << r.output;
    EXPECT_NE(r.output.find("input (node: input) : u8 / [N,C,H,W] / [1,3,64,64]", step6), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("probabilities (node: ", step6), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(") : f16 / [...] / [1,10]", step6), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("input (u8, [1,3,64,64], static): random"), std::string::npos) << r.output;

    for (const char* bad : {"-ip u3", "-iop 'nosuch:f16'", "-layout '[N,C'", "-mean_values '[1,2]'",
                            "-scale_values 'input[1,2,3,4]' -layout NCHW"}) {
        SCOPED_TRACE(bad);
        const RunResult e = benchmark(std::string("-d REF -niter 1 ") + bad);
        EXPECT_EQ(e.code, 1) << e.output;
        EXPECT_NE(e.output.find("ovcl: error: "), std::string::npos) << e.output;
        EXPECT_EQ(e.output.find("Throughput:"), std::string::npos) << e.output;
    }
}

TEST_F(CliBenchmark, ProgressBarOnATerminal) {
    if (std::system("command -v script > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "no `script` to give the tool a terminal";
    const std::string log = path("tty.txt");
    // script(1) runs the tool on a pseudo-terminal; its output goes to the log.
    const std::string cmd = "script -qec \"'" + std::string(OVCL_BUILD_BIN_DIR) +
                            "/ovcl' benchmark -d REF -api sync -t 1 -progress\" '" + log + "' > /dev/null 2>&1";
    const RunResult r = run_shell(cmd, log);
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find("\r["), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("] 100%"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("Progress: 10%"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, GpuAsyncWithTrace) {
    REQUIRE_GPU();
    const std::string trace = path("trace/run.json");
    const RunResult r = benchmark("-d GPU -niter 8 -nireq 4 -cache_dir '" + gpu_cache() + "' -trace '" + trace + "'");
    expect_summary(r, 8);
    EXPECT_NE(r.output.find("Execution Devices: GPU"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("4 inference requests"), std::string::npos) << r.output;
    const json doc = json::parse(read_file(trace));
    std::set<std::string> stages;
    for (const auto& e : doc.at("traceEvents"))
        if (e.at("ph") == "X")
            stages.insert(e.at("name").get<std::string>());
    EXPECT_GT(stages.size(), 2u) << doc.dump(1).substr(0, 2000);
}

TEST_F(CliBenchmark, GpuReportsDeviceMemory) {
    REQUIRE_GPU();
    const std::string folder = path("memory");
    RunResult r = benchmark("-d GPU -niter 0 -report_type no_counters -report_folder '" + folder + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    std::smatch m;
    const std::regex line(R"(\[ INFO \] Device memory: peak ([0-9.]+) MiB, largest live set ([0-9.]+) MiB, )"
                          R"(all tensors ([0-9.]+) MiB; constants ([0-9.]+) MiB)");
    ASSERT_TRUE(std::regex_search(r.output, m, line)) << r.output;
    const double peak = std::stod(m[1]), live = std::stod(m[2]), all = std::stod(m[3]), constants = std::stod(m[4]);
    EXPECT_GT(live, 0) << r.output;
    EXPECT_GT(constants, 0) << r.output;  // the embedded CNN's weights
    EXPECT_LE(live, peak) << r.output;
    EXPECT_LE(peak, all) << r.output;
    // The report holds the same figures in bytes.
    auto report = parse_report_csv(read_file(folder + "/benchmark_report.csv"));
    const auto& results = report["Execution results"];
    ASSERT_TRUE(results.count("device memory peak (bytes)")) << read_file(folder + "/benchmark_report.csv");
    EXPECT_NEAR(std::stod(results.at("device memory peak (bytes)")) / (1024.0 * 1024.0), peak, 0.005);
    EXPECT_NEAR(std::stod(results.at("device memory largest live set (bytes)")) / (1024.0 * 1024.0), live, 0.005);
    EXPECT_NEAR(std::stod(results.at("device memory all tensors (bytes)")) / (1024.0 * 1024.0), all, 0.005);
    EXPECT_NEAR(std::stod(results.at("device memory constants (bytes)")) / (1024.0 * 1024.0), constants, 0.005);
    // REF has no device memory plan: no such line.
    r = benchmark("-d REF -niter 1 -api sync");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_EQ(r.output.find("Device memory:"), std::string::npos) << r.output;
}

TEST_F(CliBenchmark, GpuSyncCacheAndPrecision) {
    REQUIRE_GPU();
    RunResult r = benchmark("-d GPU -api sync -niter 3 -cache_dir '" + gpu_cache() + "'");
    expect_summary(r, 3);
    r = benchmark("-d GPU -api sync -niter 3 -cache_dir '" + gpu_cache() + "'");
    expect_summary(r, 3);
    EXPECT_NE(r.output.find("Model cache: loaded from"), std::string::npos) << r.output;

    r = benchmark("-d GPU -niter 2 -nireq 2 -infer_precision f16 -pc -cache_dir '" + gpu_cache() + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("INFERENCE_PRECISION_HINT: f16"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Performance counts for 1-th infer request"), std::string::npos) << r.output;
}

// Every unknown flag stops the run with its name and the closest known one: one-dash long names are never split
// into short options (`-dump_confg` is not `-d ump_confg`).
TEST_F(CliBenchmark, UnknownFlagsNameTheFlagAndTheClosest) {
    const std::map<std::string, std::string> messages = {
        {"benchmark -niter 0 -dump_confg x", "unknown flag '-dump_confg'; the closest is '-dump_config'"},
        {"benchmark -niter 0 -max_irat 5", "unknown flag '-max_irat'; the closest is '-max_irate'"},
        {"benchmark -niter 0 --nitr 3", "unknown flag '--nitr'; the closest is '-niter'"},
        {"benchmark -niter 0 -q", "unknown flag '-q'"},
        {"bogus", "unknown command 'bogus'"},
        {"run --seeed 3", "the closest is '-seed'"}};
    for (const auto& [args, message] : messages) {
        const RunResult r = ovcl(args);
        EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
        EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
        EXPECT_EQ(r.output.find("[Step 1/11]"), std::string::npos) << r.output;
    }
}

// benchmark_app's flags of OpenVINO 2026 that ovcl takes with the same meaning: boolean values (-pc true),
// -no_warmup, -dump_config (read back by -load_config), -exec_graph_path, -lfile, -max_irate, -pcseq, -cdir; and
// the ones that need -hint none or have no meaning here refuse or say so.
TEST_F(CliBenchmark, BenchmarkAppFlagsOfOpenVino2026) {
    RunResult r = benchmark("-d REF -niter 2 -api sync -pc true");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Performance counts for 0-th infer request"), std::string::npos) << r.output;
    r = benchmark("-d REF -niter 2 -api sync -pc false -no_warmup");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_EQ(figure(r.output, "Count:"), 2) << r.output;
    EXPECT_EQ(r.output.find("First inference took"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("Performance counts for"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Skipping warmup inference due to -no_warmup flag"), std::string::npos) << r.output;

    // Without -d: REF, the default of every subcommand.
    const std::string dump = path("config.json"), graph = path("exec/graph.xml");
    fs::create_directories(path("exec"));
    r = benchmark("-niter 2 -hint latency -dump_config '" + dump + "' -exec_graph_path '" + graph + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Device info:\n[ INFO ] REF"), std::string::npos) << r.output;
    const json config = json::parse(read_file(dump));
    EXPECT_EQ(config.at("REF").at("PERFORMANCE_HINT"), "LATENCY") << config.dump();
    EXPECT_EQ(config.at("REF").at("PERF_COUNT"), "YES") << config.dump();  // the graph holds per-op times
    EXPECT_GT(Core().read_model(graph)->get_ordered_ops().size(), 3u);
    r = benchmark("-d REF -niter 2 -load_config '" + dump + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("PERFORMANCE_HINT: LATENCY"), std::string::npos) << r.output;

    const std::string xml = path("cnn.xml");
    ir::write_model(*default_models::make_resnet_like_cnn(), xml);
    r = benchmark("-d REF -niter 2 -lfile -m '" + xml + "' -cdir '" + path("cache") + "'");
    expect_summary(r, 2);
    EXPECT_NE(r.output.find("Skipping the step for loading model from file"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Model cache: "), std::string::npos) << r.output;

    // -max_irate 50 with 5 inferences: the last starts 80 ms after the first at the earliest.
    r = benchmark("-d REF -niter 5 -api sync -max_irate 50");
    expect_summary(r, 5);
    EXPECT_GE(figure(r.output, "Duration:"), 80.0) << r.output;

    r = benchmark("-d REF -niter 4 -nireq 2 -shape '[?,3,32,32]' -data_shape '[1,3,32,32][2,3,32,32]' -pcseq");
    expect_summary(r, 4);
    EXPECT_NE(r.output.find("Latency for each data shape group:\n[ INFO ] 1. input: [1,3,32,32]"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("[ INFO ] 2. input: [2,3,32,32]"), std::string::npos) << r.output;

    r = benchmark("-d REF -niter 1 -hint none -nthreads 2 -pin NO");
    expect_summary(r, 1);
    EXPECT_NE(r.output.find("-nthreads is ignored: device REF has no INFERENCE_NUM_THREADS"), std::string::npos)
        << r.output;
    for (const char* bad : {"-nthreads 2", "-inference_only false", "-extensions /no/such/lib.so"}) {
        SCOPED_TRACE(bad);
        r = benchmark(std::string("-d REF -niter 1 ") + bad);
        EXPECT_EQ(r.code, 1) << r.output;
        EXPECT_NE(r.output.find(std::string(bad).substr(0, std::string(bad).find(' '))), std::string::npos)
            << r.output;
    }
}
