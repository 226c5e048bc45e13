// GPU export/import seen from inside the plugin: an import into a fresh plugin (a new process,
// as far as programs go) builds no OpenCL program from source, for a static model and for the
// shapes a dynamic model had run; binaries of another kernel source or that the device refuses
// are rebuilt; a blob for another driver or architecture is refused naming the field.
#include <gtest/gtest.h>

#include <sstream>

#include "common/export_test_utils.hpp"
#include "common/models.hpp"
#include "gpu_test_utils.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"
#include "runtime/blob_format.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;
using namespace ovcl::test;

namespace {

std::shared_ptr<gpu::CompiledModel> compile(const std::shared_ptr<gpu::Plugin>& plugin,
                                            const std::shared_ptr<const Model>& model, const AnyMap& props = {}) {
    return std::static_pointer_cast<gpu::CompiledModel>(plugin->compile_model(model, props));
}

std::string export_of(const std::shared_ptr<gpu::CompiledModel>& compiled) {
    std::stringstream out;
    compiled->export_model(out);
    return out.str();
}

std::shared_ptr<gpu::CompiledModel> import_into(const std::shared_ptr<gpu::Plugin>& plugin, const std::string& blob,
                                                const AnyMap& props = {}) {
    std::stringstream in(blob);
    return std::static_pointer_cast<gpu::CompiledModel>(plugin->import_model(in, props));
}

TensorVector run(const std::shared_ptr<gpu::CompiledModel>& compiled, const TensorVector& inputs) {
    CompiledModel wrapped(SoPtr<ICompiledModel>{nullptr, compiled});
    return infer(wrapped, inputs);
}

const gpu::ProgramCache::Stats& stats(const std::shared_ptr<gpu::CompiledModel>& compiled) {
    return compiled->device().programs->stats();
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Exception& e) {
        return e.what();
    }
    return "<no error>";
}

/// `blob` with its header changed by `change` (sections kept, checksum valid).
template <typename F>
std::string with_header(const std::string& blob, F&& change) {
    std::stringstream in(blob);
    blob::Reader r(in, "test");
    blob::Header h = r.header();
    change(h);
    blob::Writer w(h);
    for (const char* name : {"model.xml", "model.bin", "gpu.programs", "gpu.plans"})
        w.add(name, std::string(r.section(name)));
    std::stringstream out;
    w.write(out);
    return out.str();
}

}  // namespace

TEST(GpuExportImport, ImportIntoAFreshPluginBuildsNoProgram) {
    OVCL_REQUIRE_GPU();
    auto model = default_models::make_resnet_like_cnn();
    auto exporter = std::make_shared<gpu::Plugin>();
    auto compiled = compile(exporter, model);
    EXPECT_GT(stats(compiled).compiled.load(), 0u);
    const TensorVector in{random_tensor(element::f32, model->input(0).get_shape(), -1, 1, 11)};
    const Tensor expected = run(compiled, in).at(0);

    auto importer = std::make_shared<gpu::Plugin>();  // its own OpenCL context and program cache
    auto back = import_into(importer, export_of(compiled));
    EXPECT_EQ(stats(back).compiled.load(), 0u);
    EXPECT_EQ(stats(back).from_blob.load(), stats(compiled).compiled.load());
    EXPECT_TENSOR_EQ(run(back, in).at(0), expected);
    EXPECT_EQ(stats(back).compiled.load(), 0u);  // nor at the first inference
}

TEST(GpuExportImport, DynamicModelKeepsThePlansItRan) {
    OVCL_REQUIRE_GPU();
    auto exporter = std::make_shared<gpu::Plugin>();
    auto compiled = compile(exporter, add_relu_model(PartialShape{Dimension(), 3}));
    const TensorVector two{random_tensor(element::f32, {2, 3}, -1, 1, 1), random_tensor(element::f32, {2, 3}, -1, 1, 2)};
    const TensorVector six{random_tensor(element::f32, {6, 3}, -1, 1, 3), random_tensor(element::f32, {6, 3}, -1, 1, 4)};
    const Tensor two_out = run(compiled, two).at(0), six_out = run(compiled, six).at(0);

    auto back = import_into(std::make_shared<gpu::Plugin>(), export_of(compiled));
    EXPECT_EQ(stats(back).compiled.load(), 0u);
    EXPECT_GT(stats(back).from_blob.load(), 0u);
    EXPECT_TENSOR_EQ(run(back, two).at(0), two_out);
    EXPECT_TENSOR_EQ(run(back, six).at(0), six_out);
    EXPECT_EQ(stats(back).compiled.load(), 0u);
}

