// `ovcl ops` end to end: the built tool in a subprocess lists, for REF and GPU, every (op type, version)
// of the op table with what runs it there (the plugins' SUPPORTED_OPERATIONS property, read here in
// process too), each line in its documented form; unknown devices and flags are errors.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "ovcl/core.hpp"
#include "ovcl/op_registry.hpp"
#include "runtime/supported_ops.hpp"

using namespace ovcl;

namespace {

struct Listing {
    int code = -1;
    std::string text;  ///< stdout and stderr together
};

/// `ovcl ARGS` through a pipe.
Listing ovcl_cli(const std::string& args) {
    Listing out;
    const std::string cmd = "'" + std::string(OVCL_BUILD_BIN_DIR) + "/ovcl' " + args + " 2>&1";
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (!pipe)
        return out;
    char chunk[4096];
    for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;)
        out.text.append(chunk, n);
    const int status = ::pclose(pipe);
    out.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    EXPECT_EQ(out.text.find("Sanitizer"), std::string::npos) << out.text;
    return out;
}

/// The op lines of one device's text listing: "Type-vN" -> runner. Every other line must be the header
/// or the summary; a line of any other form fails the test.
std::map<std::string, std::string> op_lines(const std::string& text, const std::string& device) {
    static const std::regex op_line(R"(([A-Za-z][A-Za-z0-9_]*-v[0-9]+) +([A-Za-z_][A-Za-z0-9_]*))");
    static const std::regex summary(R"([0-9]+ op versions on [A-Za-z0-9.]+:( [0-9]+ (kernel|view|decomposed|host|io|copy),?)+)");
    std::map<std::string, std::string> ops;
    std::istringstream in(text);
    std::string line;
    EXPECT_TRUE(std::getline(in, line) && line == "Device: " + device) << line;
    size_t summaries = 0;
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_match(line, m, op_line))
            EXPECT_TRUE(ops.emplace(m[1], m[2]).second) << "listed twice: " << line;
        else if (std::regex_match(line, summary))
            EXPECT_EQ(line.rfind(std::to_string(ops.size()) + " op versions on " + device + ":", 0), 0u) << line;
        else
            ADD_FAILURE() << "line of no known form: '" << line << "'";
        summaries += line.find(" op versions on ") != std::string::npos;
    }
    EXPECT_EQ(summaries, 1u);
    return ops;
}

bool has_gpu() {
    const auto devices = Core().get_available_devices();
    return std::find(devices.begin(), devices.end(), "GPU.0") != devices.end();
}

}  // namespace

TEST(CliOps, RefListsEveryOpOfTheTableOnHostRef) {
    const Listing r = ovcl_cli("ops -d REF");
    ASSERT_EQ(r.code, 0) << r.text;
    const auto ops = op_lines(r.text, "REF");
    // The op table's rows (not the registry's: a loaded GPU plugin adds its fused types to that).
    size_t with_host_ref = 0;
    auto check = [&](const std::string& type, int64_t version) {
        const OpSpec* spec = OpRegistry::get().find_exact(type, version);
        if (!spec || !spec->evaluate)
            return;
        ++with_host_ref;
        const std::string key = type + "-v" + std::to_string(version);
        EXPECT_TRUE(ops.count(key) && ops.at(key) == "host_ref") << key << " missing from\n" << r.text;
    };
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) check(#TYPE, VERSION);
#include "op_table/op_table.def"
#undef OVCL_OP
    EXPECT_EQ(ops.size(), with_host_ref);
    for (const char* key : {"Softmax-v1", "Softmax-v8", "MatMul-v1", "Parameter-v1", "TopK-v11", "Convolution-v1"})
        EXPECT_TRUE(ops.count(key)) << key;
}

TEST(CliOps, GpuSaysKernelHostViewIoOrCopy) {
    if (!has_gpu())
        GTEST_SKIP() << "no GPU device (no OpenCL runtime)";
    const Listing r = ovcl_cli("ops -d GPU");
    ASSERT_EQ(r.code, 0) << r.text;
    const auto ops = op_lines(r.text, "GPU");
    const std::map<std::string, std::string> known = {
        {"Add-v1", "EltwiseOp"},  {"MatMul-v1", "MatMulOp"}, {"Convolution-v1", "ConvolutionOp"},
        {"Softmax-v8", "SoftmaxOp"}, {"Reshape-v1", "view"},  {"Squeeze-v1", "view"},
        {"Parameter-v1", "io"},   {"Result-v1", "io"},     {"ReadValue-v6", "copy"},
        {"TopK-v11", "TopKOp"},   {"If-v8", "host"},       {"Bucketize-v3", "host"},
        {"GroupNormalization-v12", "decomposed"}};
    for (const auto& [key, runner] : known) {
        ASSERT_TRUE(ops.count(key)) << key << " missing from\n" << r.text;
        EXPECT_EQ(ops.at(key), runner) << key;
    }
    // The GPU runs whatever REF runs (the rest on host_ref inside its plan): the same (type, version) rows.
    const auto ref = op_lines(ovcl_cli("ops -d REF").text, "REF");
    ASSERT_EQ(ops.size(), ref.size());
    for (const auto& [key, runner] : ref)
        EXPECT_TRUE(ops.count(key)) << key;
}

