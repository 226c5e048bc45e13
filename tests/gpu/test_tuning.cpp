// The kernel selector's tuning mode (src/gpu/tuning/tuning.*, GPU_TUNING_MODE, docs/tuning.md): CREATE times every
// candidate once per op signature and stores the choice in CACHE_DIR/ovcl_tuning.json, keyed by device and
// signature; a second compile reuses it with no timing; USE_EXISTING applies stored choices (the heuristic where
// there are none, no file written); a corrupt store fails USE_EXISTING with its path and is rewritten by CREATE;
// without CACHE_DIR, CREATE tunes in memory. Every candidate of every tunable kernel matches host_ref (1e-4 abs +
// rel: conv / matmul sums of up to 576 products, in another order than host_ref's).
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "fusion_test_utils.hpp"
#include "transform/fusions.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kMode = gpu::tuning::kProperty;

std::vector<std::string> names_of(const Node& node) {
    return test::tunable(node).candidate_names(node, test::gpu_env()->device);
}

std::string device_key() {
    const auto& d = test::gpu_env()->device;
    return d.name + " | " + d.driver_version;
}

// Events of the selector in the plugin (a shared library: its counters are not this binary's), from the log.
struct Counts {
    size_t timed = 0, tuned = 0, hits = 0, written = 0;
    static fs::path log() { return fs::temp_directory_path() / ("ovcl_tuning_log_" + std::to_string(::getpid())); }
    static Counts now() {
        Counts c;
        std::ifstream in(log());
        for (std::string line; std::getline(in, line);) {
            const std::string e = json::parse(line).at("event");
            c.timed += e == "timed";
            c.tuned += e == "tuned";
            c.hits += e == "hit";
            c.written += e == "written";
        }
        return c;
    }
    Counts since(const Counts& before) const {
        return {timed - before.timed, tuned - before.tuned, hits - before.hits, written - before.written};
    }
};

class GpuTuning : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_dir = fs::temp_directory_path() / ("ovcl_tuning_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
        ::setenv("OVCL_GPU_TUNING_LOG", Counts::log().c_str(), 1);
        // Two convolutions of one signature (tuned once) and a MatMul with a Constant B.
        auto x = op::parameter(element::f32, Shape{1, 8, 12, 13}, "x");
        auto a = op::parameter(element::f32, Shape{6, 24}, "a");
        const Attributes conv_attrs{{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "1,1"},
                                    {"pads_end", "1,1"}, {"auto_pad", "explicit"}};
        m_conv = op::make("Convolution", {x, test::random_constant({16, 8, 3, 3}, 3, "w0")}, conv_attrs);
        m_conv->set_friendly_name("conv0");
        auto conv1 = op::make("Convolution", {x, test::random_constant({16, 8, 3, 3}, 4, "w1")}, conv_attrs);
        conv1->set_friendly_name("conv1");
        m_matmul = op::make("MatMul", {a, test::random_constant({24, 40}, 5, "w2")},
                            {{"transpose_a", "false"}, {"transpose_b", "false"}});
        m_matmul->set_friendly_name("mm");
        m_model = test::model_of({Output<Node>(m_conv, 0), Output<Node>(conv1, 0), Output<Node>(m_matmul, 0)}, {x, a});
    }
    void TearDown() override {
        ::unsetenv("OVCL_GPU_TUNING_LOG");
        fs::remove_all(m_dir);
        fs::remove(Counts::log());
    }

    AnyMap props(const std::string& mode, bool cache = true) const {
        AnyMap p{{kMode, mode}};
        if (cache)
            p[cache_dir.key] = m_dir.string();
        return p;
    }
    // Compiles on GPU, checks the outputs against REF on the same inputs, returns the runtime model.
    test::Runtime compile(const AnyMap& p) {
        // Core's model cache would import the first compile's blob and plan nothing: drop those entries.
        for (const auto& e : fs::directory_iterator(m_dir))
            if (e.path().filename().string().rfind("ovcl_model_", 0) == 0)
                fs::remove(e.path());
        return test::run_and_compare(m_model, p, 1e-4, 1e-4);
    }
    fs::path store() const { return m_dir / gpu::tuning::kStoreFile; }
    json read_store() const {
        std::ifstream in(store());
        return json::parse(in);
    }
    void write_store(const std::string& text) const { std::ofstream(store()) << text; }

    fs::path m_dir;
    std::shared_ptr<Node> m_conv, m_matmul;
    std::shared_ptr<Model> m_model;
};

}  // namespace

