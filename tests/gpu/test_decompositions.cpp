// GroupNormalization-12 on the device as Reshape -> MVN -> Reshape -> Multiply -> Add (src/gpu/transform/
// decompositions.cpp): no host step is left, and the outputs are within 1e-5 (abs + rel) of REF's host_ref (the MVN
// kernel sums in f32 over at most 2048 elements here, host_ref in double; f16 storage: 2e-3). Constant and Parameter
// scales, ranks 2 to 5, one group and one channel per group; forced to the host (OVCL_GPU_HOST_OPS) it stays whole.
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Model> group_norm(const Shape& s, int64_t groups, element::Type et, bool constant_affine) {
    auto x = op::parameter(et, s, "x");
    NodeVector params{x};
    const Shape c{s[1]};
    Output<Node> scale, bias;
    if (constant_affine) {
        scale = op::constant(test::random_tensor(et, c, 0.5, 1.5, 7));
        bias = op::constant(test::random_tensor(et, c, -0.5, 0.5, 8));
    } else {
        auto ps = op::parameter(et, c, "scale"), pb = op::parameter(et, c, "bias");
        params.push_back(ps);
        params.push_back(pb);
        scale = ps;
        bias = pb;
    }
    auto gn = op::make("GroupNormalization", {x, scale, bias},
                       {{"num_groups", std::to_string(groups)}, {"epsilon", "1e-5"}}, 12);
    gn->set_friendly_name("gn");
    return std::make_shared<Model>(NodeVector{op::result(gn)}, params);
}

void check(const Shape& s, int64_t groups, element::Type et, bool constant_affine) {
    SCOPED_TRACE(s.to_string() + " groups " + std::to_string(groups) + " " + et.to_string() +
                 (constant_affine ? " constant" : " parameter") + " scale");
    Core core;
    const auto model = group_norm(s, groups, et, constant_affine);
    const TensorVector in = test::inputs_for(model, -2, 2);
    auto gpu = core.compile_model(model, "GPU");
    const test::Runtime r = test::runtime_of(gpu);
    EXPECT_EQ(r.count("GroupNormalization"), 0u);
    EXPECT_GE(r.count("MVN") + r.count("FusedMVN"), 1u);
    for (const auto& [name, primitive] : r.primitive)
        EXPECT_NE(primitive, "ref") << name << " runs on the host";
    auto ref = core.compile_model(model, "REF");
    const double tol = et == element::f16 ? 2e-3 : 1e-5;
    EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), tol, tol);
}

TEST(GpuDecompositions, GroupNormalizationRunsAsKernels) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    check({2, 8, 4, 4}, 4, element::f32, true);
    check({1, 6, 5, 3}, 3, element::f32, false);
    check({2, 4}, 2, element::f32, true);           // no spatial axes
    check({1, 8, 2, 3, 2}, 8, element::f32, true);  // one channel per group
    check({1, 8, 16, 16}, 1, element::f32, true);   // one group: 2048 elements each
    check({2, 8, 4, 4}, 2, element::f16, true);
}

TEST(GpuDecompositions, GroupNormalizationForcedToTheHostStaysWhole) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = group_norm({2, 8, 4, 4}, 4, element::f32, true);
    auto gpu = core.compile_model(model, "GPU", {{"OVCL_GPU_HOST_OPS", std::string("GroupNormalization")}});
    const test::Runtime r = test::runtime_of(gpu);
    EXPECT_EQ(r.count("GroupNormalization"), 1u);
    EXPECT_EQ(r.primitive.at("gn"), "ref");
}

}  // namespace
