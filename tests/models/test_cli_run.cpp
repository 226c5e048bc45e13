// `ovcl run` end to end: the default models written as IR, run by the built binary in a
// subprocess, outputs compared with an op-by-op host evaluation done here; and the errors the
// tool must report (exit code 1, the file named) instead of crashing.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <regex>
#include <sstream>

#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"
#include "tools/default_models.hpp"
#include "tools/npy.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

struct RunResult {
    int code = -1;
    std::string output;  ///< stdout and stderr together
};

/// Evaluates `model` node by node with the registry's reference functions.
std::map<std::string, Tensor> reference(const Model& model, const std::map<std::string, Tensor>& inputs) {
    std::map<const Node*, TensorVector> values;
    EvalContext ctx;
    std::map<std::string, Tensor> outputs;
    for (const auto& node : model.get_ordered_ops()) {
        TensorVector in;
        for (const Output<Node>& src : node->input_values())
            in.push_back(values.at(src.node.get())[src.index]);
        if (node->get_type_name() == "Parameter") {
            values[node.get()] = {inputs.at(node->output(0).get_any_name())};
        } else if (node->is_constant()) {
            values[node.get()] = {node->get_constant_value()};
        } else if (node->get_type_name() == "Result") {
            values[node.get()] = in;
            outputs[node->output(0).get_any_name()] = in.at(0);
        } else {
            values[node.get()] = evaluate_node(*node, in, ctx);
        }
    }
    return outputs;
}

class CliRun : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_dir = fs::temp_directory_path() / ("ovcl_cli_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    std::string path(const std::string& name) const { return (m_dir / name).string(); }

    /// Runs the built `ovcl` with `args` (already quoted where needed), after `env` ("NAME=value ").
    RunResult ovcl(const std::string& args, const std::string& env = "") const {
        const std::string log = path("log.txt");
        const std::string cmd =
            env + "'" + std::string(OVCL_BUILD_BIN_DIR) + "/ovcl' " + args + " > '" + log + "' 2>&1";
        const int status = std::system(cmd.c_str());
        RunResult r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        std::ifstream in(log);
        std::stringstream ss;
        ss << in.rdbuf();
        r.output = ss.str();
        // Under sanitizers an error report also exits with 1: it must not pass for a clean error.
        EXPECT_EQ(r.output.find("Sanitizer"), std::string::npos) << r.output;
        EXPECT_EQ(r.output.find("runtime error:"), std::string::npos) << r.output;
        return r;
    }

    /// Writes `model` as IR and one .npy per input, runs `ovcl run` and compares every output
    /// with the op-by-op reference.
    void check_against_reference(const std::shared_ptr<Model>& model) {
        const std::string xml = path("model.xml");
        ir::write_model(*model, xml);
        std::map<std::string, Tensor> inputs;
        std::string args = "run -m '" + xml + "' -o '" + path("out") + "'";
        uint32_t seed = 11;
        for (const Output<Node>& in : model->inputs()) {
            const std::string name = in.get_any_name();
            inputs[name] = test::random_tensor(in.get_element_type(), in.get_shape(), -1.0, 1.0, seed++);
            const std::string file = path(name + ".npy");
            npy::write(file, inputs[name]);
            args += " -i '" + name + "=" + file + "'";
        }
        const RunResult r = ovcl(args);
        ASSERT_EQ(r.code, 0) << r.output;
        const auto expected = reference(*model, inputs);
        ASSERT_FALSE(expected.empty());
        for (const auto& [name, want] : expected) {
            SCOPED_TRACE(name);
            const Tensor got = npy::read(path("out/" + name + ".npy"));
            EXPECT_TENSOR_NEAR(got, want, 1e-6, 1e-5);
            EXPECT_NE(r.output.find(name + ": f32 " + want.get_shape().to_string()), std::string::npos) << r.output;
        }
    }

    fs::path m_dir;
};

}  // namespace

