// Core's model cache (CACHE_DIR) on every device: the first compile stores a blob and reports
// LOADED_FROM_CACHE false, the second imports it and reports true with identical outputs; the key
// follows the model (object or IR files), the compile configuration and the device; CACHE_DIR
// set on the Core, on one device or per call; two processes filling one cache at once.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/device_utils.hpp"
#include "common/export_test_utils.hpp"
#include "common/models.hpp"
#include "ovcl/ir.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;
using namespace ovcl::test;

namespace {

size_t entries(const ScratchDir& dir) { return dir.files("ovcl_model_").size(); }

class ModelCache : public ::testing::TestWithParam<std::string> {
protected:
    std::string device() const { return GetParam(); }
};

}  // namespace

TEST_P(ModelCache, SecondCompileLoadsFromCache) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    core.set_property({{cache_dir.key, dir.str()}});
    auto model = default_models::make_resnet_like_cnn();
    const TensorVector in{random_tensor(element::f32, model->input(0).get_shape(), -1, 1, 4)};

    CompiledModel first = core.compile_model(model, device());
    EXPECT_FALSE(first.get_property(loaded_from_cache));
    EXPECT_EQ(entries(dir), 1u);
    CompiledModel second = core.compile_model(model, device());
    EXPECT_TRUE(second.get_property(loaded_from_cache));
    EXPECT_TENSOR_EQ(infer(second, in).at(0), infer(first, in).at(0));
    // A new Core (a new start of the application) finds it too, for the same model built again.
    Core fresh;
    fresh.set_property({{cache_dir.key, dir.str()}});
    CompiledModel third = fresh.compile_model(default_models::make_resnet_like_cnn(), device());
    EXPECT_TRUE(third.get_property(loaded_from_cache));
    EXPECT_TENSOR_EQ(infer(third, in).at(0), infer(first, in).at(0));
    EXPECT_EQ(entries(dir), 1u);
    // Without CACHE_DIR nothing is cached.
    Core plain;
    EXPECT_FALSE(plain.compile_model(model, device()).get_property(loaded_from_cache));
}

TEST_P(ModelCache, KeyFollowsTheModel) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    core.set_property({{cache_dir.key, dir.str()}});
    core.compile_model(default_models::make_resnet_like_cnn(1), device());
    auto other_weights = core.compile_model(default_models::make_resnet_like_cnn(2), device());
    EXPECT_FALSE(other_weights.get_property(loaded_from_cache));
    auto renamed = typed_model(element::f32);
    core.compile_model(renamed, device());
    renamed->input(0).node->set_friendly_name("x_renamed");
    EXPECT_FALSE(core.compile_model(renamed, device()).get_property(loaded_from_cache));
    EXPECT_EQ(entries(dir), 4u);
    EXPECT_TRUE(core.compile_model(default_models::make_resnet_like_cnn(2), device()).get_property(loaded_from_cache));
}

TEST_P(ModelCache, KeyFollowsTheBodies) {
    // An If read from an IR that OpenVINO wrote: the blob keeps its bodies, and a change inside a body is a new key.
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    core.set_property({{cache_dir.key, dir.str()}});
    const std::string xml = std::string(OVCL_TEST_DATA_DIR) + "/ir/control_flow/if_static.xml";
    const TensorVector in{random_tensor(element::f32, {2, 3}, -1, 1, 4),
                          make_tensor<double>(element::boolean, {}, {0.0})};
    auto first = core.compile_model(ir::read_model(xml), device());
    const Tensor expected = infer(first, in).at(0);
    auto again = core.compile_model(ir::read_model(xml), device());
    EXPECT_TRUE(again.get_property(loaded_from_cache));
    EXPECT_TENSOR_EQ(infer(again, in).at(0), expected);
    auto changed = ir::read_model(xml);
    for (const auto& n : changed->get_ordered_ops())
        for (const Body& b : n->get_bodies())
            for (const auto& inner : b.model->get_ordered_ops())
                inner->set_friendly_name(inner->get_friendly_name() + "_2");
    EXPECT_FALSE(core.compile_model(changed, device()).get_property(loaded_from_cache));
    EXPECT_EQ(entries(dir), 2u);
}

