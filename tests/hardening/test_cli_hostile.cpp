// The reproducers of a hostile run of the `ovcl` tool, each as a user types it: shapes that
// overflow, files that are FIFOs or devices, numbers that are not finite or out of range. Every one
// must end with exit code 1 or 2 (never a signal or a hang) and a message naming what is wrong.
// Under ASan+UBSan (scripts/test) the tool runs instrumented too.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <fstream>
#include <sstream>

#include "hardening/hardening_utils.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::hardening;

namespace {

struct CliResult {
    int code = -1;  ///< exit code; 124 when `timeout` stopped it, 128+N for signal N
    std::string output;
};

class CliHostile : public ::testing::Test {
protected:
    /// Runs the built `ovcl` with `args` (quoted as needed), stopped after 60 s.
    CliResult ovcl(const std::string& args) const {
        const std::string log = m_dir.file("log.txt");
        const std::string cmd = "timeout -s KILL 60 '" + std::string(OVCL_BUILD_BIN_DIR) + "/ovcl' " + args +
                                " > '" + log + "' 2>&1 < /dev/null";
        const int status = std::system(cmd.c_str());
        CliResult r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        std::ifstream in(log);
        std::stringstream ss;
        ss << in.rdbuf();
        r.output = ss.str();
        return r;
    }
    /// The run ends in a clean error (exit 1 or 2) whose message holds every one of `parts`.
    void expect_refused(const std::string& args, std::initializer_list<std::string> parts) const {
        const CliResult r = ovcl(args);
        EXPECT_TRUE(r.code == 1 || r.code == 2) << "ovcl " << args << "\nexit " << r.code << "\n" << r.output;
        for (const auto& p : parts)
            EXPECT_NE(r.output.find(p), std::string::npos) << "ovcl " << args << ": '" << p << "' not in\n" << r.output;
    }
    /// Parameter "x" of `shape` -> ReLU -> Result "y", as .xml/.bin.
    std::string relu_ir(const std::string& name, const PartialShape& shape) const {
        auto x = op::parameter(element::f32, shape, "x");
        auto model = std::make_shared<Model>(NodeVector{op::result(op::make("Relu", {x}), "y")}, NodeVector{x}, name);
        ir::write_model(*model, m_dir.file(name + ".xml"));
        return "'" + m_dir.file(name + ".xml") + "'";
    }
    std::string q(const std::string& path) const { return "'" + path + "'"; }

    Scratch m_dir;
};

}  // namespace

TEST_F(CliHostile, ShapesWhoseSizeOverflows) {
    const std::string m = relu_ir("relu", PartialShape{1, 2, 4, 4});
    expect_refused("benchmark -m " + m + " -d REF -niter 1 -shape '[1,2,2147483648,2147483648]'",
                   {"[1,2,2147483648,2147483648]", "more elements"});
    expect_refused("benchmark -m " + m + " -d REF -niter 1 -shape '[4294967296,4294967296,16]'", {"more elements"});
    // A Parameter of [2^63-1, 2] written into the IR itself.
    std::string text;
    {
        std::ifstream in(m_dir.file("relu.xml"));
        std::stringstream ss;
        ss << in.rdbuf();
        text = ss.str();
    }
    for (const std::string& from : {std::string("1,2,4,4"), std::string("<dim>1</dim>")}) {
        const std::string to = from == "1,2,4,4" ? "9223372036854775807,2,4,4" : "<dim>9223372036854775807</dim>";
        for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    }
    m_dir.write("huge.xml", text);
    expect_refused("run -d REF -m " + q(m_dir.file("huge.xml")) + " -o " + q(m_dir.file("out")), {"more elements"});
    expect_refused("benchmark -d REF -niter 1 -m " + q(m_dir.file("huge.xml")), {"more elements"});
    // Memory that cannot be had for an input: the input is named.
    const std::string big = relu_ir("big", PartialShape{int64_t(1) << 46});
    expect_refused("run -d REF -m " + big + " -o " + q(m_dir.file("out")), {"input 0 'x'", "out of host memory"});
}

