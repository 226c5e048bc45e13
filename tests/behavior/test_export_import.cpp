// CompiledModel::export_model and Core::import_model on every device (REF, and GPU where an
// OpenCL device exists): outputs identical after the round trip for every element type, the
// default CNN, a dynamic and a stateful model; the properties that advertise it; blobs for
// another device or configuration refused with a message naming the field.
#include <gtest/gtest.h>

#include <sstream>

#include "common/device_utils.hpp"
#include "common/export_test_utils.hpp"
#include "common/models.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;
using namespace ovcl::test;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Exception& e) {
        return e.what();
    }
    return "<no error>";
}

void expect_same_ports(const std::vector<Output<const Node>>& a, const std::vector<Output<const Node>>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].get_names(), b[i].get_names()) << "port " << i;
        EXPECT_EQ(a[i].get_element_type(), b[i].get_element_type()) << "port " << i;
        EXPECT_EQ(a[i].get_partial_shape(), b[i].get_partial_shape()) << "port " << i;
    }
}

class ExportImport : public ::testing::TestWithParam<std::tuple<std::string, element::Type>> {};

}  // namespace

TEST_P(ExportImport, OutputsIdenticalAfterRoundTrip) {
    const auto& [device, type] = GetParam();
    Core core;
    OVCL_REQUIRE_DEVICE(core, device);
    CompiledModel compiled = core.compile_model(typed_model(type), device);
    const TensorVector in{typed_input(type)};
    const TensorVector before = infer(compiled, in);

    CompiledModel back = imported(core, exported(compiled), device);
    EXPECT_FALSE(compiled.get_property(loaded_from_cache));
    EXPECT_FALSE(back.get_property(loaded_from_cache));  // an explicit import is not the cache
    expect_same_ports(back.inputs(), compiled.inputs());
    expect_same_ports(back.outputs(), compiled.outputs());
    const TensorVector after = infer(back, in);
    ASSERT_EQ(after.size(), 1u);
    EXPECT_TENSOR_EQ(after[0], before[0]);
    // Ports of the user's model still address the imported one (by tensor name).
    InferRequest r = back.create_infer_request();
    r.set_tensor(typed_model(type)->input(0), in[0]);
    r.infer();
    EXPECT_TENSOR_EQ(r.get_tensor("y"), before[0]);
}

INSTANTIATE_TEST_SUITE_P(Types, ExportImport,
                         ::testing::Combine(::testing::Values("REF", "GPU"), ::testing::ValuesIn(kModelElementTypes)),
                         [](const auto& info) {
                             return std::get<0>(info.param) + "_" + std::get<1>(info.param).get_type_name();
                         });

class ExportImportDevice : public ::testing::TestWithParam<std::string> {};

TEST_P(ExportImportDevice, DefaultCnnRoundTrip) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    auto model = default_models::make_resnet_like_cnn();
    CompiledModel compiled = core.compile_model(model, GetParam());
    const TensorVector in{random_tensor(element::f32, model->input(0).get_shape(), -1, 1, 3)};
    const Tensor before = infer(compiled, in).at(0);
    CompiledModel back = imported(core, exported(compiled), GetParam());
    EXPECT_TENSOR_EQ(infer(back, in).at(0), before);
    EXPECT_EQ(back.get_property(model_name), compiled.get_property(model_name));
    // The runtime model of the import reports the same kernels and fused layers.
    auto rt_before = compiled.get_runtime_model(), rt_after = back.get_runtime_model();
    ASSERT_EQ(rt_after->get_ordered_ops().size(), rt_before->get_ordered_ops().size());
    for (size_t i = 0; i < rt_before->get_ordered_ops().size(); ++i) {
        const auto& a = rt_after->get_ordered_ops()[i]->get_rt_info();
        const auto& b = rt_before->get_ordered_ops()[i]->get_rt_info();
        EXPECT_EQ(a.at("primitiveType").as<std::string>(), b.at("primitiveType").as<std::string>());
        EXPECT_EQ(a.at("originalLayersNames").as<std::string>(), b.at("originalLayersNames").as<std::string>());
    }
}

TEST_P(ExportImportDevice, DynamicModelRoundTrip) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    CompiledModel compiled = core.compile_model(add_relu_model(PartialShape{Dimension(), 3}), GetParam());
    const TensorVector small{random_tensor(element::f32, {2, 3}, -1, 1, 1), random_tensor(element::f32, {2, 3}, -1, 1, 2)};
    const TensorVector big{random_tensor(element::f32, {5, 3}, -1, 1, 3), random_tensor(element::f32, {5, 3}, -1, 1, 4)};
    const Tensor small_before = infer(compiled, small).at(0);  // a plan for [2,3] exists when exporting
    CompiledModel back = imported(core, exported(compiled), GetParam());
    EXPECT_EQ(back.input(0).get_partial_shape(), (PartialShape{Dimension(), 3}));
    EXPECT_TENSOR_EQ(infer(back, small).at(0), small_before);
    EXPECT_TENSOR_EQ(infer(back, big).at(0), infer(compiled, big).at(0));  // a shape it never saw
}