TEST_P(ModelCache, KeyFollowsTheConfiguration) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    auto model = typed_model(element::f32);
    const AnyMap a{{cache_dir.key, dir.str()}};  // CACHE_DIR per call
    const AnyMap b{{cache_dir.key, dir.str()}, {enable_profiling.key, true}};
    EXPECT_FALSE(core.compile_model(model, device(), a).get_property(loaded_from_cache));
    EXPECT_FALSE(core.compile_model(model, device(), b).get_property(loaded_from_cache));
    EXPECT_EQ(entries(dir), 2u);
    auto again = core.compile_model(model, device(), b);
    EXPECT_TRUE(again.get_property(loaded_from_cache));
    EXPECT_TRUE(again.get_property(enable_profiling));
    // What counts is the effective configuration: the device-level setting is the same as b's.
    core.set_property(device(), {{enable_profiling.key, true}});
    auto device_level = core.compile_model(model, device(), a);
    EXPECT_TRUE(device_level.get_property(enable_profiling));
    EXPECT_TRUE(device_level.get_property(loaded_from_cache));
    core.set_property(device(), {{hint::performance_mode.key, "THROUGHPUT"}});
    EXPECT_FALSE(core.compile_model(model, device(), a).get_property(loaded_from_cache));
    EXPECT_EQ(entries(dir), 3u);
}

TEST_P(ModelCache, CompileFromIrFilesIsCachedByTheirBytes) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    const std::string xml = (dir.path / "cnn.xml").string();
    ir::write_model(*default_models::make_resnet_like_cnn(), xml);
    core.set_property({{cache_dir.key, (dir.path / "cache").string()}});
    CompiledModel first = core.compile_model(xml, device());
    EXPECT_FALSE(first.get_property(loaded_from_cache));
    CompiledModel second = core.compile_model(xml, device());
    EXPECT_TRUE(second.get_property(loaded_from_cache));
    const TensorVector in{random_tensor(element::f32, first.input().get_shape(), -1, 1, 5)};
    const Tensor first_out = infer(first, in).at(0);
    EXPECT_TENSOR_EQ(infer(second, in).at(0), first_out);
    // New weights in the .bin are another model. (REF's `first` maps the old .bin, which is
    // rewritten in place here: it is not run again.)
    ir::write_model(*default_models::make_resnet_like_cnn(7), xml);
    CompiledModel third = core.compile_model(xml, device());
    EXPECT_FALSE(third.get_property(loaded_from_cache));
    EXPECT_FALSE(tensors_equal(infer(third, in).at(0), first_out));
}

TEST_P(ModelCache, CacheDirOnOneDeviceOnly) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    core.set_property(device(), {{cache_dir.key, dir.str()}});
    EXPECT_EQ(core.get_property(device(), cache_dir), dir.str());
    core.compile_model(typed_model(element::f32), device());
    EXPECT_TRUE(core.compile_model(typed_model(element::f32), device()).get_property(loaded_from_cache));
    const std::string other = device() == "REF" ? "GPU" : "REF";
    if (device_present(core, other)) {
        EXPECT_EQ(core.get_property(other, cache_dir), "");
        EXPECT_FALSE(core.compile_model(typed_model(element::f32), other).get_property(loaded_from_cache));
    }
    EXPECT_EQ(entries(dir), 1u);
}

