// `ovcl benchmark` against OpenVINO's benchmark_app (the `openvino` wheel in <build>/venv) with the same flags on
// the same small IR: a script that parses benchmark_app's output or reports parses ovcl's. Compared: the eleven
// step headers, the model's input and output lines after preprocessing (image inputs as u8), the summary's keys
// and units, and the report files' sections and keys. Skipped when the wheel is not installed.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kVenv = std::string(OVCL_BUILD_BIN_DIR) + "/../venv/bin/";

// A 3x32x32 image through a convolution: an input benchmark_app takes as an image, an output whose tensor
// name differs from its node's.
const char* const kMakeModel = R"(
import sys, numpy as np, openvino as ov, openvino.opset13 as ops
x = ops.parameter([1, 3, 32, 32], np.float32, name="input")
w = ops.constant(np.random.RandomState(0).uniform(-1, 1, (8, 3, 3, 3)).astype(np.float32))
y = ops.relu(ops.convolution(x, w, [1, 1], [1, 1], [1, 1], [1, 1]))
y.set_friendly_name("relu")
m = ov.Model([y], [x], "tiny")
m.outputs[0].get_tensor().set_names({"features"})
ov.save_model(m, sys.argv[1], compress_to_fp16=False)
)";

struct Output {
    int code = -1;
    std::string text;
};

std::string read_file(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Output run(const std::string& cmd, const fs::path& log) {
    const int status = std::system((cmd + " > '" + log.string() + "' 2>&1").c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(log)};
}

/// "[Step 4/11] Reading model files" lines, without what follows the name in parentheses.
std::vector<std::string> step_headers(const std::string& text) {
    std::vector<std::string> steps;
    const std::regex re(R"(\[Step (\d+)/11\] ([^(\n]*[^ (\n]))");
    for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
        steps.push_back((*it)[1].str() + ": " + (*it)[2].str());
    return steps;
}

/// The port lines of step 6 ("input (node: input) : u8 / [N,C,H,W] / [1,3,32,32]").
std::string step6(const std::string& text) {
    const size_t begin = text.find("[Step 6/11]"), end = text.find("[Step 7/11]");
    return begin == std::string::npos || end == std::string::npos ? "" : text.substr(begin, end - begin);
}

/// The summary after step 11: key -> unit ("Count" -> "iterations", "Median" -> "us" or "ms", ...), and the
/// average latency in ms for the unit rule.
std::map<std::string, std::string> summary_units(const std::string& text, double* average_ms) {
    std::map<std::string, std::string> units;
    const size_t from = text.find("[Step 11/11]");
    if (from == std::string::npos)
        return units;
    const std::string tail = text.substr(from);
    const std::regex re(R"(\[ INFO \] +(Count|Duration|Median|Average|Min|Max|Throughput):\s+([0-9.]+) (\S+))");
    for (std::sregex_iterator it(tail.begin(), tail.end(), re), end; it != end; ++it) {
        units[(*it)[1]] = (*it)[3];
        if ((*it)[1] == "Average")
            *average_ms = std::stod((*it)[2]) / ((*it)[3] == "us" ? 1000.0 : 1.0);
    }
    return units;
}

/// benchmark_report.csv: "section/key" for every line.
std::set<std::string> report_keys(const std::string& csv) {
    std::set<std::string> keys;
    std::stringstream ss(csv);
    std::string line, section;
    while (std::getline(ss, line)) {
        if (line.empty())
            section.clear();
        else if (section.empty())
            section = line;
        else
            keys.insert(section + "/" + line.substr(0, line.find(';')));
    }
    return keys;
}

class CliBenchmarkApp : public ::testing::Test {
protected:
    void SetUp() override {
        if (::access((kVenv + "benchmark_app").c_str(), X_OK) != 0)
            GTEST_SKIP() << "no benchmark_app in " << kVenv << " (pip install openvino into <build>/venv to compare)";
        m_dir = fs::temp_directory_path() / ("ovcl_bench_app_" + std::to_string(::getpid()));
        fs::remove_all(m_dir);
        fs::create_directories(m_dir / "ov");
        fs::create_directories(m_dir / "ovcl");
        std::ofstream(m_dir / "make_model.py") << kMakeModel;
        const Output made = run("'" + kVenv + "python' '" + (m_dir / "make_model.py").string() + "' '" +
                                    (m_dir / "tiny.xml").string() + "'",
                                m_dir / "make.log");
        ASSERT_EQ(made.code, 0) << made.text;
    }
    void TearDown() override {
        if (!m_dir.empty())
            fs::remove_all(m_dir);
    }

    /// benchmark_app on CPU and `ovcl benchmark` on REF with `flags`, each writing its reports to its folder.
    std::pair<Output, Output> both(const std::string& flags) const {
        const std::string model = "-m '" + (m_dir / "tiny.xml").string() + "' ";
        const Output ov = run("'" + kVenv + "benchmark_app' " + model + "-d CPU " + flags + " -report_folder '" +
                                  (m_dir / "ov").string() + "'",
                              m_dir / "ov.log");
        const Output ovcl = run("'" + std::string(OVCL_BUILD_BIN_DIR) + "/ovcl' benchmark " + model + "-d REF " +
                                    flags + " -report_folder '" + (m_dir / "ovcl").string() + "'",
                                m_dir / "ovcl.log");
        return {ov, ovcl};
    }

    fs::path m_dir;
};

}  // namespace

