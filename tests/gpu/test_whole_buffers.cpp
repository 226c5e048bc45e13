// Memory plans without sub-buffers (GPU_SUB_BUFFERS=NO, the default on NVIDIA's driver, whose release of a sub-buffer
// faults: docs/perf/nvidia_h100.md): share_whole_buffers() gives every tensor offset 0 of a buffer that only tensors
// alive at other steps share, the request's slots are those buffers themselves, no Concat is in place, and models
// run right against REF, with dynamic shapes too (MobileNet-V2 and BERT against OpenVINO CPU's outputs:
// tests/models/test_openvino_irs.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "common/models.hpp"
#include "common/test_utils.hpp"
#include "fusion_test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ops/gpu_env.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "plan/memory_plan.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;

namespace {

constexpr const char* kSubBuffers = "GPU_SUB_BUFFERS";

bool together(const gpu::Block& a, const gpu::Block& b) { return a.first <= b.last && b.first <= a.last; }

/// Every block at offset 0 of a buffer at least its size, no two blocks alive at one step in the same buffer.
void expect_whole_buffer_layout(const std::vector<gpu::Block>& blocks, const gpu::BlockLayout& layout) {
    ASSERT_EQ(layout.placements.size(), blocks.size());
    for (size_t i = 0; i < blocks.size(); ++i) {
        const gpu::Slot& a = layout.placements[i];
        ASSERT_LT(a.arena, layout.arena_bytes.size());
        EXPECT_EQ(a.offset, 0u) << "block " << i;
        EXPECT_LE(std::max<size_t>(blocks[i].bytes, 1), layout.arena_bytes[a.arena]) << "block " << i;
        for (size_t j = 0; j < i; ++j)
            EXPECT_FALSE(together(blocks[i], blocks[j]) && a.arena == layout.placements[j].arena)
                << "blocks " << j << " and " << i << " are alive together in buffer " << a.arena;
    }
}

TEST(WholeBuffers, ShareABufferOnlyAcrossTime) {
    // A chain: each tensor alive while the next is written. Two buffers take it, the larger ones' sizes.
    const std::vector<gpu::Block> chain = {{0, 1, 1000}, {1, 2, 900}, {2, 3, 800}, {3, 4, 700}, {4, 4, 0}};
    const gpu::BlockLayout layout = gpu::share_whole_buffers(chain);
    expect_whole_buffer_layout(chain, layout);
    EXPECT_EQ(layout.arena_bytes, (std::vector<size_t>{1000, 900}));

    // Random lifetimes: valid layouts of at most one buffer per block, holding at least the live set.
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        std::vector<gpu::Block> blocks(1 + rng() % 40);
        for (auto& b : blocks) {
            b.first = rng() % 20;
            b.last = b.first + rng() % 6;
            b.bytes = rng() % 5000;
        }
        const gpu::BlockLayout l = gpu::share_whole_buffers(blocks);
        expect_whole_buffer_layout(blocks, l);
        size_t total = 0;
        for (size_t bytes : l.arena_bytes)
            total += bytes;
        EXPECT_GE(total, gpu::largest_live_set(blocks));
        EXPECT_LE(l.arena_bytes.size(), blocks.size());
    }
}

std::shared_ptr<gpu::CompiledModel> compile(const std::shared_ptr<const Model>& model, const std::string& mode) {
    return std::static_pointer_cast<gpu::CompiledModel>(
        std::make_shared<gpu::Plugin>()->compile_model(model, {{kSubBuffers, mode}}));
}

