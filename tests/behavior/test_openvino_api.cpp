// OpenVINO's C++ API shapes on ovcl's names (examples/openvino_style.cpp is the whole program): properties as
// arguments, the version query, Output's accessors; on REF, which every machine has.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ir.hpp"

using namespace ovcl;

// The variadic forms take properties only: a map, a device name or nothing else picks the AnyMap overloads.
static_assert(std::is_same_v<util::EnableIfAllStringAny<int, std::pair<std::string, Any>, std::pair<std::string, Any>&>,
                             int>);
static_assert(std::is_same_v<decltype(enable_profiling(true)), std::pair<std::string, Any>>);

namespace {
template <typename... Args>
constexpr bool takes_properties(int) { return false; }
template <typename... Args, typename = util::EnableIfAllStringAny<void, Args...>>
constexpr bool takes_properties(long) { return true; }
}  // namespace
static_assert(takes_properties<std::pair<std::string, Any>>(0L));
static_assert(!takes_properties<AnyMap>(0L));
static_assert(!takes_properties<const char*>(0L));
static_assert(!takes_properties<>(0L));

TEST(OpenVinoApi, CompileModelTakesPropertiesAsArguments) {
    Core core;
    auto model = test::add_relu_model();
    auto compiled = core.compile_model(model, "REF", hint::performance_mode(hint::PerformanceMode::THROUGHPUT),
                                       enable_profiling(true), hint::num_requests(3));
    EXPECT_TRUE(compiled.get_property(enable_profiling));
    EXPECT_EQ(compiled.get_property(hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
    EXPECT_EQ(compiled.get_property(hint::num_requests), 3u);
    // The same properties as a map give the same compiled model.
    auto mapped = core.compile_model(model, "REF", {hint::performance_mode(hint::PerformanceMode::THROUGHPUT),
                                                    enable_profiling(true), hint::num_requests(3)});
    EXPECT_EQ(mapped.get_property(optimal_number_of_infer_requests),
              compiled.get_property(optimal_number_of_infer_requests));

    // From a path, and query_model.
    const std::string xml = ::testing::TempDir() + "ovcl_openvino_api_add_relu.xml";
    ir::write_model(*model, xml);
    EXPECT_TRUE(core.compile_model(xml, "REF", enable_profiling(true)).get_property(enable_profiling));
    EXPECT_EQ(core.query_model(model, "REF", enable_profiling(true)).size(), model->get_ordered_ops().size());
}

TEST(OpenVinoApi, SetPropertyTakesPropertiesAsArguments) {
    Core core;
    core.set_property("REF", hint::performance_mode(hint::PerformanceMode::THROUGHPUT), hint::num_requests(2));
    EXPECT_EQ(core.get_property("REF", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
    EXPECT_EQ(core.get_property("REF", hint::num_requests), 2u);
    EXPECT_THROW(core.set_property("REF", hint::num_requests(2), std::pair<std::string, Any>{"NO_SUCH_KEY", 1}),
                 Exception);

    // Core-wide: the cache directory, where compile_model then stores the model.
    const std::filesystem::path dir = ::testing::TempDir() + "ovcl_openvino_api_cache";
    std::filesystem::remove_all(dir);
    core.set_property(cache_dir(dir.string()));
    core.compile_model(test::add_relu_model(), "REF");
    EXPECT_FALSE(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);

    // A compiled model's properties are fixed; the variadic form reaches the plugin, which names the key.
    auto compiled = core.compile_model(test::add_relu_model(), "REF");
    try {
        compiled.set_property(enable_profiling(true));
        FAIL() << "no exception";
    } catch (const NotImplemented& e) {
        EXPECT_NE(std::string(e.what()).find("PERF_COUNT"), std::string::npos) << e.what();
    }
}

TEST(OpenVinoApi, VersionQueryAndItsPrintout) {
    EXPECT_EQ(&get_openvino_version(), &get_version());
    EXPECT_FALSE(get_openvino_version().build_number.empty());
    std::ostringstream os;
    os << get_openvino_version();
    EXPECT_EQ(os.str(), get_version().description + "\n    Build   : " + get_version().build_number + "\n");
    Core core;
    std::ostringstream devices;
    devices << core.get_versions("REF");
    EXPECT_EQ(devices.str().rfind("REF\n", 0), 0u) << devices.str();
}

TEST(OpenVinoApi, OutputHasOpenVinosAccessors) {
    auto model = test::add_relu_model();
    const Output<Node> out = model->output(0);
    EXPECT_EQ(out.get_node(), out.node.get());
    EXPECT_TRUE(out.get_node_shared_ptr() == out.node);
    EXPECT_EQ(out.get_index(), 0u);
    EXPECT_EQ(model->input(1).get_node()->get_friendly_name(), "b");
}

// A port converts to its read-only form and never back, as OpenVINO's Output<Node> and Output<const Node>.
static_assert(std::is_convertible_v<Output<Node>, Output<const Node>>);
static_assert(!std::is_convertible_v<Output<const Node>, Output<Node>>);
static_assert(std::is_same_v<decltype(std::declval<CompiledModel>().input()), const Output<const Node>&>);
static_assert(std::is_same_v<decltype(std::declval<CompiledModel>().inputs()), const std::vector<Output<const Node>>&>);
static_assert(std::is_same_v<decltype(std::declval<Model>().input()), Output<Node>>);

TEST(OpenVinoApi, ReadOnlyPortsOfACompiledModelAddressItsRequest) {
    Core core;
    auto model = test::add_relu_model();
    EXPECT_THROW(model->input(), InvalidArgument);  // two inputs: input() needs exactly one
    const Output<Node> model_out = model->output();
    auto compiled = core.compile_model(model, "REF");
    const Output<const Node> a = compiled.input(0);
    const Output<const Node> b = compiled.input("b");
    EXPECT_EQ(b.get_node()->get_friendly_name(), "b");
    EXPECT_EQ(a.get_shape(), (Shape{2, 3}));
    const Output<const Node> converted = model_out;  // a model's port, read-only
    EXPECT_EQ(converted.get_node(), model_out.get_node());
    InferRequest request = compiled.create_infer_request();
    Tensor ta(element::f32, Shape{2, 3}), tb(element::f32, Shape{2, 3});
    for (size_t i = 0; i < 6; ++i) {
        ta.data<float>()[i] = static_cast<float>(i) - 3.0f;
        tb.data<float>()[i] = 1.0f;
    }
    request.set_tensor(a, ta);
    request.set_tensor(b, tb);
    request.infer();
    size_t seen = 0;
    for (const Output<const Node>& out : compiled.outputs()) {
        const Tensor y = request.get_tensor(out);
        ASSERT_EQ(y.get_shape(), (Shape{2, 3}));
        for (size_t i = 0; i < 6; ++i)
            EXPECT_EQ(y.data<const float>()[i], std::max(0.0f, static_cast<float>(i) - 2.0f)) << i;
        ++seen;
    }
    EXPECT_EQ(seen, 1u);
    // The same tensor through the port a request hands out and through the read-only one.
    EXPECT_EQ(request.get_tensor(compiled.output()).data(), request.get_output_tensor().data());
}
