// Core: plugin registration and loading, device names, properties, query/compile on REF.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/op_registry.hpp"

using namespace ovcl;

namespace {
std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}
std::string ref_library() { return std::string(OVCL_BUILD_LIB_DIR) + "/libovcl_ref_plugin.so"; }
}  // namespace

TEST(Core, FindsRefThroughInstalledPluginsXml) {
    Core core;
    const auto devices = core.get_available_devices();
    EXPECT_NE(std::find(devices.begin(), devices.end(), "REF"), devices.end());
    const auto versions = core.get_versions("REF");
    ASSERT_EQ(versions.count("REF"), 1u);
    EXPECT_FALSE(versions.at("REF").description.empty());
    EXPECT_EQ(core.get_property("REF", device::full_name), "ovcl host reference (REF)");
}

TEST(Core, RegistersPluginsFromAnotherXmlAndByPath) {
    const auto xml = temp_file("plugins_ok.xml", "<ie><plugins><plugin name=\"HOST\" location=\"" + ref_library() +
                                                     "\"><properties><property key=\"PERF_COUNT\" value=\"YES\"/>"
                                                     "</properties></plugin></plugins></ie>");
    Core core(xml);
    EXPECT_EQ(core.get_available_devices(), std::vector<std::string>{"HOST"});
    EXPECT_TRUE(core.get_property("HOST", enable_profiling));  // from the xml's <properties>
    core.register_plugin(ref_library(), "HOST2");
    EXPECT_THROW(core.register_plugin(ref_library(), "HOST2"), InvalidArgument);
    auto compiled = core.compile_model(test::add_relu_model(), "HOST2");
    EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"HOST2"});
}

TEST(Core, BadPluginsXmlAndLibrariesAreClearErrors) {
    const auto broken = temp_file("plugins_broken.xml", "<ie><plugins><plugin name=");
    try {
        Core core(broken);
        FAIL() << "no exception";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("plugins_broken.xml"), std::string::npos) << e.what();
    }
    const auto no_location = temp_file("plugins_noloc.xml", "<ie><plugins><plugin name=\"X\"/></plugins></ie>");
    EXPECT_THROW(Core core(no_location), InvalidArgument);

    Core core(temp_file("plugins_empty.xml", "<ie><plugins/></ie>"));
    core.register_plugin("/nonexistent/libnothing.so", "NOPE");
    try {
        core.compile_model(test::add_relu_model(), "NOPE");
        FAIL() << "no exception";
    } catch (const NotFound& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/libnothing.so"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(core.get_available_devices().empty());  // a plugin that cannot load offers no device
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "MISSING"), NotFound);
    EXPECT_THROW(core.register_plugin(ref_library(), "BAD.NAME"), InvalidArgument);
}