TEST(WholeBuffers, PlanHasNoOffsetsAndItsSlotsAreNoSubBuffers) {
    OVCL_REQUIRE_GPU();
    const auto model = default_models::make_resnet_like_cnn();
    const auto whole = compile(model, "NO");
    const gpu::Plan& plan = *whole->plan_for({Shape{1, 3, 64, 64}})->plan;
    EXPECT_FALSE(plan.sub_buffers);
    ASSERT_GT(plan.slots.size(), 2u);
    for (const gpu::Slot& s : plan.slots) {
        EXPECT_EQ(s.offset, 0u);
        EXPECT_LE(s.bytes, plan.arena_bytes.at(s.arena));
    }
    EXPECT_GT(plan.arena_bytes.size(), 1u) << "tensors alive together need buffers of their own";
    EXPECT_LT(plan.peak_bytes, plan.tensors_bytes) << "buffers are shared across steps";
    EXPECT_GE(plan.peak_bytes, plan.live_set_bytes);

    // The request's slots are the arenas themselves: no cl_mem of them has a parent.
    std::vector<cl::Buffer> arenas;
    for (size_t bytes : plan.arena_bytes)
        arenas.push_back(gpu::make_buffer(test::gpu_env()->context, bytes, CL_MEM_READ_WRITE));
    const gpu::RequestBuffers buffers = gpu::make_request_buffers(plan, arenas);
    ASSERT_EQ(buffers.slots.size(), plan.slots.size());
    for (size_t i = 0; i < buffers.slots.size(); ++i) {
        cl_mem parent = nullptr;
        ASSERT_EQ(clGetMemObjectInfo(buffers.slots[i](), CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr),
                  CL_SUCCESS);
        EXPECT_EQ(parent, nullptr) << "slot " << i << " is a sub-buffer";
        EXPECT_EQ(buffers.slots[i](), arenas.at(plan.slots[i].arena)()) << "slot " << i;
    }

    // With sub-buffers (YES, as on PoCL by default) the same model packs into one arena of offsets.
    const auto packed = compile(model, "YES");
    const gpu::Plan& offsets = *packed->plan_for({Shape{1, 3, 64, 64}})->plan;
    EXPECT_TRUE(offsets.sub_buffers);
    EXPECT_LE(offsets.peak_bytes, plan.peak_bytes);
}

TEST(WholeBuffers, PropertyValuesAndErrors) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = test::add_relu_model(PartialShape{2, 8});
    EXPECT_EQ(core.compile_model(model, "GPU").get_property(kSubBuffers).as<std::string>(), "AUTO");
    EXPECT_EQ(core.compile_model(model, "GPU", {{kSubBuffers, "NO"}}).get_property(kSubBuffers).as<std::string>(),
              "NO");
    try {
        core.compile_model(model, "GPU", {{kSubBuffers, "MAYBE"}});
        FAIL() << "MAYBE accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("GPU_SUB_BUFFERS: 'MAYBE' is not AUTO, YES or NO"), std::string::npos)
            << e.what();
    }
    // AUTO: the device's choice, whole buffers on NVIDIA's driver only.
    EXPECT_EQ(test::gpu_env()->device.sub_buffers,
              test::gpu_env()->device.platform_name.find("NVIDIA") == std::string::npos);
}

/// A Concat whose parts are written in place with sub-buffers; without, a kernel copies them. Both match REF on two
/// inputs, each on two requests of one stream (the second input reuses the buffers).
TEST(WholeBuffers, ConcatCopiesAndModelsMatchRef) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{1, 4, 8, 64}, "x");
    auto a = op::make("Relu", {x});
    auto b = op::make("Sigmoid", {x});
    auto cat = op::make("Concat", {a, b}, {{"axis", "1"}});
    cat->set_friendly_name("cat");
    auto y = op::make("Multiply", {cat, op::constant<float>(element::f32, Shape{1}, {0.5f})});
    const auto model = test::model_of({Output<Node>(y, 0)}, {x});
    // YES only where the device's sub-buffers can be released (not NVIDIA's): the in-place Concat beside the copy.
    std::vector<std::string> modes = {"NO"};
    if (test::gpu_env()->device.sub_buffers)
        modes.push_back("YES");
    for (const std::string& mode : modes) {
        SCOPED_TRACE(std::string(kSubBuffers) + "=" + mode);
        auto compiled = core.compile_model(model, "GPU", {{kSubBuffers, mode}});
        std::string primitive;
        for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
            if (n->get_friendly_name() == "cat")
                primitive = n->get_rt_info().at("primitiveType").as<std::string>();
        EXPECT_EQ(primitive == "view", mode == "YES") << primitive << ": in place only with sub-buffers";
        auto ref = core.compile_model(model, "REF").create_infer_request();
        auto r1 = compiled.create_infer_request(), r2 = compiled.create_infer_request();
        for (uint32_t seed : {1u, 2u}) {
            const Tensor in = test::random_tensor(element::f32, Shape{1, 4, 8, 64}, -3, 3, seed);
            ref.set_input_tensor(in);
            ref.infer();
            for (auto* r : {&r1, &r2}) {
                r->set_input_tensor(in);
                r->infer();
                EXPECT_TENSOR_NEAR(r->get_output_tensor(0), ref.get_output_tensor(0), 1e-6, 1e-6) << seed;
            }
        }
    }
    // The embedded CNN whole.
    auto cnn = core.compile_model(default_models::make_resnet_like_cnn(), "GPU", {{kSubBuffers, "NO"}});
    auto cnn_ref = core.compile_model(default_models::make_resnet_like_cnn(), "REF");
    const TensorVector x64 = {test::random_tensor(element::f32, Shape{1, 3, 64, 64}, -1, 1, 3)};
    EXPECT_TENSOR_NEAR(test::infer(cnn, x64).at(0), test::infer(cnn_ref, x64).at(0), 1e-5, 1e-4);
}