TEST_F(GpuTuning, PropertyValues) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    EXPECT_EQ(core.compile_model(m_model, "GPU").get_property(kMode).as<std::string>(), "DISABLED");
    EXPECT_EQ(core.compile_model(m_model, "GPU", props("USE_EXISTING")).get_property(kMode).as<std::string>(),
              "USE_EXISTING");
    try {
        core.compile_model(m_model, "GPU", {{kMode, "FAST"}});
        FAIL() << "GPU_TUNING_MODE=FAST was accepted";
    } catch (const Exception& e) {
        EXPECT_NE(std::string(e.what()).find("GPU_TUNING_MODE: 'FAST' is not DISABLED, CREATE or USE_EXISTING"),
                  std::string::npos)
            << e.what();
    }
}

TEST_F(GpuTuning, CreateStoresThenReusesWithoutTiming) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto conv_names = names_of(*m_conv), mm_names = names_of(*m_matmul);
    ASSERT_GE(conv_names.size(), 2u);
    ASSERT_GE(mm_names.size(), 2u);

    Counts before = Counts::now();
    compile(props("CREATE"));
    Counts d = Counts::now().since(before);
    EXPECT_EQ(d.tuned, 2u);  // the second convolution has the first one's signature
    EXPECT_EQ(d.timed, conv_names.size() + mm_names.size());
    EXPECT_EQ(d.hits, 1u);
    EXPECT_EQ(d.written, 2u);

    ASSERT_TRUE(fs::exists(store()));
    const json j = read_store();
    EXPECT_EQ(j.at("format"), 1);
    const json& ops = j.at("devices").at(device_key());
    EXPECT_EQ(ops.size(), 2u);
    for (const auto& [node, names] : {std::pair{m_conv, conv_names}, std::pair{m_matmul, mm_names}}) {
        const json& entry = ops.at(gpu::tuning::op_signature(*node));
        const std::string choice = entry.at("choice");
        EXPECT_NE(std::find(names.begin(), names.end(), choice), names.end()) << choice;
        for (const auto& n : names)
            EXPECT_TRUE(entry.at("median_us").at(n).is_number()) << n << ": " << entry.dump();
    }

    for (const char* mode : {"CREATE", "USE_EXISTING"}) {
        before = Counts::now();
        compile(props(mode));
        d = Counts::now().since(before);
        EXPECT_EQ(d.timed, 0u) << mode;
        EXPECT_EQ(d.tuned, 0u) << mode;
        EXPECT_EQ(d.hits, 3u) << mode;
        EXPECT_EQ(d.written, 0u) << mode;
    }
}

TEST_F(GpuTuning, StoredChoicesAreApplied) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto conv_names = names_of(*m_conv), mm_names = names_of(*m_matmul);
    json j{{"format", 1}, {"devices", json::object()}};
    j["devices"][device_key()][gpu::tuning::op_signature(*m_conv)] = {{"choice", conv_names.back()}};
    j["devices"][device_key()][gpu::tuning::op_signature(*m_matmul)] = {{"choice", mm_names.back()}};
    j["devices"]["another device | 0.0"][gpu::tuning::op_signature(*m_conv)] = {{"choice", conv_names[0]}};
    write_store(j.dump());
    const Counts before = Counts::now();
    test::Runtime r = compile(props("USE_EXISTING"));
    EXPECT_EQ(Counts::now().since(before).timed, 0u);
    const auto& device = test::gpu_env()->device;
    const auto impl = [&](const std::shared_ptr<Node>& n, size_t i) {
        return test::tunable(*n).configure_candidate(*n, device, i).impl_name;
    };
    EXPECT_EQ(r.primitive.at("conv0"), impl(m_conv, conv_names.size() - 1));
    EXPECT_EQ(r.primitive.at("conv1"), impl(m_conv, conv_names.size() - 1));
    EXPECT_EQ(r.primitive.at("mm"), impl(m_matmul, mm_names.size() - 1));
    EXPECT_NE(r.primitive.at("mm"), impl(m_matmul, 0));

    // A stored name this build does not have is no choice: the heuristic.
    j["devices"][device_key()][gpu::tuning::op_signature(*m_matmul)] = {{"choice", "panel_99x99"}};
    write_store(j.dump());
    r = compile(props("USE_EXISTING"));
    EXPECT_EQ(r.primitive.at("mm"), impl(m_matmul, 0));
    // DISABLED reads nothing.
    r = compile(props("DISABLED"));
    EXPECT_EQ(r.primitive.at("conv0"), impl(m_conv, 0));
}