TEST_P(ModelCache, ThreadsCompilingTheSameModelAtOnce) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    core.set_property({{cache_dir.key, dir.str()}});
    auto model = default_models::make_resnet_like_cnn();
    const TensorVector in{random_tensor(element::f32, model->input(0).get_shape(), -1, 1, 6)};
    Core plain;
    CompiledModel uncached = plain.compile_model(model, device());
    const Tensor expected = infer(uncached, in).at(0);
    std::vector<Tensor> out(4);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < out.size(); ++i)
        threads.emplace_back([&, i] {
            CompiledModel c = core.compile_model(model, device());
            out[i] = infer(c, in).at(0);
        });
    for (auto& t : threads)
        t.join();
    for (const auto& t : out)
        EXPECT_TENSOR_EQ(t, expected);
    EXPECT_EQ(entries(dir), 1u);
    for (const auto& f : dir.files())
        EXPECT_EQ(f.filename().string().find(".tmp"), std::string::npos) << "temporary file left: " << f;
}

INSTANTIATE_TEST_SUITE_P(Devices, ModelCache, ::testing::Values("REF", "GPU"));

TEST(ModelCacheCore, CacheDirIsCoresNotThePlugins) {
    Core core;
    ScratchDir dir("model_cache");
    EXPECT_NO_THROW(core.set_property({{cache_dir.key, dir.str()}}));  // REF has no CACHE_DIR key of its own
    EXPECT_EQ(core.get_property("REF", cache_dir), dir.str());
    EXPECT_THROW(core.set_property({{"NO_SUCH_KEY", 1}}), NotFound);
}

TEST(ModelCacheCore, UncreatableCacheDirIsNamed) {
    Core core;
    ScratchDir dir("model_cache");
    const std::string file = (dir.path / "a_file").string();
    std::ofstream(file) << "x";
    try {
        core.compile_model(typed_model(element::f32), "REF", {{cache_dir.key, file + "/sub"}});
        FAIL() << "no error";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("CACHE_DIR"), std::string::npos) << e.what();
    }
}

namespace {

struct Process {
    FILE* pipe = nullptr;
    std::string output;
    int status = -1;
};

/// Starts `ovcl run` on the embedded CNN with a cache directory; the caller collects it.
Process start_run(const std::string& device, const std::string& cache, const std::string& out_dir) {
    const std::string cmd = std::string(OVCL_BUILD_BIN_DIR) + "/ovcl run -d " + device + " --cache_dir '" + cache +
                            "' -o '" + out_dir + "' 2>&1";
    Process p;
    p.pipe = ::popen(cmd.c_str(), "r");
    return p;
}

void finish(Process& p) {
    ASSERT_NE(p.pipe, nullptr);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p.pipe)) > 0)
        p.output.append(buf, n);
    p.status = ::pclose(p.pipe);
}

std::string file_bytes(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

}  // namespace

TEST_P(ModelCache, TwoProcessesFillOneCacheAtOnce) {
    Core core;
    OVCL_REQUIRE_DEVICE(core, device());
    ScratchDir dir("model_cache");
    const std::string cache = (dir.path / "cache").string();
    Process a = start_run(device(), cache, (dir.path / "a").string());
    Process b = start_run(device(), cache, (dir.path / "b").string());
    finish(a);
    finish(b);
    ASSERT_EQ(a.status, 0) << a.output;
    ASSERT_EQ(b.status, 0) << b.output;
    EXPECT_EQ(file_bytes(dir.path / "a" / "probabilities.npy"), file_bytes(dir.path / "b" / "probabilities.npy"));
    Process c = start_run(device(), cache, (dir.path / "c").string());
    finish(c);
    ASSERT_EQ(c.status, 0) << c.output;
    EXPECT_NE(c.output.find("Cache:  loaded from " + cache), std::string::npos) << c.output;
    EXPECT_EQ(file_bytes(dir.path / "c" / "probabilities.npy"), file_bytes(dir.path / "a" / "probabilities.npy"));
    size_t blobs = 0;
    for (const auto& e : std::filesystem::directory_iterator(cache)) {
        const std::string name = e.path().filename().string();
        EXPECT_EQ(name.find(".tmp"), std::string::npos) << "temporary file left: " << name;
        blobs += name.rfind("ovcl_model_", 0) == 0;
    }
    EXPECT_EQ(blobs, 1u);
}