TEST(GpuExportImport, ForeignOrDamagedBinariesAreRebuiltFromSource) {
    OVCL_REQUIRE_GPU();
    auto compiled = compile(std::make_shared<gpu::Plugin>(), add_relu_model());
    const auto& plan = *compiled->plan_for({Shape{2, 3}, Shape{2, 3}})->plan;
    const gpu::KernelLaunch* launch = nullptr;
    for (const auto& step : plan.steps)
        if (!step.config.launches.empty())
            launch = &step.config.launches[0];
    ASSERT_NE(launch, nullptr);
    gpu::ProgramCache::Binary b = compiled->device().programs->binary(launch->source, launch->options);
    ASSERT_FALSE(b.binary.empty());

    auto* env = gpu_env();
    gpu::ProgramCache fresh(env->context, env->device);
    gpu::ProgramCache::Binary other_source = b;
    other_source.source_hash = "0123456789abcdef";
    EXPECT_FALSE(fresh.add(other_source));
    gpu::ProgramCache::Binary garbage = b;
    garbage.binary.assign(64, 0x5a);
    EXPECT_FALSE(fresh.add(garbage));
    EXPECT_EQ(fresh.stats().from_blob.load(), 0u);
    fresh.get(launch->source, launch->options, "");
    EXPECT_EQ(fresh.stats().compiled.load(), 1u);

    gpu::ProgramCache other(env->context, env->device);
    EXPECT_TRUE(other.add(b));
    other.get(launch->source, launch->options, "");
    EXPECT_EQ(other.stats().compiled.load(), 0u);
    EXPECT_EQ(other.stats().from_blob.load(), 1u);
}

TEST(GpuExportImport, BlobForAnotherDriverOrArchitectureIsRefused) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    const std::string blob = export_of(compile(plugin, add_relu_model()));
    const std::string driver = plugin->get_property("GPU_DRIVER_VERSION", {}).as<std::string>();
    std::string msg = error_of([&] { import_into(plugin, with_header(blob, [](blob::Header& h) { h.driver_version = "0.1-old"; })); });
    EXPECT_NE(msg.find("GPU import_model: the blob was compiled for driver version '0.1-old', this is '" + driver + "'"),
              std::string::npos)
        << msg;
    msg = error_of([&] { import_into(plugin, with_header(blob, [](blob::Header& h) { h.architecture = "Vendor X1"; })); });
    EXPECT_NE(msg.find("the blob was compiled for device architecture 'Vendor X1', this is '"), std::string::npos) << msg;
    msg = error_of([&] {
        import_into(plugin, with_header(blob, [](blob::Header& h) { h.config.erase("INFERENCE_PRECISION_HINT"); }));
    });
    EXPECT_NE(msg.find("the blob's configuration has no INFERENCE_PRECISION_HINT"), std::string::npos) << msg;
}

TEST(GpuExportImport, ImportIntoTheSecondDevice) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    const auto ids = plugin->get_property(available_devices.key, {}).as<std::vector<std::string>>();
    if (ids.size() < 2)
        GTEST_SKIP() << "one OpenCL device (the tests set POCL_DEVICES='pthread pthread' for two)";
    auto compiled = compile(plugin, add_relu_model());
    auto back = import_into(plugin, export_of(compiled), {{device::id.key, "1"}});
    EXPECT_EQ(back->get_property(execution_devices.key).as<std::vector<std::string>>(),
              std::vector<std::string>{"GPU.1"});
    const TensorVector in{random_tensor(element::f32, {2, 3}, -1, 1, 1), random_tensor(element::f32, {2, 3}, -1, 1, 2)};
    EXPECT_TENSOR_EQ(run(back, in).at(0), run(compiled, in).at(0));
}

TEST(GpuExportImport, NullRemoteContextIsRefused) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    std::stringstream in(export_of(compile(plugin, add_relu_model())));
    EXPECT_THROW(plugin->import_model(in, std::shared_ptr<IRemoteContext>(), {}), InvalidArgument);
}