/// Inputs of other shapes re-plan a request: its whole buffers are taken again from the stream (larger ones replace
/// smaller), while the stream's other request still holds the buffers of its own shape.
TEST(WholeBuffers, DynamicShapesOnTwoRequestsOfOneStream) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape{-1, 64}, "x");
    auto a = op::make("Relu", {x});
    auto b = op::make("Sigmoid", {a});
    auto c = op::make("Add", {b, x});
    auto y = op::make("Multiply", {c, a});
    const auto model = test::model_of({Output<Node>(y, 0)}, {x});
    auto compiled = core.compile_model(model, "GPU", {{kSubBuffers, "NO"}, {num_streams.key, 1}});
    auto ref = core.compile_model(model, "REF");
    auto r1 = compiled.create_infer_request(), r2 = compiled.create_infer_request();
    uint32_t seed = 10;
    for (size_t rows : {2u, 64u, 8u, 64u, 1u}) {
        for (auto* r : {&r1, &r2}) {
            const Tensor in = test::random_tensor(element::f32, Shape{rows, 64}, -2, 2, seed++);
            r->set_input_tensor(in);
            r->infer();
            EXPECT_TENSOR_NEAR(r->get_output_tensor(0), test::infer(ref, {in}).at(0), 1e-6, 1e-6) << rows << " rows";
        }
        r2.set_input_tensor(test::random_tensor(element::f32, Shape{rows + 3, 64}, -2, 2, seed++));
        r2.infer();  // the other request on another shape before r1's next run
    }
}

// A blob keeps the plan kind it was compiled with: the import plans whole buffers again (and runs right), and an
// import that asks for sub-buffers is refused, naming both.
TEST(WholeBuffers, FixedByAnExportedBlob) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    const auto model = default_models::make_resnet_like_cnn();
    const auto compiled = plugin->compile_model(model, {{kSubBuffers, std::string("NO")}});
    std::stringstream blob;
    compiled->export_model(blob);
    const std::string bytes = blob.str();
    std::stringstream same(bytes), other(bytes);
    const auto back = std::static_pointer_cast<gpu::CompiledModel>(plugin->import_model(same, {}));
    EXPECT_EQ(back->get_property(kSubBuffers).as<std::string>(), "NO");
    EXPECT_FALSE(back->plan_for({Shape{1, 3, 64, 64}})->plan->sub_buffers);
    Core core;
    CompiledModel wrapped(SoPtr<ICompiledModel>{nullptr, back});
    const TensorVector x = {test::random_tensor(element::f32, Shape{1, 3, 64, 64}, -1, 1, 5)};
    auto ref = core.compile_model(model, "REF");
    EXPECT_TENSOR_NEAR(test::infer(wrapped, x).at(0), test::infer(ref, x).at(0), 1e-5, 1e-4);
    try {
        plugin->import_model(other, {{kSubBuffers, std::string("YES")}});
        FAIL() << "an import with another GPU_SUB_BUFFERS was accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("the blob was compiled with GPU_SUB_BUFFERS=NO, the import asks for YES"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