TEST_P(ExportImportDevice, StatefulModelRoundTrip) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    CompiledModel compiled = core.compile_model(accumulator_model(), GetParam());
    CompiledModel back = imported(core, exported(compiled), GetParam());
    InferRequest r = back.create_infer_request();
    const Tensor x = make_tensor<float>(element::f32, {1, 4}, {1, 2, 3, 4});
    r.set_input_tensor(x);
    r.infer();
    r.infer();
    EXPECT_TENSOR_EQ(r.get_output_tensor(), make_tensor<float>(element::f32, {1, 4}, {2, 4, 6, 8}));
    ASSERT_EQ(r.query_state().size(), 1u);
}

TEST_P(ExportImportDevice, AdvertisesExportImportAndCachingProperties) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    const auto caps = core.get_property(GetParam(), device::capabilities);
    EXPECT_NE(std::find(caps.begin(), caps.end(), device::capability::EXPORT_IMPORT), caps.end());
    const auto caching = core.get_property(GetParam(), caching_properties);
    ASSERT_FALSE(caching.empty());
    EXPECT_NE(std::find(caching.begin(), caching.end(), device::architecture.key), caching.end());
    for (const auto& name : caching)  // each one readable
        EXPECT_FALSE(core.get_property(GetParam(), name).to_string().empty()) << name;
    const auto supported = core.get_property(GetParam(), supported_properties);
    EXPECT_NE(std::find(supported.begin(), supported.end(), caching_properties.key), supported.end());
}

TEST_P(ExportImportDevice, ImportReadsOneBlobFromTheStream) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    CompiledModel a = core.compile_model(typed_model(element::f32), GetParam());
    CompiledModel b = core.compile_model(typed_model(element::i32), GetParam());
    std::stringstream both;
    a.export_model(both);
    b.export_model(both);
    both << "trailing bytes the caller owns";
    CompiledModel a2 = core.import_model(both, GetParam());
    CompiledModel b2 = core.import_model(both, GetParam());
    EXPECT_EQ(a2.input().get_element_type(), element::f32);
    EXPECT_EQ(b2.input().get_element_type(), element::i32);
    std::string rest;
    std::getline(both, rest);
    EXPECT_EQ(rest, "trailing bytes the caller owns");
}

TEST_P(ExportImportDevice, ImportTakesRuntimeProperties) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    CompiledModel compiled = core.compile_model(typed_model(element::f32), GetParam());
    CompiledModel back = imported(core, exported(compiled), GetParam(), {{enable_profiling.key, true}});
    EXPECT_TRUE(back.get_property(enable_profiling));
    EXPECT_THROW(imported(core, exported(compiled), GetParam(), {{"NO_SUCH_KEY", 1}}), NotFound);
}

TEST_P(ExportImportDevice, EmptyStreamIsAClearError) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, GetParam());
    const std::string msg = error_of([&] { imported(core, "", GetParam()); });
    EXPECT_TRUE(has(msg, GetParam() + " import_model: the blob is truncated")) << msg;
}

INSTANTIATE_TEST_SUITE_P(Devices, ExportImportDevice, ::testing::Values("REF", "GPU"));

TEST(ExportImportAcrossDevices, BlobForAnotherDeviceIsRefusedNamingThePlugin) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, "GPU");
    const std::string ref_blob = exported(core.compile_model(typed_model(element::f32), "REF"));
    const std::string gpu_blob = exported(core.compile_model(typed_model(element::f32), "GPU"));
    std::string msg = error_of([&] { imported(core, ref_blob, "GPU"); });
    EXPECT_TRUE(has(msg, "GPU import_model: the blob was compiled for plugin 'REF', this is 'GPU'")) << msg;
    msg = error_of([&] { imported(core, gpu_blob, "REF"); });
    EXPECT_TRUE(has(msg, "REF import_model: the blob was compiled for plugin 'GPU', this is 'REF'")) << msg;
}

TEST(ExportImportGpu, CompileConfigurationComesFromTheBlob) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, "GPU");
    auto model = default_models::make_resnet_like_cnn();
    CompiledModel f16 = core.compile_model(model, "GPU", {{hint::inference_precision.key, "f16"}});
    const std::string blob = exported(f16);
    CompiledModel back = imported(core, blob, "GPU");
    EXPECT_EQ(back.get_property(hint::inference_precision), element::f16);
    const TensorVector in{random_tensor(element::f32, model->input(0).get_shape(), -1, 1, 9)};
    EXPECT_TENSOR_EQ(infer(back, in).at(0), infer(f16, in).at(0));
    // Asking for the same value is fine; another one is refused, naming the key and both values.
    EXPECT_NO_THROW(imported(core, blob, "GPU", {{hint::inference_precision.key, "f16"}}));
    const std::string msg = error_of([&] { imported(core, blob, "GPU", {{hint::inference_precision.key, "f32"}}); });
    EXPECT_TRUE(has(msg, "the blob was compiled with INFERENCE_PRECISION_HINT=f16, the import asks for f32")) << msg;
}

TEST(ExportImportRef, RemoteContextImportIsNotImplemented) {
    Core core;
    CompiledModel compiled = core.compile_model(typed_model(element::f32), "REF");
    std::stringstream blob(exported(compiled));
    EXPECT_THROW(core.import_model(blob, RemoteContext(), {}), InvalidArgument);
}