TEST(Core, PropertiesAreTypedAndChecked) {
    Core core;
    core.set_property("REF", {{"PERFORMANCE_HINT", "THROUGHPUT"}});
    EXPECT_EQ(core.get_property("REF", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
    EXPECT_THROW(core.set_property("REF", {{"NO_SUCH_KEY", 1}}), NotFound);
    EXPECT_THROW(core.set_property("REF", {{"PERFORMANCE_HINT", "FAST"}}), InvalidArgument);
    EXPECT_THROW(core.set_property("REF", {{"NUM_STREAMS", "-3"}}), InvalidArgument);
    EXPECT_NO_THROW(core.set_property("REF", {{"INFERENCE_PRECISION_HINT", "f32"}}));  // read from text
    EXPECT_THROW(core.set_property("REF", {{"INFERENCE_PRECISION_HINT", "f16"}}), InvalidArgument);
    EXPECT_EQ(core.get_property("REF", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);  // unchanged
    const auto supported = core.get_property("REF", supported_properties);
    auto has = [&](const std::string& k) { return std::find(supported.begin(), supported.end(), k) != supported.end(); };
    EXPECT_TRUE(has("PERF_COUNT") && has("FULL_DEVICE_NAME") && has("NUM_STREAMS"));
    for (const auto& key : supported)  // every listed property can be read
        EXPECT_NO_THROW(core.get_property("REF", key)) << key;
    EXPECT_THROW(core.get_property("REF", "NO_SUCH_KEY"), NotFound);
}

// Both lists come from the plugin's property table: every setting of the device, read-only on the compiled model.
TEST(Core, CompiledModelListsEverySettingReadOnly) {
    Core core;
    core.set_property("REF", {{"ENABLE_PROFILING", true}});  // PERF_COUNT's alias
    EXPECT_TRUE(core.get_property("REF", enable_profiling));
    auto compiled = core.compile_model(test::add_relu_model(), "REF");
    const std::vector<PropertyName> listed = compiled.get_property(supported_properties);
    for (const PropertyName& key : core.get_property("REF", supported_properties)) {
        if (!key.is_mutable())
            continue;
        const auto it = std::find(listed.begin(), listed.end(), key);
        ASSERT_NE(it, listed.end()) << key;
        EXPECT_FALSE(it->is_mutable()) << key;
    }
    for (const auto& key : listed)
        EXPECT_NO_THROW(compiled.get_property(key)) << key;
    EXPECT_TRUE(compiled.get_property(enable_profiling));
}

TEST(Core, CompileRejectsUnknownPropertiesQueryIsLenient) {
    Core core;
    auto model = test::add_relu_model();
    EXPECT_THROW(core.compile_model(model, "REF", {{"NO_SUCH_KEY", 1}}), NotFound);
    const auto supported = core.query_model(model, "REF", {{"NO_SUCH_KEY", 1}});
    EXPECT_EQ(supported.size(), model->get_ordered_ops().size());
    for (const auto& [name, device] : supported)
        EXPECT_EQ(device, "REF") << name;
}

TEST(Core, DeviceIdsInNames) {
    Core core;
    EXPECT_NO_THROW(core.compile_model(test::add_relu_model(), "REF.0"));
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "REF.1"), InvalidArgument);
    EXPECT_THROW(core.compile_model(test::add_relu_model(), "REF."), InvalidArgument);
}

TEST(Core, CompiledModelKeepsItsPluginLoaded) {
    CompiledModel compiled;
    {
        Core core;
        compiled = core.compile_model(test::add_relu_model(), "REF");
        core.unload_plugin("REF");
    }
    auto request = compiled.create_infer_request();
    request.set_tensor("a", test::make_tensor<float>(element::f32, {2, 3}, {1, -2, 3, -4, 5, -6}));
    request.set_tensor("b", test::make_tensor<float>(element::f32, {2, 3}, {1, 1, 1, 1, 1, 1}));
    request.infer();
    EXPECT_TENSOR_EQ(request.get_tensor("out"), test::make_tensor<float>(element::f32, {2, 3}, {2, 0, 4, 0, 6, 0}));
}

TEST(Core, CompiledModelProperties) {
    Core core;
    auto compiled = core.compile_model(test::add_relu_model(), "REF", {{"PERFORMANCE_HINT", "LATENCY"}});
    EXPECT_EQ(compiled.get_property(model_name), "add_relu");
    EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests), 1u);
    EXPECT_FALSE(compiled.get_property(loaded_from_cache));
    EXPECT_THROW(compiled.set_property({{"PERF_COUNT", true}}), NotImplemented);
    EXPECT_THROW(compiled.get_property("NO_SUCH_KEY"), NotFound);
    std::ostringstream blob;  // export works (tests/behavior/test_export_import.cpp has the rest)
    compiled.export_model(blob);
    EXPECT_EQ(blob.str().substr(0, 8), "OVCLBLOB");
    auto runtime = compiled.get_runtime_model();
    for (const auto& n : runtime->get_ordered_ops())
        EXPECT_EQ(n->get_rt_info().at("primitiveType").as<std::string>(), "ref");
}

TEST(Core, QueryReportGivesTheReasonForEachRefusal) {
    // An op with shape inference but no host implementation (as an extension could register).
    OpRegistry::get().add(OpSpec{"TestOnlyNoHost", 1,
                                 [](const Node&, const std::vector<InputInfo>& in) {
                                     return std::vector<OutputInfo>{{in.at(0).type, in.at(0).shape}};
                                 },
                                 nullptr});
    auto x = op::parameter(element::f32, Shape{2}, "x");
    auto odd = op::make("TestOnlyNoHost", {x});
    odd->set_friendly_name("odd");
    auto model = std::make_shared<Model>(OutputVector{op::make_output("Relu", {odd})}, NodeVector{x}, "m");
    Core core;
    const auto report = core.query_model_report(model, "REF");
    ASSERT_EQ(report.size(), model->get_ordered_ops().size());
    EXPECT_TRUE(report.at("odd").device.empty());
    EXPECT_NE(report.at("odd").reason.find("no host implementation of TestOnlyNoHost"), std::string::npos);
    EXPECT_EQ(report.at("x").device, "REF");
    const auto supported = core.query_model(model, "REF");
    EXPECT_EQ(supported.count("odd"), 0u);
    EXPECT_EQ(supported.size(), model->get_ordered_ops().size() - 1);
    try {
        core.compile_model(model, "REF");
        FAIL() << "no exception";
    } catch (const NotImplemented& e) {
        EXPECT_NE(std::string(e.what()).find("TestOnlyNoHost 'odd'"), std::string::npos) << e.what();
    }
}
