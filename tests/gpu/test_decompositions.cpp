// GroupNormalization-12 on the device as Reshape -> MVN -> Reshape -> Multiply -> Add (src/gpu/transform/
// decompositions.cpp): no host step is left, and the outputs are within 1e-5 (abs + rel) of REF's host_ref (the MVN
// kernel sums in f32 over at most 2048 elements here, host_ref in double; f16 storage: 2e-3). Constant and Parameter
// scales, ranks 2 to 5, one group and one channel per group; forced to the host (OVCL_GPU_HOST_OPS) it stays whole.
// A Transpose that moves only axes of extent 1 becomes a Reshape (a view): which do, which do not, the target's -1
// for a dynamic dimension, and the outputs equal REF's bit for bit (no arithmetic either way).
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"
#include "transform/fusions.hpp"

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

std::shared_ptr<Model> transpose(const PartialShape& s, const std::vector<int64_t>& order) {
    auto x = op::parameter(element::f32, s, "x");
    auto t = op::make("Transpose", {x, op::constant<int64_t>(element::i64, Shape{order.size()}, order)});
    t->set_friendly_name("t");
    auto y = op::make("Relu", {t});  // not a model output itself: a view of the input would be one
    y->set_friendly_name("y");
    return std::make_shared<Model>(NodeVector{op::result(y)}, NodeVector{x});
}

TEST(GpuDecompositions, TransposeOfAxesOfExtentOneIsAView) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    struct Case {
        Shape shape;
        std::vector<int64_t> order;
        bool view;
    };
    const std::vector<Case> cases{
        {{1, 1, 4, 8}, {0, 2, 1, 3}, true},    // a decode step's query: [1, L=1, H, D] -> [1, H, 1, D]
        {{2, 1, 4, 8}, {0, 2, 1, 3}, true},    // axis 1 moved, the others in order
        {{1, 4, 1, 8}, {2, 0, 3, 1}, false},   // 8 before 4
        {{1, 3, 4, 8}, {0, 2, 1, 3}, false},   // 3 and 4 swap
        {{5, 1}, {1, 0}, true},
        {{1, 1, 1}, {2, 1, 0}, true},
        {{3, 4}, {0, 1}, true},                // the identity
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.shape.to_string());
        const auto model = transpose(c.shape, c.order);
        auto gpu = core.compile_model(model, "GPU");
        const test::Runtime r = test::runtime_of(gpu);
        EXPECT_EQ(r.count("Transpose"), c.view ? 0u : 1u);
        EXPECT_EQ(r.count("Reshape"), c.view ? 1u : 0u);
        if (c.view) {
            EXPECT_EQ(r.primitive.at("t"), "view");
        }
        const TensorVector in = test::inputs_for(model, -2, 2);
        auto ref = core.compile_model(model, "REF");
        EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), 0.0, 0.0);
    }
}

TEST(GpuDecompositions, TransposeAsReshapeKeepsOneDynamicDimension) {
    using Target = std::vector<int64_t>;  // the Reshape's target; {} where the Transpose stays
    const auto target_of = [](const PartialShape& s, const std::vector<int64_t>& order) {
        const auto model = transpose(s, order);
        gpu::transposes_as_reshapes(*model);
        for (const auto& n : model->get_ordered_ops())
            if (n->get_type_name() == "Reshape") {
                const Tensor& t = n->input_value(1).node->get_constant_value();
                return Target(t.data<int64_t>(), t.data<int64_t>() + t.get_size());
            }
        return Target{};
    };
    const Dimension any = Dimension::dynamic();
    EXPECT_EQ(target_of({any, 1, 4, 8}, {0, 2, 1, 3}), (Target{-1, 4, 1, 8}));
    EXPECT_EQ(target_of({1, any, 4, 8}, {0, 2, 1, 3}), Target{});    // the dynamic extent may be more than 1
    EXPECT_EQ(target_of({any, 1, any, 8}, {0, 2, 1, 3}), Target{});  // two unknown extents: no single -1
    EXPECT_EQ(target_of({any, 1, 0, 8}, {0, 2, 1, 3}), Target{});    // -1 against zero elements
}

}  // namespace