TEST(CliOps, WithoutDeviceListsEveryAvailableDevice) {
    const Listing r = ovcl_cli("ops");
    ASSERT_EQ(r.code, 0) << r.text;
    for (const std::string& device : Core().get_available_devices())
        EXPECT_NE(r.text.find("Device: " + device + "\n"), std::string::npos) << device << "\n" << r.text;
}

TEST(CliOps, JsonHasOneObjectPerOp) {
    const Listing r = ovcl_cli("ops -d REF --format json");
    ASSERT_EQ(r.code, 0) << r.text;
    const nlohmann::json j = nlohmann::json::parse(r.text);
    ASSERT_TRUE(j.contains("REF")) << r.text;
    const auto text_ops = op_lines(ovcl_cli("ops -d REF").text, "REF");
    ASSERT_EQ(j.at("REF").size(), text_ops.size());
    for (const auto& op : j.at("REF")) {
        const std::string key = op.at("type").get<std::string>() + "-v" + std::to_string(op.at("version").get<int>());
        EXPECT_TRUE(text_ops.count(key)) << key;
        EXPECT_EQ(op.at("runner"), "host_ref");
        EXPECT_EQ(op.at("kind"), "host");
    }
    // One op a line, so `grep` works on it too.
    EXPECT_NE(r.text.find("\n  {\"type\":\"Softmax\",\"version\":8,\"runner\":\"host_ref\",\"kind\":\"host\"}"),
              std::string::npos)
        << r.text;
}

TEST(CliOps, PropertyFollowsTheConfiguration) {
    if (!has_gpu())
        GTEST_SKIP() << "no GPU device (no OpenCL runtime)";
    Core core;
    auto runner = [&](const AnyMap& args, const std::string& key) {
        for (const std::string& e : core.get_property("GPU", supported_operations.key, args).as<std::vector<std::string>>()) {
            const SupportedOp op = SupportedOp::parse(e);
            if (op.type + "-v" + std::to_string(op.version) == key)
                return op.runner;
        }
        return std::string("(missing)");
    };
    EXPECT_EQ(runner({}, "MatMul-v1"), "MatMulOp");
    EXPECT_EQ(runner({{"OVCL_GPU_HOST_OPS", "MatMul Assign"}}, "MatMul-v1"), "host");
    EXPECT_EQ(runner({{"OVCL_GPU_HOST_OPS", "MatMul Assign"}}, "ReadValue-v6"), "host");  // variables stay together
    const std::vector<PropertyName> keys = core.get_property("GPU", supported_properties);
    EXPECT_NE(std::find(keys.begin(), keys.end(), supported_operations.key), keys.end());
}

TEST(CliOps, EntriesParseOnlyInTheirForm) {
    const SupportedOp op = SupportedOp::parse("ScatterElementsUpdate-v12:host");
    EXPECT_EQ(op.type, "ScatterElementsUpdate");
    EXPECT_EQ(op.version, 12);
    EXPECT_EQ(op.runner, "host");
    EXPECT_EQ(op.entry(), "ScatterElementsUpdate-v12:host");
    for (const char* bad : {"", "Abs", "Abs-v1", "Abs-v:host", "-v1:host", "Abs-vx:host", "Abs-v1:"})
        EXPECT_THROW(SupportedOp::parse(bad), InvalidArgument) << bad;
}

TEST(CliOps, UnknownDevicesAndFlagsAreErrors) {
    Listing r = ovcl_cli("ops -d NOPE");
    EXPECT_EQ(r.code, 1) << r.text;
    EXPECT_NE(r.text.find("ovcl: error:"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("NOPE"), std::string::npos) << r.text;
    r = ovcl_cli("ops -d REF --format xml");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_EQ(ovcl_cli("ops --no-such-flag").code, 2);
    EXPECT_EQ(ovcl_cli("ops -d").code, 2);  // -d needs a value
    r = ovcl_cli("ops --help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.text.find("every available device"), std::string::npos) << r.text;
    if (has_gpu()) {
        r = ovcl_cli("ops -d GPU.9");
        EXPECT_EQ(r.code, 1) << r.text;
        EXPECT_NE(r.text.find("GPU.9"), std::string::npos) << r.text;
    }
}