TEST_F(CliBenchmarkApp, SameStepsPortsSummaryAndReportKeys) {
    const auto [ov, ovcl] = both("-niter 4 -api sync -hint latency -report_type no_counters");
    ASSERT_EQ(ov.code, 0) << ov.text;
    ASSERT_EQ(ovcl.code, 0) << ovcl.text;

    EXPECT_EQ(step_headers(ovcl.text), step_headers(ov.text)) << ov.text << "\n" << ovcl.text;
    EXPECT_EQ(step_headers(ovcl.text).size(), 11u) << ovcl.text;
    // Without -ip the image input takes u8, its layout guessed from the shape; the output names its tensor and
    // the node that feeds the Result.
    for (const char* line : {"[ INFO ]     input (node: input) : u8 / [N,C,H,W] / [1,3,32,32]",
                             "[ INFO ]     features (node: relu) : f32 / [...] / [1,8,32,32]"}) {
        EXPECT_NE(step6(ov.text).find(line), std::string::npos) << line << "\n" << ov.text;
        EXPECT_NE(step6(ovcl.text).find(line), std::string::npos) << line << "\n" << ovcl.text;
    }
    // No progress lines by default.
    EXPECT_EQ(ovcl.text.find("Progress"), std::string::npos) << ovcl.text;

    double ov_average = 0, ovcl_average = 0;
    const auto ov_units = summary_units(ov.text, &ov_average);
    const auto ovcl_units = summary_units(ovcl.text, &ovcl_average);
    ASSERT_EQ(ov_units.size(), 7u) << ov.text;
    ASSERT_EQ(ovcl_units.size(), 7u) << ovcl.text;
    for (const auto& [key, unit] : ov_units) {
        SCOPED_TRACE(key);
        ASSERT_TRUE(ovcl_units.count(key)) << ovcl.text;
        if (key == "Median" || key == "Average" || key == "Min" || key == "Max") {
            // benchmark_app's rule, whichever device is faster: microseconds when the average is under 1 ms.
            EXPECT_EQ(unit, ov_average < 1.0 ? "us" : "ms") << ov.text;
            EXPECT_EQ(ovcl_units.at(key), ovcl_average < 1.0 ? "us" : "ms") << ovcl.text;
        } else {
            EXPECT_EQ(ovcl_units.at(key), unit) << ovcl.text;
        }
    }

    const std::set<std::string> ov_keys = report_keys(read_file(m_dir / "ov" / "benchmark_report.csv"));
    const std::set<std::string> ovcl_keys = report_keys(read_file(m_dir / "ovcl" / "benchmark_report.csv"));
    ASSERT_FALSE(ov_keys.empty());
    EXPECT_EQ(ovcl_keys, ov_keys);
}

TEST_F(CliBenchmarkApp, BooleanValuesAndJsonReports) {
    // benchmark_app's boolean flags take a value (-json_stats true, -pc false) and -no_warmup none.
    const auto [ov, ovcl] =
        both("-niter 2 -nireq 2 -hint throughput -json_stats true -pc false -no_warmup -report_type no_counters");
    ASSERT_EQ(ov.code, 0) << ov.text;
    ASSERT_EQ(ovcl.code, 0) << ovcl.text;
    EXPECT_EQ(step_headers(ovcl.text), step_headers(ov.text)) << ov.text << "\n" << ovcl.text;
    for (const Output* o : {&ov, &ovcl}) {
        EXPECT_NE(o->text.find("Skipping warmup inference due to -no_warmup flag"), std::string::npos) << o->text;
        EXPECT_EQ(o->text.find("First inference took"), std::string::npos) << o->text;
    }
    const json ov_report = json::parse(read_file(m_dir / "ov" / "benchmark_report.json"));
    const json ovcl_report = json::parse(read_file(m_dir / "ovcl" / "benchmark_report.json"));
    for (const char* section : {"cmd_options", "configuration_setup", "execution_results"}) {
        SCOPED_TRACE(section);
        std::set<std::string> ov_keys, ovcl_keys;
        for (const auto& [key, value] : ov_report.at(section).items())
            ov_keys.insert(key);
        for (const auto& [key, value] : ovcl_report.at(section).items())
            ovcl_keys.insert(key);
        // The streams key names the device: "number of CPU streams" there, "number of REF streams" here.
        ov_keys.erase("number of CPU streams");
        ovcl_keys.erase("number of REF streams");
        EXPECT_EQ(ovcl_keys, ov_keys) << ov_report.dump(1) << "\n" << ovcl_report.dump(1);
    }
}