TEST_F(CliHostile, FilesThatAreFifosOrDevices) {
    const std::string m = relu_ir("relu", PartialShape{2, 3});
    const std::string fifo = m_dir.fifo("pipe");
    finishes_within(std::chrono::seconds(200), {fifo}, [&] {
        expect_refused("run -d REF -m " + q(fifo), {"pipe", "a FIFO"});
        expect_refused("run -d REF -m /dev/zero", {"/dev/zero", "character device"});
        expect_refused("run -d REF -m " + m + " -i x=" + q(fifo) + " -o " + q(m_dir.file("out")), {"a FIFO"});
        expect_refused("benchmark -d REF -niter 1 -m " + m + " -load_config " + q(fifo), {"-load_config", "a FIFO"});
        m_dir.write("config.json", "{\"GPU\": {\"CONFIG_FILE\": \"" + fifo + "\"}}");
        expect_refused("benchmark -d GPU -niter 1 -m " + m + " -load_config " + q(m_dir.file("config.json")),
                       {"a FIFO"});
    });
}

TEST_F(CliHostile, EmptyAndNonFiniteFlags) {
    const std::string m = relu_ir("relu", PartialShape{2, 3});
    expect_refused("run -m '' -d REF", {"--model", "empty"});
    expect_refused("benchmark -m '' -d REF -niter 1", {"--path_to_model", "empty"});
    expect_refused("query -m '' -d REF", {"--model", "empty"});
    expect_refused("benchmark -m " + m + " -d REF -t nan", {"time", "not a number"});
    expect_refused("benchmark -m " + m + " -d REF -t inf", {"time", "out of range"});
    expect_refused("benchmark -m " + m + " -d REF -t -1", {"time"});
    expect_refused("benchmark -m " + m + " -d REF -niter 1.5", {"niter", "not an integer"});
    expect_refused("benchmark -m " + m + " -d REF -nireq 99999999999 -niter 1", {"nireq", "out of range"});
    expect_refused("benchmark -m " + m + " -d REF -b nan -niter 1", {"batch", "not a number"});
    expect_refused("benchmark -m " + m + " -d REF -seed -3 -niter 1", {"seed"});
    expect_refused("benchmark -m " + m + " -d REF -hint none -nstreams 99999999999 -niter 1",
                   {"-nstreams '99999999999'", "AUTO or a count"});
    expect_refused("benchmark -m " + m + " -d REF -hint none -nstreams 0 -niter 1", {"-nstreams '0'"});
    expect_refused("benchmark -m " + m + " -d REF -niter 1 -mean_values '[nan,nan,nan]'", {"-mean_values", "'nan'"});
    expect_refused("benchmark -m " + m + " -d REF -niter 1 -mean_values '[inf,0,0]'", {"-mean_values", "finite"});
    expect_refused("benchmark -m " + m + " -d REF -niter 1 -scale_values '[1,0,1]'", {"-scale_values", "0"});
    // The same flags in range still run.
    const CliResult ok = ovcl("benchmark -m " + m + " -d REF -niter 2 -nireq 1 -seed 7 -hint none -nstreams 1");
    EXPECT_EQ(ok.code, 0) << ok.output;
}

TEST_F(CliHostile, CacheDirReportsWhatHappened) {
    const std::string m = relu_ir("relu", PartialShape{2, 3});
    const std::string cache = m_dir.file("cache");
    const CliResult first = ovcl("run -d REF -m " + m + " -o " + q(m_dir.file("out")) + " --cache_dir " + q(cache));
    EXPECT_EQ(first.code, 0) << first.output;
    EXPECT_NE(first.output.find("Cache:  compiled into " + cache), std::string::npos) << first.output;
    const CliResult second = ovcl("run -d REF -m " + m + " -o " + q(m_dir.file("out")) + " --cache_dir " + q(cache));
    EXPECT_NE(second.output.find("Cache:  loaded from " + cache), std::string::npos) << second.output;
}
