// The plans of one dynamic model share what does not depend on the shapes that changed (plan/op_cache.hpp): an op
// whose inputs keep their shapes and weights (a decode step's projections, while the KV cache and the attention
// mask grow) is configured once, its op constants (packed weights) are the same tensors, and every constant a
// kernel reads is uploaded once, not once per plan. Results stay REF's for every shape.
#include <gtest/gtest.h>

#include <set>

#include "fusion_test_utils.hpp"
#include "ovcl/core.hpp"
#include "plan/op_cache.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"

using namespace ovcl;

namespace {

constexpr size_t kHidden = 64;

// out = x W^T + bias + sum(mask): x [1, 1, 64] keeps its shape, mask [1, L] grows like a decode step's.
std::shared_ptr<Model> decode_like() {
    auto x = op::parameter(element::f32, Shape{1, 1, kHidden}, "x");
    auto mask = op::parameter(element::f32, PartialShape{1, Dimension::dynamic()}, "mask");
    Output<Node> y = test::named(op::make("MatMul", {x, test::random_constant({kHidden, kHidden}, 3, "w")},
                                    {{"transpose_a", "false"}, {"transpose_b", "true"}}),
                           "proj");
    y = test::binary("Add", y, test::random_constant({kHidden}, 4, "bias"), "proj_bias");
    auto axes = op::constant<int64_t>(element::i64, Shape{1}, {1});
    Output<Node> total = test::named(op::make("ReduceSum", {mask, axes}, {{"keep_dims", "true"}}), "mask_sum");
    return test::model_of({test::binary("Add", y, total, "out")}, {x, mask});
}

const gpu::Step& projection(const gpu::Plan& plan) {
    for (const auto& step : plan.steps)
        if (step.node->get_type_name() == "MatMul" || step.node->get_type_name() == "FusedMatMul")
            return step;
    throw std::runtime_error("no MatMul step");
}

// The device buffers of the constants the projection's kernels read: its own and the graph's.
std::set<cl_mem> constant_buffers(const gpu::DevicePlan& dp) {
    const gpu::Step& step = projection(*dp.plan);
    std::set<cl_mem> out;
    for (size_t c : step.op_constants)
        out.insert(dp.constants.at(c)());
    for (size_t v : step.inputs) {
        const gpu::Value& value = dp.plan->values.at(v);
        if (value.where == gpu::Value::Where::CONSTANT && dp.constants.at(value.index)())
            out.insert(dp.constants.at(value.index)());
    }
    return out;
}

}  // namespace

TEST(GpuPlanSharing, PlansOfAGrowingInputShareTheUnchangedOpsAndTheirConstants) {
    OVCL_REQUIRE_GPU();
    const auto model = decode_like();
    const auto compiled = std::static_pointer_cast<gpu::CompiledModel>(
        std::make_shared<gpu::Plugin>()->compile_model(model, test::on_cpu_kernels({})));
    const auto three = compiled->plan_for({Shape{1, 1, kHidden}, Shape{1, 3}});
    const auto four = compiled->plan_for({Shape{1, 1, kHidden}, Shape{1, 4}});
    ASSERT_NE(three, four);
    const gpu::Step& a = projection(*three->plan);
    const gpu::Step& b = projection(*four->plan);
    EXPECT_EQ(a.config.impl_name, b.config.impl_name);
    ASSERT_EQ(a.config.constants.size(), b.config.constants.size());
    for (size_t i = 0; i < a.config.constants.size(); ++i)
        EXPECT_EQ(a.config.constants[i].data(), b.config.constants[i].data()) << "op constant " << i;
    const auto buffers = constant_buffers(*three);
    EXPECT_FALSE(buffers.empty());
    EXPECT_EQ(buffers, constant_buffers(*four));

    Core core;
    CompiledModel gpu_model(SoPtr<ICompiledModel>{nullptr, compiled});
    auto ref = core.compile_model(model, "REF");
    for (size_t length : {3, 4, 7, 3}) {
        const TensorVector inputs{test::random_tensor(element::f32, {1, 1, kHidden}, -1, 1, 5),
                                  test::random_tensor(element::f32, {1, length}, -1, 1, static_cast<uint32_t>(length))};
        EXPECT_TENSOR_NEAR(test::infer(gpu_model, inputs)[0], test::infer(ref, inputs)[0], 1e-5, 1e-5) << length;
    }
}