TEST_F(GpuTuning, UseExistingWithoutAStoreUsesTheHeuristic) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Counts before = Counts::now();
    const test::Runtime r = compile(props("USE_EXISTING"));
    const Counts d = Counts::now().since(before);
    EXPECT_EQ(d.timed + d.hits + d.written, 0u);
    EXPECT_FALSE(fs::exists(store()));
    const auto& device = test::gpu_env()->device;
    EXPECT_EQ(r.primitive.at("mm"), gpu::find_gpu_op("MatMul")->configure(*m_matmul, device).impl_name);
}

TEST_F(GpuTuning, CorruptStore) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const char* text : {"{ not json", R"({"format": 99, "devices": {}})", "[1, 2]"}) {
        write_store(text);
        try {
            compile(props("USE_EXISTING"));
            ADD_FAILURE() << "a corrupt store was accepted: " << text;
        } catch (const InvalidArgument& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("GPU_TUNING_MODE=USE_EXISTING"), std::string::npos) << what;
            EXPECT_NE(what.find(store().string()), std::string::npos) << what;
        }
    }
    // CREATE ignores it, tunes and rewrites it.
    const Counts before = Counts::now();
    compile(props("CREATE"));
    EXPECT_EQ(Counts::now().since(before).tuned, 2u);
    EXPECT_EQ(read_store().at("devices").at(device_key()).size(), 2u);
}

TEST_F(GpuTuning, CreateWithoutCacheDirTunesInMemory) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Counts before = Counts::now();
    compile(props("CREATE", false));
    const Counts d = Counts::now().since(before);
    EXPECT_EQ(d.tuned, 2u);
    EXPECT_GT(d.timed, 0u);
    EXPECT_EQ(d.written, 0u);
    EXPECT_FALSE(fs::exists(store()));
}