TEST_F(CliRun, ResnetLikeCnnFromIrMatchesOpByOpReference) {
    auto model = default_models::make_resnet_like_cnn();
    ASSERT_EQ(model->output(0).get_any_name(), "probabilities");
    ASSERT_EQ(model->input(0).get_shape(), (Shape{1, 3, 64, 64}));
    check_against_reference(model);
}

TEST_F(CliRun, TransformerBlockFromIrMatchesOpByOpReference) {
    auto model = default_models::make_transformer_block();
    ASSERT_EQ(model->output(0).get_any_name(), "hidden");
    ASSERT_EQ(model->output(0).get_shape(), (Shape{1, 16, 64}));
    check_against_reference(model);
}

TEST_F(CliRun, EmbeddedDefaultWritesProbabilitiesThatSumToOne) {
    const RunResult r = ovcl("run --seed 5 -o '" + path("out") + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    const Tensor p = npy::read(path("out/probabilities.npy"));
    ASSERT_EQ(p.get_element_type(), element::f32);
    ASSERT_EQ(p.get_shape(), (Shape{1, 10}));
    const auto v = test::values(p);
    for (double x : v) {
        EXPECT_GT(x, 0.0);
        EXPECT_LT(x, 1.0);
    }
    EXPECT_NEAR(std::accumulate(v.begin(), v.end(), 0.0), 1.0, 1e-5);
    // The distribution is not degenerate: the default weights keep activations in range.
    EXPECT_LT(*std::max_element(v.begin(), v.end()), 0.99);
    // The times: read, compile, first inference and the median of the steady ones (--niter more, 3 by default).
    for (const char* line : {"Read model:", "Compile model:", "First inference:", "Steady inference:"})
        EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
    EXPECT_NE(r.output.find("(median of 3 more)"), std::string::npos) << r.output;
    const RunResult once = ovcl("run --niter 0 -o '" + path("once") + "'");
    ASSERT_EQ(once.code, 0) << once.output;
    EXPECT_NE(once.output.find("First inference:"), std::string::npos) << once.output;
    EXPECT_EQ(once.output.find("Steady inference:"), std::string::npos) << once.output;

    // The same seed gives the same inputs, hence the same outputs; another seed differs.
    ASSERT_EQ(ovcl("run --seed 5 -o '" + path("again") + "'").code, 0);
    EXPECT_TENSOR_EQ(npy::read(path("again/probabilities.npy")), p);
    ASSERT_EQ(ovcl("run --seed 6 -o '" + path("other") + "'").code, 0);
    EXPECT_FALSE(test::tensors_equal(npy::read(path("other/probabilities.npy")), p));
}

TEST_F(CliRun, EmbeddedTransformerWritesHidden) {
    const RunResult r = ovcl("run --model-default transformer -o '" + path("out") + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    const Tensor h = npy::read(path("out/hidden.npy"));
    EXPECT_EQ(h.get_shape(), (Shape{1, 16, 64}));
    for (double x : test::values(h))
        ASSERT_TRUE(std::isfinite(x));
}

TEST_F(CliRun, OutputNamesBecomeSafeFileNames) {
    // Two outputs of one random input: relu(x) named with characters unsafe in file names, and x + x.
    auto x = op::parameter(element::f32, PartialShape{2, 3}, "x");
    auto relu = op::make("Relu", {x});
    relu->output_names(0).insert("act/relu:0");
    auto sum = op::make("Add", {x, x}, {{"auto_broadcast", "numpy"}});
    sum->output_names(0).insert("sum");
    const Model model(NodeVector{op::result(relu), op::result(sum)}, NodeVector{x}, "two_outputs");
    const std::string xml = path("two.xml");
    ir::write_model(model, xml);
    const RunResult r = ovcl("run -m '" + xml + "' --seed 9 -o '" + path("out") + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto a = test::values(npy::read(path("out/act_relu_0.npy")));
    const auto b = test::values(npy::read(path("out/sum.npy")));
    ASSERT_EQ(a.size(), 6u);
    ASSERT_EQ(b.size(), 6u);
    bool some_negative = false;
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_FLOAT_EQ(a[i], std::max(0.0, b[i] / 2)) << i;
        some_negative |= b[i] < 0;
    }
    EXPECT_TRUE(some_negative) << "random inputs should span [-1, 1]";
}

TEST_F(CliRun, WrongShapeInputExitsOneNamingTheFile) {
    const std::string file = path("small.npy");
    npy::write(file, test::random_tensor(element::f32, {1, 3, 32, 32}));
    const RunResult r = ovcl("run -i 'input=" + file + "' -o '" + path("out") + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("'input'"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(path("out/probabilities.npy")));
}

TEST_F(CliRun, WrongTypeMalformedOrUnknownInputsExitOne) {
    const std::string ints = path("ints.npy");
    npy::write(ints, test::random_tensor(element::i32, {1, 3, 64, 64}, 0, 5));
    RunResult r = ovcl("run -i 'input=" + ints + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(ints), std::string::npos) << r.output;

    const std::string junk = path("junk.npy");
    std::ofstream(junk) << "not a numpy file";
    r = ovcl("run -i 'input=" + junk + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(junk), std::string::npos) << r.output;

    r = ovcl("run -i 'nosuchinput=" + junk + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("nosuchinput"), std::string::npos) << r.output;

    r = ovcl("run -i '" + path("absent.npy") + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(path("absent.npy")), std::string::npos) << r.output;
}

TEST_F(CliRun, MissingModelAndUnknownDeviceExitOne) {
    const std::string missing = path("missing.xml");
    RunResult r = ovcl("run -m '" + missing + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(missing), std::string::npos) << r.output;

    const std::string broken = path("broken.xml");
    std::ofstream(broken) << "<net><layers><layer id=";
    r = ovcl("run -m '" + broken + "'");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find(broken), std::string::npos) << r.output;

    r = ovcl("run -d NO_SUCH_DEVICE");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("NO_SUCH_DEVICE"), std::string::npos) << r.output;
}

// -ip -op -layout -mean_values -scale_values (benchmark_app's flags) fold preprocessing into the model: a u8
// input tensor, (x - mean[c]) / scale[c] per channel, an f16 output, checked against values computed here.
TEST_F(CliRun, PreprocessingFlagsConvertNormalizeAndSetOutputType) {
    auto x = op::parameter(element::f32, Shape{1, 3, 2, 2}, "x");
    auto zero = op::constant<float>(element::f32, Shape{1}, {0.0f});
    auto y = op::make("Add", {Output<Node>(x, 0), Output<Node>(zero, 0)}, {{"auto_broadcast", "numpy"}});
    y->output_names(0) = {"y"};
    const std::string xml = path("pre.xml");
    ir::write_model(Model(NodeVector{op::result(Output<Node>(y, 0), "y")}, NodeVector{x}, "pre"), xml);
    const Tensor in = test::random_tensor(element::u8, {1, 3, 2, 2}, 0, 255, 7);
    npy::write(path("x.npy"), in);
    const auto available = Core().get_available_devices();
    const bool gpu = std::find(available.begin(), available.end(), "GPU.0") != available.end();
    for (const char* device : {"REF", "GPU"}) {
        SCOPED_TRACE(device);
        if (std::string(device) == "GPU" && !gpu)
            continue;  // no OpenCL device here (install pocl-opencl-icd for a CPU device)
        const RunResult r =
            ovcl(std::string("run -d ") + device + " -m '" + xml + "' -i 'x=" + path("x.npy") + "' -o '" + path("out") +
                 "' -ip u8 -op f16 -layout 'x[N,C,H,W]' -mean_values '[1,2,3]' -scale_values 'x[2,4,8]'");
        ASSERT_EQ(r.code, 0) << r.output;
        EXPECT_NE(r.output.find("x: u8 [1,3,2,2] from"), std::string::npos) << r.output;
        const std::vector<double> v = test::values(in);
        std::vector<double> want(v.size());
        const float mean[] = {1, 2, 3}, scale[] = {2, 4, 8};
        for (size_t i = 0; i < v.size(); ++i)
            want[i] = (static_cast<float>(v[i]) - mean[i / 4]) / scale[i / 4];
        EXPECT_TENSOR_NEAR(npy::read(path("out/y.npy")), test::make_tensor(element::f16, {1, 3, 2, 2}, want), 0, 0);
    }
}

TEST_F(CliRun, BadPreprocessingValuesExitOneNamingTheFlag) {
    struct Case {
        const char* args;
        const char* mention;
    };
    for (const Case& c : std::vector<Case>{{"-ip x8", "-ip: 'x8' is not an element type"},
                                           {"-op int", "-op: 'int'"},
                                           {"-iop 'nosuch:u8'", "no input or output 'nosuch'"},
                                           {"-iop 'input'", "expected name:type"},
                                           {"-layout 'NC#W'", "layout 'NC#W'"},
                                           {"-layout 'NHW'", "-layout 'NHW' does not fit input 'input'"},
                                           {"-layout 'other[NCHW]'", "-layout: the model has no input 'other'"},
                                           {"-mean_values '[1,x,3]'", "'x' is not a number"},
                                           {"-mean_values '1,2,3'", "expected [values]"},
                                           {"-mean_values '[1,2]'", "give -layout"},
                                           {"-layout NCHW -mean_values '[1,2]'", "2 values for 3 channels"},
                                           {"-scale_values '[1,0,1]'", "a scale of 0"}}) {
        SCOPED_TRACE(c.args);
        const RunResult r = ovcl(std::string("run -d REF -o '") + path("out") + "' " + c.args);
        EXPECT_NE(r.code, 0) << r.output;
        EXPECT_NE(r.output.find(c.mention), std::string::npos) << r.output;
        EXPECT_EQ(r.output.find("First inference"), std::string::npos) << r.output;
    }
}

TEST_F(CliRun, UsageErrorsExitTwo) {
    EXPECT_EQ(ovcl("").code, 2);
    EXPECT_EQ(ovcl("run --no-such-option").code, 2);
    EXPECT_EQ(ovcl("run --model-default vgg").code, 2);
    EXPECT_EQ(ovcl("frobnicate").code, 2);
    EXPECT_EQ(ovcl("--help").code, 0);
}

// -i takes `ovcl run`'s NAME=file and benchmark_app's NAME:file alike.
TEST_F(CliRun, InputsTakeBothNameForms) {
    const std::string file = path("in.npy");
    npy::write(file, test::random_tensor(element::f32, {1, 3, 64, 64}));
    const RunResult eq = ovcl("run -i 'input=" + file + "' -o '" + path("eq") + "'");
    ASSERT_EQ(eq.code, 0) << eq.output;
    const RunResult colon = ovcl("run -i 'input:" + file + "' -o '" + path("colon") + "'");
    ASSERT_EQ(colon.code, 0) << colon.output;
    EXPECT_TENSOR_EQ(npy::read(path("colon/probabilities.npy")), npy::read(path("eq/probabilities.npy")));
    const RunResult bad = ovcl("run -i 'nosuch:" + file + "'");
    EXPECT_EQ(bad.code, 1) << bad.output;
    EXPECT_NE(bad.output.find("nosuch"), std::string::npos) << bad.output;
}

// A plugin whose library does not load is named with the reason, and the exit code says the install is broken.
TEST_F(CliRun, DevicesNameAPluginThatFailsToLoad) {
    const std::string xml = path("plugins.xml");
    std::ofstream(xml) << "<ie><plugins><plugin name=\"REF\" location=\"" << OVCL_BUILD_LIB_DIR
                       << "/libovcl_ref_plugin.so\"/><plugin name=\"BROKEN\" location=\"" << path("missing.so")
                       << "\"/></plugins></ie>\n";
    const RunResult r = ovcl("devices", "OVCL_PLUGINS_XML='" + xml + "' ");
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_NE(r.output.find("Available devices:\nREF"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("BROKEN: the plugin failed to load: "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("missing.so"), std::string::npos) << r.output;
}

TEST_F(CliRun, DevicesAndQueryListTheReferenceDevice) {
    RunResult r = ovcl("devices");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find("REF"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("FULL_DEVICE_NAME"), std::string::npos) << r.output;

    const auto model = default_models::make_transformer_block();
    const std::string xml = path("t.xml");
    ir::write_model(*model, xml);
    r = ovcl("query -m '" + xml + "' -d REF");
    ASSERT_EQ(r.code, 0) << r.output;
    const size_t n = model->get_ordered_ops().size();
    EXPECT_NE(r.output.find(std::to_string(n) + " of " + std::to_string(n) + " ops supported by REF"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("Softmax"), std::string::npos) << r.output;
}

// `ovcl --version`: the runtime's version and the commit of the source tree at build time (a commit of this
// checkout when it is one, "unknown" otherwise).
TEST_F(CliRun, VersionNamesTheCommit) {
    const RunResult r = ovcl("--version");
    ASSERT_EQ(r.code, 0) << r.output;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(r.output, m, std::regex("ovcl (\\S+) \\(git (\\S+)\\)\n"))) << r.output;
    EXPECT_EQ(m[1].str(), get_version().build_number);
    const std::string source = std::string(OVCL_TEST_DATA_DIR) + "/../..";
    if (!fs::exists(source + "/.git") || std::system("git --version > /dev/null 2>&1") != 0) {
        EXPECT_EQ(m[2].str(), "unknown");
        return;
    }
    const std::string describe = m[2].str();
    std::smatch hash;
    ASSERT_TRUE(std::regex_search(describe, hash, std::regex("([0-9a-f]{7,})(-dirty)?$"))) << describe;
    EXPECT_EQ(std::system(("git -C '" + source + "' cat-file -e '" + hash[1].str() + "^{commit}'").c_str()), 0)
        << describe << " names no commit of " << source;
}

// On GPU an op without a kernel runs on the host inside the GPU's compiled model: supported (as OpenVINO's
// query_model means it), listed apart from the device kernels with the reason.
TEST_F(CliRun, QueryTellsDeviceKernelsFromHostStepsInsideTheGpuModel) {
    const auto available = Core().get_available_devices();
    if (std::find(available.begin(), available.end(), "GPU.0") == available.end())
        GTEST_SKIP() << "no OpenCL device";
    auto x = op::parameter(element::f32, Shape{2, 5}, "x");
    auto relu = op::make("Relu", {x});
    relu->set_friendly_name("relu");
    auto nonzero = op::make("NonZero", {relu}, {{"output_type", "i64"}}, 3);  // data-dependent: no kernel
    nonzero->set_friendly_name("nonzero");
    const std::string xml = path("q.xml");
    ir::write_model(Model(NodeVector{op::result(nonzero, "y")}, NodeVector{x}, "q"), xml);
    const RunResult r = ovcl("query -m '" + xml + "' -d GPU");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find(" GPU.0   kernel\n"), std::string::npos) << r.output;  // relu
    EXPECT_NE(r.output.find(" GPU.0   host\n"), std::string::npos) << r.output;    // nonzero
    EXPECT_NE(r.output.find("4 of 4 ops supported by GPU (3 as device kernels, 1 on the host inside its compiled "
                            "model)"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("On the host inside the compiled model:\n  nonzero (NonZero): no OpenCL kernel"),
              std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("Not supported"), std::string::npos) << r.output;
}