// Past its entry limit the op cache drops the half of its entries used longest ago, not all of them: the projection
// a decode step looks up for every plan keeps its configuration and packed weights while the growing mask's
// signatures come and go (a clear-all had re-packed every weight each few hundred tokens).
TEST(GpuPlanSharing, OpCacheEvictsTheEntriesUsedLongestAgo) {
    OVCL_REQUIRE_GPU();
    const auto model = decode_like();
    std::shared_ptr<Node> proj, sum;
    for (const auto& n : model->get_ordered_ops()) {
        if (n->get_friendly_name() == "proj")
            proj = n;
        if (n->get_friendly_name() == "mask_sum")
            sum = n;
    }
    ASSERT_TRUE(proj && sum);
    const gpu::DeviceInfo& device = test::gpu_env()->device;
    gpu::OpCache cache(size_t{1} << 30, /*max_entries=*/8);
    const gpu::OpConfig first = cache.configuration(*proj, gpu::OpCache::key_of(*proj), device);
    ASSERT_FALSE(first.constants.empty()) << first.impl_name << " packs no weights: nothing to keep";
    for (size_t length = 1; length <= 40; ++length) {
        model->reshape(std::map<size_t, PartialShape>{{1, PartialShape(Shape{1, length})}});
        const gpu::OpConfig mask = cache.configuration(*sum, gpu::OpCache::key_of(*sum), device);
        EXPECT_FALSE(mask.launches.empty());
        const gpu::OpConfig again = cache.configuration(*proj, gpu::OpCache::key_of(*proj), device);
        ASSERT_EQ(again.constants.size(), first.constants.size());
        for (size_t i = 0; i < first.constants.size(); ++i)
            EXPECT_EQ(again.constants[i].data(), first.constants[i].data()) << "length " << length << ", constant " << i;
    }
}

// On a device that computes in host memory (PoCL's CPU device, integrated GPUs) a constant's buffer uses the host
// bytes in place (CL_MEM_USE_HOST_PTR): an import maps the weights and no copy is made. The compiled model holds
// those bytes, so it runs after the model and every tensor it was built from are gone.
TEST(GpuPlanSharing, ConstantsOnAHostMemoryDeviceAreUsedInPlace) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    std::shared_ptr<gpu::CompiledModel> compiled;
    TensorVector inputs;
    Tensor expected;
    {
        const auto model = decode_like();
        compiled = std::static_pointer_cast<gpu::CompiledModel>(plugin->compile_model(model, test::on_cpu_kernels({})));
        inputs = {test::random_tensor(element::f32, {1, 1, kHidden}, -1, 1, 5),
                  test::random_tensor(element::f32, {1, 5}, -1, 1, 6)};
        Core core;
        auto ref = core.compile_model(model, "REF");
        expected = test::infer(ref, inputs)[0];
    }
    const auto dp = compiled->plan_for({Shape{1, 1, kHidden}, Shape{1, 5}});
    const bool integrated = test::gpu_env()->device.integrated;
    size_t checked = 0;
    for (size_t i = 0; i < dp->constants.size(); ++i) {
        const cl::Buffer& buffer = dp->constants[i];
        if (!buffer() || !dp->plan->constants[i])
            continue;
        const auto flags = buffer.getInfo<CL_MEM_FLAGS>();
        EXPECT_EQ((flags & CL_MEM_USE_HOST_PTR) != 0, integrated) << "constant " << i;
        if (integrated) {
            EXPECT_EQ(buffer.getInfo<CL_MEM_HOST_PTR>(), dp->plan->constants[i].data()) << "constant " << i;
        }
        ++checked;
    }
    EXPECT_GT(checked, 0u);
    CompiledModel gpu_model(SoPtr<ICompiledModel>{nullptr, compiled});
    EXPECT_TENSOR_NEAR(test::infer(gpu_model, inputs)[0], expected, 1e-5, 1e-5);
}