// Every candidate of every tunable kernel against host_ref, and candidate 0 is what configure() picks alone.
TEST(GpuTuningCandidates, EveryCandidateMatchesHostRef) {
    OVCL_REQUIRE_GPU();
    gpu::register_fused_ops();
    auto& env = *test::gpu_env();
    const auto conv = [](const Shape& data, const Shape& filter, size_t stride, element::Type t = element::f32,
                         const std::string& pads = "1,1") {
        const std::string s = std::to_string(stride) + "," + std::to_string(stride);
        const Tensor w = test::random_tensor(t, filter, -1, 1, 9);
        return op::make(filter.size() == 5 ? "GroupConvolution" : "Convolution",
                        {op::parameter(t, data), op::constant(w)},
                        {{"strides", s}, {"dilations", "1,1"}, {"pads_begin", pads}, {"pads_end", pads},
                         {"auto_pad", "explicit"}});
    };
    const auto matmul = [](const Shape& a, const Shape& b, bool ta, bool tb, bool b_const,
                           element::Type t = element::f32) {
        const Output<Node> bo = b_const ? Output<Node>(op::constant(test::random_tensor(t, b, -1, 1, 8)), 0)
                                  : Output<Node>(op::parameter(t, b), 0);
        return op::make("MatMul", {op::parameter(t, a), bo},
                        {{"transpose_a", ta ? "true" : "false"}, {"transpose_b", tb ? "true" : "false"}});
    };
    // A fused residual convolution + Relu (data, weights, bias, residual) on [N, 8, 9, 11] with K output channels.
    const auto fused_conv = [](size_t images, size_t k, size_t kernel) {
        const std::string pad = kernel == 3 ? "1,1" : "0,0";
        return op::make("FusedConvolution",
                        {op::parameter(element::f32, Shape{images, 8, 9, 11}),
                         op::constant(test::random_tensor(element::f32, {k, 8, kernel, kernel}, -1, 1, 4)),
                         op::constant(test::random_tensor(element::f32, {1, k, 1, 1}, -1, 1, 5)),
                         op::parameter(element::f32, Shape{images, k, 9, 11})},
                        {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", pad}, {"pads_end", pad},
                         {"auto_pad", "explicit"}, {"post_ops", ""}, {"residual", "true"}, {"activation", "Relu"},
                         {"activation_version", "1"}});
    };
    const std::vector<std::shared_ptr<Node>> nodes = {
        conv({1, 8, 9, 17}, {24, 8, 3, 3}, 1),
        conv({1, 16, 10, 10}, {64, 16, 3, 3}, 1),
        conv({2, 8, 9, 15}, {40, 8, 3, 3}, 2),
        conv({1, 8, 11, 11}, {2, 12, 4, 3, 3}, 1),
        conv({1, 16, 19, 21}, {16, 1, 1, 3, 3}, 1),  // depthwise: rows per work-item
        conv({1, 8, 9, 17}, {24, 8, 3, 3}, 1, element::f16),
        fused_conv(1, 40, 3),
        // Pointwise (gemm_ candidates): pixels not a multiple of 32 in two images; fewer than 32 pixels; f16.
        conv({2, 12, 7, 9}, {20, 12, 1, 1}, 1, element::f32, "0,0"),
        conv({1, 24, 3, 5}, {9, 24, 1, 1}, 1, element::f32, "0,0"),
        conv({1, 16, 8, 10}, {40, 16, 1, 1}, 1, element::f16, "0,0"),
        fused_conv(2, 21, 1),  // pointwise: bias per output channel and the residual in matmul_panel's epilogue
        matmul({2, 13, 24}, {24, 40}, false, false, true),   // packed panels, dot
        matmul({13, 24}, {24, 50}, false, false, false),     // B in place
        matmul({3, 9, 24}, {6, 24}, false, true, false),     // dot first, no panel (B transposed, variable)
        matmul({3, 24, 7}, {10, 24}, true, true, false),     // swapped
        matmul({5, 24}, {24, 36}, false, false, true, element::f16),
    };
    for (const auto& node : nodes) {
        const auto names = names_of(*node);
        ASSERT_FALSE(names.empty()) << node->describe();
        const bool is_pointwise = node->get_input_shape(1).size() == 4 && node->get_input_shape(1)[2] == 1 &&
                                  node->get_input_shape(1)[3] == 1;
        EXPECT_EQ(is_pointwise, std::any_of(names.begin(), names.end(), [](const std::string& n) {
                      return n.rfind("gemm_", 0) == 0;
                  })) << node->describe() << ": a gemm_ candidate for pointwise convolutions only";
        EXPECT_EQ(gpu::find_gpu_op(node->get_type_name())->configure(*node, env.device).impl_name,
                  test::tunable(*node).configure_candidate(*node, env.device, 0).impl_name)
            << node->describe();
        const TensorVector inputs = test::node_inputs(*node, 20);
        const Tensor want = test::run_host(node, inputs).at(0);
        const bool f16 = node->get_output_element_type(0) == element::f16;
        for (size_t c = 0; c < names.size(); ++c) {
            const Tensor got =
                gpu::tuning::run_candidate(*node, inputs, c, env.context, env.queue, *env.programs, env.device).at(0);
            EXPECT_TENSOR_NEAR(got, want, f16 ? 2e-2 : 1e-4, f16 ? 2e-2 : 1e-4)
                << node->describe() << " candidate " << names[c];
        }
    }
}
